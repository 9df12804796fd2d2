"""Invented worlds: people, organisations and places with attributes, verbalised as free-text facts.

Every world is random: names are made from syllables, attributes drawn at random, and each fact is
one of many sentence patterns, sometimes stating two attributes at once. Real data from the
project's data/ folder (the royals, Northwind employees and customers) adds names and phrasing.
Nothing here reads shared/datasets: those are for measuring only.
"""
import csv
import os
import random
import re

ONSETS = ["b", "br", "c", "ch", "d", "dr", "f", "g", "gr", "h", "j", "k", "l", "m", "n", "p", "pr", "r", "s", "st",
          "t", "th", "tr", "v", "w", "z", "sh", "bl", "cl", "fl", "kr", "sl", "qu", "y"]
VOWELS = ["a", "e", "i", "o", "u", "ai", "ea", "ou", "io", "ie", "y", "ee", "oa"]
CODAS = ["", "", "n", "r", "l", "s", "th", "nd", "rt", "ck", "m", "x", "ll", "ss", "ng", "st", "rd", "tt"]
FIRST_ENDS = ["a", "o", "ia", "en", "el", "us", "ina", "ard", "eth", "ie", "an", "ette", "ic", "on", ""]
LAST_ENDS = ["son", "ley", "ton", "berg", "well", "ford", "stein", "ez", "ski", "ova", "er", "wood", "field", "ham",
             "man", "by", "more", "ard", "ini", "elli", "ow", "ay", "ick", ""]
PLACE_ENDS = ["ford", "bury", "ton", "wick", "mouth", "field", "moor", "ham", "stead", "by", "port", "dale", "minster",
              "bridge", "well", "haven", "cross", "holm", "thorpe", "ley"]
PLACE_PREFIX = ["", "", "", "", "Port ", "East ", "West ", "North ", "South ", "Upper ", "Lower ", "Great ", "Little ",
                "Saint ", "New ", "Old "]
COMPANY_WORDS = ["Foods", "Optics", "Logistics", "Energy", "Software", "Printing", "Motors", "Mills", "Works",
                 "Chemicals", "Pharmaceuticals", "Bakery", "Brewery", "Textiles", "Systems", "Analytics", "Labs",
                 "Holdings", "Engineering", "Construction", "Media", "Airlines", "Shipping", "Steel", "Furniture",
                 "Instruments", "Robotics", "Dairies", "Farms", "Insurance", "Bank", "Telecom", "Electronics"]
COMPANY_KIND = {"Foods": "food", "Optics": "optics", "Logistics": "haulage", "Energy": "energy", "Software": "software",
                "Printing": "printing", "Motors": "car", "Mills": "textile", "Works": "manufacturing",
                "Chemicals": "chemical", "Pharmaceuticals": "pharmaceutical", "Bakery": "bakery", "Brewery": "brewing",
                "Textiles": "textile", "Systems": "technology", "Analytics": "data", "Labs": "research",
                "Holdings": "investment", "Engineering": "engineering", "Construction": "construction",
                "Media": "media", "Airlines": "airline", "Shipping": "shipping", "Steel": "steel",
                "Furniture": "furniture", "Instruments": "instrument", "Robotics": "robotics", "Dairies": "dairy",
                "Farms": "farming", "Insurance": "insurance", "Bank": "banking", "Telecom": "telecoms",
                "Electronics": "electronics"}
VENUE_CLASSES = {
    "museum": ["{n} Museum", "Museum of {x}", "{n} Art Museum", "{n} Maritime Museum", "{n} Railway Museum",
               "{n} Gallery", "{n} Science Museum"],
    "park": ["{n} Park", "{n} Gardens", "{n} Nature Reserve", "{n} Country Park", "{n} Common", "{n} Botanic Garden"],
    "library": ["{n} Library", "{n} Public Library", "{n} Reading Rooms"],
    "theatre": ["{n} Theatre", "{n} Playhouse", "{n} Opera House"],
    "stadium": ["{n} Stadium", "{n} Arena", "{n} Sports Ground"],
    "zoo": ["{n} Zoo", "{n} Wildlife Park", "{n} Aquarium"],
    "castle": ["{n} Castle", "{n} Fort", "{n} Abbey"],
}
MUSEUM_TOPICS = ["Clocks", "Toys", "Glass", "Lace", "Mining", "Flight", "Music", "Maps", "Coins", "Fossils", "Textiles"]

