"""Worlds in many domains, drawn from WordNet (wordnet.py), for training and for held-out measuring.

A domain is a class of things (a WordNet noun under vehicle, structure, device, container, equipment
or organization, with at least four one-word kinds below it: ship -> schooner, ketch, barge) and a
class of people (a noun under person with four kinds or more: musician -> pianist, drummer). A
world invents named things of that class, each of one kind, with a place, a year (made or founded)
and two measured attributes (length, height, weight, price for things; members, budget for
organisations), and people of the role class, each of one kind, with a birth year and place, a
spouse, a mentor, and a relation to things (owns, designed, looks after, received; member of, leads,
honoured by).
Facts say these in many ways (passive, relative clauses on either side of a relation, appositives,
two statements in one sentence, a pronoun for the second, the class before the name, dates as seasons
or days; a relation as a transfer: "went to", "was awarded to", "received", "the X award went to";
measures as compound adjectives before the noun or inside the name's phrase: "a 24-metre ketch", "the
300-member Vosk Society", "a €3,800,000 budget"; money with the world's currency as a sign, a code
or a word; decimals; the kind by a role noun: "is one of the pianists", "Among the pianists is X",
"Pianist X", "became a pianist in 1990");
questions come in many registers (lowercase, fragments, the class's hypernym or the kind's own
word, "which ... the most"), and ask for the members of a kind by its noun alone ("How many
pianists are there?"). Amounts in words or with scale words ("forty metres", "€3.8 million") are
written in digits here because the models never see them otherwise: engines/nldb/number-text.ts
rewrites them before either model reads a fact or a question. Whole domains are held out by the
hash of the class word: training never sees them (`held_out(word)`), and heldout.py writes worlds of only those.

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

# measured attributes: unit phrases (fact forms use {v}; money uses {c} the currency's sign, {code} its
# code, {cur} its name: each world has one currency); words for the question's direction. "adj" are the
# value as a compound adjective before a noun ("a 24-metre ketch", "the 300-member Vosk Society", "a
# €3,800,000 budget"), "vp" the statement as a verb phrase after the name (for relative clauses).
# Amounts with scale words or in words ("€3.8 million", "forty metres") are written here as the models
# read them: engines/nldb/number-text.ts rewrites them as digits before either model sees a fact.
MEASURES = {
    "length": {"unit": "metres", "range": (4, 320), "facts": ["{T} is {v} metres long.", "{T} measures {v} metres from end to end.",
                                                               "At {v} metres long, {T} is the pride of its owners.", "{T} has a length of {v} metres.",
                                                               "{T} is {v} m long.", "From end to end, {T} runs to {v} metres."],
               "adj": ["{v}-metre", "{v}-metre-long", "{v} m"], "vp": ["is {v} metres long", "measures {v} metres"],
               "ask": "length in metres", "cmp": ("are longer than {v} metres", "are shorter than {v} metres"),
               "most": ["longest"], "least": ["shortest"], "value": ["length", "greatest length"], "low": ["smallest length"]},
    "height": {"unit": "metres", "range": (2, 180), "facts": ["{T} stands {v} metres tall.", "{T} is {v} metres high.", "{T} rises to a height of {v} metres.",
                                                              "{T} reaches {v} m in height.", "{T} towers {v} metres above the ground."],
               "adj": ["{v}-metre-tall", "{v}-metre-high"], "vp": ["stands {v} metres tall", "is {v} metres high"],
               "ask": "height in metres", "cmp": ("are taller than {v} metres", "are lower than {v} metres"),
               "most": ["tallest", "highest"], "least": ["lowest", "shortest"], "value": ["height", "greatest height"], "low": ["lowest height"]},
    "weight": {"unit": "kilograms", "range": (20, 90000), "facts": ["{T} weighs {v} kilograms.", "{T} has a weight of {v} kg.", "Fully loaded, {T} weighs {v} kilograms.",
                                                                    "{T} tips the scales at {v} kg.", "{T} weighs in at {v} kilograms."],
               "adj": ["{v}-kilogram", "{v}-kg", "{v} kg"], "vp": ["weighs {v} kilograms", "has a weight of {v} kg"],
               "ask": "weight in kilograms", "cmp": ("weigh more than {v} kilograms", "weigh less than {v} kg"),
               "most": ["heaviest"], "least": ["lightest"], "value": ["weight", "greatest weight"], "low": ["lowest weight"]},
    "price": {"unit": "{cur}", "range": (300, 4000000), "facts": ["{T} cost {c}{v}.", "{T} was bought for {c}{v}.", "{T} is valued at {v} {cur}.",
                                                                   "{T}, which cost {c}{v}, was paid for in instalments.", "{T} was sold for {code} {v}.",
                                                                   "{T} carries a price tag of {c}{v}.", "Someone paid {v} {cur} for {T}.", "{T} fetched {code} {v} at auction."],
              "adj": ["{c}{v}", "{code} {v}"], "vp": ["cost {c}{v}", "was bought for {v} {cur}", "sold for {code} {v}"],
              "ask": "price in {cur}", "cmp": ("cost more than {c}{v}", "cost under {v} {cur}"),
              "most": ["most expensive", "priciest", "most valuable"], "least": ["cheapest", "least expensive"], "value": ["price", "highest price"], "low": ["lowest price"]},
    "members": {"unit": "members", "range": (5, 4000), "facts": ["{T} has {v} members.", "{v} people belong to {T}.", "{T} counts {v} members.",
                                                                 "With {v} members, {T} is busy all year.", "{T} has a membership of {v}.", "{T} now numbers {v} members."],
                "adj": ["{v}-member", "{v}-strong"], "vp": ["has {v} members", "counts {v} members"],
                "ask": "number of members", "cmp": ("have more than {v} members", "have fewer than {v} members"),
                "most": ["largest", "biggest"], "least": ["smallest"], "value": ["membership", "largest membership"], "low": ["smallest membership"]},
    "budget": {"unit": "{cur}", "range": (1000, 9000000), "facts": ["{T} has a budget of {c}{v}.", "{T} spends {c}{v} a year.", "The yearly budget of {T} is {c}{v}.",
                                                                    "{T} works with an annual budget of {code} {v}.", "{T} runs on {v} {cur} a year.",
                                                                    "{T} received {c}{v} in funding this year."],
               "adj": ["{c}{v}", "{code} {v}"], "vp": ["has a budget of {c}{v}", "spends {v} {cur} a year"],
               "ask": "budget", "cmp": ("have a budget over {c}{v}", "spend less than {c}{v} a year"),
               "most": ["best-funded", "richest"], "least": ["poorest", "least-funded"], "value": ["budget", "largest budget"], "low": ["smallest budget"]},
}
# the noun a money amount as an adjective goes before ("a €3,800,000 budget")
MONEY_NOUNS = {"price": ["price tag"], "budget": ["budget", "annual budget", "yearly budget"]}
CURRENCIES = [("€", "EUR", "euros"), ("$", "USD", "dollars"), ("£", "GBP", "pounds")]
THING_MEASURES = ["length", "height", "weight", "price"]
GROUP_MEASURES = ["members", "budget"]
YEAR_FACTS = {
    "things": ["{T} was built {d}.", "{T} was made {d}.", "{T} dates from {y}.", "{T} was completed {d}.", "Built {d}, {T} is still in use.",
               "{T} went into service {d}."],
    "groups": ["{T} was founded {d}.", "{T} was formed {d}.", "{T} has existed since {y}.", "{T} was set up {d}.", "Founded {d}, {T} has grown steadily."],
}
YEAR_WORDS = {"things": ("built", "made"), "groups": ("founded", "formed")}
# (key, fact forms, the thing's side as a plural verb phrase, the person's side as a plural verb phrase
# before "a KIND", the relation as a relative clause after the thing's name). Transfers ("went to",
# "was awarded to", "received") and passives as well as actives.
RELATIONS = {
    "things": [("owns", ["{p} owns {T}.", "{T} belongs to {p}.", "{T} is owned by {p}.", "{p} is the owner of {T}.", "{T} is in the hands of {p}."],
                "are owned by", "own", ["which {p} owns", "which belongs to {p}", "owned by {p}"]),
               ("designed", ["{p} designed {T}.", "{T} was designed by {p}.", "{T} is the work of {p}.", "The design of {T} is by {p}."],
                "were designed by", "design", ["which {p} designed", "designed by {p}"]),
               ("looks after", ["{p} looks after {T}.", "{T} is looked after by {p}.", "{p} takes care of {T}.", "The care of {T} falls to {p}."],
                "are looked after by", "look after", ["which {p} looks after", "looked after by {p}"]),
               ("received", ["{T} went to {p} in {y}.", "{T} was awarded to {p}.", "{p} received {T} in {y}.", "{T} was presented to {p}.",
                             "{T} was handed over to {p} in {y}.", "{p} was given {T}.", "In {y}, {T} passed to {p}."],
                "were given to", "were given", ["which went to {p} in {y}", "which {p} received", "awarded to {p} in {y}"])],
    "groups": [("is a member of", ["{p} is a member of {T}.", "{p} belongs to {T}.", "{p} joined {T} in {y}.", "{T} counts {p} among its members.",
                                   "{T} admitted {p} as a member in {y}."],
                "were joined by", "belong to", ["which {p} joined in {y}", "to which {p} belongs"]),
               ("leads", ["{p} leads {T}.", "{T} is led by {p}.", "{p} heads {T}.", "{p} is the head of {T}.", "The head of {T} is {p}."],
                "are led by", "lead", ["which {p} leads", "led by {p}", "headed by {p}"]),
               ("honoured", ["{T} honoured {p} in {y}.", "The {T} award went to {p} in {y}.", "{T} gave its award to {p}.",
                             "{p} received an award from {T} in {y}.", "{p} was honoured by {T}.", "The prize of {T} was awarded to {p} in {y}."],
                "gave an award to", "were honoured by", ["which honoured {p} in {y}", "whose award went to {p}"])],
}
PRONOUNS = {"F": ("she", "her"), "M": ("he", "his")}
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
        self.sign, self.code, self.currency = rng.choice(CURRENCIES)
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
                if m in ("length", "height", "weight") and t[m] < 100 and rng.random() < 0.3:  # "a 4.2-metre mast"
                    t[m] = round(t[m] + rng.choice([-0.5, -0.2, 0.1, 0.4, 0.8]), 1) if t[m] > lo else t[m]
            self.things[name] = t
        for _ in range(rng.randint(8, 14)):
            p = names.person()
            self.people[p] = {"kind": rng.choice(roles), "born": rng.randint(1935, 2004), "place": rng.choice(self.places), "sex": rng.choice("FM")}
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


def an(phrase):
    """The article before a phrase, by its first sound: 'an 80-metre', 'an 18-kg', 'an €11,000', 'a 24-metre', 'a 185-kg'."""
    number = re.match(r"[€$£]?(\d+)", phrase)
    if number:  # read by its leading group: "eighty", "eleven thousand", "eighteen"; "a hundred and eighty"
        lead = number.group(1)
        return ("an " if lead.startswith("8") or lead in ("11", "18") else "a ") + phrase
    return ("an " if phrase[0] in "aeiouAEIOU" else "a ") + phrase


def fill(w, form, v, **more):
    """A measure's form with the value and the world's currency."""
    return form.format(v=v, c=w.sign, code=w.code, cur=w.currency, **more)


def measure_adj(rng, w, m, v):
    """The value as a compound adjective before a noun: ('24-metre', None) or ('€3,800,000', 'budget')."""
    adj = fill(w, rng.choice(MEASURES[m]["adj"]), v)
    return adj, (rng.choice(MONEY_NOUNS[m]) if m in MONEY_NOUNS else None)


def thing_measure(rng, w, T, t, m, said):
    """One statement of a measured attribute, in one of several forms: (text, attrs)."""
    v = number(rng, t[m])
    adj, noun = measure_adj(rng, w, m, v)
    r = rng.random()
    if r < 0.45:
        return fill(w, rng.choice(MEASURES[m]["facts"]), v, T=T), [m]
    if noun:  # "Vosk Hall works with a €3,800,000 budget." / "Vosk Hall, a €3,800,000 purchase, ..."
        return rng.choice([f"{T} came with {an(adj)} {noun}.", f"{T} is {an(adj)} {t['kind']}.", f"{T} has {an(adj)} {noun}."] if m == "price" else
                          [f"{T} works with {an(adj)} {noun}.", f"{T} was granted {an(adj)} {noun}.", f"{T} has {an(adj)} {noun}."]), [m]
    if r < 0.75 and "kind" not in said:  # two facts: "Vosk Hall is a 24-metre ketch."
        said.add("kind")
        return rng.choice([f"{T} is {an(adj)} {t['kind']}.", f"{T}, {an(adj)} {t['kind']}, is well known locally."]), [m, "kind"]
    return rng.choice([f"{T} is {an(adj)} {t['kind']}.", f"{T} is {an(adj)} {t['kind']}.", f"Everyone knows {T} as {an(adj)} {w.cls}."]), [m]


# parts and other counts a thing or an organisation has: a number in the unit of a measured attribute
# that is not that attribute ("a 2-metre door" is not the thing's length; "40 volunteers" are not its members)
PARTS = ["base", "door", "frame", "cover", "platform", "panel", "mast", "sign", "window", "roof"]
OTHER_COUNTS = ["{v} volunteers help {T} each year.", "{T} runs {v} branches.", "{T} spent {c}{v} on a new {part}.",
                "{T} keeps {v} staff on call.", "{T} paid {c}{v} for its {part}."]


def part_fact(rng, w, T):
    """A number of something else than the thing's measured attributes, in their units ('Vosk Hall has a 2-metre door.')."""
    m = rng.choice(w.measures)
    lo, hi = MEASURES[m]["range"]
    v = number(rng, rng.randint(lo, max(lo + 1, hi // 20)))
    part = rng.choice(PARTS)
    if w.family == "groups":
        return fill(w, rng.choice(OTHER_COUNTS), v, T=T, part=part)
    adj, _ = measure_adj(rng, w, m, v)
    if m in MONEY_NOUNS:
        return rng.choice([f"{T} got a new {part} for {w.sign}{v}.", f"The {part} of {T} cost {v} {w.currency} to replace."])
    return rng.choice([f"{T} has {an(adj)} {part}.", f"The {part} of {T} is {an(adj)} one.", f"{T} sits on {an(adj)} {part}."])


def verbalise(rng, w):
    """[(text, subject, attrs, also)] like worlds.verbalise: attrs are what the fact states about subject;
    also is [(other subject, attrs)] a fact states besides ('X, who owns Y, was born in Z')."""
    out = []
    fam = w.family
    made = YEAR_WORDS[fam][0]
    for T, t in w.things.items():
        said = set()
        r = rng.random()
        if r < 0.2:  # two statements in one sentence
            out.append((f"{T}, {art(t['kind'])} {made} {when(rng, t['year'])}, is based in {t['place']}.", T, ["kind", "year", "place"]))
            said |= {"kind", "year", "place"}
        elif r < 0.35:
            out.append((f"The {t['kind']} {T} is kept in {t['place']}." if fam == "things" else f"The {t['kind']} {T} is based in {t['place']}.", T, ["kind", "place"]))
            said |= {"kind", "place"}
        elif r < 0.45:  # a pronoun for the second statement
            out.append((rng.choice([f"{T} was {made} {when(rng, t['year'])}, and today it is based in {t['place']}.",
                                    f"{T} is based in {t['place']}, where it has been since it was {made} {when(rng, t['year'])}."]), T, ["year", "place"]))
            said |= {"year", "place"}
        if "kind" not in said and rng.random() < 0.5:
            out.append((rng.choice([f"{T} is {art(t['kind'])}.", f"{T} is {art(t['kind'])} in {t['place']}.", f"{T} is {art(t['kind'])}, one of several in the region.",
                                    f"Among the {plural(t['kind'])} is {T}.", f"{T} is one of the {plural(t['kind'])}.", f"{t['kind'].capitalize()} {T} is well known."]), T, ["kind"]))
            said.add("kind")
        for m in w.measures:
            if rng.random() < 0.35 and "place" not in said:  # a measure and a place in one sentence, the measure inside the name's phrase
                v = number(rng, t[m])
                adj, noun = measure_adj(rng, w, m, v)
                if noun:
                    out.append((f"{T}, with {an(adj)} {noun}, is based in {t['place']}.", T, [m, "place"]))
                else:
                    out.append((rng.choice([f"The {adj} {T} is based in {t['place']}.", f"{t['place']} is home to the {adj} {T}."]), T, [m, "place"]))
                said.add("place")
            else:
                text, attrs = thing_measure(rng, w, T, t, m, said)
                out.append((text, T, attrs))
        if "kind" not in said:
            out.append((rng.choice([f"{T} is {art(t['kind'])}.", f"{T} is {art(t['kind'])} in {t['place']}.", f"{T} is {art(t['kind'])}, one of several in the region."]), T, ["kind"]))
        if "place" not in said:
            out.append((rng.choice([f"{T} is based in {t['place']}.", f"{T} can be found in {t['place']}.", f"{t['place']} is home to {T}."]), T, ["place"]))
        if "year" not in said:
            out.append((rng.choice(YEAR_FACTS[fam]).format(T=T, d=when(rng, t["year"]), y=t["year"]), T, ["year"]))
        if rng.random() < 0.4:
            out.append((part_fact(rng, w, T), T, ["part"]))
        for verb, forms, _, _, clauses in RELATIONS[fam]:
            if verb not in t:
                continue
            p, y = t[verb], rng.randint(max(t["year"], 1990), 2024)
            r = rng.random()
            if r < 0.2:  # a relative clause: "Vosk Hall, which Ana Brell designed, was built in 1990."
                clause = rng.choice(clauses).format(p=p, y=y)
                out.append((f"{T}, {clause}, was {made} {when(rng, t['year'])}.", T, [verb, "year"]))
            elif r < 0.35:  # the person's side as a relative clause: "Ana Brell, who was born in Z, owns Vosk Hall."
                e = w.people[p]
                fact = rng.choice(forms).format(p=f"{p}, who was born in {e['place']},", T=T, y=y)
                if fact.startswith(p):
                    out.append((fact, T, [verb], [(p, ["place"])]))
                else:
                    out.append((rng.choice(forms).format(p=p, T=T, y=y), T, [verb]))
            else:
                out.append((rng.choice(forms).format(p=p, T=T, y=y), T, [verb]))
    for p, e in w.people.items():
        she = PRONOUNS[e["sex"]][0]
        k = e["kind"]
        r = rng.random()
        if r < 0.2:  # two statements in one sentence
            out.append((f"{p} was born in {e['place']} in {e['born']} and works as {art(k)}.", p, ["place", "born", "kind"]))
            continue_facts = []
        elif r < 0.35:  # the role as an appositive
            continue_facts = [(rng.choice([f"{p}, {art(k)}, was born in {e['born']}.", f"{p}, {art(k)} from {e['place']}, was born in {e['born']}."]), ["kind", "born"]),
                              (rng.choice([f"{p} was born in {e['place']}.", f"{e['place']} is the birthplace of {p}.", f"{p} is a native of {e['place']}."]), ["place"])]
        elif r < 0.5:  # a pronoun for the second statement
            continue_facts = [(rng.choice([f"{p} was born in {e['place']} in {e['born']}; today {she} works as {art(k)}.",
                                           f"{p} was born in {e['born']} in {e['place']}, where {she} is now {art(k)}."]), ["place", "born", "kind"])]
        elif r < 0.7:
            continue_facts = [(f"{p} was born {when(rng, e['born'])}.", ["born"]),
                              (rng.choice([f"{p} is {art(k)}.", f"{p} works as {art(k)}.", f"The {k} {p} lives nearby.", f"{k.capitalize()} {p} lives nearby.",
                                           f"{p} became {art(k)} in {min(e['born'] + rng.randint(18, 30), 2024)}.", f"{p} is one of the {plural(k)}."]), ["kind"]),
                              (rng.choice([f"{p} was born in {e['place']}.", f"{e['place']} is the birthplace of {p}."]), ["place"])]
        else:
            continue_facts = [(rng.choice([f"{p} was born in {e['place']} in {e['born']}.", f"Born in {e['place']} in {e['born']}, {p} never moved away.",
                                           f"{p}, who was born in {e['born']}, comes from {e['place']}."]), ["place", "born"]),
                              (rng.choice([f"{p} is {art(k)}.", f"{p} works as {art(k)}.", f"{p} has been {art(k)} for years.", f"Among the {plural(k)} is {p}.",
                                           f"{p} is {art(k)} by training.", f"{p} has worked as {art(k)} since {min(e['born'] + rng.randint(18, 30), 2024)}."]), ["kind"])]
        out += [(text, p, attrs) for text, attrs in continue_facts]
        if "spouse" in e and p < e["spouse"]:
            q = e["spouse"]
            out.append((rng.choice([f"{p} is married to {q}.", f"{p} and {q} are married.", f"{q} married {p} in {rng.randint(1960, 2022)}.",
                                    f"{p} married {q}, {art(w.people[q]['kind'])}, in {rng.randint(1960, 2022)}."]), p, ["spouse"]))
        if "mentor" in e:
            m = e["mentor"]
            out.append((rng.choice([f"{m} trained {p}.", f"{p} was trained by {m}.", f"{p} studied under {m}.", f"{p} was taught by {m}, who trained {PRONOUNS[e['sex']][1]} for years."]),
                        p, ["mentor"]))
    rng.shuffle(out)
    return out


class Index:
    def __init__(self, facts):
        self.of = {}
        for i, (_, subj, attrs, *also) in enumerate(facts):
            for who, said in [(subj, attrs)] + (also[0] if also else []):
                for a in said:
                    self.of.setdefault((who, a), i)

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
    phrase = fill(w, MEASURES[m]["cmp"][0 if more else 1], f"{v:,}")
    out.append((phrase, lambda n, v=v, mo=more, m=m: T[n][m] > v if mo else T[n][m] < v, lambda n, m=m: support(ix.f(n, m)), False))
    verb, _, passive, _, _ = rng.choice(RELATIONS[w.family])
    px = rng.choice(w.places)
    out.append((f"{passive} someone born in {px}", lambda n, verb=verb, px=px: verb in T[n] and w.people[T[n][verb]]["place"] == px,
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
    verb, _, _, base, _ = rng.choice(RELATIONS[w.family])
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
                q = membership(rng, w, ix, facts, op, side)
                if q:
                    out.append(q)
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
        if side == "thing" and attr != "year":  # a number of a part in the same unit answers nothing
            sets += [([ix.f(n, "part")], ("NULL", None, None)) for n in members if ix.f(n, "part") is not None]
        vals = [(d[2], d[1]) for _, d in sets if d[0] != "NULL"]
        if not vals:
            continue
        lowest = op in ("min", "argmin")
        best = min(v for v, _ in vals) if lowest else max(v for v, _ in vals)
        answer = [best] if op in ("min", "max") else sorted(n for v, n in vals if v == best)
        rel = f" that {singular(flt[0])}" if flt else ""
        q = superlative(rng, op, side, attr, noun, rel, w)
        out.append({"question": register(rng, q), "type": op, "join": bool(flt and flt[3]), "answer": answer, "sets": sets})
    return out


def membership(rng, w, ix, facts, op, side):
    """A set, count or yes/no question over the members of one kind, known by the kind's noun alone ('How
    many pianists are there?', 'List the ketches.'): each member's support set is its kind fact, which
    may say it with a role noun, an appositive or the noun before the name."""
    pool = w.people if side == "person" else w.things
    kind = rng.choice(sorted({e["kind"] for e in pool.values()} - {w.cls}) or [w.cls])
    sets = []
    for n, e in pool.items():
        kf = ix.f(n, "kind")
        if kf is None:
            continue
        ok = e["kind"] == kind
        said = [kf]
        if ok and n.split()[-1].lower() == kind:  # "Vosk Ketch" is a ketch by its name: any fact naming it says so
            said += [i for i, f in enumerate(facts) if i != kf and n in f[0]]
        for i in said:
            sets.append(([i], ("BOOL", ok, None) if op == "bool" else ((op.upper(), n, None) if ok else ("NULL", None, None))))
    if not sets:
        return None
    answer = sorted({d[1] for _, d in sets if d[0] not in ("NULL", "BOOL")})
    pl, whole = plural(kind), plural(w.role if side == "person" else w.cls)
    if op == "set":
        forms = [f"List the {pl}.", f"Name every {kind}.", f"Which {whole} are {pl}?", f"all the {pl}", f"{pl}"] + ([f"Who are the {pl}?", f"Who works as {art(kind)}?"] if side == "person" else [f"What {pl} are there?"])
        return {"question": register(rng, rng.choice(forms)), "type": "set", "join": False, "answer": answer, "sets": sets}
    if op == "count":
        forms = [f"How many {pl} are there?", f"number of {pl}", f"Count the {pl}.", f"How many {whole} are {pl}?", f"how many {pl}"]
        return {"question": register(rng, rng.choice(forms)), "type": "count", "join": False, "answer": [len(answer)], "sets": sets}
    forms = [f"Are there any {pl}?", f"Is there {art(kind)}?"] + ([f"Is anyone {art(kind)}?", f"Does anyone work as {art(kind)}?"] if side == "person" else [])
    return {"question": register(rng, rng.choice(forms)), "type": "bool", "join": False, "answer": [any(d[1] for _, d in sets)], "sets": sets}


def superlative(rng, op, side, attr, noun, rel, w):
    """Words for min/max/argmin/argmax over attr, the direction read from the question's own words."""
    low = op in ("min", "argmin")
    arg = op.startswith("arg")
    if attr in ("year", "born"):
        # earliest year = oldest; latest = newest / youngest
        adj = rng.choice(["oldest", "earliest"] if low else (["youngest", "most recently born"] if attr == "born" else ["newest", "most recent", "latest"]))
        made = "born" if attr == "born" else YEAR_WORDS[w.family][0]
        if arg:
            return rng.choice([f"Which {noun}{rel} is the {adj}?" if attr != "born" else f"Who is the {adj} {noun}{rel}?",
                               f"Which {noun}{rel} was {made} {'first' if low else 'last'}?", f"{adj} {noun}{rel}"])
        return rng.choice([f"In what year was the {adj} {noun}{rel} {made}?", f"What is the {'earliest' if low else 'latest'} year any {noun}{rel} was {made}?",
                           f"{'earliest' if low else 'latest'} year {art(noun)}{rel} was {made}"])
    m = dict(MEASURES[attr], ask=fill(w, MEASURES[attr]["ask"], ""))
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
