"""Training examples for both models, generated from invented worlds (see worlds.py, questions.py)."""
import collections
import random

import questions as Q
import worlds as W
from textnorm import tokenize

OPS = ["SET", "COUNT", "BOOL", "MIN", "MAX", "ARGMIN", "ARGMAX"]


def generate(n_worlds, seed, data_dir, progress=None):
    """[(facts: [str], questions: [dict])] for n_worlds invented worlds."""
    rng = random.Random(seed)
    real_people = W.load_real_people(data_dir)
    real_companies = W.load_real_companies(data_dir)
    out = []
    for i in range(n_worlds):
        w = W.World(rng, real_people, real_companies)
        facts = W.verbalise(rng, w)
        qs = Q.make_questions(rng, w, facts)
        out.append(([f[0] for f in facts], qs))
        if progress and (i + 1) % 100 == 0:
            progress(i + 1, n_worlds)
    return out


def build_vocab(worlds, min_count=3):
    """Lower-case words that are not only ever names (names stay hashed, so new names work alike)."""
    total, lower = collections.Counter(), collections.Counter()
    for facts, qs in worlds:
        for text in facts + [q["question"] for q in qs]:
            for i, (t, _, _) in enumerate(tokenize(text)):
                if not t[0].isalpha():
                    continue
                total[t.lower()] += 1
                if t[0].islower():
                    lower[t.lower()] += 1
    words = sorted(w for w, c in total.items() if c >= min_count and lower[w] >= 0.3 * c)
    return {w: i + 6 for i, w in enumerate(words)}


def spj_examples(worlds, rng):
    """(question, [fact texts], op, useful, bool, key text, value number)."""
    out = []
    for facts, qs in worlds:
        words = [{t for t, _, _ in tokenize(f)} for f in facts] if HARD_NEGATIVES else []
        for q in qs:
            op = OPS.index(q["type"].upper())
            pos = [(s, d) for s, d in q["sets"] if d[0] != "NULL"]
            neg = [(s, d) for s, d in q["sets"] if d[0] == "NULL"]
            # joins and yes/no questions are the hard ones: more of their support sets
            n_pos = 4 if q["join"] or q["type"] == "bool" else 2
            for s, d in rng.sample(pos, min(n_pos, len(pos))):
                texts = [facts[i] for i in s]
                if rng.random() < 0.5:
                    rng.shuffle(texts)
                if rng.random() < 0.25:  # a false positive from the retriever alongside
                    texts.insert(rng.randrange(len(texts) + 1), rng.choice(facts))
                out.append(label(q, texts, op, d))
            # an incomplete support set (a positive one less one of its facts) shows nothing: the
            # retriever's partial sets ("14 people work at X" without "X is based in Y") must give
            # [NULL_ANSWER], or every number fact answers a filtered min/max
            multi = [(s, d) for s, d in pos if len(set(s)) >= 2]
            if INCOMPLETE_NEGATIVES and multi:
                s, _ = rng.choice(multi)
                keep = list(s)
                keep.pop(rng.randrange(len(keep)))
                out.append((q["question"], [facts[i] for i in keep], op, 0, -1, None, None))
            # entities that fail the filter (a number comparison, a place, a join): 2 per question
            for s, d in rng.sample(neg, min(2, len(neg))):
                out.append(label(q, [facts[i] for i in s], op, d))
            if HARD_NEGATIVES:
                hard = hard_negatives(q, words)
                for i in rng.sample(hard, min(1, len(hard))):  # same names or places, another relation
                    out.append((q["question"], [facts[i]], op, 0, -1, None, None))
            if rng.random() < 0.5:  # a support set of unrelated facts
                k = rng.choice([1, 1, 2])
                texts = rng.sample(facts, k)
                gold = {i for s, _ in q["sets"] for i in s}
                if not any(facts.index(t) in gold for t in texts):
                    out.append((q["question"], texts, op, 0, -1, None, None))
    rng.shuffle(out)
    return out


# One per question: the hybrid retriever (BM25 + bi-encoder) proposes every fact that names a
# place or a name of the question, so the extractor must learn to refuse those of another class or
# relation ("Which companies are based in X?" against "Y was born in X"). Two per question, with
# the bi-encoder alone, made it too quick to say [NULL_ANSWER].
HARD_NEGATIVES = True
# One per question with a support set of two or more facts.
INCOMPLETE_NEGATIVES = True


def hard_negatives(q, fact_words):
    """Facts (given as their sets of words) that share a capitalised word with the question but
    are in none of its support sets."""
    words = {t for t, _, _ in tokenize(q["question"])[1:] if t[0].isupper()}
    if not words:
        return []
    used = {i for s, _ in q["sets"] for i in s}
    return [i for i, fw in enumerate(fact_words) if i not in used and words & fw]


def label(q, texts, op, d):
    kind, a, b = d
    if kind == "NULL":
        return (q["question"], texts, op, 0, -1, None, None)
    if kind == "BOOL":
        return (q["question"], texts, op, 1, 1 if a else 0, None, None)
    return (q["question"], texts, op, 1, -1, a, b)


def ssg_states(facts, qs, rng):
    """(question, partial support [fact idx], positives [fact idx], stop: bool) from every gold set prefix."""
    out = []
    for q in qs:
        gold = [s for s, d in q["sets"] if d[0] != "NULL"]
        negs = [s for s, d in q["sets"] if d[0] == "NULL"]
        if not gold and not negs:
            continue
        firsts = sorted({s[0] for s in gold})
        out.append((q["question"], [], firsts, not gold))
        for s in rng.sample(gold, min(4, len(gold))):
            for k in range(1, len(s) + 1):
                prefix = s[:k]
                nxt = sorted({g[k] for g in gold if g[:k] == prefix and len(g) > k})
                stop = any(g == prefix for g in gold)
                out.append((q["question"], prefix, nxt, stop))
        for s in rng.sample(negs, min(2, len(negs))):  # a wrong first fact: stop, the SPJ will say NULL
            if s[0] not in firsts:
                out.append((q["question"], [s[0]], [], True))
    return out