# occupation: (singular, plural, ways a sentence can say someone has it)
JOBS = {
    "doctor": ("doctor", "doctors", ["is a doctor", "works as a doctor", "practises as a doctor", "is a physician",
                                      "is a GP", "is a surgeon"]),
    "nurse": ("nurse", "nurses", ["is a nurse", "works as a nurse", "is a staff nurse", "trained as a nurse"]),
    "engineer": ("engineer", "engineers", ["is an engineer", "works as an engineer", "is a civil engineer",
                                            "is a mechanical engineer", "is a process engineer"]),
    "teacher": ("teacher", "teachers", ["is a teacher", "teaches", "works as a teacher", "is a science teacher",
                                         "is a music teacher"]),
    "lawyer": ("lawyer", "lawyers", ["is a lawyer", "works as a lawyer", "is a solicitor", "practises law"]),
    "chemist": ("chemist", "chemists", ["is a chemist", "works as a chemist", "is a research chemist"]),
    "pharmacist": ("pharmacist", "pharmacists", ["is a pharmacist", "works as a pharmacist", "runs a pharmacy"]),
    "accountant": ("accountant", "accountants", ["is an accountant", "works as an accountant", "keeps the books"]),
    "electrician": ("electrician", "electricians", ["is an electrician", "works as an electrician"]),
    "software developer": ("software developer", "software developers",
                           ["is a software developer", "writes software", "develops software", "works as a programmer",
                            "is a software engineer"]),
    "librarian": ("librarian", "librarians", ["is a librarian", "works as a librarian"]),
    "baker": ("baker", "bakers", ["is a baker", "bakes bread", "works as a baker"]),
    "driver": ("driver", "drivers", ["is a driver", "drives a lorry", "drives a truck", "is a bus driver",
                                      "works as a delivery driver"]),
    "architect": ("architect", "architects", ["is an architect", "works as an architect", "designs buildings"]),
    "curator": ("curator", "curators", ["is a curator", "works as a curator"]),
    "plumber": ("plumber", "plumbers", ["is a plumber", "works as a plumber"]),
    "carpenter": ("carpenter", "carpenters", ["is a carpenter", "works as a joiner", "works as a carpenter"]),
    "journalist": ("journalist", "journalists", ["is a journalist", "writes for a newspaper", "is a reporter"]),
    "pilot": ("pilot", "pilots", ["is a pilot", "flies planes", "works as a pilot"]),
    "farmer": ("farmer", "farmers", ["is a farmer", "runs a farm", "works as a farmer"]),
    "dentist": ("dentist", "dentists", ["is a dentist", "works as a dentist"]),
    "vet": ("vet", "vets", ["is a vet", "works as a vet", "is a veterinary surgeon"]),
    "chef": ("chef", "chefs", ["is a chef", "cooks in a restaurant", "works as a chef"]),
    "weaver": ("weaver", "weavers", ["is a weaver", "works as a weaver"]),
    "police officer": ("police officer", "police officers", ["is a police officer", "serves in the police"]),
    "firefighter": ("firefighter", "firefighters", ["is a firefighter", "works as a firefighter"]),
}
PETS = {
    "cat": ("cat", "cats", ["a cat", "a tabby cat", "a black cat", "a Siamese cat", "two cats", "a ginger cat",
                            "a Persian cat", "a kitten"]),
    "dog": ("dog", "dogs", ["a dog", "a spaniel", "a terrier", "a collie", "a poodle", "a greyhound", "a labrador",
                            "a sheepdog", "two dogs", "a puppy", "a dachshund", "a retriever"]),
    "rabbit": ("rabbit", "rabbits", ["a rabbit", "a pet rabbit", "two rabbits"]),
    "hamster": ("hamster", "hamsters", ["a hamster", "a pet hamster"]),
    "parrot": ("parrot", "parrots", ["a parrot", "a budgie", "a cockatoo", "a macaw"]),
    "horse": ("horse", "horses", ["a horse", "a pony", "a mare"]),
    "tortoise": ("tortoise", "tortoises", ["a tortoise", "a turtle"]),
    "goldfish": ("goldfish", "goldfish", ["a goldfish", "an aquarium of goldfish"]),
    "snake": ("snake", "snakes", ["a snake", "a python", "a corn snake"]),
}
HOBBIES = {
    "chess": ("play chess", "plays chess", ["plays chess", "is a keen chess player", "plays chess at a club"]),
    "fishing": ("go fishing", "goes fishing", ["goes fishing", "fishes", "is a keen angler"]),
    "painting": ("paint", "paints", ["paints", "paints in watercolours", "paints in oils", "takes painting classes"]),
    "cycling": ("cycle", "cycles", ["cycles", "rides a bike", "races bicycles", "is a keen cyclist"]),
    "climbing": ("go climbing", "goes climbing", ["goes rock climbing", "climbs", "is a climber"]),
    "rowing": ("row", "rows", ["rows", "rows on the river", "belongs to a rowing club"]),
    "singing": ("sing in a choir", "sings in a choir", ["sings in a choir", "sings with a choral society"]),
    "gardening": ("garden", "gardens", ["gardens", "grows vegetables", "tends an allotment"]),
    "birdwatching": ("go birdwatching", "goes birdwatching", ["goes birdwatching", "watches birds"]),
    "running": ("run marathons", "runs marathons", ["runs marathons", "runs", "is a long-distance runner"]),
    "pottery": ("make pottery", "makes pottery", ["makes pottery", "throws pots", "is an amateur potter"]),
    "sailing": ("sail", "sails", ["sails", "sails a dinghy", "crews on a yacht"]),
    "knitting": ("knit", "knits", ["knits", "knits jumpers"]),
    "golf": ("play golf", "plays golf", ["plays golf", "is a golfer"]),
}
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]


