#!/usr/bin/python3
"""Trains the query-graph predictor of one source (Polyglotter's seq2seq, from scratch) and exports it.

Input: a data folder written by `nlq train --source <id>` (engines/predictor/training/training.ts):
  data.json = {"inputVocab": [...], "targetVocab": [...], "train": [[src ids], [tgt ids]]...,
               "dev": [...], "config": {...}}
Output (in --out): encoder.onnx and decoder.onnx (fp32), encoder.int8.onnx and decoder.int8.onnx
(every constant-weight MatMul rewritten to com.microsoft.DynamicQuantizeMatMul), metrics.json.

The decoder step takes the whole prefix (no cache): targets are ~20 tokens, so this is simple and fast
enough (see shared DESIGN.md, "Training and serving models on these machines").
Run with Debian's python: OMP_WAIT_POLICY=PASSIVE OPENBLAS_NUM_THREADS=2 /usr/bin/python3 train.py ...
"""
import argparse
import json
import math
import os
import random
import sys
import time

import numpy as np
import torch
import torch.nn as nn

PAD, BOS, EOS = 0, 1, 2


def log(msg):
    print(msg, file=sys.stderr, flush=True)


class Predictor(nn.Module):
    def __init__(self, n_in, n_out, d=128, heads=4, layers=3, ff=512, max_len=128, dropout=0.0):
        super().__init__()
        self.d = d
        self.src_emb = nn.Embedding(n_in, d, padding_idx=PAD)
        self.tgt_emb = nn.Embedding(n_out, d, padding_idx=PAD)
        self.src_pos = nn.Embedding(max_len, d)
        self.tgt_pos = nn.Embedding(max_len, d)
        enc = nn.TransformerEncoderLayer(d, heads, ff, dropout, batch_first=True)
        dec = nn.TransformerDecoderLayer(d, heads, ff, dropout, batch_first=True)
        self.encoder = nn.TransformerEncoder(enc, layers, enable_nested_tensor=False)
        self.decoder = nn.TransformerDecoder(dec, layers)
        self.out = nn.Linear(d, n_out)

    def encode(self, src):
        pos = torch.arange(src.size(1), device=src.device).unsqueeze(0)
        x = self.src_emb(src) * math.sqrt(self.d) + self.src_pos(pos)
        return self.encoder(x, src_key_padding_mask=src == PAD)

    def decode(self, tgt, memory, src):
        n = tgt.size(1)
        idx = torch.arange(n, device=tgt.device)
        causal = idx.unsqueeze(0) > idx.unsqueeze(1)
        y = self.tgt_emb(tgt) * math.sqrt(self.d) + self.tgt_pos(idx.unsqueeze(0))
        h = self.decoder(y, memory, tgt_mask=causal, tgt_key_padding_mask=tgt == PAD, memory_key_padding_mask=src == PAD)
        return self.out(h)

    def forward(self, src, tgt):
        return self.decode(tgt, self.encode(src), src)


class EncoderExport(nn.Module):
    def __init__(self, m):
        super().__init__()
        self.m = m

    def forward(self, src):
        return self.m.encode(src)


class DecoderStepExport(nn.Module):
    """Log-probabilities of the next token after the whole prefix `tgt`."""

    def __init__(self, m):
        super().__init__()
        self.m = m

    def forward(self, tgt, memory, src):
        logits = self.m.decode(tgt, memory, src)
        return torch.log_softmax(logits[:, -1, :], dim=-1)


def pad(seqs):
    n = max(len(s) for s in seqs)
    return torch.tensor([s + [PAD] * (n - len(s)) for s in seqs], dtype=torch.long)


def batches(rows, size, rng, first_word=None, dropout=0.0):
    """Length-bucketed shuffled batches. With `dropout`, question words (ids >= first_word) become
    <unk> at that rate, so the model copes with words it never saw (people's verbs, typos)."""
    order = sorted(range(len(rows)), key=lambda i: (len(rows[i][0]) + rng.random() * 4))
    chunks = [order[i:i + size] for i in range(0, len(order), size)]
    rng.shuffle(chunks)
    for chunk in chunks:
        srcs = [rows[i][0] for i in chunk]
        if dropout > 0 and first_word is not None:
            srcs = [[1 if t >= first_word and rng.random() < dropout else t for t in s] for s in srcs]
        src = pad(srcs)
        tgt = [rows[i][1] for i in chunk]
        tin = pad([[BOS] + t for t in tgt])
        tout = pad([t + [EOS] for t in tgt])
        yield src, tin, tout


