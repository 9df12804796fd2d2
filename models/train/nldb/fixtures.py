#!/usr/bin/python3
"""Writes test/nldb/fixtures/text-features.json: what textnorm.py makes of a few texts, so the
TypeScript twin (engines/nldb/text.ts) is checked against it (test/nldb/text-features.test.ts)."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from textnorm import bag_ids, encode_spj, tokenize  # noqa: E402
from wordnet import kinds_of  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
VOCAB = {w: i + 6 for i, w in enumerate(["a", "born", "in", "was", "who", "company", "employees", "has", "more", "than"])}
CASES = [
    ("Who was born in Zellbridge before 1990?", ["Ines Okoro was born on 17 November 1989 in Zellbridge.", "Tom Reyes, born 1995, lives in Zellbridge."]),
    ("Does Harrow & Finch Logistics have more than 10,000 employees?", ["Harrow & Finch Logistics now has 5,600 staff.", "Élodie's company employs 12,750.5 people."]),
    ("Which museum gets the most visitors?", []),
    # the kind feature (WordNet): a ferry and a barge are kinds of vessel, a cellist of musician
    ("Which vessels were built before 1900?", ["The ferry Tern was built in 1887.", "Wren is a barge.", "Dory, a gondola, dates from 1902."]),
    ("which musicians own boats", ["Ada Vole, a cellist, owns a barge.", "Ada Vole's boat is a ferry."]),
    # kinds from a noun's later senses too (the first nine): a trunk and a briefcase are kinds of
    # "case" only in its fifth sense, so a trainer reading two senses would mark neither
    ("Which cases are made of leather?", ["The Marlow trunk is made of leather.", "Ledger, a briefcase, is made of canvas."]),
]

out = {"vocab": VOCAB, "cases": []}
for question, facts in CASES:
    ids, segs, feats, spans = encode_spj(question, facts, VOCAB, 40, kinds_of)
    out["cases"].append({"question": question, "facts": facts, "tokens": [t for t, _, _ in tokenize(question)],
                         "ids": ids, "segments": segs, "features": [x for f in feats for x in f],
                         "positions": [list(s) for s in spans], "bag": bag_ids(question + " " + " ".join(facts), VOCAB)})
# the retriever's lexical channel: slot and sign of some ids (train.py sketch_slots, 512 slots)
SKETCH_IDS = [1, 2, 3, 7, 50, 405, 1024, 1500, 3000, 3476]
out["sketch"] = [[i, ((i * 2654435761) % 2 ** 32) % 512, 1 - 2 * ((((i * 2654435761) % 2 ** 32) // 65536) % 2)] for i in SKETCH_IDS]
path = os.path.join(ROOT, "test", "nldb", "fixtures", "text-features.json")
json.dump(out, open(path, "w"), indent=None)
print(path)
