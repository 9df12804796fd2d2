"""Questions of every NeuralDB type over an invented world, with support sets and derivations.

A question is a target class, an optional filter (an attribute, a number comparison, or a join
through a spouse, an employer or a managed place) and an operation (set, count, bool, min, max,
argmin, argmax). Each support set is an ordered list of fact indices (the fact that matches the
question's filter first, as the Support Set Generator should find it) with its derivation.
Entities that fail the filter give negative support sets whose derivation is [NULL_ANSWER].
"""
from worlds import JOBS, PETS, HOBBIES

VENUES = ("museum", "park", "library", "theatre", "stadium", "zoo", "castle")


def plural(noun):
    if noun.endswith("y") and noun[-2] not in "aeiou":
        return noun[:-1] + "ies"
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    if noun == "person":
        return "people"
    return noun + "s"


def art(noun):
    return ("an " if noun[0] in "aeiou" else "a ") + noun


class Index:
    def __init__(self, world, facts):
        self.w = world
        self.of = {}
        for i, (_, subj, attrs) in enumerate(facts):
            for a in attrs:
                if a == "job+employer":
                    continue
                self.of.setdefault((subj, a), i)
                if a == "spouse":
                    self.of.setdefault((world.entities[subj]["spouse"], "spouse"), i)
                if a == "manages":
                    self.of.setdefault((world.entities[subj]["manages"], "manager"), i)

    def f(self, name, attr):
        return self.of.get((name, attr))


def support(*ids):
    out = []
    for i in ids:
        if i is None:
            return None
        if i not in out:
            out.append(i)
    return out


def cmp_phrase(rng, kind, op, v):
    """Words for 'attribute op v' in a relative clause: (plural verb phrase, singular, yes/no body)."""
    before, after = ("before", "after") if rng.random() < 0.7 else ("earlier than", "later than")
    if kind == "born":
        w = before if op == "<" else after
        return f"were born {w} {v}", f"was born {w} {v}", f"born {w} {v}"
    if kind == "founded":
        w = before if op == "<" else after
        verb = rng.choice(["founded", "established"])
        return f"were {verb} {w} {v}", f"was {verb} {w} {v}", f"{verb} {w} {v}"
    if kind == "opened":
        w = before if op == "<" else after
        return f"opened {w} {v}", f"opened {w} {v}", f"open {w} {v}"
    more = rng.choice(["more than", "over"]) if op == ">" else rng.choice(["fewer than", "less than", "under"])
    vs = f"{v:,}" if rng.random() < 0.6 else str(v)
    if kind == "employees":
        noun = rng.choice(["employees", "staff", "people on the payroll", "workers"])
        return f"have {more} {vs} {noun}", f"has {more} {vs} {noun}", f"have {more} {vs} {noun}"
    noun = rng.choice(["visitors a year", "visitors per year", "yearly visitors", "visitors annually"])
    return f"get {more} {vs} {noun}", f"gets {more} {vs} {noun}", f"get {more} {vs} {noun}"


def num_threshold(rng, values):
    v = rng.choice(values)
    if v > 2100 or v < 1000:
        mag = 10 ** max(0, len(str(v)) - 2)
        return max(1, round(v / mag) * mag)
    return round(v, -1) if rng.random() < 0.5 else v


class Filter:
    """A predicate on entities of one class, with its words and the facts that show it."""

    def __init__(self, pl, sg, ask, test, facts, noun=None, join=False):
        self.pl, self.sg, self.ask, self.test, self.facts, self.noun, self.join = pl, sg, ask, test, facts, noun, join


