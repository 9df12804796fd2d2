"""Worlds in many domains, drawn from WordNet (wordnet.py), for training and for held-out measuring.

A domain is a class of things (a WordNet noun under vehicle, structure, device, container, equipment
or organization, with at least four one-word kinds below it: ship -> schooner, ketch, barge) and a
class of people (a noun under person with four kinds or more: musician -> pianist, drummer). A
world invents named things of that class, each of one kind, with a place, a year (made or founded)
and two measured attributes (length, height, weight, price for things; members, budget for
organisations), and people of the role class, each of one kind, with a birth year and place, a
spouse, a mentor, and a relation to things (owns, designed, looks after; member of, leads).
Facts say these in many ways (passive, relative clauses, appositives, two statements in one
sentence, the class before the name, dates as seasons or days, money with currency signs);
questions come in many registers (lowercase, fragments, the class's hypernym or the kind's own
word, "which ... the most"). Whole domains are held out by the hash of the class word: training
never sees them (`held_out(word)`), and heldout.py writes worlds of only those.

Nothing here reads shared/datasets: those are for measuring only."""
import random
import re
import zlib

import worlds as W
from wordnet import ARTIFACT, GROUP, PERSON, WordNet

ONE_WORD = re.compile(r"^[a-z]{3,12}$")
THING_ANCHORS = ["vehicle", "structure", "device", "container", "equipment"]
GROUP_ANCHORS = ["organization"]
# occupations, not kinship or sex: roles people are known by
PERSON_ANCHORS = ["worker", "professional", "creator", "expert", "leader", "performer", "scientist", "athlete", "intellectual",
                  "communicator"]
HELD_OUT_SHARE = 4  # one class word in four is never trained on

_WN = None


def wordnet():
    global _WN
    if _WN is None:
        _WN = WordNet()
    return _WN


def held_out(word):
    """True for the class words training never sees (by a hash of the word, so the split is stable)."""
    return zlib.crc32(word.encode()) % HELD_OUT_SHARE == 0


def _classes(anchor_words, lexfile, min_kinds=4):
    wn = wordnet()
    anchors = {s.offset for s in wn.synsets.values() if s.word in anchor_words}
    out, seen = [], set()
    for s in wn.synsets.values():
        if s.lexfile != lexfile or not ONE_WORD.match(s.word) or wn.tagged.get(s.word, 0) < 2 or s.word in seen:
            continue
        if not anchors & {a.offset for a in wn.ancestors(s)}:
            continue
        kinds = sorted({k.word for k in wn.kinds(s) if ONE_WORD.match(k.word) and k.word != s.word and wn.tagged.get(k.word, 0) >= 1})
        if len(kinds) >= min_kinds:
            seen.add(s.word)
            out.append((s.word, kinds[:12]))
    return out


_DOMAINS = None


def domains():
    """{'things': [(class, kinds)], 'groups': [...], 'people': [...]} from WordNet."""
    global _DOMAINS
    if _DOMAINS is None:
        _DOMAINS = {"things": _classes(THING_ANCHORS, ARTIFACT), "groups": _classes(GROUP_ANCHORS, GROUP),
                    "people": _classes(PERSON_ANCHORS, PERSON)}
    return _DOMAINS


def plural(noun):
    if noun.endswith("y") and noun[-2:-1] not in tuple("aeiou"):
        return noun[:-1] + "ies"
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    if noun.endswith("man"):
        return noun[:-3] + "men"
    return noun + "s"


def art(noun):
    return ("an " if noun[0] in "aeiou" else "a ") + noun


MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
SEASONS = ["spring", "summer", "autumn", "winter"]

