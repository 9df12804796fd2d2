"""Tokens, ids and per-token features shared by both models.

engines/nldb/text.ts implements exactly the same rules in TypeScript: change both together
(test/nldb/text-features.test.ts checks the TypeScript side against fixtures written here).
"""
import re

TOKEN_RE = re.compile(r"\d+(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|'s\b|[A-Za-z\u00C0-\u024F]+|[^\sA-Za-z\d\u00C0-\u024F]")

PAD, CLS, SEP, STOP, YEAR, NUM = 0, 1, 2, 3, 4, 5
SPECIALS = ["[PAD]", "[CLS]", "[SEP]", "[STOP]", "[YEAR]", "[NUM]"]
WORD_BUCKETS = 1024   # unknown words (mostly names) hash here, so equal names still match
TRIGRAM_BUCKETS = 2048  # character trigrams for the retriever (plurals, inflections)
N_FEATURES = 16


def fnv1a(text: str) -> int:
    h = 0x811C9DC5
    for byte in text.encode("utf-8"):
        h ^= byte
        h = (h * 0x01000193) & 0xFFFFFFFF
    return h


def tokenize(text: str):
    """[(token, start, end)] with character offsets into text."""
    return [(m.group(0), m.start(), m.end()) for m in TOKEN_RE.finditer(text)]


def number_value(token: str):
    if not token[0].isdigit():
        return None
    try:
        return float(token.replace(",", ""))
    except ValueError:
        return None


def is_year(token: str) -> bool:
    v = number_value(token)
    return v is not None and "," not in token and "." not in token and 1000 <= v <= 2100


def word_id(token: str, vocab: dict) -> int:
    if token[0].isdigit():
        return YEAR if is_year(token) else NUM
    low = token.lower()
    got = vocab.get(low)
    if got is not None:
        return got
    # capitalised unknown words (names, mostly) and lower-case ones (rare words) hash apart
    half = WORD_BUCKETS // 2
    return len(vocab) + fnv1a(low) % half + (0 if token[0].isupper() else half)


def bag_ids(text: str, vocab: dict):
    """Retriever input: word ids plus hashed character trigrams of alphabetic words."""
    base = len(vocab) + WORD_BUCKETS
    ids = []
    for token, _, _ in tokenize(text):
        ids.append(word_id(token, vocab))
        if token[0].isalpha() and len(token) >= 3:
            w = "<" + token.lower() + ">"
            for i in range(len(w) - 2):
                ids.append(base + fnv1a(w[i:i + 3]) % TRIGRAM_BUCKETS)
    return ids


def bag_vocab_size(vocab: dict) -> int:
    return len(vocab) + WORD_BUCKETS + TRIGRAM_BUCKETS


def spj_vocab_size(vocab: dict) -> int:
    return len(vocab) + WORD_BUCKETS


STOPWORDS = set("a an the of in on at to for by with and or is are was were be been has have had do does did "
                "which who whom whose what how many much any every all is 's , . ? !".split())


def noun_bases(word):
    """Base forms a noun may have (regular plurals), as engines/nldb/text.ts nounBases."""
    out = [word]
    if word.endswith("ies") and len(word) > 4:
        out.append(word[:-3] + "y")
    if re.search(r"(s|x|z|ch|sh)es$", word):
        out.append(word[:-2])
    if word.endswith("s") and not word.endswith("ss"):
        out.append(word[:-1])
    return out


def encode_spj(question: str, facts, vocab: dict, max_len: int, kinds_of=None):
    """Input of the extractor: [CLS] question [SEP] fact [SEP] fact ...

    Returns ids, segment ids, features, and for every position the fact index and character
    span it came from (-1 for question and special tokens). `kinds_of(word)` (wordnet.kinds_of) gives
    the kinds of a noun, for the feature "a kind of a word on the other side" ("schooner" for "ships").
    """
    q_tokens = tokenize(question)
    ids, segs, spans = [CLS], [0], [(-1, 0, 0)]
    for t, s, e in q_tokens:
        ids.append(word_id(t, vocab)); segs.append(0); spans.append((-1, s, e))
    ids.append(SEP); segs.append(0); spans.append((-1, 0, 0))
    toks = [("", 0)] + [(t, 0) for t, _, _ in q_tokens] + [("", 0)]
    starts = set()
    for fi, fact in enumerate(facts):
        if len(ids) >= max_len:
            break
        starts.add(len(ids))
        for t, s, e in tokenize(fact):
            ids.append(word_id(t, vocab)); segs.append(min(fi + 1, 3)); spans.append((fi, s, e)); toks.append((t, fi + 1))
        ids.append(SEP); segs.append(min(fi + 1, 3)); spans.append((-1, 0, 0)); toks.append(("", fi + 1))
    ids, segs, spans, toks = ids[:max_len], segs[:max_len], spans[:max_len], toks[:max_len]

    q_words = {t.lower() for t, _, _ in q_tokens if t[0].isalpha() and t.lower() not in STOPWORDS}
    f_words = {t.lower() for t, seg in toks if seg > 0 and t and t[0].isalpha() and t.lower() not in STOPWORDS}
    q_nums = [(number_value(t), is_year(t)) for t, _, _ in q_tokens if number_value(t) is not None]
    f_nums = [(number_value(t), is_year(t)) for t, seg in toks if seg > 0 and t and number_value(t) is not None]
    # content words per fact: a word in two facts of the set is what joins them (a name, mostly)
    in_facts = {}
    for t, seg in toks:
        if seg > 0 and t and t[0].isalpha() and t.lower() not in STOPWORDS:
            in_facts.setdefault(t.lower(), set()).add(seg)

    # kinds (WordNet hyponyms) of the question's words in the facts, and the other way round
    q_kinds = {k for q in q_words for k in kinds_of(q)} if kinds_of else set()
    f_bases = {b for w in f_words for b in noun_bases(w)}

    feats = []
    for i, (t, seg) in enumerate(toks):
        f = [0.0] * N_FEATURES
        f[0] = 1.0 if seg == 0 else 0.0
        if t:
            f[1] = 1.0 if t[0].isupper() else 0.0
            v = number_value(t)
            low = t.lower()
            if v is None:
                if t[0].isalpha() and low not in STOPWORDS:
                    f[3] = 1.0 if (low in (f_words if seg == 0 else q_words)) else 0.0
            else:
                f[2] = 1.0
                y = is_year(t)
                if seg > 0:
                    same_q = [q for q, qy in q_nums if qy == y]
                    if any(v > q for q in same_q): f[4] = 1.0
                    if any(v < q for q in same_q): f[5] = 1.0
                    if any(v == q for q in same_q): f[6] = 1.0
                    same_f = [n for n, ny in f_nums if ny == y]
                    if len(same_f) >= 2 and len(set(same_f)) >= 2:
                        if v == max(same_f): f[7] = 1.0
                        if v == min(same_f): f[8] = 1.0
                if y:
                    f[9 + (0 if v < 1800 else 1 if v < 1900 else 2 if v < 2000 else 3)] = 1.0
        if i in starts:
            f[13] = 1.0
        if seg > 0 and t and t[0].isalpha() and len(in_facts.get(t.lower(), ())) >= 2:
            f[14] = 1.0
        if kinds_of and t and t[0].isalpha() and t.lower() not in STOPWORDS:
            low = t.lower()
            if seg > 0:
                f[15] = 1.0 if any(b in q_kinds for b in noun_bases(low)) else 0.0
            else:
                f[15] = 1.0 if any(k in f_bases for k in kinds_of(low)) else 0.0
        feats.append(f)
    return ids, segs, feats, spans