def cap(s):
    return s[0].upper() + s[1:]


def syl_word(rng, ends):
    n = rng.choice([1, 1, 1, 2, 2])
    w = "".join(rng.choice(ONSETS) + rng.choice(VOWELS) + rng.choice(CODAS) for _ in range(n))
    w = w[:9] + rng.choice(ends)
    return cap(w)


class Names:
    """Unique invented names; sometimes names from the project's own data for variety."""

    def __init__(self, rng, real_people):
        self.rng, self.used, self.real = rng, set(), real_people

    def unique(self, make):
        for _ in range(200):
            n = make()
            if n not in self.used and len(n) < 40:
                self.used.add(n)
                return n
        raise RuntimeError("no name")

    def person(self, family=None):
        rng = self.rng
        if self.real and rng.random() < 0.2 and family is None:
            return self.unique(lambda: rng.choice(self.real))
        return self.unique(lambda: syl_word(rng, FIRST_ENDS) + " " + (family or syl_word(rng, LAST_ENDS)))

    def place(self):
        return self.unique(lambda: self.rng.choice(PLACE_PREFIX) + syl_word(self.rng, PLACE_ENDS))

    def company(self):
        rng = self.rng
        word = rng.choice(COMPANY_WORDS)
        form = rng.random()
        if form < 0.5:
            make = lambda: syl_word(rng, LAST_ENDS) + " " + word
        elif form < 0.7:
            make = lambda: syl_word(rng, LAST_ENDS) + " & " + syl_word(rng, LAST_ENDS) + " " + word
        elif form < 0.85:
            make = lambda: syl_word(rng, PLACE_ENDS) + " " + syl_word(rng, [""]) + " " + word
        else:
            make = lambda: syl_word(rng, LAST_ENDS) + " " + word + rng.choice([" Ltd", " Group", " Company", ""])
        return self.unique(make), COMPANY_KIND[word]

    def venue(self, cls, town):
        rng = self.rng
        pattern = rng.choice(VENUE_CLASSES[cls])
        return self.unique(lambda: pattern.format(n=rng.choice([town, syl_word(rng, LAST_ENDS), syl_word(rng, PLACE_ENDS)]),
                                                  x=rng.choice(MUSEUM_TOPICS)))