# measured attributes: unit phrases (fact forms use {v}); words for the question's direction
MEASURES = {
    "length": {"unit": "metres", "range": (4, 320), "facts": ["{T} is {v} metres long.", "{T} measures {v} metres from end to end.",
                                                               "At {v} metres long, {T} is the pride of its owners.", "{T} has a length of {v} metres."],
               "ask": "length in metres", "cmp": ("are longer than {v} metres", "are shorter than {v} metres"),
               "most": ["longest"], "least": ["shortest"], "value": ["length", "greatest length"], "low": ["smallest length"]},
    "height": {"unit": "metres", "range": (2, 180), "facts": ["{T} stands {v} metres tall.", "{T} is {v} metres high.", "{T} rises to a height of {v} metres."],
               "ask": "height in metres", "cmp": ("are taller than {v} metres", "are lower than {v} metres"),
               "most": ["tallest", "highest"], "least": ["lowest", "shortest"], "value": ["height", "greatest height"], "low": ["lowest height"]},
    "weight": {"unit": "kilograms", "range": (20, 90000), "facts": ["{T} weighs {v} kilograms.", "{T} has a weight of {v} kg.", "Fully loaded, {T} weighs {v} kilograms."],
               "ask": "weight in kilograms", "cmp": ("weigh more than {v} kilograms", "weigh less than {v} kg"),
               "most": ["heaviest"], "least": ["lightest"], "value": ["weight", "greatest weight"], "low": ["lowest weight"]},
    "price": {"unit": "euros", "range": (300, 4000000), "facts": ["{T} cost €{v}.", "{T} was bought for €{v}.", "{T} is valued at {v} euros.",
                                                                   "{T}, which cost €{v}, was paid for in instalments."],
              "ask": "price in euros", "cmp": ("cost more than €{v}", "cost under {v} euros"),
              "most": ["most expensive", "priciest", "most valuable"], "least": ["cheapest", "least expensive"], "value": ["price", "highest price"], "low": ["lowest price"]},
    "members": {"unit": "members", "range": (5, 4000), "facts": ["{T} has {v} members.", "{v} people belong to {T}.", "{T} counts {v} members.",
                                                                 "With {v} members, {T} is busy all year."],
                "ask": "number of members", "cmp": ("have more than {v} members", "have fewer than {v} members"),
                "most": ["largest", "biggest"], "least": ["smallest"], "value": ["membership", "largest membership"], "low": ["smallest membership"]},
    "budget": {"unit": "euros", "range": (1000, 9000000), "facts": ["{T} has a budget of €{v}.", "{T} spends €{v} a year.", "The yearly budget of {T} is €{v}."],
               "ask": "budget", "cmp": ("have a budget over €{v}", "spend less than €{v} a year"),
               "most": ["best-funded", "richest"], "least": ["poorest", "least-funded"], "value": ["budget", "largest budget"], "low": ["smallest budget"]},
}
THING_MEASURES = ["length", "height", "weight", "price"]
GROUP_MEASURES = ["members", "budget"]
YEAR_FACTS = {
    "things": ["{T} was built {d}.", "{T} was made {d}.", "{T} dates from {y}.", "{T} was completed {d}.", "Built {d}, {T} is still in use.",
               "{T} went into service {d}."],
    "groups": ["{T} was founded {d}.", "{T} was formed {d}.", "{T} has existed since {y}.", "{T} was set up {d}.", "Founded {d}, {T} has grown steadily."],
}
YEAR_WORDS = {"things": ("built", "made"), "groups": ("founded", "formed")}
RELATIONS = {
    "things": [("owns", ["{p} owns {T}.", "{T} belongs to {p}.", "{T} is owned by {p}.", "{p} is the owner of {T}."], "owned by", "own"),
               ("designed", ["{p} designed {T}.", "{T} was designed by {p}.", "{T} is the work of {p}."], "designed by", "design"),
               ("looks after", ["{p} looks after {T}.", "{T} is looked after by {p}.", "{p} takes care of {T}."], "looked after by", "look after")],
    "groups": [("is a member of", ["{p} is a member of {T}.", "{p} belongs to {T}.", "{p} joined {T} in {y}."], "joined by", "belong to"),
               ("leads", ["{p} leads {T}.", "{T} is led by {p}.", "{p} heads {T}.", "{p} is the head of {T}."], "led by", "lead")],
}