def evaluate(model, rows, limit=400):
    """Token accuracy (teacher forced) and greedy exact match on held-out rows."""
    model.eval()
    rows = rows[:limit]
    exact = 0
    tok_ok = tok_n = 0
    with torch.no_grad():
        for i in range(0, len(rows), 64):
            part = rows[i:i + 64]
            src = pad([r[0] for r in part])
            tin = pad([[BOS] + r[1] for r in part])
            tout = pad([r[1] + [EOS] for r in part])
            pred = model(src, tin).argmax(-1)
            mask = tout != PAD
            tok_ok += int(((pred == tout) & mask).sum())
            tok_n += int(mask.sum())
            memory = model.encode(src)
            decoded = greedy(lambda ys: model.decode(ys, memory, src)[:, -1], len(part), max(len(r[1]) for r in part) + 2)
            exact += sum(int(out == r[1]) for out, r in zip(decoded, part))
    model.train()
    return {"tokenAccuracy": tok_ok / max(1, tok_n), "greedyExact": exact / max(1, len(rows)), "evaluated": len(rows)}


def annealed_schedule(opt, total_steps, budget_seconds, started):
    """Warm-up, then cosine over whichever runs out first, the steps or the time budget: a run stopped
    by time must still end annealed (a schedule over epochs alone left it at a quarter of the peak
    rate, a cause of held-out misses)."""
    warm = min(400, total_steps // 10 + 1)

    def lr_factor(s):
        progress = min(1.0, max(s / total_steps, (time.time() - started) / budget_seconds))
        return min((s + 1) / warm, max(0.02, 0.5 * (1 + math.cos(math.pi * progress))))

    return torch.optim.lr_scheduler.LambdaLR(opt, lr_factor)


def optimise(model, opt, sched, loss):
    """One step: gradients of `loss`, clipped to norm 1, applied, and the schedule advanced."""
    opt.zero_grad()
    loss.backward()
    nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    opt.step()
    sched.step()


def greedy(next_logits, batch, steps):
    """Greedy decoding from BOS: `next_logits(ys)` gives the logits of the token after prefixes ys [B,T].
    Returns each sequence's ids up to (without) EOS."""
    ys = torch.full((batch, 1), BOS, dtype=torch.long)
    done = torch.zeros(batch, dtype=torch.bool)
    for _ in range(steps):
        nxt = next_logits(ys).argmax(-1)
        nxt = torch.where(done, torch.full_like(nxt, PAD), nxt)
        ys = torch.cat([ys, nxt.unsqueeze(1)], 1)
        done |= nxt == EOS
        if bool(done.all()):
            break
    out = []
    for k in range(batch):
        seq = []
        for t in ys[k, 1:].tolist():
            if t in (EOS, PAD):
                break
            seq.append(t)
        out.append(seq)
    return out


def quantize(src_path, dst_path):
    """Rewrites every MatMul with a constant 2-D weight into com.microsoft.DynamicQuantizeMatMul
    (int8 weights, one scale per output column); activations are quantised at run time."""
    import onnx
    from onnx import helper, numpy_helper

    model = onnx.load(src_path)
    graph = model.graph
    inits = {i.name: i for i in graph.initializer}
    nodes = []
    changed = 0
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
        nodes.append(helper.make_node("DynamicQuantizeMatMul", [node.input[0], base, base + "_scale", base + "_zero"], list(node.output), name=(node.name or base) + "_dq", domain="com.microsoft"))
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


def export(model, out, sample_src, sample_tgt):
    model.eval()
    enc = EncoderExport(model)
    dec = DecoderStepExport(model)
    memory = enc(sample_src).detach()
    # Not under no_grad: that takes a fast path which cannot be exported (DESIGN.md).
    torch.onnx.export(enc, (sample_src,), os.path.join(out, "encoder.onnx"), input_names=["src"], output_names=["memory"],
                      dynamic_axes={"src": {0: "batch", 1: "src_len"}, "memory": {0: "batch", 1: "src_len"}}, opset_version=14)
    torch.onnx.export(dec, (sample_tgt, memory, sample_src), os.path.join(out, "decoder.onnx"), input_names=["tgt", "memory", "src"],
                      output_names=["logprobs"], dynamic_axes={"tgt": {0: "batch", 1: "tgt_len"}, "memory": {0: "batch", 1: "src_len"},
                                                               "src": {0: "batch", 1: "src_len"}, "logprobs": {0: "batch"}}, opset_version=14)
    q1 = quantize(os.path.join(out, "encoder.onnx"), os.path.join(out, "encoder.int8.onnx"))
    q2 = quantize(os.path.join(out, "decoder.onnx"), os.path.join(out, "decoder.int8.onnx"))
    log(f"exported ONNX; int8: {q1} + {q2} MatMuls quantised")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--data", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--d-model", type=int, default=128)
    p.add_argument("--layers", type=int, default=3)
    p.add_argument("--heads", type=int, default=4)
    p.add_argument("--ff", type=int, default=512)
    p.add_argument("--epochs", type=int, default=30)
    p.add_argument("--minutes", type=float, default=12.0, help="stop training after this long")
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--threads", type=int, default=int(os.environ.get("NLQ_TRAIN_THREADS", "2")))
    # No dropout by default: in the minutes this CPU allows, the model underfits (it gets no more of
    # its own training questions right than of held-out ones), and dropout only slows it down
    # (5-minute runs on Northwind, machine shared with other work: held-out greedy exact 48.7% with
    # 0.1, 60.7% with 0; after the same 2 epochs, token accuracy 0.83 against 0.87. Pre-norm layers
    # without dropout: 0.74 after 2 epochs, not kept).
    p.add_argument("--dropout", type=float, default=0.0, help="dropout inside the transformer layers")
    p.add_argument("--word-dropout", type=float, default=0.08, help="rate at which question words become <unk> in training")
    a = p.parse_args()
    torch.set_num_threads(a.threads)
    torch.manual_seed(a.seed)
    rng = random.Random(a.seed)
    data = json.load(open(os.path.join(a.data, "data.json")))
    train, dev = data["train"], data["dev"]
    n_in, n_out = len(data["inputVocab"]), len(data["targetVocab"])
    max_len = max(max(len(r[0]) for r in train + dev), max(len(r[1]) for r in train + dev)) + 8
    max_len = max(max_len, 128)
    model = Predictor(n_in, n_out, a.d_model, a.heads, a.layers, a.ff, max_len, a.dropout)
    params = sum(p.numel() for p in model.parameters())
    log(f"train {len(train)} dev {len(dev)} | input vocab {n_in} target vocab {n_out} | {params / 1e6:.2f}M parameters")
    opt = torch.optim.AdamW(model.parameters(), lr=a.lr, weight_decay=0.01)
    steps_per_epoch = math.ceil(len(train) / a.batch)
    total = steps_per_epoch * a.epochs
    budget = a.minutes * 60
    loss_fn = nn.CrossEntropyLoss(ignore_index=PAD, label_smoothing=0.05)
    started = time.time()
    sched = annealed_schedule(opt, total, budget, started)
    step = 0
    stopped = "epochs"
    model.train()
    for epoch in range(a.epochs):
        seen = 0
        running = 0.0
        for src, tin, tout in batches(train, a.batch, rng, data.get("firstWordId"), a.word_dropout):
            logits = model(src, tin)
            loss = loss_fn(logits.reshape(-1, n_out), tout.reshape(-1))
            optimise(model, opt, sched, loss)
            step += 1
            seen += len(src)
            running = 0.98 * running + 0.02 * float(loss) if running else float(loss)
            if step % 50 == 0:
                el = time.time() - started
                bar = "#" * int(30 * seen / len(train))
                sys.stderr.write(f"\repoch {epoch + 1}/{a.epochs} [{bar:<30}] loss {running:.3f} | {el / 60:.1f} min | {seen / max(1e-9, el - 0) if epoch == 0 else 0:.0f} ex/s   ")
                sys.stderr.flush()
            if time.time() - started > a.minutes * 60:
                stopped = "time"
                break
        m = evaluate(model, dev, 200)
        log(f"\repoch {epoch + 1}: loss {running:.3f}, held-out token acc {m['tokenAccuracy']:.4f}, greedy exact {m['greedyExact']:.4f}, {(time.time() - started) / 60:.1f} min")
        if stopped == "time":
            log(f"time budget of {a.minutes} min reached")
            break
    train_seconds = time.time() - started
    final = evaluate(model, dev, 1000)
    os.makedirs(a.out, exist_ok=True)
    sample_src = pad([r[0] for r in dev[:3]])
    sample_tgt = pad([[BOS] + r[1][:5] for r in dev[:3]])
    export(model, a.out, sample_src, sample_tgt)
    metrics = {"parameters": params, "trainSeconds": round(train_seconds, 1), "epochs": epoch + 1, "steps": step, "stoppedBy": stopped,
               "heldOut": final, "config": {"dModel": a.d_model, "layers": a.layers, "heads": a.heads, "ff": a.ff, "batch": a.batch, "lr": a.lr, "dropout": a.dropout, "seed": a.seed}}
    json.dump(metrics, open(os.path.join(a.out, "metrics.json"), "w"), indent=2)
    log(f"done in {train_seconds / 60:.1f} min: held-out greedy exact {final['greedyExact']:.4f}")


if __name__ == "__main__":
    main()
