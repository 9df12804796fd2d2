"""Writes invented worlds the models never trained on in facts-dev's format, so the benchmark can
measure on them: `python3 heldout.py --out DIR --worlds 3 --seed 2026` makes DIR/w0, DIR/w1, ...
each with facts.txt, questions.jsonl (answers and support sets) and an empty core_line_map.json;
then `npm run bench -- nldb --facts-dev DIR/w0 --facts facts.txt`. The training seed is 7:
use another seed, and decide settings here rather than on shared/datasets/facts-dev."""
import argparse
import json
import os
import random

import data as D
import domains as DOM
import padding as P
import worlds as W

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--worlds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--questions", type=int, default=60, help="questions kept per world (at random)")
    ap.add_argument("--data", default=os.path.join(ROOT, "data"))
    ap.add_argument("--domains", action="store_true",
                    help="worlds of WordNet domains training never sees (domains.py held_out), each in a folder named "
                         "<class>-s<seed>-w<i>, instead of the town generator's w<i>")
    ap.add_argument("--pad", type=int, default=0,
                    help="also write facts-N.txt: the world's facts shuffled among distractor facts (see "
                         "--pad-style), to measure at scale")
    ap.add_argument("--pad-style", choices=["places", "things", "mixed"], default="places",
                    help="padding facts: about places (other worlds' distractors), about things no question asks "
                         "about with numbers in units and years of events (padding.py), or half of each")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    pad_rng = random.Random(a.seed + 1)
    real_people, real_companies = W.load_real_people(a.data), W.load_real_companies(a.data)

    def place_padding(n):
        out = []
        while len(out) < n:
            w = W.World(pad_rng, real_people, real_companies)
            out += [t for t, subj, _ in W.verbalise(pad_rng, w) if subj is None]
        return out[:n]

    def padding(n):
        things = {"places": 0, "things": n, "mixed": n // 2}[a.pad_style]
        if things == 0:
            return place_padding(n)  # as before --pad-style existed: the same files for the same seed
        out = place_padding(n - things) + P.thing_facts(pad_rng, W.Names(pad_rng, real_people), things)
        pad_rng.shuffle(out)
        return out

    if a.domains:
        made = [(facts, qs, f"{world.cls}-s{a.seed}-w{i}") for i, (facts, qs, world) in
                enumerate(DOM.generate(a.worlds, a.seed, a.data, heldout=True))]
    else:
        made = [(facts, qs, f"w{i}") for i, (facts, qs) in enumerate(D.generate(a.worlds, a.seed, a.data))]
    for w, (facts, qs, folder) in enumerate(made):
        d = os.path.join(a.out, folder)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "facts.txt"), "w") as f:
            f.write("".join(t.replace("\n", " ") + "\n" for t in facts))
        keep = rng.sample(qs, min(a.questions, len(qs)))
        with open(os.path.join(d, "questions.jsonl"), "w") as f:
            for i, q in enumerate(keep):
                support = [[j + 1 for j in s] for s, der in q["sets"] if der[0] != "NULL"]
                f.write(json.dumps({"id": f"w{w}q{i:03d}", "question": q["question"], "type": q["type"], "join": bool(q["join"]),
                                    "answer": q["answer"], "support": support}) + "\n")
        line_map = {}
        if a.pad > len(facts):
            lines = [(t, i + 1) for i, t in enumerate(facts)] + [(t, None) for t in padding(a.pad - len(facts))]
            pad_rng.shuffle(lines)
            name = f"facts-{a.pad}.txt"
            with open(os.path.join(d, name), "w") as f:
                f.write("".join(t.replace("\n", " ") + "\n" for t, _ in lines))
            where = {core: i + 1 for i, (_, core) in enumerate(lines) if core is not None}
            line_map[name] = [where[i + 1] for i in range(len(facts))]
        json.dump(line_map, open(os.path.join(d, "core_line_map.json"), "w"))
        print(d, len(facts), "facts", len(keep), "questions")


if __name__ == "__main__":
    main()
