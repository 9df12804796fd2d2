"""Distractor facts about things no question of a world asks about: rivers, peaks, stars, ships,
books, bridges and the people who wrote, found or built them, each with numbers in units
(kilometres, metres, tonnes, light years) and years of events that are not births or foundings.

A real collection holds far more than the classes its questions range over, and its numbers are
not all birth years and visitor counts: "the oldest person" must not be a novelist who published
in 1889, nor a star 1,056 light years away. heldout.py pads worlds with these facts
(`--pad-style things`) so that serving rules are decided on padding of that kind, not on the
place-only facts a world's own distractors are.

Every sentence pattern here is this project's own; names are invented by worlds.Names."""
import worlds as W

# class -> (name maker, [(pattern, value maker)]); {n} the name, {c} the class word, {v} a value,
# {y} a year, {p} a person, {t} a place
THING_CLASSES = {
    "river": ("River {w}", [
        ("The {n} flows for {v} kilometres before it joins the sea.", (20, 900)),
        ("{n} is {v} miles long.", (10, 600)),
        ("A ferry has crossed the {n} at {t} since {y}.", None),
    ]),
    "mountain": ("Mount {w}", [
        ("{n} rises to {v} metres.", (300, 4800)),
        ("{n} was first climbed in {y} by {p}.", None),
        ("The summit of {n} stands {v} feet above the valley.", (900, 15000)),
    ]),
    "star": ("{g} {w}", [
        ("The star {n} lies {v} light years away.", (4, 3000)),
        ("{n}, a star in the northern sky, is {v} light years from the sun.", (4, 3000)),
        ("{p} catalogued the star {n} in {y}.", None),
    ]),
    "comet": ("{w}-{w2}", [
        ("The comet {n} returns every {v} years.", (5, 200)),
        ("{p} discovered the comet {n} in {y}.", None),
        ("The comet {n} was last seen from {t} in {y}.", None),
    ]),
    "ship": ("{w}", [
        ("The steamship {n} was launched at {t} in {y}.", None),
        ("{n}, a cargo ship, carried {v} tonnes of grain on her last voyage.", (800, 40000)),
        ("The ship {n} sank off {t} in {y} with {v} passengers aboard.", (20, 1500)),
    ]),
    "novel": ("'The {a} {w}'", [
        ("{p} wrote the novel {n} in {y}.", None),
        ("The novel {n} by {p} runs to {v} pages.", (120, 1200)),
        ("{n}, a novel set in {t}, sold {v} copies in its first year.", (2000, 900000)),
    ]),
    "bridge": ("{w} Bridge", [
        ("The {n} spans {v} metres and was completed in {y}.", (40, 1800)),
        ("{n} carries about {v} vehicles a day.", (1200, 90000)),
    ]),
    "lake": ("Lake {w}", [
        ("{n} covers {v} hectares and is {v2} metres deep at its deepest point.", (50, 9000)),
        ("{n} freezes over about once every {v} winters.", (3, 30)),
    ]),
    "painting": ("'{a} {w}'", [
        ("{p} painted {n} in {y}; it now hangs in a gallery in {t}.", None),
        ("The painting {n} measures {v} by {v2} centimetres.", (30, 400)),
    ]),
    "tower": ("{w} Tower", [
        ("{n} is {v} metres tall and was finished in {y}.", (20, 340)),
        ("The clock on {n} has {v} bells.", (3, 16)),
    ]),
}
# things people do in a year that are neither births nor foundings
PERSON_EVENTS = [
    "{p} sailed single-handed from {t} to {t2} in {y}.",
    "In {y} {p} set a record by walking {v} kilometres in a week.",
    "{p} recorded {v} species of moth in the woods near {t} in {y}.",
    "{p} gave a lecture on tides at {t} in {y}.",
    "{p} drew the first map of the caves near {t} in {y}.",
]
ADJECTIVES = ["Silent", "Hollow", "Amber", "Winter", "Crooked", "Distant", "Patient", "Salt", "Iron", "Blue"]
STAR_LETTERS = ["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Theta", "Kappa"]


def _name(rng, names, pattern, towns):
    return names.unique(lambda: pattern.format(
        w=W.syl_word(rng, W.PLACE_ENDS), w2=W.syl_word(rng, [""]), g=rng.choice(STAR_LETTERS),
        a=rng.choice(ADJECTIVES), t=rng.choice(towns)))


def _value(rng, span):
    n = rng.randint(*span)
    return W.count_str(rng, n)


def thing_facts(rng, names, n):
    """`n` distractor facts about invented things and the people who made or found them."""
    towns = [names.place() for _ in range(6)]
    out = []
    while len(out) < n:
        if rng.random() < 0.2:
            pattern, span = rng.choice(PERSON_EVENTS), (5, 400)
            name = None
        else:
            cls = rng.choice(list(THING_CLASSES))
            name_pattern, patterns = THING_CLASSES[cls]
            name = _name(rng, names, name_pattern, towns)
            pattern, span = rng.choice(patterns)
        t, t2 = rng.sample(towns, 2)
        value = _value(rng, span or (2, 900))
        out.append(pattern.format(n=name, p=names.person(), t=t, t2=t2, y=rng.randint(1500, 2024), v=value,
                                  v2=_value(rng, span or (2, 900))))
    return out
