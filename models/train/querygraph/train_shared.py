#!/usr/bin/python3
"""Trains the shared, schema-conditioned query-graph predictor and exports it (ONNX, fp32 + int8).

One model for every schema: it reads the question AND the schema (each element a bag of its name's
words, its owner class's words, its kind/type/instance/key flag, and the placeholders of the values
the question mentions that matched it), and writes the target language of target.ts with a pointer
over the schema's elements instead of one output token per element. Trained on questions generated
from many databases (`nlq train --shared`), it answers on a database it never saw; `--init` starts
from a trained model to specialise it on one source (`nlq train --source` with a shared model).

Input: --data folder with data.json written by engines/predictor/training/shared-training.ts:
  {"vocabSize", "fixedTargets", "schemas": [{"name", "words", "owner", "meta"}],
   "train": [[schema, src ids, [[element, placeholder id]...], target ids]...], "dev": [...]}
Target ids: 0..fixedTargets-1 are the fixed tokens (0 pad, 1 bos, 2 eos), fixedTargets+e is element e.
Output (--out): encoder.onnx, decoder.onnx, their .int8 versions, model.pt (weights, for --init), metrics.json.
Run with Debian's python: OMP_WAIT_POLICY=PASSIVE OPENBLAS_NUM_THREADS=2 /usr/bin/python3 train_shared.py ...
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

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(1, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from blas import check_blas  # noqa: E402  (models/train/blas.py, shared with the text-fact trainer)
from train import annealed_schedule, greedy, optimise, quantize  # noqa: E402  (the same schedule, step, decoding and int8 rewrite as the per-source models)

PAD, BOS, EOS = 0, 1, 2
MARKS = 4  # placeholders that can mark one element
META = 6  # kind, type, instance, key, own name linked, owner linked (shared-input.ts / shared-model.ts)
# In training, a large schema is cut to about this many elements: the classes the question uses
# (its target and its marked values) and random others. Faster, and each question sees its schema
# with other distractors every epoch.
TRAIN_ELEMENTS = 72


def log(msg):
    print(msg, file=sys.stderr, flush=True)


class SharedPredictor(nn.Module):
    def __init__(self, n_words, n_fixed, d=128, heads=4, layers=3, ff=512, max_len=96, dropout=0.0):
        super().__init__()
        self.d = d
        self.n_fixed = n_fixed
        self.word = nn.Embedding(n_words, d, padding_idx=PAD)
        self.qpos = nn.Embedding(max_len, d)
        self.kind = nn.Embedding(5, d)
        self.value_type = nn.Embedding(10, d)
        self.inst = nn.Embedding(6, d)
        self.key = nn.Embedding(2, d)
        self.qlink = nn.Embedding(4, d)
        self.own_link = nn.Embedding(3, d)
        self.owner_link = nn.Embedding(3, d)
        self.mark = nn.Linear(d, d, bias=False)
        self.owner = nn.Linear(d, d, bias=False)
        self.seg = nn.Embedding(2, d)
        self.qnorm = nn.LayerNorm(d)
        self.enorm = nn.LayerNorm(d)
        enc = nn.TransformerEncoderLayer(d, heads, ff, dropout, batch_first=True)
        dec = nn.TransformerDecoderLayer(d, heads, ff, dropout, batch_first=True)
        self.encoder = nn.TransformerEncoder(enc, layers, enable_nested_tensor=False)
        self.decoder = nn.TransformerDecoder(dec, layers)
        self.fixed = nn.Embedding(n_fixed, d, padding_idx=PAD)
        self.element_in = nn.Linear(d, d)
        self.tpos = nn.Embedding(64, d)
        self.out_fixed = nn.Linear(d, n_fixed)
        self.ptr_q = nn.Linear(d, d)
        self.ptr_k = nn.Linear(d, d)

    def encode(self, src, ql, ew, eo, em, mk):
        """src, question links [B,L]; element words [B,M,W], owner words [B,M,O], meta [B,M,META], marks [B,M,MARKS] -> memory [B,L+M,d]."""
        pos = torch.arange(src.size(1), device=src.device).unsqueeze(0)
        q = self.qnorm(self.word(src) + self.qlink(ql) + self.qpos(pos) + self.seg.weight[0])
        bag = self.word(ew).sum(2) + self.mark(self.word(mk).sum(2)) + self.owner(self.word(eo).sum(2))
        meta = (self.kind(em[:, :, 0]) + self.value_type(em[:, :, 1]) + self.inst(em[:, :, 2]) + self.key(em[:, :, 3])
                + self.own_link(em[:, :, 4]) + self.owner_link(em[:, :, 5]))
        e = self.enorm(bag + meta + self.seg.weight[1])
        mask = torch.cat([src == PAD, em[:, :, 0] == 0], 1)
        return self.encoder(torch.cat([q, e], 1), src_key_padding_mask=mask)

    def decode(self, tgt, memory, src, em):
        """Log-probabilities over [fixed tokens ; elements] after each prefix position."""
        n_q = src.size(1)
        elements = memory[:, n_q:, :]
        is_fixed = tgt < self.n_fixed
        fixed = self.fixed(torch.where(is_fixed, tgt, torch.zeros_like(tgt)))
        idx = torch.where(is_fixed, torch.zeros_like(tgt), tgt - self.n_fixed)
        picked = torch.gather(elements, 1, idx.unsqueeze(-1).expand(-1, -1, self.d))
        n = tgt.size(1)
        steps = torch.arange(n, device=tgt.device)
        y = torch.where(is_fixed.unsqueeze(-1), fixed, self.element_in(picked)) + self.tpos(steps.unsqueeze(0))
        causal = steps.unsqueeze(0) > steps.unsqueeze(1)
        mask = torch.cat([src == PAD, em[:, :, 0] == 0], 1)
        h = self.decoder(y, memory, tgt_mask=causal, tgt_key_padding_mask=tgt == PAD, memory_key_padding_mask=mask)
        pointer = torch.matmul(self.ptr_q(h), self.ptr_k(elements).transpose(1, 2)) / math.sqrt(self.d)
        pointer = pointer.masked_fill((em[:, :, 0] == 0).unsqueeze(1), -1e9)
        return torch.cat([self.out_fixed(h), pointer], -1)

    def forward(self, src, ql, ew, eo, em, mk, tgt):
        return self.decode(tgt, self.encode(src, ql, ew, eo, em, mk), src, em)


class EncoderExport(nn.Module):
    def __init__(self, m):
        super().__init__()
        self.m = m

    def forward(self, src, src_links, element_words, element_owner, element_meta, element_marks):
        return self.m.encode(src, src_links, element_words, element_owner, element_meta, element_marks)


class DecoderStepExport(nn.Module):
    def __init__(self, m):
        super().__init__()
        self.m = m

    def forward(self, tgt, memory, src, element_meta):
        return torch.log_softmax(self.m.decode(tgt, memory, src, element_meta)[:, -1, :], dim=-1)


def grown(state, fresh):
    """A saved state for a model whose fixed target tokens grew (newer target words appended after
    the old ones, shared-training.ts withTargets): the old rows keep their weights, the new rows
    start as the fresh model's."""
    out = dict(state)
    for key in ("fixed.weight", "out_fixed.weight", "out_fixed.bias"):
        old, new = state[key], fresh[key]
        if old.shape[0] < new.shape[0]:
            rows = new.clone()
            rows[:old.shape[0]] = old
            out[key] = rows
            log(f"{key}: {old.shape[0]} -> {new.shape[0]} target tokens (new ones start untrained)")
    return out