def person_filters(rng, w, ix):
    E = w.entities
    people = w.people
    out = []
    places = w.places
    x = rng.choice(places)
    out.append(Filter(rng.choice([f"were born in {x}", f"come from {x}", f"are natives of {x}"]),
                      rng.choice([f"was born in {x}", f"comes from {x}"]), lambda e, x=x: f"Was {e} born in {x}?",
                      lambda n, x=x: E[n]["birthplace"] == x, lambda n: support(ix.f(n, "birthplace"))))
    jobs = sorted({E[p]["job"] for p in people})
    j = rng.choice(jobs)
    sg, pl, _ = JOBS[j]
    out.append(Filter(rng.choice([f"work as {pl}", f"are {pl}"]), rng.choice([f"works as {art(sg)}", f"is {art(sg)}"]),
                      lambda e, sg=sg: rng.choice([f"Is {e} {art(sg)}?", f"Does {e} work as {art(sg)}?"]),
                      lambda n, j=j: E[n]["job"] == j, lambda n: support(ix.f(n, "job")), noun=sg))
    pets = sorted({E[p]["pet"] for p in people if "pet" in E[p]})
    if pets:
        p = rng.choice(pets + ["horse"])
        psg = PETS[p][0]
        verb = rng.choice(["have", "own", "keep"])
        out.append(Filter(f"{verb} {art(psg)}", f"{verb}s {art(psg)}" if verb != "have" else f"has {art(psg)}",
                          lambda e, psg=psg, verb=verb: f"Does {e} {verb} {art(psg)}?",
                          lambda n, p=p: E[n].get("pet") == p, lambda n: support(ix.f(n, "pet"))))
    hobbies = sorted({E[p]["hobby"] for p in people if "hobby" in E[p]})
    if hobbies:
        h = rng.choice(hobbies)
        out.append(Filter(HOBBIES[h][0], HOBBIES[h][1], lambda e, h=h: f"Does {e} {HOBBIES[h][0]}?",
                          lambda n, h=h: E[n].get("hobby") == h, lambda n: support(ix.f(n, "hobby"))))
    emp = rng.choice(sorted({E[p]["employer"] for p in people}))
    out.append(Filter(rng.choice([f"work at {emp}", f"work for {emp}", f"are employed by {emp}"]), f"works for {emp}",
                      lambda e, emp=emp: f"Does {e} work for {emp}?", lambda n, emp=emp: E[n]["employer"] == emp,
                      lambda n: support(ix.f(n, "employer"))))
    y = num_threshold(rng, [E[p]["birth_year"] for p in people])
    op = rng.choice("<>")
    ppl, psg, pask = cmp_phrase(rng, "born", op, y)
    out.append(Filter(ppl, psg, lambda e, pask=pask: f"Was {e} {pask}?",
                      lambda n, y=y, op=op: E[n]["birth_year"] < y if op == "<" else E[n]["birth_year"] > y,
                      lambda n: support(ix.f(n, "birth_year"))))
    decade = rng.choice([p for p in people])
    dec = E[decade]["birth_year"] // 10 * 10
    out.append(Filter(f"were born in the {dec}s", f"was born in the {dec}s", lambda e, dec=dec: f"Was {e} born in the {dec}s?",
                      lambda n, dec=dec: E[n]["birth_year"] // 10 * 10 == dec, lambda n: support(ix.f(n, "birth_year"))))
    # joins
    x2 = rng.choice(places)
    out.append(Filter(f"work for a company based in {x2}", f"works for a company based in {x2}",
                      lambda e, x2=x2: f"Does {e} work for a company based in {x2}?",
                      lambda n, x2=x2: E[E[n]["employer"]].get("city") == x2 and E[E[n]["employer"]]["cls"] == "company",
                      lambda n: support(ix.f(E[n]["employer"], "city"), ix.f(n, "employer")), join=True))
    y2 = num_threshold(rng, [E[c]["founded"] for c in w.of_class("company")])
    op2 = rng.choice("<>")
    _, _, cbody = cmp_phrase(rng, "founded", op2, y2)
    out.append(Filter(f"work for a company {cbody}", f"works for a company {cbody}",
                      lambda e, cbody=cbody: f"Does {e} work for a company {cbody}?",
                      lambda n, y2=y2, op2=op2: E[E[n]["employer"]]["cls"] == "company" and
                      (E[E[n]["employer"]]["founded"] < y2 if op2 == "<" else E[E[n]["employer"]]["founded"] > y2),
                      lambda n: support(ix.f(E[n]["employer"], "founded"), ix.f(n, "employer")), join=True))
    j2 = rng.choice(jobs)
    s2 = JOBS[j2][0]
    out.append(Filter(rng.choice([f"are married to {art(s2)}", f"have a spouse who is {art(s2)}"]), f"is married to {art(s2)}",
                      lambda e, s2=s2: f"Is {e} married to {art(s2)}?",
                      lambda n, j2=j2: "spouse" in E[n] and E[E[n]["spouse"]]["job"] == j2,
                      lambda n: support(ix.f(E[n]["spouse"], "job"), ix.f(n, "spouse")) if "spouse" in E[n] else None,
                      join=True))
    x3 = rng.choice(places)
    out.append(Filter(f"are married to someone born in {x3}", f"is married to someone born in {x3}",
                      lambda e, x3=x3: f"Is {e} married to someone born in {x3}?",
                      lambda n, x3=x3: "spouse" in E[n] and E[E[n]["spouse"]]["birthplace"] == x3,
                      lambda n: support(ix.f(E[n]["spouse"], "birthplace"), ix.f(n, "spouse")) if "spouse" in E[n] else None,
                      join=True))
    managed = [v for v in E if E[v]["cls"] in VENUES and "manager" in E[v]]
    if managed:
        vcls = E[rng.choice(managed)]["cls"]
        thr = num_threshold(rng, [E[v]["visitors"] for v in managed])
        out.append(Filter(f"manage {art(vcls)} that gets more than {thr:,} visitors a year",
                          f"manages {art(vcls)} that gets more than {thr:,} visitors a year",
                          lambda e, vcls=vcls, thr=thr: f"Does {e} manage {art(vcls)} with more than {thr:,} visitors a year?",
                          lambda n, vcls=vcls, thr=thr: "manages" in E[n] and E[E[n]["manages"]]["cls"] == vcls and E[E[n]["manages"]]["visitors"] > thr,
                          lambda n: support(ix.f(E[n]["manages"], "visitors"), ix.f(n, "manages")) if "manages" in E[n] else None,
                          join=True))
    return out


def org_filters(rng, w, ix, cls):
    E = w.entities
    members = w.of_class(cls)
    out = []
    x = rng.choice(w.places)
    if cls == "company":
        out.append(Filter(rng.choice([f"are based in {x}", f"have their head office in {x}", f"are headquartered in {x}"]),
                          f"is based in {x}", lambda e, x=x: f"Is {e} based in {x}?", lambda n, x=x: E[n]["city"] == x,
                          lambda n: support(ix.f(n, "city"))))
        for attr in ("founded", "employees"):
            t = num_threshold(rng, [E[m][attr] for m in members])
            op = rng.choice("<>")
            pl, sg, body = cmp_phrase(rng, attr, op, t)
            out.append(Filter(pl, sg, lambda e, body=body, attr=attr: f"Was {e} {body}?" if attr == "founded" else f"Does {e} {body}?",
                              lambda n, t=t, op=op, attr=attr: E[n][attr] < t if op == "<" else E[n][attr] > t,
                              lambda n, attr=attr: support(ix.f(n, attr))))
        c = rng.choice([18, 19, 20, 21])
        words = {18: ["eighteenth", "18th"], 19: ["nineteenth", "19th"], 20: ["twentieth", "20th"], 21: ["twenty-first", "21st"]}[c]
        cw = rng.choice(words)
        out.append(Filter(f"were founded in the {cw} century", f"was founded in the {cw} century",
                          lambda e, cw=cw: f"Was {e} founded in the {cw} century?",
                          lambda n, c=c: (c - 1) * 100 <= E[n]["founded"] <= (c - 1) * 100 + 99,
                          lambda n: support(ix.f(n, "founded"))))
    else:
        c = rng.choice([18, 19, 20, 21])
        words = {18: ["eighteenth", "18th"], 19: ["nineteenth", "19th"], 20: ["twentieth", "20th"], 21: ["twenty-first", "21st"]}[c]
        cw = rng.choice(words)
        out.append(Filter(f"opened in the {cw} century", f"opened in the {cw} century",
                          lambda e, cw=cw: f"Did {e} open in the {cw} century?",
                          lambda n, c=c: (c - 1) * 100 <= E[n]["opened"] <= (c - 1) * 100 + 99,
                          lambda n: support(ix.f(n, "opened"))))
        out.append(Filter(rng.choice([f"are in {x}", f"are located in {x}"]), f"is in {x}", lambda e, x=x: f"Is {e} in {x}?",
                          lambda n, x=x: E[n]["city"] == x, lambda n: support(ix.f(n, "city"))))
        for attr in ("opened", "visitors"):
            t = num_threshold(rng, [E[m][attr] for m in members])
            op = rng.choice("<>")
            pl, sg, body = cmp_phrase(rng, attr, op, t)
            out.append(Filter(pl, sg, lambda e, body=body, attr=attr: f"Did {e} {body}?" if attr == "opened" else f"Does {e} {body}?",
                              lambda n, t=t, op=op, attr=attr: E[n][attr] < t if op == "<" else E[n][attr] > t,
                              lambda n, attr=attr: support(ix.f(n, attr))))
    return out


# numeric attributes: (class test, attr, words for min/max/argmin/argmax)
def num_words(rng, cls, attr, noun, rel):
    """Questions for min, max, argmin, argmax over attr; noun is the class word, rel a relative clause or ''."""
    among = f" {rel}" if rel else ""
    who = "Who" if cls == "person" else "Which " + noun
    if attr == "birth_year":
        return {
            "min": [f"What is the earliest birth year of any {noun}{among}?", f"In what year was the oldest {noun}{among} born?",
                    f"When was the oldest {noun}{among} born?"],
            "max": [f"What is the latest birth year of any {noun}{among}?", f"In what year was the youngest {noun}{among} born?",
                    f"What is the most recent birth year among {plural(noun)}{among}?"],
            "argmin": [f"Who is the oldest {noun}{among}?", f"Which {noun}{among} was born earliest?", f"Which {noun}{among} was born first?"],
            "argmax": [f"Who is the youngest {noun}{among}?", f"Which {noun}{among} was born most recently?", f"Which {noun}{among} was born last?"],
        }
    if attr == "founded":
        return {
            "min": [f"In what year was the oldest {noun}{among} founded?", f"What is the earliest founding year of any {noun}{among}?"],
            "max": [f"What is the latest founding year of any {noun}{among}?", f"In what year was the newest {noun}{among} founded?"],
            "argmin": [f"Which {noun}{among} was founded first?", f"Which is the oldest {noun}{among}?", f"Which {noun}{among} was founded earliest?"],
            "argmax": [f"Which {noun}{among} was founded most recently?", f"Which is the newest {noun}{among}?", f"Which {noun}{among} is the youngest?"],
        }
    if attr == "employees":
        return {
            "min": [f"What is the smallest number of employees at any {noun}{among}?", f"What is the smallest workforce of any {noun}{among}?",
                    f"How many people work at the smallest {noun}{among}?"],
            "max": [f"What is the largest number of employees at any {noun}{among}?", f"What is the biggest workforce of any {noun}{among}?",
                    f"How many employees does the largest {noun}{among} have?"],
            "argmin": [f"Which {noun}{among} has the fewest employees?", f"Which {noun}{among} has the smallest workforce?", f"{who}{among} employs the fewest people?"],
            "argmax": [f"Which {noun}{among} has the most employees?", f"Which {noun}{among} employs the most people?", f"Which {noun}{among} has the largest workforce?"],
        }
    if attr == "opened":
        return {
            "min": [f"In which year did the oldest {noun}{among} open?", f"What is the earliest opening year of any {noun}{among}?"],
            "max": [f"In which year did the newest {noun}{among} open?", f"What is the latest opening year of any {noun}{among}?"],
            "argmin": [f"Which {noun}{among} opened first?", f"Which {noun}{among} opened earliest?", f"Which is the oldest {noun}{among}?"],
            "argmax": [f"Which {noun}{among} opened most recently?", f"Which {noun}{among} is the newest?", f"Which {noun}{among} opened last?"],
        }
    return {  # visitors
        "min": [f"How many visitors a year does the least visited {noun}{among} get?", f"What is the lowest yearly visitor count of any {noun}{among}?",
                f"What is the smallest number of annual visitors of any {noun}{among}?"],
        "max": [f"What is the highest annual visitor count of any {noun}{among}?", f"How many visitors a year does the most visited {noun}{among} get?",
                f"What is the largest number of yearly visitors of any {noun}{among}?"],
        "argmin": [f"Which {noun}{among} has the fewest visitors per year?", f"Which {noun}{among} gets the fewest visitors?", f"Which is the least visited {noun}{among}?"],
        "argmax": [f"Which {noun}{among} attracts the most visitors each year?", f"Which {noun}{among} has the most visitors?", f"Which is the most visited {noun}{among}?"],
    }


def make_questions(rng, w, facts):
    """[{question, type, join, answer, sets: [(support list, derivation)]}]"""
    ix = Index(w, facts)
    E = w.entities
    out = []
    classes = ["person"] * 3 + ["company"] * 2 + sorted({e["cls"] for e in E.values() if e["cls"] in VENUES})
    for _ in range(60):
        cls = rng.choice(classes)
        members = w.people if cls == "person" else w.of_class(cls)
        filters = person_filters(rng, w, ix) if cls == "person" else org_filters(rng, w, ix, cls)
        flt = rng.choice(filters) if rng.random() < 0.75 else None
        op = rng.choice(["set", "set", "count", "bool", "bool", "min", "max", "argmin", "argmax"])
        noun = cls
        if op in ("set", "count"):
            if flt is None:
                continue
            q = make_set_question(rng, op, cls, flt)
            job_flt = None
            if cls == "person" and not flt.noun and rng.random() < 0.3:
                job_flt = next((f for f in filters if f.noun), None)
                if job_flt is not None:
                    jpl = plural(job_flt.noun)
                    q = rng.choice([f"Which {jpl} {flt.pl}?", f"How many {jpl} {flt.pl}?" if op == "count" else f"List the {jpl} who {flt.pl}.",
                                    f"Which of the {jpl} {flt.pl}?"])
                    if op == "count":
                        q = rng.choice([f"How many {jpl} {flt.pl}?", f"What is the number of {jpl} who {flt.pl}?"])
            sets = []
            for n in members:
                sup = flt.facts(n)
                if sup is None:
                    continue
                if job_flt is not None:
                    jf = job_flt.facts(n)
                    if jf is None:
                        continue
                    sup = support(*jf, *sup)
                    ok = flt.test(n) and job_flt.test(n)
                else:
                    ok = flt.test(n)
                if ok:
                    sets.append((sup, (op.upper(), n, None)))
                else:
                    sets.append((sup, ("NULL", None, None)))
            answer = sorted({d[1] for _, d in sets if d[0] != "NULL"})
            out.append({"question": q, "type": op, "join": flt.join, "answer": answer if op == "set" else [len(answer)], "sets": sets})
        elif op == "bool":
            married = [p for p in members if cls == "person" and "spouse" in E[p]]
            if flt is not None and not flt.join and married and rng.random() < 0.25:
                e = rng.choice(married)
                sp = E[e]["spouse"]
                fs = flt.facts(sp)
                if fs is None or ix.f(e, "spouse") is None:
                    continue
                rel = rng.choice(["husband" if E[sp]["sex"] == "M" else "wife", "spouse"])
                val = bool(flt.test(sp))
                sets = [(support(ix.f(e, "spouse"), *fs), ("BOOL", val, None))]
                out.append({"question": flt.ask(f"{e}'s {rel}"), "type": "bool", "join": True, "answer": [val], "sets": sets})
            elif flt is not None and rng.random() < 0.7:
                e = rng.choice(members)
                sup = flt.facts(e)
                if sup is None:
                    continue
                val = bool(flt.test(e))
                sets = [(sup, ("BOOL", val, None))]
                # facts about other entities do not answer a question about e
                for n in rng.sample(members, min(3, len(members))):
                    if n != e and flt.facts(n):
                        sets.append((flt.facts(n), ("NULL", None, None)))
                out.append({"question": flt.ask(e), "type": "bool", "join": flt.join, "answer": [val], "sets": sets})
            elif flt is not None and flt.join and rng.random() < 0.5 and cls == "person":
                body = flt.sg
                q = f"Is there anyone who {body}?" if rng.random() < 0.5 else f"Does anyone {flt.pl.replace('are ', 'be ', 1) if flt.pl.startswith('are ') else flt.pl}?"
                if flt.pl.startswith("are "):
                    q = f"Is anyone {flt.pl[4:]}?"
                sets = []
                for n in members:
                    sup = flt.facts(n)
                    if sup is None:
                        continue
                    sets.append((sup, ("BOOL", bool(flt.test(n)), None)))
                out.append({"question": q, "type": "bool", "join": True, "answer": [any(d[1] for _, d in sets)], "sets": sets})
            else:
                attr = {"person": "birth_year", "company": rng.choice(["founded", "employees"])}.get(cls, rng.choice(["opened", "visitors"]))
                a, b = rng.sample(members, 2)
                fa, fb = ix.f(a, attr), ix.f(b, attr)
                if fa is None or fb is None or E[a][attr] == E[b][attr]:
                    continue
                form = {"birth_year": (f"Was {a} born before {b}?", "<"), "founded": (f"Was {a} founded before {b}?", "<"),
                        "employees": (f"Does {a} have more employees than {b}?", ">"), "opened": (f"Did {a} open before {b}?", "<"),
                        "visitors": (f"Does {a} get more visitors per year than {b}?", ">")}[attr]
                if rng.random() < 0.4:
                    form = {"birth_year": (f"Is {a} older than {b}?", "<"), "founded": (f"Was {a} founded after {b}?", ">"),
                            "employees": (f"Does {a} have fewer employees than {b}?", "<"), "opened": (f"Did {a} open after {b}?", ">"),
                            "visitors": (f"Does {a} attract fewer visitors than {b}?", "<")}[attr]
                val = E[a][attr] < E[b][attr] if form[1] == "<" else E[a][attr] > E[b][attr]
                sets = [([fa, fb] if rng.random() < 0.5 else [fb, fa], ("BOOL", val, None))]
                out.append({"question": form[0], "type": "bool", "join": False, "answer": [val], "sets": sets})
        else:
            attr = {"person": "birth_year", "company": rng.choice(["founded", "employees", "employees"])}.get(cls, rng.choice(["opened", "visitors"]))
            rel, rel_pl = "", ""
            if flt is not None and flt.noun and not flt.join:
                noun = flt.noun
            elif flt is not None:
                who = "who " if cls == "person" else "that "
                rel, rel_pl = who + flt.sg, who + flt.pl
                if cls == "person" and flt.sg.startswith("was born") and rng.random() < 0.5:
                    rel = rel_pl = flt.sg[len("was "):]
            q = rng.choice(num_words(rng, cls, attr, noun, rel)[op])
            if rel and rng.random() < 0.3:
                q = f"Among {plural(noun)} {rel_pl}, " + q[0].lower() + q[1:].replace(f" {rel}", "")
            sets = []
            for n in members:
                fv = ix.f(n, attr)
                if fv is None:
                    continue
                if flt is None:
                    sup, ok = [fv], True
                else:
                    fs = flt.facts(n)
                    if fs is None:
                        continue
                    sup, ok = support(*fs, fv), flt.test(n)
                if ok:
                    sets.append((sup, (op.upper(), n if op.startswith("arg") else None, E[n][attr])))
                else:
                    sets.append((sup, ("NULL", None, None)))
            vals = [(d[2], d[1]) for _, d in sets if d[0] != "NULL"]
            if not vals:
                answer = []
            elif op in ("min", "max"):
                answer = [min(vals)[0] if op == "min" else max(vals)[0]]
            else:
                best = min(v for v, _ in vals) if op == "argmin" else max(v for v, _ in vals)
                answer = sorted(n for v, n in vals if v == best)
            out.append({"question": q, "type": op, "join": bool(flt and flt.join), "answer": answer, "sets": sets})
    return out


def make_set_question(rng, op, cls, flt):
    if op == "count":
        if cls == "person" and flt.noun and rng.random() < 0.5:
            return rng.choice([f"How many {plural(flt.noun)} are there?", f"How many people work as {plural(flt.noun)}?"])
        return rng.choice([f"How many {plural(cls)} {flt.pl}?", f"How many {plural(cls)} {flt.pl} in total?",
                           f"Count the {plural(cls)} that {flt.pl}."])
    if cls == "person":
        forms = [f"Who {flt.sg}?", f"Which people {flt.pl}?", f"List everyone who {flt.sg}.", f"Name the people who {flt.pl}."]
        if flt.noun:
            forms.append(f"Who are the {plural(flt.noun)}?")
        if flt.join and flt.sg.startswith("is married to ") and rng.random() < 0.5:
            forms.append("Whose spouse is " + flt.sg[len("is married to "):] + "?")
            forms.append("Whose husband or wife is " + flt.sg[len("is married to "):] + "?")
        return rng.choice(forms)
    return rng.choice([f"Which {plural(cls)} {flt.pl}?", f"List the {plural(cls)} that {flt.pl}.", f"What {plural(cls)} {flt.pl}?",
                       f"Name every {cls} that {flt.sg}."])