def load_real_people(data_dir):
    """Given names plus houses from the royals, and Northwind employees and contacts."""
    names = []
    path = os.path.join(data_dir, "royals", "people.csv")
    if os.path.exists(path):
        with open(path, newline="", encoding="utf-8") as f:
            for row in csv.DictReader(f):
                given = (row.get("given_name") or "").split(" ")[0]
                house = row.get("house") or ""
                if given.isalpha() and house.isalpha():
                    names.append(f"{given} {house}")
    nw = os.path.join(data_dir, "northwind", "northwind.sql")
    if os.path.exists(nw):
        text = open(nw, encoding="utf-8", errors="ignore").read()
        for m in re.finditer(r"INSERT INTO Employees VALUES\(null,'([A-Za-z]+)','([A-Za-z]+)'", text):
            names.append(f"{m.group(2)} {m.group(1)}")
        for m in re.finditer(r"INSERT INTO Customers VALUES\('[A-Z]+','[^']*','([A-Z][a-z]+ [A-Z][a-z]+)'", text):
            names.append(m.group(1))
    return sorted(set(names))


def load_real_companies(data_dir):
    nw = os.path.join(data_dir, "northwind", "northwind.sql")
    out = []
    if os.path.exists(nw):
        text = open(nw, encoding="utf-8", errors="ignore").read()
        for m in re.finditer(r"INSERT INTO Suppliers VALUES\(null,'([A-Za-z .&]+)'", text):
            out.append(m.group(1))
    return sorted(set(out))


class World:
    """Entities with attributes. attr values: str (category or entity name) or int."""

    def __init__(self, rng, real_people, real_companies):
        self.rng = rng
        names = Names(rng, real_people)
        self.places = [names.place() for _ in range(rng.randint(4, 7))]
        self.entities = {}  # name -> {"cls": ..., attrs}
        for _ in range(rng.randint(6, 12)):
            if real_companies and rng.random() < 0.15:
                name = names.unique(lambda: rng.choice(real_companies)); kind = "food"
            else:
                name, kind = names.company()
            self.entities[name] = {"cls": "company", "city": rng.choice(self.places), "kind": kind,
                                   "founded": rng.randint(1850, 2022),
                                   "employees": rng.choice([rng.randint(5, 99), rng.randint(100, 2000),
                                                            rng.randint(1000, 40000)])}
        venue_classes = rng.sample(list(VENUE_CLASSES), rng.randint(2, 4))
        for cls in venue_classes:
            for _ in range(rng.randint(2, 5)):
                town = rng.choice(self.places)
                self.entities[names.venue(cls, town)] = {"cls": cls, "city": town, "opened": rng.randint(1700, 2023),
                                                         "visitors": rng.randint(800, 900000)}
        employers = [n for n, e in self.entities.items() if e["cls"] in ("company",) + tuple(venue_classes)]
        venues = [n for n, e in self.entities.items() if e["cls"] != "company"]
        people = []
        jobs = rng.sample(list(JOBS), rng.randint(6, 12))
        for _ in range(rng.randint(18, 40)):
            family = rng.choice([p.split(" ", 1)[1] for p in people]) if people and rng.random() < 0.15 else None
            name = names.person(family)
            p = {"cls": "person", "birthplace": rng.choice(self.places), "birth_year": rng.randint(1930, 2005),
                 "job": rng.choice(jobs), "employer": rng.choice(employers), "sex": rng.choice("FM")}
            if rng.random() < 0.5:
                p["pet"] = rng.choice(list(PETS))
            if rng.random() < 0.6:
                p["hobby"] = rng.choice(list(HOBBIES))
            self.entities[name] = p
            people.append(name)
        rng.shuffle(people)
        for a, b in zip(people[0::2], people[1::2]):
            if rng.random() < 0.6:
                self.entities[a]["spouse"] = b
                self.entities[b]["spouse"] = a
        for v in venues:
            if rng.random() < 0.6:
                m = rng.choice(people)
                if "manages" not in self.entities[m]:
                    self.entities[m]["manages"] = v
                    self.entities[v]["manager"] = m
        self.people = people

    def of_class(self, cls):
        return [n for n, e in self.entities.items() if e["cls"] == cls]