def pad2(seqs, fill=PAD):
    n = max(1, max(len(s) for s in seqs))
    return torch.tensor([list(s) + [fill] * (n - len(s)) for s in seqs], dtype=torch.long)


class Batcher:
    """Turns rows into padded tensors; each row's schema gives its elements, its marks and links
    mark them. With `cut`, large schemas are cut to about TRAIN_ELEMENTS elements per row (whole
    classes: those the row uses, then random others) and the row's element ids renumbered."""

    def __init__(self, schemas, n_fixed):
        self.schemas = schemas
        self.n_fixed = n_fixed

    def keep(self, r, rng):
        s = self.schemas[r[0]]
        k = len(s["meta"])
        if rng is None or k <= TRAIN_ELEMENTS:
            return list(range(k))
        cls = s["classOf"]
        used = {cls[t - self.n_fixed] for t in r[3] if t >= self.n_fixed} | {cls[e] for e, _ in r[2]}
        others = [c for c in sorted(set(cls)) if c not in used]
        rng.shuffle(others)
        chosen = set(used)
        size = sum(1 for c in cls if c in chosen)
        for c in others:
            n = sum(1 for x in cls if x == c)
            if size + n > TRAIN_ELEMENTS:
                continue
            chosen.add(c)
            size += n
        return [i for i in range(k) if cls[i] in chosen]

    def tensors(self, rows, word_dropout=0.0, rng=None, first_word=0, cut=False):
        kept = [self.keep(r, rng if cut else None) for r in rows]
        m = max(len(k) for k in kept)
        w = len(self.schemas[rows[0][0]]["words"][0])
        o = len(self.schemas[rows[0][0]]["owner"][0])
        ew = torch.zeros((len(rows), m, w), dtype=torch.long)
        eo = torch.zeros((len(rows), m, o), dtype=torch.long)
        em = torch.zeros((len(rows), m, META), dtype=torch.long)
        mk = torch.zeros((len(rows), m, MARKS), dtype=torch.long)
        srcs, links, targets = [], [], []
        for b, (r, keep) in enumerate(zip(rows, kept)):
            s = self.schemas[r[0]]
            index = torch.tensor(keep, dtype=torch.long)
            n = len(keep)
            new = {old: i for i, old in enumerate(keep)}
            ew[b, :n] = s["tensors"][0][index]
            eo[b, :n] = s["tensors"][1][index]
            em[b, :n, :4] = s["tensors"][2][index]
            for element, own, owner in r[5]:
                if element in new:
                    em[b, new[element], 4] = own
                    em[b, new[element], 5] = owner
            used = [0] * n
            for element, placeholder in r[2]:
                e = new.get(element)
                if e is not None and used[e] < MARKS:
                    mk[b, e, used[e]] = placeholder
                    used[e] += 1
            src = r[1]
            if word_dropout > 0 and rng is not None:
                src = [1 if t >= first_word and rng.random() < word_dropout else t for t in src]
            srcs.append(src)
            links.append(r[4])
            targets.append([t if t < self.n_fixed else self.n_fixed + new[t - self.n_fixed] for t in r[3]])
        return pad2(srcs), pad2(links, 0), ew, eo, em, mk, targets


