"""Fact-level corrections as training examples of the Select-Project-Join extractor.

`nlq train --nldb` gathers what users taught the fact collections of its config (correctAnswer /
confirmAnswer / addExamples on a collection: the answer's values and the facts that state them,
plugins/nl-query/teaching/fact-answers.ts) into a JSON file of

    [{"collection", "question", "answer": [values], "facts": [fact texts], "negatives": [fact texts]}]

and train.py mixes them into the extractor's data, each `weight` times, the way data.py labels a
generated world's support sets:

- one yes/no answer: the question over its facts is a BOOL query, useful, with that answer;
- values: a SET query; each fact that states one of the values (case aside) and shares a word
  with the question besides the value is a useful support set whose key is the value as the fact
  writes it (a correction that names no facts rests on every fact naming a value: "Henrik Solvang
  is married to ..." says nothing of who plays chess); `negatives` (facts the lexical index finds for
  the question that state none of the values, and no fact of the answer) are support sets that
  show nothing;
- one number: not used (a number says not which operation gave it: a count of facts, a number a
  fact states, a minimum...), nor an answer none of whose facts states a value.

Every fifth usable correction (once there are five) is held out: the run measures the extractor on
it (op, useful and span accuracy) and metrics.json and the model card say how many were used and
held out.
"""
import json

from textnorm import STOPWORDS, number_value, tokenize

YES = {"yes", "true"}
NO = {"no", "false"}
HOLD_OUT_EVERY = 5
DEFAULT_WEIGHT = 20
MAX_FACTS = 8
MAX_NEGATIVES = 2


def read(path):
    with open(path, encoding="utf8") as f:
        return json.load(f)


def words(text):
    """Lower-case words of a text that say something (data.py's tokens, stop words aside)."""
    return {t.lower() for t, _, _ in tokenize(text) if t[0].isalpha() and t.lower() not in STOPWORDS}


def about(question, fact, values):
    """Whether the fact shares a word with the question other than the values' own."""
    asked = words(question) - set().union(*(words(v) for v in values))
    return bool(asked & words(fact))


def rows_of(entry, ops):
    """The extractor rows a correction gives (data.py's (question, texts, op, useful, bool, key, value)), or []."""
    question = entry["question"]
    values = [v.strip() for v in entry.get("answer", []) if v and v.strip()]
    facts = [f for f in entry.get("facts", []) if f and f.strip()][:MAX_FACTS]
    if not values or not facts:
        return []
    if len(values) == 1 and values[0].lower() in YES | NO:
        support = [f for f in facts if about(question, f, [])] or facts
        return [(question, support[:4], ops.index("BOOL"), 1, 1 if values[0].lower() in YES else 0, None, None)]
    if len(values) == 1 and number_value(values[0].replace(",", "")) is not None:
        return []
    op = ops.index("SET")
    rows = []
    for fact in facts:
        if not about(question, fact, values):
            continue
        lower = fact.lower()
        for value in values:
            at = lower.find(value.lower())
            if at >= 0:
                rows.append((question, [fact], op, 1, -1, fact[at:at + len(value)], None))
                break
    if not rows:
        return []
    negatives = [n for n in entry.get("negatives", []) if n and not any(v.lower() in n.lower() for v in values)]
    rows += [(question, [n], op, 0, -1, None, None) for n in negatives[:MAX_NEGATIVES]]
    return rows


def training_set(entries, ops, weight, readable):
    """(rows to train on, each `weight` times; held-out rows; use) where `readable(rows)` keeps the rows
    the extractor's encoding can label (a key it finds among the fact's tokens)."""
    usable = []
    for entry in entries:
        rows = readable(rows_of(entry, ops))
        if any(r[3] == 1 for r in rows):
            usable.append(rows)
    held = [k for k in range(len(usable)) if len(usable) >= HOLD_OUT_EVERY and k % HOLD_OUT_EVERY == HOLD_OUT_EVERY - 1]
    used = [rows for k, rows in enumerate(usable) if k not in held]
    train = [row for rows in used for row in rows for _ in range(weight)]
    held_rows = [row for k in held for row in usable[k]]
    collections = sorted({e.get("collection", "") for e in entries})
    use = {"stored": len(entries), "usable": len(usable), "used": len(used), "heldOut": len(held), "weight": weight,
           "collections": collections, "rows": sum(len(rows) for rows in used)}
    return train, held_rows, use


def card_section(use):
    """The model card's paragraph on the corrections the last run learnt from."""
    measured = ""
    if use.get("heldOutMetrics"):
        m = use["heldOutMetrics"]
        measured = (f" On the held-out ones the extractor gets the query type {100 * m['op_acc']:.0f}%, "
                    f"useful or not {100 * m['useful_acc']:.0f}% and the answer's span {100 * m['span_acc']:.0f}% right.")
    return (
        "## Taught answers in the last training run\n\n"
        f"Fact-level corrections stored for the collections of the config ({', '.join(use['collections']) or 'none'}): "
        f"{use['used']} of {use['stored']} used, each {use['weight']} times ({use['rows']} support sets), "
        f"{use['heldOut']} held out; {use['stored'] - use['usable']} not usable (a number answer, which says not "
        f"which operation gave it, or no fact stating a value).{measured}\n"
    )


MARK = "## Taught answers in the last training run"


def write_card(path, use):
    """Puts the section at the end of the model card at `path` (replacing the last run's), or writes a card
    of it alone; with no `use`, takes the last run's section out of a card that has one."""
    try:
        with open(path, encoding="utf8") as f:
            text = f.read()
    except FileNotFoundError:
        if use is None:
            return
        text = "# NeuralDB models for text fact collections\n"
    if MARK in text:
        text = text[:text.index(MARK)].rstrip("\n") + "\n"
    elif use is None:
        return
    with open(path, "w", encoding="utf8") as f:
        f.write(text.rstrip("\n") + "\n" + ("\n" + card_section(use) if use is not None else ""))