# ---------- verbalisation ----------

def year_phrase(rng, y, born=False):
    if born and rng.random() < 0.3:
        return f"on {rng.randint(1, 28)} {rng.choice(MONTHS)} {y}"
    return f"in {y}"


def count_str(rng, n):
    r = rng.random()
    if n >= 1000 and r < 0.7:
        return f"{n:,}"
    return str(n)


def pronoun(e):
    return ("she", "her") if e.get("sex") == "F" else ("he", "his")


def clauses(rng, w, name, attr):
    """(main predicate, appositive) ways of stating one attribute; appositive may be None."""
    e = w.entities[name]
    v = e.get(attr)
    she, her = pronoun(e)
    if attr == "birthplace":
        return rng.choice([(f"was born in {v}", f", born in {v},"), (f"is a native of {v}", f", a native of {v},"),
                           (f"comes from {v}", f", who was born in {v},"), (f"grew up in {v}, where {she} was born", None),
                           (f"was born and raised in {v}", f", a {v} native,")])
    if attr == "birth_year":
        yp = year_phrase(rng, v, born=True)
        return rng.choice([(f"was born {yp}", f", born {yp},"), (f"was born {yp}", f", who was born {yp},"),
                           (f"was born {yp}", f" (born {v})")])
    if attr == "job":
        sg = JOBS[v][0]
        phr = rng.choice(JOBS[v][2])
        art = "an" if sg[0] in "aeiou" else "a"
        return rng.choice([(phr, f", {art} {sg},"), (phr, f", who {phr.replace('is ', 'is ', 1)},")])
    if attr == "employer":
        ecls = w.entities[v]["cls"]
        if ecls == "company":
            return rng.choice([(f"works for {v}", f", an employee of {v},"), (f"works at {v}", None),
                               (f"is employed by {v}", f", who works at {v},"), (f"has a job at {v}", None),
                               (f"joined {v} in {rng.randint(1990, 2022)}", None)])
        return rng.choice([(f"works at {v}", f", who works at {v},"), (f"is on the staff of {v}", None)])
    if attr == "job+employer":
        j, emp = e["job"], e["employer"]
        sg = JOBS[j][0]
        art = "an" if sg[0] in "aeiou" else "a"
        return rng.choice([(f"is {art} {sg} at {emp}", f", {art} {sg} at {emp},"),
                           (f"works as {art} {sg} for {emp}", f", who works as {art} {sg} for {emp},"),
                           (f"has worked as {art} {sg} at {emp} since {rng.randint(1990, 2022)}", None),
                           (f"is employed by {emp} as {art} {sg}", None)])
    if attr == "pet":
        desc = rng.choice(PETS[v][2])
        pet_name = syl_word(rng, [""])
        return rng.choice([(f"has {desc}", f", who has {desc},"), (f"owns {desc}", f", the owner of {desc},"),
                           (f"keeps {desc}", None), (f"lives with {desc} called {pet_name}", None),
                           (f"walks {her} {PETS[v][0]} every morning", None) if v == "dog" else (f"has {desc}", None)])
    if attr == "hobby":
        phr = rng.choice(HOBBIES[v][2])
        return rng.choice([(phr, None), (f"{phr} at weekends", None), (f"{phr} in {her} free time", None),
                           (f"{phr} most evenings", None)])
    if attr == "spouse":
        s = v
        return rng.choice([(f"is married to {s}", f", who is married to {s},"),
                           (f"married {s} in {rng.randint(1960, 2022)}", None),
                           (f"is the {'wife' if e.get('sex') == 'F' else 'husband'} of {s}", None),
                           (f"and {s} are married", None), (f"has been married to {s} since {rng.randint(1960, 2022)}", None)])
    if attr == "manages":
        return rng.choice([(f"manages {v}", f", the manager of {v},"), (f"runs {v}", None), (f"directs {v}", f", director of {v},"),
                           (f"is in charge of {v}", None)])
    if attr == "city":
        ecls = e["cls"]
        if ecls == "company":
            return rng.choice([(f"is based in {v}", f", based in {v},"), (f"has its headquarters in {v}", f", headquartered in {v},"),
                               (f"has its head office in {v}", None), (f"is a {e['kind']} company in {v}", f", a {e['kind']} company from {v},")])
        return rng.choice([(f"is in {v}", f", in {v},"), (f"is located in {v}", f", located in {v},"),
                           (f"is a {ecls} in {v}", f", a {ecls} in {v},"), (f"stands in {v}", None)])
    if attr == "kind":
        return (f"is a {v} company", f", a {v} company,")
    if attr == "cls":
        return (f"is a {e['cls']}", f", a {e['cls']},")
    if attr == "founded":
        return rng.choice([(f"was founded in {v}", f", founded in {v},"), (f"was established in {v}", f", established in {v},"),
                           (f"was set up in {v}", None), (f"has been trading since {v}", None),
                           (f"dates from {v}", None), (f"was started in {v}", f", which was started in {v},")])
    if attr == "employees":
        c = count_str(rng, v)
        return rng.choice([(f"has {c} employees", f", which has {c} employees,"), (f"employs {c} people", f", with {c} staff,"),
                           (f"has a workforce of {c}", None), (f"has {c} staff", None),
                           (f"has {c} people on its payroll", None), (f"employs {c} workers", None)])
    if attr == "opened":
        return rng.choice([(f"opened in {v}", f", which opened in {v},"), (f"was opened in {v}", f", opened in {v},"),
                           (f"has been open since {v}", None), (f"first opened to the public in {v}", None),
                           (f"was built in {v}", f", built in {v},")])
    if attr == "visitors":
        c = count_str(rng, v)
        return rng.choice([(f"has {c} visitors a year", None), (f"attracts {c} visitors every year", f", which attracts {c} visitors a year,"),
                           (f"receives {c} visitors annually", None), (f"welcomes {c} visitors per year", None),
                           (f"gets {c} visitors each year", None), (f"counts {c} visitors a year", None)])
    if attr == "manager":
        return rng.choice([(f"is managed by {v}", f", managed by {v},"), (f"is run by {v}", None)])
    raise KeyError(attr)