def when(rng, y):
    """A date in a year, as people write it: 'in 1987', 'in the spring of 1987', 'on 3 May 1987'."""
    r = rng.random()
    if r < 0.55:
        return f"in {y}"
    if r < 0.75:
        return f"in the {rng.choice(SEASONS)} of {y}"
    if r < 0.9:
        return f"in {rng.choice(MONTHS)} {y}"
    return f"on {rng.randint(1, 28)} {rng.choice(MONTHS)} {y}"


def number(rng, v):
    return f"{v:,}" if v >= 1000 and rng.random() < 0.7 else str(v)


def syl(rng):
    return W.syl_word(rng, W.LAST_ENDS + W.PLACE_ENDS)


class DomainWorld:
    """One world: a class of things (or organisations) and a class of people, with facts about them."""

    def __init__(self, rng, names, heldout=False, domain=None):
        self.rng = rng
        d = domains()
        pick = lambda pool: [c for c in pool if held_out(c[0]) == heldout] or pool  # noqa: E731
        self.family = domain[0] if domain else rng.choice(["things", "things", "groups"])
        self.cls, self.kinds = domain[1] if domain else rng.choice(pick(d[self.family]))
        self.role, self.roles = rng.choice(pick(d["people"]))
        self.places = [names.place() for _ in range(rng.randint(3, 5))]
        self.measures = rng.sample(THING_MEASURES if self.family == "things" else GROUP_MEASURES, 2)
        kinds = rng.sample(self.kinds, min(len(self.kinds), rng.randint(3, 5)))
        roles = rng.sample(self.roles, min(len(self.roles), rng.randint(3, 5)))
        self.things, self.people = {}, {}
        for _ in range(rng.randint(6, 10)):
            kind = self.cls if rng.random() < 0.15 else rng.choice(kinds)
            r = rng.random()
            if r < 0.35:
                name = names.unique(lambda: syl(rng).title() + " " + syl(rng).title())
            elif r < 0.7:
                name = names.unique(lambda: syl(rng).title() + " " + kind.title())
            else:
                name = names.unique(lambda: syl(rng).title())
            t = {"kind": kind, "place": rng.choice(self.places), "year": rng.randint(1820, 2023)}
            for m in self.measures:
                lo, hi = MEASURES[m]["range"]
                v = int(round(10 ** rng.uniform(len(str(lo)) - 1, len(str(hi)) - 1 + 0.3)))
                t[m] = max(lo, min(hi, v if v < 1000 else round(v, -2)))
            self.things[name] = t
        for _ in range(rng.randint(8, 14)):
            p = names.person()
            self.people[p] = {"kind": rng.choice(roles), "born": rng.randint(1935, 2004), "place": rng.choice(self.places)}
        ps = list(self.people)
        rng.shuffle(ps)
        for a, b in zip(ps[0:6:2], ps[1:6:2]):
            self.people[a]["spouse"], self.people[b]["spouse"] = b, a
        for a in ps[6:9]:
            self.people[a]["mentor"] = rng.choice([p for p in ps if p != a])
        rels = RELATIONS[self.family]
        for name in self.things:
            for verb, *_ in rng.sample(rels, min(2, len(rels))):
                self.things[name][verb] = rng.choice(ps)


