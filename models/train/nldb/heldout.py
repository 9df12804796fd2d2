"""Writes invented worlds the models never trained on in facts-dev's format, so the benchmark can
measure on them: `python3 heldout.py --out DIR --worlds 3 --seed 2026` makes DIR/w0, DIR/w1, ...
each with facts.txt, questions.jsonl (answers and support sets) and an empty core_line_map.json;
then `NLQ_FACTS_DEV=DIR/w0 NLQ_BENCH_FACTS=facts.txt npm run bench -- nldb`. The training seed is 7:
use another seed, and decide settings here rather than on shared/datasets/facts-dev."""
import argparse
import json
import os
import random

import data as D

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--worlds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--questions", type=int, default=60, help="questions kept per world (at random)")
    ap.add_argument("--data", default=os.path.join(ROOT, "data"))
    a = ap.parse_args()
    rng = random.Random(a.seed)
    for w, (facts, qs) in enumerate(D.generate(a.worlds, a.seed, a.data)):
        d = os.path.join(a.out, f"w{w}")
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "facts.txt"), "w") as f:
            f.write("".join(t.replace("\n", " ") + "\n" for t in facts))
        keep = rng.sample(qs, min(a.questions, len(qs)))
        with open(os.path.join(d, "questions.jsonl"), "w") as f:
            for i, q in enumerate(keep):
                support = [[j + 1 for j in s] for s, der in q["sets"] if der[0] != "NULL"]
                f.write(json.dumps({"id": f"w{w}q{i:03d}", "question": q["question"], "type": q["type"], "join": bool(q["join"]),
                                    "answer": q["answer"], "support": support}) + "\n")
        json.dump({}, open(os.path.join(d, "core_line_map.json"), "w"))
        print(d, len(facts), "facts", len(keep), "questions")


if __name__ == "__main__":
    main()