def prepare_schemas(schemas):
    for s in schemas:
        s["tensors"] = (torch.tensor(s["words"], dtype=torch.long), torch.tensor(s["owner"], dtype=torch.long), torch.tensor(s["meta"], dtype=torch.long))


def batches(rows, size, rng):
    """Shuffled batches of rows of similar size (question length and schema size)."""
    order = sorted(range(len(rows)), key=lambda i: (rows[i][0], len(rows[i][1]) + rng.random() * 6))
    chunks = [order[i:i + size] for i in range(0, len(order), size)]
    rng.shuffle(chunks)
    return chunks


def evaluate(model, batcher, rows, limit=400):
    """Teacher-forced token accuracy and greedy exact match (no grammar) on held-out rows."""
    model.eval()
    rows = rows[:limit]
    exact = tok_ok = tok_n = 0
    with torch.no_grad():
        for i in range(0, len(rows), 32):
            part = rows[i:i + 32]
            src, ql, ew, eo, em, mk, targets = batcher.tensors(part)
            tin = pad2([[BOS] + t for t in targets])
            tout = pad2([t + [EOS] for t in targets])
            memory = model.encode(src, ql, ew, eo, em, mk)
            pred = model.decode(tin, memory, src, em).argmax(-1)
            mask = tout != PAD
            tok_ok += int(((pred == tout) & mask).sum())
            tok_n += int(mask.sum())
            decoded = greedy(lambda ys: model.decode(ys, memory, src, em)[:, -1], len(part), max(len(t) for t in targets) + 2)
            exact += sum(int(out == gold) for out, gold in zip(decoded, targets))
    model.train()
    return {"tokenAccuracy": tok_ok / max(1, tok_n), "greedyExact": exact / max(1, len(rows)), "evaluated": len(rows)}


