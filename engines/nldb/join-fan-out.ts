/**
 * Set and count questions through a join ("Who works for a company based in X?"): the support
 * sets pair a fact about the thing joined through ("Cuxlail Labs has its headquarters in X") with
 * each fact linking a member to it ("Priessnaio Zorton is a doctor at Cuxlail Labs"). The state
 * encoder often stops after the first fact, and four linked facts per set are too few for a
 * company's staff, so the interpreter offers such facts their linked facts again (its "fan-out"):
 * these helpers say which facts stand for the other side of a join.
 */
import { type ClassLexicon, nameKey, namesIn, questionNoun, singular, subjectOf } from './classes.js';
import { asksForPeople, parseConstraints, satisfies } from './constraints.js';
import { type KindsOf, meetsSelection, type SelectionEvidence, selectionWords } from './selection.js';

/**
 * Whether facts hold what a question selects on: its selection words (selection.ts), and its
 * number comparisons; a question with neither selects nothing a fact could hold (always false).
 */
export function selectionHolder(question: string, evidence: SelectionEvidence, kindsOf?: KindsOf): (facts: readonly string[]) => boolean {
  const words = selectionWords(question, evidence, kindsOf);
  const constraints = parseConstraints(question);
  if (words.length === 0 && constraints.length === 0) return () => false;
  return (facts) => meetsSelection(words, facts) && (constraints.length === 0 || satisfies(constraints, facts));
}

/** Where a question's join starts. */
interface JoinAnchor {
  /** Index of the phrase that opens the other side ("a company ...", "someone ..."). */
  readonly at: number;
}

/**
 * Whether the collection uses a word as a class of things: a class noun its facts state ("X, a
 * schooner"), or a word its names end or open with ("the Harbour Brass Ensemble", "Mount Orla").
 */
function isCollectionClass(classes: ClassLexicon, noun: string): boolean {
  return classes.isClassNoun(noun) || classes.endsNames(noun) || classes.beginsNames(noun);
}

/**
 * The classes a question goes through, other than the one it asks for, with where each stands:
 * "a NOUN", and a bare plural ("people who play in ensembles based at X", "ships built at
 * yards founded before 1900"), English's other way of saying "a NOUN" of a join, when the
 * collection uses the noun as a class (isCollectionClass).
 */
export function throughClasses(question: string, classes: ClassLexicon, asked: string | null): { noun: string; at: number }[] {
  const out: { noun: string; at: number }[] = [];
  for (const m of question.matchAll(/\b(?:(an?) )?([a-z]+)\b/g)) {
    const word = m[2] as string;
    const noun = singular(word);
    // without a determiner only a plural stands for a class ("ensembles", not "ensemble" of "the ensemble leader")
    if (m[1] === undefined && noun === word) continue;
    if (noun === asked || !isCollectionClass(classes, noun)) continue;
    out.push({ noun, at: m.index ?? 0 });
  }
  return out;
}

/** The class noun a question asks for: "person" for people, else one the collection uses. */
function askedNoun(question: string, classes: ClassLexicon): string | null {
  return asksForPeople(question) ? 'person' : questionNoun(question, (n) => isCollectionClass(classes, n));
}

/**
 * The phrase a question joins through: "a NOUN" or a bare plural of a class the collection uses
 * (not the class the question asks for), or "someone"; null when there is none.
 */
export function joinAnchor(question: string, classes: ClassLexicon): JoinAnchor | null {
  const through = throughClasses(question, classes, askedNoun(question, classes))[0];
  const someone = /\b(?:someone|somebody|anyone|anybody)\b/i.exec(question);
  const at = Math.min(through?.at ?? Infinity, someone?.index ?? Infinity);
  return at === Infinity ? null : { at };
}

/**
 * A join's own conditions belong to the thing joined through: in "people who work for a company
 * founded after 1920" (or "based in X"), the founding year (the town) is the company's, not what
 * the member's own fact says ("has worked at Caimer Textiles since 1994", "joined Y and was born in
 * X"). For a question that goes through a class ("a company", "a doctor"), the selection words and
 * number comparisons written from that phrase on must be held by the set's facts that do not name
 * the member (the key); a set whose facts all name it is left alone. Returns null for a question
 * without such a phrase.
 */