def special_forms(rng, w, name, attrs):
    """Sentence shapes that do not start with the subject."""
    e = w.entities[name]
    if attrs == ("birth_year",):
        return rng.choice([f"In {e['birth_year']} {name} was born.", f"{name}'s year of birth is {e['birth_year']}."])
    if attrs == ("birthplace",):
        return rng.choice([f"{e['birthplace']} is the birthplace of {name}.", f"{name}'s birthplace is {e['birthplace']}.",
                           f"{name}'s home town is {e['birthplace']}."])
    if attrs == ("employees",):
        return rng.choice([f"There are {count_str(rng, e['employees'])} people on the payroll at {name}.",
                           f"Only {count_str(rng, e['employees'])} people work at {name}." if e["employees"] < 100 else
                           f"About {count_str(rng, e['employees'])} people work at {name}."])
    if attrs == ("visitors",):
        return rng.choice([f"Each year {count_str(rng, e['visitors'])} people visit {name}.",
                           f"Every year {count_str(rng, e['visitors'])} visitors come to {name}."])
    if attrs == ("founded",):
        return rng.choice([f"{name} was founded in {e['founded']}.", f"Founded in {e['founded']}, {name} is a {e['kind']} company."])
    if attrs == ("spouse",):
        s = e["spouse"]
        return rng.choice([f"{name}'s {'husband' if w.entities[s].get('sex') == 'M' else 'wife'} is {s}.",
                           f"{name} and {s} are husband and wife.", f"{s} and {name} got married in {rng.randint(1960, 2022)}."])
    if attrs == ("manages",):
        return f"{e['manages']} is managed by {name}."
    if attrs == ("job",):
        sg = JOBS[e["job"]][0]
        return f"By profession {name} is {'an' if sg[0] in 'aeiou' else 'a'} {sg}."
    return None