def export(model, out, batcher, rows):
    model.eval()
    src, ql, ew, eo, em, mk, targets = batcher.tensors(rows[:3])
    tgt = pad2([[BOS] + t[:5] for t in targets])
    enc, dec = EncoderExport(model), DecoderStepExport(model)
    memory = enc(src, ql, ew, eo, em, mk).detach()
    # Not under no_grad: that takes a fast path which cannot be exported (DESIGN.md).
    torch.onnx.export(enc, (src, ql, ew, eo, em, mk), os.path.join(out, "encoder.onnx"),
                      input_names=["src", "src_links", "element_words", "element_owner", "element_meta", "element_marks"], output_names=["memory"],
                      dynamic_axes={"src": {0: "batch", 1: "src_len"}, "src_links": {0: "batch", 1: "src_len"}, "element_words": {0: "batch", 1: "elements"},
                                    "element_owner": {0: "batch", 1: "elements"}, "element_meta": {0: "batch", 1: "elements"},
                                    "element_marks": {0: "batch", 1: "elements"}, "memory": {0: "batch", 1: "memory_len"}}, opset_version=14)
    torch.onnx.export(dec, (tgt, memory, src, em), os.path.join(out, "decoder.onnx"), input_names=["tgt", "memory", "src", "element_meta"],
                      output_names=["logprobs"], dynamic_axes={"tgt": {0: "batch", 1: "tgt_len"}, "memory": {0: "batch", 1: "memory_len"},
                                                               "src": {0: "batch", 1: "src_len"}, "element_meta": {0: "batch", 1: "elements"},
                                                               "logprobs": {0: "batch", 1: "outputs"}}, opset_version=14)
    q1 = quantize(os.path.join(out, "encoder.onnx"), os.path.join(out, "encoder.int8.onnx"))
    q2 = quantize(os.path.join(out, "decoder.onnx"), os.path.join(out, "decoder.int8.onnx"))
    log(f"exported ONNX; int8: {q1} + {q2} MatMuls quantised")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--data", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--init", help="model.pt of a trained shared model to start from (per-source specialisation)")
    p.add_argument("--d-model", type=int, default=128)
    p.add_argument("--layers", type=int, default=3)
    p.add_argument("--heads", type=int, default=4)
    p.add_argument("--ff", type=int, default=512)
    p.add_argument("--epochs", type=int, default=20)
    p.add_argument("--minutes", type=float, default=60.0, help="stop training after this long (the cosine schedule ends then)")
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--threads", type=int, default=int(os.environ.get("NLQ_TRAIN_THREADS", "2")))
    p.add_argument("--dropout", type=float, default=0.0)
    p.add_argument("--word-dropout", type=float, default=0.08, help="rate at which question words become <unk> in training")
    a = p.parse_args()
    torch.set_num_threads(a.threads)
    torch.manual_seed(a.seed)
    rng = random.Random(a.seed)
    check_blas(a.threads, log)
    data = json.load(open(os.path.join(a.data, "data.json")))
    schemas, train, dev = data["schemas"], data["train"], data["dev"]
    prepare_schemas(schemas)
    n_words, n_fixed = data["vocabSize"], data["fixedTargets"]
    batcher = Batcher(schemas, n_fixed)
    first_word = data.get("firstWordId", 0)
    config = {"dModel": a.d_model, "layers": a.layers, "heads": a.heads, "ff": a.ff}
    if a.init:
        saved = torch.load(a.init)
        config = saved["config"]
        model = SharedPredictor(n_words, n_fixed, config["dModel"], config["heads"], config["layers"], config["ff"], 96, a.dropout)
        state = grown(saved["state"], model.state_dict())
        model.load_state_dict(state)
        log(f"starting from {a.init}")
    else:
        model = SharedPredictor(n_words, n_fixed, a.d_model, a.heads, a.layers, a.ff, 96, a.dropout)
    params = sum(p.numel() for p in model.parameters())
    log(f"train {len(train)} dev {len(dev)} on {len(schemas)} schemas | {n_words} word ids, {n_fixed} fixed targets | {params / 1e6:.2f}M parameters")
    opt = torch.optim.AdamW(model.parameters(), lr=a.lr, weight_decay=0.01)
    steps_per_epoch = math.ceil(len(train) / a.batch)
    total = steps_per_epoch * a.epochs
    budget = a.minutes * 60
    started = time.time()
    sched = annealed_schedule(opt, total, budget, started)
    # No label smoothing: it would spread probability onto the padded elements (masked at -1e9).
    loss_fn = nn.CrossEntropyLoss(ignore_index=PAD)
    step = 0
    stopped = "epochs"
    epoch = 0
    model.train()
    for epoch in range(a.epochs):
        seen = 0
        running = 0.0
        for chunk in batches(train, a.batch, rng):
            rows = [train[i] for i in chunk]
            src, ql, ew, eo, em, mk, targets = batcher.tensors(rows, a.word_dropout, rng, first_word, cut=True)
            tin = pad2([[BOS] + t for t in targets])
            tout = pad2([t + [EOS] for t in targets])
            logits = model(src, ql, ew, eo, em, mk, tin)
            loss = loss_fn(logits.reshape(-1, logits.size(-1)), tout.reshape(-1))
            optimise(model, opt, sched, loss)
            step += 1
            seen += len(rows)
            running = 0.98 * running + 0.02 * float(loss) if running else float(loss)
            if step % 20 == 0:
                el = time.time() - started
                bar = "#" * int(30 * seen / len(train))
                sys.stderr.write(f"\repoch {epoch + 1}/{a.epochs} [{bar:<30}] loss {running:.3f} | {el / 60:.1f} of {a.minutes:.0f} min | {step * a.batch / max(1e-9, el):.0f} ex/s   ")
                sys.stderr.flush()
            if time.time() - started > budget:
                stopped = "time"
                break
        m = evaluate(model, batcher, dev, 200)
        log(f"\repoch {epoch + 1}: loss {running:.3f}, held-out token acc {m['tokenAccuracy']:.4f}, greedy exact {m['greedyExact']:.4f}, {(time.time() - started) / 60:.1f} min")
        if stopped == "time":
            log(f"time budget of {a.minutes} min reached")
            break
    train_seconds = time.time() - started
    final = evaluate(model, batcher, dev, 1000)
    os.makedirs(a.out, exist_ok=True)
    torch.save({"config": config, "state": model.state_dict()}, os.path.join(a.out, "model.pt"))
    export(model, a.out, batcher, dev if dev else train)
    metrics = {"parameters": params, "trainSeconds": round(train_seconds, 1), "epochs": epoch + 1, "steps": step, "stoppedBy": stopped,
               "heldOut": final, "config": {**config, "batch": a.batch, "lr": a.lr, "dropout": a.dropout, "seed": a.seed, "init": bool(a.init)}}
    json.dump(metrics, open(os.path.join(a.out, "metrics.json"), "w"), indent=2)
    log(f"done in {train_seconds / 60:.1f} min: held-out greedy exact {final['greedyExact']:.4f}")


if __name__ == "__main__":
    main()