def verbalise(rng, w):
    """[(text, subject, attrs)] like worlds.verbalise: attrs are what the fact states about subject."""
    out = []
    fam = w.family
    for T, t in w.things.items():
        said = set()
        r = rng.random()
        if r < 0.2:  # two statements in one sentence
            out.append((f"{T}, {art(t['kind'])} {YEAR_WORDS[fam][0]} {when(rng, t['year'])}, is based in {t['place']}.", T, ["kind", "year", "place"]))
            said |= {"kind", "year", "place"}
        elif r < 0.35:
            out.append((f"The {t['kind']} {T} is kept in {t['place']}." if fam == "things" else f"The {t['kind']} {T} is based in {t['place']}.", T, ["kind", "place"]))
            said |= {"kind", "place"}
        if "kind" not in said:
            out.append((rng.choice([f"{T} is {art(t['kind'])}.", f"{T} is {art(t['kind'])} in {t['place']}.", f"{T} is {art(t['kind'])}, one of several in the region."]), T, ["kind"]))
        if "place" not in said:
            out.append((rng.choice([f"{T} is based in {t['place']}.", f"{T} can be found in {t['place']}.", f"{t['place']} is home to {T}."]), T, ["place"]))
        if "year" not in said:
            out.append((rng.choice(YEAR_FACTS[fam]).format(T=T, d=when(rng, t["year"]), y=t["year"]), T, ["year"]))
        for m in w.measures:
            out.append((rng.choice(MEASURES[m]["facts"]).format(T=T, v=number(rng, t[m])), T, [m]))
        for verb, forms, _, _ in RELATIONS[fam]:
            if verb in t:
                out.append((rng.choice(forms).format(p=t[verb], T=T, y=rng.randint(max(t["year"], 1990), 2024)), T, [verb]))
    for p, e in w.people.items():
        r = rng.random()
        if r < 0.3:  # two statements in one sentence
            out.append((f"{p} was born in {e['place']} in {e['born']} and works as {art(e['kind'])}.", p, ["place", "born", "kind"]))
            continue_facts = []
        elif r < 0.5:  # the role as an appositive
            continue_facts = [(f"{p}, {art(e['kind'])}, was born in {e['born']}.", ["kind", "born"]),
                              (rng.choice([f"{p} was born in {e['place']}.", f"{e['place']} is the birthplace of {p}.", f"{p} is a native of {e['place']}."]), ["place"])]
        elif r < 0.75:
            continue_facts = [(f"{p} was born {when(rng, e['born'])}.", ["born"]),
                              (rng.choice([f"{p} is {art(e['kind'])}.", f"{p} works as {art(e['kind'])}.", f"The {e['kind']} {p} lives nearby."]), ["kind"]),
                              (rng.choice([f"{p} was born in {e['place']}.", f"{e['place']} is the birthplace of {p}."]), ["place"])]
        else:
            continue_facts = [(rng.choice([f"{p} was born in {e['place']} in {e['born']}.", f"Born in {e['place']} in {e['born']}, {p} never moved away."]), ["place", "born"]),
                              (rng.choice([f"{p} is {art(e['kind'])}.", f"{p} works as {art(e['kind'])}.", f"{p} has been {art(e['kind'])} for years."]), ["kind"])]
        out += [(text, p, attrs) for text, attrs in continue_facts]
        if "spouse" in e and p < e["spouse"]:
            q = e["spouse"]
            out.append((rng.choice([f"{p} is married to {q}.", f"{p} and {q} are married.", f"{q} married {p} in {rng.randint(1960, 2022)}."]), p, ["spouse"]))
        if "mentor" in e:
            m = e["mentor"]
            out.append((rng.choice([f"{m} trained {p}.", f"{p} was trained by {m}.", f"{p} studied under {m}."]), p, ["mentor"]))
    rng.shuffle(out)
    return out


class Index:
    def __init__(self, facts):
        self.of = {}
        for i, (_, subj, attrs) in enumerate(facts):
            for a in attrs:
                self.of.setdefault((subj, a), i)

    def f(self, name, attr):
        return self.of.get((name, attr))


def support(*ids):
    if any(i is None for i in ids):
        return None
    out = []
    for i in ids:
        if i not in out:
            out.append(i)
    return out


def threshold(rng, values):
    v = rng.choice(values)
    if v >= 100:
        mag = 10 ** (len(str(v)) - 2)
        return max(1, round(v / mag) * mag)
    return v