# Tried for the retriever and not better on held-out worlds; off so that a retrain reproduces the
# shipped models' data.
PAIR_FORMS = False


def pair_forms(rng, w, name, attrs):
    """Natural sentences for attribute pairs that usually travel together."""
    e = w.entities[name]
    key = frozenset(attrs)
    if key == {"birthplace", "birth_year"}:
        p, y = e["birthplace"], e["birth_year"]
        yp = year_phrase(rng, y, born=True)
        return rng.choice([f"{name} was born in {p} {yp}.", f"{name} was born {yp} in {p}.", f"Born in {p} in {y}, {name} still lives nearby.",
                           f"{name}, a native of {p}, was born in {y}.", f"{name} is a {p} native, born in {y}."])
    if key == {"city", "founded"} and e["cls"] == "company":
        return rng.choice([f"{name} was founded in {e['city']} in {e['founded']}.", f"{name}, based in {e['city']}, was founded in {e['founded']}.",
                           f"Founded in {e['founded']}, {name} has its headquarters in {e['city']}."])
    if key == {"city", "opened"}:
        return rng.choice([f"{name} in {e['city']} opened in {e['opened']}.", f"{name}, in {e['city']}, has been open since {e['opened']}."])
    if key == {"founded", "employees"}:
        return rng.choice([f"{name} was founded in {e['founded']} and has {count_str(rng, e['employees'])} employees.",
                           f"Founded in {e['founded']}, {name} now employs {count_str(rng, e['employees'])} people."])
    return None


def sentence(rng, w, name, attrs):
    if rng.random() < 0.25:
        s = special_forms(rng, w, name, attrs)
        if s:
            return s
    if len(attrs) == 1:
        main, _ = clauses(rng, w, name, attrs[0])
        if main.startswith("and "):
            return f"{name} {main}."
        return f"{name} {main}."
    a1, a2 = attrs
    main1, app1 = clauses(rng, w, name, a1)
    main2, app2 = clauses(rng, w, name, a2)
    if app1 and not main2.startswith("and ") and rng.random() < 0.6:
        return f"{name}{app1} {main2}.".replace(",,", ",")
    if main1.startswith("and ") or main2.startswith("and "):
        return f"{name} {main1 if not main1.startswith('and ') else main2}."
    return f"{name} {main1} and {main2}."


FACT_ATTRS = {
    "person": ["birthplace", "birth_year", "job", "employer", "pet", "hobby", "spouse", "manages"],
    "company": ["city", "founded", "employees"],
}


FILLER_VERBS = ["enjoys", "spends", "likes", "visits", "collects", "restores", "builds", "writes", "reads", "repairs",
                "organises", "supports", "studies", "teaches", "sells", "grows", "keeps", "mends", "designs", "watches",
                "records", "photographs", "plans", "cleans", "paints", "opens", "closes", "rebuilt", "celebrated", "won"]
FILLER_NOUNS = ["weekends", "summers", "evenings", "the harbour", "the old mill", "the market", "local history", "old maps",
                "vintage cars", "the choir", "the parish council", "the town band", "the football club", "a small boat",
                "the allotments", "the river bank", "antique clocks", "the school fete", "an award", "the county fair",
                "the library", "the bridge", "the canal", "the railway", "stamps", "the festival", "a prize", "the lighthouse"]
FILLER_ADJ = ["old", "small", "famous", "quiet", "busy", "local", "historic", "modern", "large", "popular", "new", "rural"]


def pseudo_word(rng):
    return syl_word(rng, ["", "ing", "ed", "er", "s"]).lower()


