#!/usr/bin/python3
"""Trains the two NeuralDB models from generated data and exports them to ONNX.

    OMP_WAIT_POLICY=PASSIVE OPENBLAS_NUM_THREADS=2 /usr/bin/python3 models/train/nldb/train.py [--quick]

Writes models/nldb/{ssg-fact.onnx, ssg-state.onnx, spj.onnx, vocab.json, config.json, metrics.json}.
Progress goes to stderr. `nlq train --nldb` runs this script.
"""
import argparse
import json
import math
import os
import random
import sys
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(1, os.path.dirname(HERE))
import data as D  # noqa: E402
from blas import check_blas  # noqa: E402
import domains as DOM  # noqa: E402
import taught as T  # noqa: E402
from wordnet import kinds_of  # noqa: E402
from textnorm import (N_FEATURES, STOP, bag_ids, bag_vocab_size, encode_spj, number_value,  # noqa: E402
                      spj_vocab_size)

ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
MAX_LEN = 112
MAX_BAG = 96


def log(msg):
    print(f"[nldb-train {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


# ---------------- models ----------------

SKETCH = 512  # lexical channel: learnt weights of ids, count-sketched into this many dimensions


def sketch_slots(ids):
    """Bucket and sign of every id (engines/nldb/text.ts sketchSlot does the same)."""
    h = (ids * 2654435761) % (2 ** 32)
    return h % SKETCH, 1.0 - 2.0 * ((h // 65536) % 2).float()


def sketch(ids, weights):
    bucket, sign = sketch_slots(ids)
    out = torch.zeros(ids.shape[0], SKETCH)
    return out.scatter_add(1, bucket, sign * weights)


class Bag(nn.Module):
    """Weighted mean of token embeddings (each id has a learnt importance), and per-token weights
    for the lexical channel."""

    def __init__(self, emb, vocab_size):
        super().__init__()
        self.emb, self.gate, self.lex = emb, nn.Embedding(vocab_size, 1), nn.Embedding(vocab_size, 1)
        # starts small (softplus(-2) = 0.13); starting near 1 was tried and did worse on held-out worlds
        nn.init.constant_(self.lex.weight, -2.0)

    def forward(self, ids):
        mask = (ids > 0).float()
        m = mask * F.softplus(self.gate(ids).squeeze(-1))
        mean = (self.emb(ids) * m.unsqueeze(-1)).sum(1) / (m.sum(1, keepdim=True) + 1e-6)
        return mean, mask * F.softplus(self.lex(ids).squeeze(-1))


class FactEncoder(nn.Module):
    """Fact -> (dense vector, lexical weight per token)."""

    def __init__(self, bag, d, out):
        super().__init__()
        self.bag = bag
        self.mlp = nn.Sequential(nn.Linear(d, d), nn.Tanh(), nn.Linear(d, out))

    def forward(self, ids):
        mean, w = self.bag(ids)
        return self.mlp(mean), w


class StateEncoder(nn.Module):
    """The question and the partial support set, encoded as two bags and mixed."""

    def __init__(self, bag_q, bag_s, d, out):
        super().__init__()
        self.bag_q, self.bag_s = bag_q, bag_s
        self.mlp = nn.Sequential(nn.Linear(2 * d, d), nn.Tanh(), nn.Linear(d, out))

    def forward(self, q_ids, s_ids):
        mq, wq = self.bag_q(q_ids)
        ms, ws = self.bag_s(s_ids)
        return self.mlp(torch.cat([mq, ms], -1)), wq, ws


class SSG(nn.Module):
    def __init__(self, vocab_size, d=128, out=96):
        super().__init__()
        emb = nn.Embedding(vocab_size, d, padding_idx=0)
        self.fact = FactEncoder(Bag(emb, vocab_size), d, out)
        self.state = StateEncoder(Bag(emb, vocab_size), Bag(emb, vocab_size), d, out)

    def fact_vectors(self, ids):
        v, w = self.fact(ids)
        return torch.cat([v, sketch(ids, w)], -1)

    def state_vectors(self, q_ids, s_ids):
        v, wq, ws = self.state(q_ids, s_ids)
        return torch.cat([v, sketch(q_ids, wq) + sketch(s_ids, ws)], -1)

    def stop_vector(self):
        v, _ = self.fact(torch.tensor([[STOP]]))
        return torch.cat([v, torch.zeros(1, SKETCH)], -1)


class SPJ(nn.Module):
    """Extractive Select-Project-Join: type, usefulness and boolean heads on [CLS], span heads on tokens."""

    def __init__(self, vocab_size, d=128, layers=3, heads=4, ff=256):
        super().__init__()
        self.emb = nn.Embedding(vocab_size, d, padding_idx=0)
        self.pos = nn.Embedding(MAX_LEN, d)
        self.seg = nn.Embedding(4, d)
        self.feat = nn.Linear(N_FEATURES, d)
        layer = nn.TransformerEncoderLayer(d, heads, ff, dropout=0.1, batch_first=True)
        self.enc = nn.TransformerEncoder(layer, layers, enable_nested_tensor=False)
        self.norm = nn.LayerNorm(d)
        self.cls = nn.Linear(d, 7 + 2 + 2)
        self.span = nn.Linear(d, 4)

    def forward(self, ids, segs, feats):
        pos = torch.arange(ids.shape[1]).unsqueeze(0).expand_as(ids)
        x = self.emb(ids) + self.pos(pos) + self.seg(segs) + self.feat(feats)
        pad = ids == 0
        h = self.norm(self.enc(x, src_key_padding_mask=pad))
        c = self.cls(h[:, 0])
        fact_tok = (segs > 0) & (ids > 2)
        span = self.span(h).masked_fill(~fact_tok.unsqueeze(-1), -1e4)
        return c, span


# ---------------- SPJ data ----------------

def spj_tensor(examples, vocab):
    rows = []
    for question, texts, op, useful, boolean, key, value in examples:
        ids, segs, feats, spans = encode_spj(question, texts, vocab, MAX_LEN, kinds_of)
        ks = ke = vs = ve = -100
        if key is not None:
            got = find_text(texts, spans, key)
            if got is None:
                continue
            ks, ke = got
        if value is not None:
            got = find_number(texts, spans, value)
            if got is None:
                continue
            vs = ve = got
        rows.append((ids, segs, feats, op, useful, boolean, ks, ke, vs, ve))
    return rows


def find_text(texts, spans, key):
    for fi, text in enumerate(texts):
        at = text.find(key)
        if at < 0:
            continue
        end = at + len(key)
        idx = [i for i, (f, s, e) in enumerate(spans) if f == fi and s >= at and e <= end]
        if idx:
            return idx[0], idx[-1]
    return None


def find_number(texts, spans, value):
    for i, (f, s, e) in enumerate(spans):
        if f >= 0 and number_value(texts[f][s:e]) == float(value):
            return i
    return None


def batches(rows, size, rng):
    """Batches of similar length (less padding), in random order."""
    order = list(range(len(rows)))
    rng.shuffle(order)
    pool = size * 50
    groups = []
    for p in range(0, len(order), pool):
        part = sorted(order[p:p + pool], key=lambda i: len(rows[i][0]))
        groups.extend(part[b:b + size] for b in range(0, len(part), size))
    rng.shuffle(groups)
    for group in groups:
        chunk = [rows[i] for i in group]
        L = max(len(r[0]) for r in chunk)
        ids = torch.zeros(len(chunk), L, dtype=torch.long)
        segs = torch.zeros(len(chunk), L, dtype=torch.long)
        feats = torch.zeros(len(chunk), L, N_FEATURES)
        for j, r in enumerate(chunk):
            n = len(r[0])
            ids[j, :n] = torch.tensor(r[0]); segs[j, :n] = torch.tensor(r[1]); feats[j, :n] = torch.tensor(r[2])
        lab = torch.tensor([r[3:] for r in chunk], dtype=torch.long)
        yield ids, segs, feats, lab


def spj_loss(model, ids, segs, feats, lab):
    c, span = model(ids, segs, feats)
    op, useful, boolean = c[:, :7], c[:, 7:9], c[:, 9:11]
    loss = F.cross_entropy(op, lab[:, 0]) + F.cross_entropy(useful, lab[:, 1])
    bmask = lab[:, 2] >= 0
    if bmask.any():
        loss = loss + F.cross_entropy(boolean[bmask], lab[bmask, 2])
    for k in range(4):
        m = lab[:, 3 + k] >= 0
        if m.any():
            loss = loss + 0.5 * F.cross_entropy(span[m, :, k], lab[m, 3 + k])
    return loss, c, span


def spj_eval(model, rows):
    model.eval()
    n = ok_op = ok_use = ok_bool = nb = ok_span = ns = 0
    probs, useful = [], []
    with torch.no_grad():
        for ids, segs, feats, lab in batches(rows, 128, random.Random(0)):
            _, c, span = spj_loss(model, ids, segs, feats, lab)
            n += len(lab)
            ok_op += (c[:, :7].argmax(1) == lab[:, 0]).sum().item()
            ok_use += (c[:, 7:9].argmax(1) == lab[:, 1]).sum().item()
            bm = lab[:, 2] >= 0
            nb += bm.sum().item(); ok_bool += (c[bm, 9:11].argmax(1) == lab[bm, 2]).sum().item()
            for k in (0, 2):
                m = lab[:, 3 + k] >= 0
                ns += m.sum().item()
                ok_span += ((span[m, :, k].argmax(1) == lab[m, 3 + k]) & (span[m, :, k + 1].argmax(1) == lab[m, 4 + k])).sum().item()
            probs.append(torch.softmax(c[:, 7:9], 1)[:, 1]); useful.append(lab[:, 1])
    model.train()
    # the usefulness threshold that maximises F1 of the useful decisions on held-out worlds
    p, u = torch.cat(probs), torch.cat(useful) == 1
    best = (0.0, 0.5)
    for t in [x / 20 for x in range(1, 20)]:
        pred = p >= t
        tp = (pred & u).sum().item()
        prec, rec = tp / max(pred.sum().item(), 1), tp / max(u.sum().item(), 1)
        f1 = 2 * prec * rec / max(prec + rec, 1e-9)
        if f1 > best[0]:
            best = (f1, t)
    return {"op_acc": ok_op / max(n, 1), "useful_acc": ok_use / max(n, 1), "bool_acc": ok_bool / max(nb, 1), "span_acc": ok_span / max(ns, 1),
            "useful_threshold": best[1], "useful_f1": round(best[0], 3)}


def load_onnx_weights(model, path):
    """Starts the SPJ from an exported spj.onnx (fp32): named initialisers are the state dict's
    own; the weights torch exported as constant MatMul operands (onnx::MatMul_N, transposed) come
    in the order the forward pass uses them: feat, then per layer in_proj, linear1, linear2, then span."""
    import onnx
    from onnx import numpy_helper
    inits = {i.name: numpy_helper.to_array(i) for i in onnx.load(path).graph.initializer}
    state = model.state_dict()
    new = {}
    for name, arr in inits.items():
        if name in state:
            new[name] = torch.tensor(arr.copy())
    matmuls = sorted((n for n in inits if n.startswith("onnx::MatMul_")), key=lambda n: int(n.rsplit("_", 1)[1]))
    order = ["feat.weight"]
    for layer in range(len(model.enc.layers)):
        p = f"enc.layers.{layer}."
        order += [p + "self_attn.in_proj_weight", p + "linear1.weight", p + "linear2.weight"]
    order.append("span.weight")
    if len(matmuls) != len(order):
        raise ValueError(f"{path}: {len(matmuls)} MatMul weights, expected {len(order)}")
    for name, mm in zip(order, matmuls):
        new[name] = torch.tensor(inits[mm].T.copy())
    missing = [k for k in state if k not in new]
    if missing:
        raise ValueError(f"{path}: no weights for {missing}")
    feat = new.get("feat.weight")
    if feat is not None and feat.shape[0] == state["feat.weight"].shape[0] and feat.shape[1] < state["feat.weight"].shape[1]:
        # a model from before a feature was added: the new features start with no weight
        new["feat.weight"] = torch.cat([feat, torch.zeros(feat.shape[0], state["feat.weight"].shape[1] - feat.shape[1])], dim=1)
    for k, v in new.items():
        if tuple(v.shape) != tuple(state[k].shape):
            raise ValueError(f"{path}: {k} has shape {tuple(v.shape)}, expected {tuple(state[k].shape)}")
    model.load_state_dict(new)


def train_spj(train_ex, dev_ex, vocab, minutes, seed, resume=None, init_onnx=None, lr=1e-3):
    torch.manual_seed(seed)
    rows, dev = spj_tensor(train_ex, vocab), spj_tensor(dev_ex, vocab)
    log(f"SPJ: {len(rows)} training examples, {len(dev)} held out")
    model = SPJ(spj_vocab_size(vocab))
    if resume and os.path.exists(resume):
        model.load_state_dict(torch.load(resume))
        log(f"SPJ: continuing from {resume}")
    elif init_onnx:
        load_onnx_weights(model, init_onnx)
        log(f"SPJ: starting from {init_onnx} (held-out before: {spj_eval(model, dev[:2000])})")
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.01)
    rng = random.Random(seed)
    start, step, seen, epoch = time.time(), 0, 0, 0
    budget = minutes * 60
    total_est = None
    done = False
    while not done:
        epoch += 1
        for ids, segs, feats, lab in batches(rows, 64, rng):
            frac = (time.time() - start) / budget
            if frac >= 1:
                done = True
                break
            for g in opt.param_groups:
                g["lr"] = lr * min(1.0, (step + 1) / 300) * max(0.05, 1 - frac)
            loss, _, _ = spj_loss(model, ids, segs, feats, lab)
            opt.zero_grad(); loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            step += 1; seen += len(lab)
            if step % 100 == 0:
                el = time.time() - start
                log(f"SPJ epoch {epoch} step {step} loss {loss.item():.3f} {seen / el:.0f} ex/s {100 * frac:.0f}% of {minutes} min")
            if step % 1000 == 0:
                log(f"SPJ held-out {spj_eval(model, dev[:2000])}")
    metrics = spj_eval(model, dev)
    log(f"SPJ final held-out {metrics}")
    return model, metrics


# ---------------- SSG ----------------

def pad(seqs, L=None):
    L = L or max(1, max(len(s) for s in seqs))
    t = torch.zeros(len(seqs), L, dtype=torch.long)
    for i, s in enumerate(seqs):
        s = s[:L]
        t[i, :len(s)] = torch.tensor(s, dtype=torch.long) if s else t[i, :0]
    return t


def ssg_world_batches(worlds, vocab, rng):
    """Per world: fact bags, and state rows (question bag, support bag, target multi-hot incl. STOP)."""
    out = []
    for facts, qs in worlds:
        fb = [bag_ids(f, vocab)[:MAX_BAG] for f in facts]
        states = D.ssg_states(facts, qs, rng)
        if not states:
            continue
        qb = [bag_ids(s[0], vocab)[:MAX_BAG] for s in states]
        sb = [sum((bag_ids(facts[i], vocab) for i in s[1]), [])[:MAX_BAG] for s in states]
        tgt = torch.zeros(len(states), len(facts) + 1)
        for j, (_, prefix, nxt, stop) in enumerate(states):
            for i in nxt:
                tgt[j, i] = 1
            if stop:
                tgt[j, len(facts)] = 1
            for i in prefix:  # a fact already in the set is not added again
                tgt[j, i] = -1
        out.append((pad(fb), pad(qb), pad(sb), tgt))
    return out


def ssg_scores(model, fb, qb, sb, extra=None):
    U = model.fact_vectors(fb)
    if extra is not None:
        U = torch.cat([U, model.fact_vectors(extra)])
    stop = model.stop_vector()
    V = model.state_vectors(qb, sb)
    n = fb.shape[0]
    s = V @ U.T
    return torch.cat([s[:, :n], (V @ stop.T), s[:, n:]], 1)


def ssg_loss(model, batch, extra):
    fb, qb, sb, tgt = batch
    s = ssg_scores(model, fb, qb, sb, extra)
    t = torch.cat([tgt, torch.zeros(tgt.shape[0], s.shape[1] - tgt.shape[1])], 1)
    valid = (t >= 0).float()
    pos = (t > 0).float()
    w = valid * (1 + 9 * pos)  # positives are rare: weigh them up
    return (F.binary_cross_entropy_with_logits(s, pos, reduction="none") * w).sum() / w.sum(), s, t


def train_ssg(train_w, dev_w, vocab, minutes, seed):
    torch.manual_seed(seed)
    rng = random.Random(seed)
    model = SSG(bag_vocab_size(vocab))
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=0.0)
    log("SSG: building states")
    tb = ssg_world_batches(train_w, vocab, rng)
    db = ssg_world_batches(dev_w, vocab, random.Random(1))
    log(f"SSG: {sum(len(b[3]) for b in tb)} training states in {len(tb)} worlds")
    start, step, epoch, done = time.time(), 0, 0, False
    budget = minutes * 60
    while not done:
        epoch += 1
        rng.shuffle(tb)
        for batch in tb:
            frac = (time.time() - start) / budget
            if frac >= 1:
                done = True
                break
            for g in opt.param_groups:
                g["lr"] = 3e-3 * max(0.05, 1 - frac)
            other = rng.choice(tb)[0]
            extra = other[rng.sample(range(other.shape[0]), min(60, other.shape[0]))]
            loss, _, _ = ssg_loss(model, batch, extra)
            opt.zero_grad(); loss.backward(); opt.step()
            step += 1
            if step % 200 == 0:
                log(f"SSG epoch {epoch} step {step} loss {loss.item():.4f} {100 * frac:.0f}% of {minutes} min")
    tau, metrics = ssg_threshold(model, db)
    log(f"SSG held-out: tau {tau:.2f} {metrics}")
    return model, tau, metrics


def ssg_threshold(model, db):
    with torch.no_grad():
        scores, tgts = [], []
        for batch in db:
            _, s, t = ssg_loss(model, batch, None)
            scores.append(s.flatten()); tgts.append(t.flatten())
        s, t = torch.cat(scores), torch.cat(tgts)
        keep = t >= 0
        s, t = s[keep], t[keep]
    best = (0, 0.0, {})
    for tau in [x / 4 for x in range(-12, 13)]:
        pred = s > tau
        tp = (pred & (t > 0)).sum().item()
        p = tp / max(pred.sum().item(), 1)
        r = tp / max((t > 0).sum().item(), 1)
        f1 = 2 * p * r / max(p + r, 1e-9)
        # recall matters more than precision: the extractor drops unhelpful support sets
        f2 = 5 * p * r / max(4 * p + r, 1e-9)
        if f2 > best[0]:
            best = (f2, tau, {"precision": round(p, 3), "recall": round(r, 3), "f1": round(f1, 3), "f2": round(f2, 3)})
    return best[1], best[2]


# ---------------- export ----------------

def quantize(src_path, dst_path):
    """Rewrites every MatMul with a constant 2-D weight into com.microsoft.DynamicQuantizeMatMul
    (int8 weights, one scale per output column; activations are quantised at run time), as the
    query-graph trainer does. Returns how many MatMuls were rewritten."""
    import numpy as np
    import onnx
    from onnx import helper, numpy_helper

    model = onnx.load(src_path)
    graph = model.graph
    inits = {i.name: i for i in graph.initializer}
    nodes, changed = [], 0
    for node in graph.node:
        w = inits.get(node.input[1]) if node.op_type == "MatMul" and len(node.input) == 2 else None
        if w is None or len(w.dims) != 2:
            nodes.append(node)
            continue
        arr = numpy_helper.to_array(w).astype(np.float32)
        scale = np.maximum(np.abs(arr).max(axis=0), 1e-8) / 127.0
        q = np.clip(np.round(arr / scale), -127, 127).astype(np.int8)
        base = w.name.replace(":", "_") + "_q"
        graph.initializer.extend([
            numpy_helper.from_array(q, base),
            numpy_helper.from_array(scale.astype(np.float32), base + "_scale"),
            numpy_helper.from_array(np.zeros(arr.shape[1], dtype=np.int8), base + "_zero"),
        ])
        nodes.append(helper.make_node("DynamicQuantizeMatMul", [node.input[0], base, base + "_scale", base + "_zero"],
                                      list(node.output), name=(node.name or base) + "_dq", domain="com.microsoft"))
        changed += 1
    del graph.node[:]
    graph.node.extend(nodes)
    used = {i for n in graph.node for i in n.input}
    keep = [i for i in graph.initializer if i.name in used]
    del graph.initializer[:]
    graph.initializer.extend(keep)
    if not any(o.domain == "com.microsoft" for o in model.opset_import):
        model.opset_import.extend([helper.make_opsetid("com.microsoft", 1)])
    onnx.save(model, dst_path)
    return changed


def export(model, args, path, names, outputs, dynamic):
    model.eval()
    torch.onnx.export(model, args, path, input_names=names, output_names=outputs, dynamic_axes=dynamic, opset_version=14)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--worlds", type=int, default=900)
    ap.add_argument("--spj-minutes", type=float, default=14)
    ap.add_argument("--ssg-minutes", type=float, default=6)
    ap.add_argument("--out", default=os.path.join(ROOT, "models", "nldb"))
    ap.add_argument("--data", default=os.path.join(ROOT, "data"))
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--quick", action="store_true", help="a tiny run to check the pipeline")
    ap.add_argument("--domains", type=float, default=0.5,
                    help="share of the worlds drawn from WordNet's domains (domains.py; held-out domains never), the rest "
                         "from the town generator (worlds.py)")
    ap.add_argument("--only", choices=["ssg", "spj"], default=None)
    ap.add_argument("--checkpoint", default=os.path.join(os.environ.get("TMPDIR", "/tmp"), "nlq-nldb-spj.pt"),
                    help="where the SPJ weights are kept between runs (not shipped)")
    ap.add_argument("--resume", action="store_true", help="continue training the SPJ from --checkpoint")
    ap.add_argument("--init-onnx", default=None, help="start the SPJ from the weights of this spj.onnx (fp32)")
    ap.add_argument("--spj-lr", type=float, default=1e-3, help="peak learning rate of the SPJ")
    ap.add_argument("--threads", type=int, default=int(os.environ.get("NLQ_TRAIN_THREADS", "2")))
    ap.add_argument("--taught", default=None,
                    help="a JSON file of fact-level corrections (taught.py; `nlq train --nldb` writes it from the config's "
                         "collections): mixed into the extractor's data, every fifth held out and measured")
    ap.add_argument("--taught-weight", type=int, default=T.DEFAULT_WEIGHT, help="how often each taught support set is repeated")
    a = ap.parse_args()
    if a.quick:
        a.worlds, a.spj_minutes, a.ssg_minutes = 40, 0.3, 0.2
    torch.set_num_threads(a.threads)
    check_blas(a.threads, log)
    os.makedirs(a.out, exist_ok=True)
    t0 = time.time()
    log(f"generating {a.worlds} invented worlds")
    n_domain = round(a.worlds * a.domains)
    worlds = D.generate(a.worlds - n_domain, a.seed, a.data, lambda i, n: log(f"  town worlds {i}/{n}"))
    domain_worlds = DOM.generate(n_domain, a.seed + 1, a.data, progress=lambda i, n: log(f"  domain worlds {i}/{n}"))
    worlds += [(facts, qs) for facts, qs, _ in domain_worlds]
    random.Random(a.seed).shuffle(worlds)
    log(f"domains trained on: {sorted({w.cls for _, _, w in domain_worlds})}")
    dev_n = max(2, a.worlds // 20)
    train_w, dev_w = worlds[dev_n:], worlds[:dev_n]
    vocab_path = os.path.join(a.out, "vocab.json")
    if a.only and os.path.exists(vocab_path):
        vocab = json.load(open(vocab_path))["words"]
    else:
        vocab = D.build_vocab(train_w)
    n_q = sum(len(q) for _, q in worlds)
    n_f = sum(len(f) for f, _ in worlds)
    log(f"{n_f} facts, {n_q} questions, vocabulary {len(vocab)} words ({time.time() - t0:.0f} s)")
    cfg_path = os.path.join(a.out, "config.json")
    config = json.load(open(cfg_path)) if a.only and os.path.exists(cfg_path) else {}
    metrics_path = os.path.join(a.out, "metrics.json")
    metrics = json.load(open(metrics_path)) if a.only and os.path.exists(metrics_path) else {}
    metrics["data"] = {"worlds": a.worlds, "domain_worlds": n_domain, "facts": n_f, "questions": n_q, "seed": a.seed}

    if a.only in (None, "ssg"):
        t1 = time.time()
        ssg, tau, m = train_ssg(train_w, dev_w, vocab, a.ssg_minutes, a.seed)
        metrics["ssg"] = {**m, "tau": tau, "seconds": round(time.time() - t1)}
        ids = torch.tensor([[7, 8, 9, 0], [10, 11, 0, 0]])
        export(ssg.fact, (ids,), os.path.join(a.out, "ssg-fact.onnx"), ["ids"], ["vector", "weights"],
               {"ids": {0: "batch", 1: "len"}, "vector": {0: "batch"}, "weights": {0: "batch", 1: "len"}})
        export(ssg.state, (ids, torch.tensor([[12, 13, 0], [0, 0, 0]])), os.path.join(a.out, "ssg-state.onnx"),
               ["question_ids", "support_ids"], ["vector", "question_weights", "support_weights"],
               {"question_ids": {0: "batch", 1: "qlen"}, "support_ids": {0: "batch", 1: "slen"}, "vector": {0: "batch"},
                "question_weights": {0: "batch", 1: "qlen"}, "support_weights": {0: "batch", 1: "slen"}})
        config["ssg"] = {"tau": tau, "dimensions": 96, "sketch": SKETCH, "maxBagTokens": MAX_BAG}
    if a.taught and a.only == "ssg":
        log(f"taught answers in {a.taught}: not used (they teach the extractor, and --only ssg trains the retriever)")
    if a.only in (None, "spj"):
        t2 = time.time()
        rng = random.Random(a.seed)
        taught_train, taught_held, taught_use = [], [], None
        if a.taught:
            taught_train, taught_held, taught_use = T.training_set(T.read(a.taught), D.OPS, a.taught_weight,
                                                                   lambda rows: [r for r in rows if spj_tensor([r], vocab)])
            log(f"taught answers: {taught_use['used']} of {taught_use['stored']} used (x{taught_use['weight']}, "
                f"{taught_use['rows']} support sets), {taught_use['heldOut']} held out, "
                f"{taught_use['stored'] - taught_use['usable']} not usable")
        spj, m = train_spj(D.spj_examples(train_w, rng) + taught_train, D.spj_examples(dev_w, random.Random(1)), vocab, a.spj_minutes, a.seed,
                           a.checkpoint if a.resume else None, a.init_onnx, a.spj_lr)
        if taught_use is not None:
            if taught_held:
                held = spj_eval(spj, spj_tensor(taught_held, vocab))
                taught_use["heldOutMetrics"] = {k: held[k] for k in ("op_acc", "useful_acc", "span_acc")}
                log(f"taught answers held out: {taught_use['heldOutMetrics']}")
            metrics["taught"] = taught_use
        else:
            metrics.pop("taught", None)
        # The card says what this run learnt from corrections (a run without any drops the last run's paragraph).
        T.write_card(os.path.join(a.out, "MODEL_CARD.md"), taught_use)
        torch.save(spj.state_dict(), a.checkpoint)
        prior = metrics.get("spj", {}).get("seconds", 0) if a.resume else 0
        metrics["spj"] = {**m, "seconds": round(time.time() - t2) + prior}
        ids, segs, feats, _ = next(batches(spj_tensor(D.spj_examples(dev_w[:1], random.Random(2))[:4], vocab), 4, random.Random(0)))
        export(spj, (ids, segs, feats), os.path.join(a.out, "spj.onnx"), ["ids", "segments", "features"], ["classes", "spans"],
               {"ids": {0: "batch", 1: "len"}, "segments": {0: "batch", 1: "len"}, "features": {0: "batch", 1: "len"},
                "classes": {0: "batch"}, "spans": {0: "batch", 1: "len"}})
        n_q = quantize(os.path.join(a.out, "spj.onnx"), os.path.join(a.out, "spj.int8.onnx"))
        log(f"SPJ int8: {n_q} MatMuls quantised -> spj.int8.onnx (the bench compares it with fp32)")
        # what serving chose (precision, servingThreshold: measured end to end, not by this run) is kept
        served = {k: v for k, v in config.get("spj", {}).items() if k in ("precision", "servingThreshold")}
        config["spj"] = {"maxLen": MAX_LEN, "ops": D.OPS, "features": N_FEATURES, "threshold": m["useful_threshold"], **served}
    json.dump({"words": vocab}, open(vocab_path, "w"))
    json.dump(config, open(cfg_path, "w"), indent=2)
    metrics["total_seconds"] = round(time.time() - t0)
    json.dump(metrics, open(metrics_path, "w"), indent=2)
    log(f"done in {time.time() - t0:.0f} s: {a.out}")


if __name__ == "__main__":
    main()