SINGULAR = {"are": "is", "were": "was", "have": "has", "cost": "costs", "weigh": "weighs", "own": "owns", "design": "designs",
            "look": "looks", "belong": "belongs", "lead": "leads", "spend": "spends", "can": "can"}


class Predicate(str):
    """A filter's verb phrase as it follows a plural subject ('are natives of X'), carrying the form
    that follows a singular one where more than the verb agrees ('is a native of X', 'is a tie')."""

    def __new__(cls, plural, singular_form=None):
        phrase = super().__new__(cls, plural)
        phrase.singular_form = singular_form
        return phrase


def singular(phrase):
    """'are based in X' -> 'is based in X', for a relative clause after a singular noun."""
    if getattr(phrase, "singular_form", None):
        return phrase.singular_form
    first, _, rest = phrase.partition(" ")
    return f"{SINGULAR.get(first, first)} {rest}"


# verbs that invert with the subject in a question; every other verb takes 'do'
AUXILIARIES = {"are", "were", "is", "was", "can", "could", "will", "would", "should", "may", "might", "must"}


def yes_no(noun_plural, phrase):
    """A plural verb phrase asked as a yes/no question about any member of a class: an auxiliary moves
    before the subject ('Were any officers born in X?', 'Can any ships be found in Y?'); any other verb
    is already in its base form after a plural subject, so 'do' carries the question ('Do any pilots
    own a barge?'). 'are' keeps the register 'Do any X happen to be ...'."""
    first, _, rest = phrase.partition(" ")
    if first == "are":
        return f"Do any {noun_plural} happen to be {rest}?"
    if first in AUXILIARIES:
        return f"{first.capitalize()} any {noun_plural} {rest}?"
    return f"Do any {noun_plural} {phrase}?"


def register(rng, q):
    """The same question as another user might type it: lowercase, no question mark, or as it is."""
    r = rng.random()
    if r < 0.25:
        return q[0].lower() + q[1:].rstrip("?.").lower() if rng.random() < 0.5 else q.lower()
    if r < 0.35:
        return q.rstrip("?.")
    return q


def thing_filters(rng, w, ix):
    """[(plural phrase, test, facts, join)] over the world's things."""
    T = w.things
    out = []
    x = rng.choice(w.places)
    out.append((rng.choice([f"are in {x}", f"are based in {x}", f"can be found in {x}"]), lambda n, x=x: T[n]["place"] == x, lambda n: support(ix.f(n, "place")), False))
    k = rng.choice(sorted({t["kind"] for t in T.values()} - {w.cls}) or [w.kinds[0]])
    out.append((Predicate(f"are {plural(k)}", f"is {art(k)}"), lambda n, k=k: T[n]["kind"] == k, lambda n: support(ix.f(n, "kind")), False))
    y = threshold(rng, [t["year"] for t in T.values()])
    word = YEAR_WORDS[w.family][rng.random() < 0.3]
    before = rng.random() < 0.5
    out.append((f"were {word} {'before' if before else 'after'} {y}", lambda n, y=y, b=before: T[n]["year"] < y if b else T[n]["year"] > y,
                lambda n: support(ix.f(n, "year")), False))
    m = rng.choice(w.measures)
    v = threshold(rng, [t[m] for t in T.values()])
    more = rng.random() < 0.5
    phrase = MEASURES[m]["cmp"][0 if more else 1].format(v=f"{v:,}")
    out.append((phrase, lambda n, v=v, mo=more, m=m: T[n][m] > v if mo else T[n][m] < v, lambda n, m=m: support(ix.f(n, m)), False))
    verb, _, passive, _ = rng.choice(RELATIONS[w.family])
    px = rng.choice(w.places)
    out.append((f"are {passive} someone born in {px}", lambda n, verb=verb, px=px: verb in T[n] and w.people[T[n][verb]]["place"] == px,
                lambda n, verb=verb: support(ix.f(n, verb), ix.f(T[n][verb], "place")) if verb in T[n] else None, True))
    return out