def filler(rng, pronoun_word):
    """A clause that states nothing the questions ask about, with familiar and unknown words."""
    obj = rng.choice(FILLER_NOUNS) if rng.random() < 0.6 else f"the {rng.choice(FILLER_ADJ)} {pseudo_word(rng)}"
    verb = rng.choice(FILLER_VERBS) if rng.random() < 0.7 else pseudo_word(rng) + "s"
    return rng.choice([
        (f"", f", and {pronoun_word} {verb} {obj}"),
        (f"", f" and {verb} {obj} {rng.choice(['every year', 'most days', 'in the spring', 'with friends', 'for a living'])}"),
        (f"", f", after {rng.randint(2, 40)} years near {obj}"),
        (f"", f", which is close to {obj}"),
        (f"", f" ({rng.choice(FILLER_ADJ)} {pseudo_word(rng)})"),
        (rng.choice(["According to the local paper, ", "As everyone knows, ", "These days ", "Locally, ", "In short, "]), ""),
    ])


def add_filler(rng, text, subject, w):
    if subject is None or rng.random() > 0.35:
        return text
    e = w.entities.get(subject, {})
    pron = ("she" if e.get("sex") == "F" else "he") if e.get("cls") == "person" else "it"
    pre, post = filler(rng, pron)
    body = text[:-1] if text.endswith(".") else text
    if pre:
        body = pre + body[0].lower() + body[1:] if body.split(" ")[0] in ("In", "By", "Founded", "Each", "Every", "There", "Only", "About") else pre + body
    return body + post + "."


def verbalise(rng, w):
    """[(text, subject, (attrs...))]: every attribute stated once (spouse once per couple)."""
    facts = []
    done_couples = set()
    for name, e in w.entities.items():
        attrs = [a for a in FACT_ATTRS.get(e["cls"], ["city", "opened", "visitors"]) if a in e]
        if "spouse" in attrs:
            key = frozenset((name, e["spouse"]))
            if key in done_couples:
                attrs.remove("spouse")
            done_couples.add(key)
        rng.shuffle(attrs)
        if e["cls"] == "person" and "job" in attrs and "employer" in attrs and rng.random() < 0.5:
            attrs.remove("job"); attrs.remove("employer")
            facts.append((sentence_job_employer(rng, w, name), name, ("job", "employer")))
        if PAIR_FORMS:
            for a, b in (("birthplace", "birth_year"), ("city", "founded"), ("city", "opened")):
                if a in attrs and b in attrs and rng.random() < 0.4:
                    attrs.remove(a); attrs.remove(b)
                    facts.append((pair_forms(rng, w, name, (a, b)), name, (a, b)))
        i = 0
        while i < len(attrs):
            if i + 1 < len(attrs) and rng.random() < 0.35 and "spouse" not in attrs[i:i + 2]:
                pair = (attrs[i], attrs[i + 1])
                facts.append((sentence(rng, w, name, pair), name, pair)); i += 2
            else:
                facts.append((sentence(rng, w, name, (attrs[i],)), name, (attrs[i],))); i += 1
        if e["cls"] != "person" and rng.random() < 0.5:
            facts.append((f"{name} is {'an' if e['cls'][0] in 'aeiou' else 'a'} {e['cls'] if e['cls'] != 'company' else e['kind'] + ' company'}"
                          f"{rng.choice(['', ' in ' + e['city'], ' with a long history'])}.", name, ("cls",)))
    # distractors: facts about nothing the questions ask
    for _ in range(rng.randint(5, 20)):
        p = rng.choice(w.places)
        facts.append((rng.choice([f"A market is held every Saturday in {p}.", f"The bridge in {p} was rebuilt in {rng.randint(1700, 2020)}.",
                                  f"{p} hosts a music festival every summer.", f"The river floods {p} about once every {rng.randint(5, 30)} years.",
                                  f"The number {rng.randint(2, 99)} bus runs between {p} and {rng.choice(w.places)}.",
                                  f"A storm damaged the church roof in {p} in {rng.randint(1850, 2020)}.",
                                  f"{p} has a population of {count_str(rng, rng.randint(2000, 300000))}."]), None, ()))
    facts = [(add_filler(rng, t, subj, w), subj, attrs) for t, subj, attrs in facts]
    rng.shuffle(facts)
    return facts


def sentence_job_employer(rng, w, name):
    main, _ = clauses(rng, w, name, "job+employer")
    return f"{name} {main}."