export function joinSideCheck(
  question: string,
  evidence: SelectionEvidence & { readonly classes: ClassLexicon },
  kindsOf?: KindsOf,
): ((facts: readonly string[], key: string) => boolean) | null {
  const anchor = joinAnchor(question, evidence.classes);
  if (anchor === null) return null;
  const { at } = anchor;
  const part = question.slice(at);
  const all = new Set(selectionWords(question, evidence, kindsOf).map((w) => w.term));
  const words = selectionWords(part, evidence, kindsOf).filter((w) => all.has(w.term));
  const constraints = parseConstraints(part);
  if (words.length === 0 && constraints.length === 0) return null;
  return (facts, key) => {
    const name = key.toLowerCase();
    const others = facts.filter((f) => !f.toLowerCase().includes(name));
    if (others.length === 0 || others.length === facts.length) return true;
    return meetsSelection(words, others) && (constraints.length === 0 || satisfies(constraints, others));
  };
}

/**
 * Whether a fact is about a thing of another class than the question asks for, and not a place:
 * only such a fact stands for the other side of a join ("Cuxlail Labs has its headquarters in X"
 * for "people who work for a company based in X"). A fact about a member itself needs no join,
 * and one about a town ("X was born in Y", "the bus runs between X and Y") links to anything.
 */
export function aboutAnotherClass(question: string, classes: ClassLexicon, ordinary: (word: string) => boolean): (fact: string) => boolean {
  const people = asksForPeople(question);
  const noun = people ? 'person' : questionNoun(question, (n) => classes.isClassNoun(n));
  // the class the join goes through, as the question names it ("for a company", "a theatre that",
  // "ensembles based at X")
  const through = throughClasses(question, classes, askedNoun(question, classes)).map((t) => t.noun);
  return (fact) => {
    const subject = subjectOf(fact, ordinary);
    // a question that names no class to go through ("Who works for X?") asks no join
    if (through.length === 0 || subject === null || classes.isPlace(subject) || classes.isPerson(subject)) return false;
    if (through.some((n) => classes.verdict(subject, n) === 'disagree')) return false;
    return people ? classes.isThing(subject) : noun !== null && classes.verdict(subject, noun) === 'disagree';
  };
}

/**
 * The name a fact that starts a join links through: the one name it holds of a class the question
 * goes through, other than a name the question spells out ("the Instrumentation Group" of
 * "Crannock Hill Station is also home to the Instrumentation Group" for "people in groups based at
 * Crannock Hill Station", whose subject is the place), else its subject when the fact is about a
 * thing of another class (aboutAnotherClass); null for a fact that stands for no join.
 */
export function joinedThrough(question: string, classes: ClassLexicon, ordinary: (word: string) => boolean): (fact: string) => string | null {
  // (the class the question opens with is asked, even where "someone" later makes it read as people's:
  // "What governments are led by someone born in X")
  const opening = questionNoun(question, (n) => isCollectionClass(classes, n));
  const through = throughClasses(question, classes, askedNoun(question, classes))
    .map((t) => t.noun)
    .filter((noun) => noun !== opening);
  const other = aboutAnotherClass(question, classes, ordinary);
  const people = asksForPeople(question);
  const asked = people ? 'person' : questionNoun(question, (n) => classes.isClassNoun(n));
  // (the question's words, to tell a name it spells out)
  const spelt = ` ${nameKey(question).replace(/[^\p{L}\p{N}&-]+/gu, ' ')} `;
  // (not of the class asked: "a company based in X" is no join in "the latest founding year of a company based in X")
  const ofAnotherClass = (n: string) => (people ? !classes.isPerson(n) : asked !== null && classes.verdict(n, asked) === 'disagree');
  return (fact) => {
    const subject = subjectOf(fact, ordinary);
    // a fact about a member itself ("X, born in 1880, works for Y") starts no join
    const aboutMember = subject !== null && asked !== null && classes.verdict(subject, asked) === 'agree';
    if (through.length > 0 && !aboutMember) {
      const named = [...new Set(namesIn(fact))].filter(
        (n) => !spelt.includes(` ${n} `) && ofAnotherClass(n) && through.some((noun) => classes.verdict(n, noun) === 'agree'),
      );
      if (named.length === 1) return named[0] as string;
    }
    return other(fact) ? subject : null;
  };
}