def person_filters(rng, w, ix):
    P = w.people
    out = []
    x = rng.choice(w.places)
    born_in = rng.choice([f"were born in {x}", f"are natives of {x}"])
    out.append((Predicate(born_in, f"is a native of {x}" if born_in.startswith("are ") else None), lambda n, x=x: P[n]["place"] == x, lambda n: support(ix.f(n, "place")), False))
    y = threshold(rng, [e["born"] for e in P.values()])
    before = rng.random() < 0.5
    out.append((f"were born {'before' if before else 'after'} {y}", lambda n, y=y, b=before: P[n]["born"] < y if b else P[n]["born"] > y, lambda n: support(ix.f(n, "born")), False))
    verb, _, _, base = rng.choice(RELATIONS[w.family])
    k = rng.choice(sorted({t["kind"] for t in w.things.values()}))
    owned = {n for n, t in w.things.items() if t["kind"] == k and verb in t}
    out.append((f"{base} {art(k)}", lambda n, verb=verb, k=k: any(t.get(verb) == n and t["kind"] == k for t in w.things.values()),
                lambda n, verb=verb, k=k: next((support(ix.f(t, verb), ix.f(t, "kind")) for t in owned if w.things[t][verb] == n), None), True))
    r = rng.choice(sorted({e["kind"] for e in P.values()}))
    out.append((f"are married to {art(r)}", lambda n, r=r: "spouse" in P[n] and P[P[n]["spouse"]]["kind"] == r,
                lambda n: support(ix.f(min(n, P[n]["spouse"]), "spouse"), ix.f(P[n]["spouse"], "kind")) if "spouse" in P[n] else None, True))
    return out


def make_questions(rng, w, facts):
    """[{question, type, join, answer, sets}] in questions.py's format."""
    ix = Index(facts)
    out = []
    T, P = w.things, w.people
    for _ in range(70):
        side = rng.choice(["thing", "thing", "person"])
        op = rng.choice(["set", "set", "count", "bool", "min", "max", "argmin", "argmax"])
        members = list(T) if side == "thing" else list(P)
        filters = thing_filters(rng, w, ix) if side == "thing" else person_filters(rng, w, ix)
        # the noun the question ranges over: the class, or one kind of it (whose members are known by their kind fact)
        role_kind = rng.choice(sorted({e["kind"] for e in P.values()})) if side == "person" and rng.random() < 0.4 else None
        noun = w.cls if side == "thing" else (role_kind or w.role)
        flt = rng.choice(filters) if rng.random() < 0.8 else None
        if op in ("set", "count", "bool"):
            if flt is None:
                continue
            phrase, test, fsup, join = flt
            sets = []
            for n in members:
                sup = fsup(n)
                if sup is None:
                    continue
                ok = test(n)
                if role_kind:
                    kf = ix.f(n, "kind")
                    if kf is None:
                        continue
                    sup = support(kf, *sup)
                    ok = ok and P[n]["kind"] == role_kind
                if op == "bool":
                    sets.append((sup, ("BOOL", bool(ok), None)))
                else:
                    sets.append((sup, (op.upper(), n, None) if ok else ("NULL", None, None)))
            if not sets:
                continue
            answer = sorted({d[1] for _, d in sets if d[0] not in ("NULL", "BOOL")})
            pl = plural(noun)
            if op == "set":
                q = rng.choice([f"Which {pl} {phrase}?", f"List the {pl} that {phrase}.", f"{pl} that {phrase}", f"What {pl} {phrase}?"])
                out.append({"question": register(rng, q), "type": "set", "join": join, "answer": answer, "sets": sets})
            elif op == "count":
                q = rng.choice([f"How many {pl} {phrase}?", f"number of {pl} that {phrase}", f"Count the {pl} that {phrase}."])
                out.append({"question": register(rng, q), "type": "count", "join": join, "answer": [len(answer)], "sets": sets})
            else:
                q = rng.choice([f"Are there any {pl} that {phrase}?", yes_no(pl, phrase)])
                out.append({"question": register(rng, q), "type": "bool", "join": join, "answer": [any(d[1] for _, d in sets)], "sets": sets})
            continue
        # min / max / argmin / argmax over a numeric attribute
        if side == "thing":
            attr = rng.choice(["year"] + w.measures)
        else:
            attr = "born"
        sets = []
        for n in members:
            fv = ix.f(n, attr)
            if fv is None:
                continue
            if flt is None:
                sup, ok = [fv], True
            else:
                fs = flt[2](n)
                if fs is None:
                    continue
                sup, ok = support(*fs, fv), flt[1](n)
            if role_kind and ok is not None:
                kf = ix.f(n, "kind")
                if kf is None:
                    continue
                sup = support(kf, *sup)
                ok = ok and P[n]["kind"] == role_kind
            value = (T[n] if side == "thing" else P[n])[attr]
            sets.append((sup, (op.upper(), n if op.startswith("arg") else None, value) if ok else ("NULL", None, None)))
        vals = [(d[2], d[1]) for _, d in sets if d[0] != "NULL"]
        if not vals:
            continue
        lowest = op in ("min", "argmin")
        best = min(v for v, _ in vals) if lowest else max(v for v, _ in vals)
        answer = [best] if op in ("min", "max") else sorted(n for v, n in vals if v == best)
        rel = f" that {singular(flt[0])}" if flt else ""
        q = superlative(rng, op, side, attr, noun, rel, w.family)
        out.append({"question": register(rng, q), "type": op, "join": bool(flt and flt[3]), "answer": answer, "sets": sets})
    return out


def superlative(rng, op, side, attr, noun, rel, family):
    """Words for min/max/argmin/argmax over attr, the direction read from the question's own words."""
    low = op in ("min", "argmin")
    arg = op.startswith("arg")
    if attr in ("year", "born"):
        # earliest year = oldest; latest = newest / youngest
        adj = rng.choice(["oldest", "earliest"] if low else (["youngest", "most recently born"] if attr == "born" else ["newest", "most recent", "latest"]))
        made = "born" if attr == "born" else YEAR_WORDS[family][0]
        if arg:
            return rng.choice([f"Which {noun}{rel} is the {adj}?" if attr != "born" else f"Who is the {adj} {noun}{rel}?",
                               f"Which {noun}{rel} was {made} {'first' if low else 'last'}?", f"{adj} {noun}{rel}"])
        return rng.choice([f"In what year was the {adj} {noun}{rel} {made}?", f"What is the {'earliest' if low else 'latest'} year any {noun}{rel} was {made}?",
                           f"{'earliest' if low else 'latest'} year {art(noun)}{rel} was {made}"])
    m = MEASURES[attr]
    adj = rng.choice(m["least"] if low else m["most"])
    if arg:
        return rng.choice([f"Which {noun}{rel} is the {adj}?", f"Which is the {adj} {noun}{rel}?", f"{adj} {noun}{rel}"])
    return rng.choice([f"What is the {m['ask']} of the {adj} {noun}{rel}?", f"What is the {rng.choice(m['low'] if low else m['value'][1:])} of any {noun}{rel}?",
                       f"{m['ask']} of the {adj} {noun}{rel}"])


def generate(n_worlds, seed, data_dir, heldout=False, domain=None, progress=None):
    """[(facts, questions)] for n_worlds worlds of the trained domains (or of the held-out ones)."""
    rng = random.Random(seed)
    real_people = W.load_real_people(data_dir)
    out = []
    for i in range(n_worlds):
        w = DomainWorld(rng, W.Names(rng, real_people), heldout=heldout, domain=domain)
        facts = verbalise(rng, w)
        qs = make_questions(rng, w, facts)
        out.append(([f[0] for f in facts], qs, w))
        if progress and (i + 1) % 100 == 0:
            progress(i + 1, n_worlds)
    return out
