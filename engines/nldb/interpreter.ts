/**
 * Questions over a fact collection: Support Set Generator -> neural Select-Project-Join (all
 * support sets of the question in batches) -> aggregation by ordinary code -> a typed answer
 * with the supporting facts as provenance.
 */
import type { Fact } from '../../types.js';
import type { QuestionInterpreter, SourceInterpretation, SourceQuestion } from '../source.js';
import { type Aggregate, aggregate, normalise, voteType } from './aggregate.js';
import { namesIn, questionNoun, subjectOf } from './classes.js';
import { ageOnly, datedYears, eventWords, offEventYears } from './event-years.js';
import { type ClassRosterOptions, factsAbout, ROSTER_DEFAULTS, rosterSets } from './class-roster.js';
import { asksForPeople, namesAThing } from './constraints.js';
import { type Derivation, formatDerivation, type QueryType } from './derivation.js';
import type { FactIndex } from './fact-index.js';
import type { NldbModels } from './models.js';
import { explain, toResultSet } from './result.js';
import { holdsName, type KindsOf, meetsSelection, selectionWords, spelledName } from './selection.js';
import { readQuestionForm } from './question-form.js';
import { type ScoredDerivation, SelectProjectJoin, type SpjOptions } from './spj.js';
import { joinedThrough, joinSideCheck, selectionHolder } from './join-fan-out.js';
import { unitAsked } from './units.js';
import { membershipAsked, yesShowsNothing } from './membership.js';
import { SupportSetGenerator, type SsgOptions, type SupportSet } from './ssg.js';
import { term } from './lexical-index.js';
import { withNamesAsWritten } from './name-case.js';

export interface NldbInterpreterOptions {
  readonly collection: string;
  readonly facts: FactIndex;
  readonly models: NldbModels;
  readonly ssg?: SsgOptions;
  readonly spj?: SpjOptions;
  /**
   * For min/max/arg questions, how many linked facts each one-fact set without a derivation is
   * offered in a second pass (0 turns it off; default 1).
   */
  readonly secondChance?: number;
  /**
   * For set, count, min/max/arg questions through a join, how many linked facts each one-fact set
   * about the thing joined through is offered in a second pass (its staff; 0 turns it off;
   * default 8). See `joinPairs`.
   */
  readonly joinFanOut?: number;
  /**
   * For set, count, min/max/arg questions over a class of things ("Which company employs the most
   * people?"), how many members are offered their own facts as a set, and how many facts each
   * (class-roster.ts; default 64 and 4; 0 members turns it off).
   */
  readonly classRoster?: ClassRosterOptions;
  /**
   * Words for kinds of a word ("solicitor" for "lawyer"): a support set naming a kind meets the
   * selection check for the word (selection.ts). Optional: without it only the word itself does.
   */
  readonly kindsOf?: KindsOf;
  /**
   * Other words for a verb of the question's event ("establish" for "found"; the gateway reads
   * WordNet's synonyms): a year dated by one of them is of the event asked (event-years.ts
   * `offEventYears`). Optional: without it only the question's own words count.
   */
  readonly eventSynonyms?: (word: string) => readonly string[];
}

/** What the pipeline found for one question, for tests and the benchmark. */
export interface Trace {
  readonly supportSets: readonly (readonly string[])[];
  readonly derivations: readonly string[];
  /** The extractor's probability that each support set helps (the same order). */
  readonly usefulness: readonly number[];
  /** The query type decided for the question (null without support sets). */
  readonly type: QueryType | null;
}

export class NldbInterpreter implements QuestionInterpreter {
  private readonly ssg: SupportSetGenerator;
  private readonly spj: SelectProjectJoin;

  constructor(private readonly options: NldbInterpreterOptions) {
    this.ssg = new SupportSetGenerator(options.models, options.facts.vectors, (id) => options.facts.fact(id)?.text, options.ssg, options.facts.lexical);
    this.spj = new SelectProjectJoin(options.models, {
      ...(options.kindsOf ? { kindsOf: options.kindsOf } : {}),
      isPerson: (name) => options.facts.lexical.classes.isPerson(name),
      ...options.spj,
    });
  }

  async answer(question: SourceQuestion): Promise<readonly SourceInterpretation[]> {
    const { interpretation } = await this.run(question);
    return [interpretation];
  }

  /**
   * A question through a join ("people who work for a company based in X"): each one-fact set
   * about the thing joined through (join-fan-out.ts) that holds what the question selects on is
   * paired with up to `k` facts linked through its subject (the company's staff), whatever the
   * state encoder makes of them; the extractor and the selection check judge the pairs.
   */
  private async joinPairs(question: string, sets: readonly SupportSet[], k: number, have: ReadonlySet<string>): Promise<SupportSet[]> {
    const { facts } = this.options;
    const ordinary = (w: string) => facts.lexical.isOrdinaryWord(w);
    const holds = selectionHolder(question, facts.lexical, this.options.kindsOf);
    const joined = joinedThrough(question, facts.lexical.classes, ordinary);
    const text = (id: string) => facts.fact(id)?.text ?? '';
    // (whatever the extractor made of the set alone: it may have read the company as a member,
    // which the class checks drop later)
    const starts = sets.map((set) => set.ids).filter((ids) => ids.length === 1 && holds(ids.map(text)) && joined(text(ids[0] ?? '')) !== null);
    // linked through the thing the start fact names of the class joined through, else its
    // subject, only: its town links to anyone born there
    const through = (ids: readonly string[]) => joined(text(ids[0] ?? ''));
    return this.ssg.extend(question, starts, k, have, { most: 1, through });
  }

  /** Answers and returns what each stage did. */
  async run(question: SourceQuestion): Promise<{ interpretation: SourceInterpretation; trace: Trace }> {
    const { facts, collection } = this.options;
    // "Are there any X that ...?" is answered by the members of "Which X ...?" (question-form.ts):
    // the whole pipeline reads the set question, and any member makes the answer yes
    // names written in lower case take the collection's capitals first (name-case.ts)
    const written = withNamesAsWritten(question.question, facts.lexical.writtenNames());
    const existential = readQuestionForm(written).existential;
    const asked = existential ?? written;
    let sets = await this.ssg.generate(asked, question.signal);
    let factSets: Fact[][] = sets.map((s) => s.ids.flatMap((id) => facts.fact(id) ?? []));
    const derive = () => this.spj.deriveTyped(asked, factSets.map((fs) => fs.map((f) => f.text)), question.signal);
    let { type: questionType, derivations: scored } = await derive();
    // A min/max/arg answer needs the fact that states its number: one-fact sets the extractor found
    // nothing in get a second chance with the linked fact the state encoder ranks first
    // ("Blassa Griswell works for X" + "Blassa Griswell ... was born in 1983").
    const second = this.options.secondChance ?? 1;
    const fanOut = this.options.joinFanOut ?? 8;
    const have = () => new Set(sets.map((s) => [...s.ids].sort().join(',')));
    const nothing = () => sets.filter((_, i) => scored[i]?.derivation.type === 'NULL').map((s) => s.ids);
    let more: SupportSet[] = [];
    const extreme = questionType !== null && NEEDS_A_NUMBER.has(questionType);
    const ordinary = (w: string) => facts.lexical.isOrdinaryWord(w);
    // whom or what the question asks for: people, or a class noun the collection uses
    const people = asksForPeople(asked);
    // a class noun the facts state ("X is a zoo"), or a word that ends names ("... Refractor") or opens them ("Comet ...")
    const classNoun = questionNoun(asked, (n) => facts.lexical.classes.isClassNoun(n) || facts.lexical.classes.endsNames(n) || facts.lexical.classes.beginsNames(n));
    if (second > 0 && extreme) {
      // a one-fact set goes on through what its fact is about ("Sunniva is a nurse at Mercy
      // Vale" -> Sunniva's birth year, not a colleague's), else through any name it holds
      // (a birth asked goes on through the person the fact names: "The 2003 medal was presented
      // to Solveig Anker" -> her birth, not the medal's other winners)
      const birth = eventWords(asked).has('born');
      const personIn = (text: string) => namesIn(text).find((n) => facts.lexical.classes.isPerson(n)) ?? null;
      const through = (ids: readonly string[]) => {
        if (ids.length !== 1) return null;
        const text = facts.fact(ids[0] ?? '')?.text ?? '';
        return (birth ? personIn(text) : null) ?? subjectOf(text, ordinary);
      };
      more = await this.ssg.extend(asked, nothing(), second, have(), { through, orEveryName: true });
      // a birth asked: the person's own fact that dates a birth, whatever the state encoder ranks first
      if (birth) more = [...more, ...birthSets(nothing(), have(), more, personIn, (id) => facts.fact(id)?.text ?? '', facts.lexical)];
    }
    if (fanOut > 0 && (extreme || questionType === 'SET' || questionType === 'COUNT')) {
      const seen = new Set([...have(), ...more.map((s) => [...s.ids].sort().join(','))]);
      const pairs = await this.joinPairs(asked, sets, fanOut, seen);
      // an extreme needs the member's own number too: each pair goes on to its member's fact
      // that the state encoder ranks first (its birth year), as a second chance would
      const chains = extreme && pairs.length > 0 && second > 0 ? await this.ssg.extend(asked, pairs.map((p) => p.ids), second, seen) : pairs;
      more = [...more, ...chains];
    }
    // a question over a class of things: each member's facts as one more set (class-roster.ts)
    const roster = this.options.classRoster ?? ROSTER_DEFAULTS;
    if (extreme || questionType === 'SET' || questionType === 'COUNT') {
      if (!people && classNoun !== null) {
        const seen = new Set([...have(), ...more.map((s) => [...s.ids].sort().join(','))]);
        more = [...more, ...rosterSets(classNoun, facts.lexical, (id) => facts.fact(id)?.text ?? '', seen, roster)];
      }
    }
    if (more.length > 0) {
      sets = [...sets, ...more];
      factSets = sets.map((s) => s.ids.flatMap((id) => facts.fact(id) ?? []));
      ({ type: questionType, derivations: scored } = await derive());
    }
    // What the question selects on must be in the set (selection.ts); a yes/no question is
    // answered "no" by the sets that show another value, so it is left to the extractor.
    const selecting = questionType === 'BOOL'
      ? []
      : selectionWords(asked, facts.lexical, this.options.kindsOf);
    const spelled = questionType === 'BOOL' ? null : spelledName(asked, facts.lexical.writtenNames());
    // The key must be of the class the question asks for, as far as the collection says (classes.ts);
    // a question about people is not answered by a thing's name (constraints.ts).
    const noun = people ? 'person' : classNoun;
    // a key the facts call a kind of the class agrees with it ("a cellist" for "Which musicians")
    const nounKinds = noun !== null && noun !== 'person' ? (this.options.kindsOf?.(noun) ?? []) : [];
    // a join's conditions hold in the facts about the thing joined through (join-fan-out.ts)
    const joinSide = questionType === 'BOOL' ? null : joinSideCheck(asked, facts.lexical, this.options.kindsOf);
    // "Is X a NOUN?": a yes from facts that give the word to someone else shows nothing (membership.ts)
    const membership = questionType === 'BOOL' ? membershipAsked(asked) : null;
    const membershipKinds = membership ? (this.options.kindsOf?.(membership.noun) ?? []) : [];
    // each reading through the checks; `misread`: refused for what it points at (its key, or the
    // fact its number comes from), not for what the set holds (the selection words)
    const checked = (s: ScoredDerivation, set: readonly Fact[]): { d: Derivation; misread: boolean } => {
      const refuse = (misread = true) => ({ d: { type: 'NULL' } as const, misread });
      const d = s.derivation;
      const key = d.type === 'SET' || d.type === 'COUNT' ? d.value : d.type === 'ARGMIN' || d.type === 'ARGMAX' ? d.key : null;
      if (d.type !== 'NULL' && !meetsSelection(selecting, set.map((f) => f.text))) return refuse(false);
      // the name the question spells out, written as a name of its own (selection.ts holdsName)
      if (d.type !== 'NULL' && spelled !== null && !holdsName(spelled, set.map((f) => f.text))) return refuse(false);
      if (membership && d.type === 'BOOL' && d.value && yesShowsNothing(membership, set.map((f) => f.text), facts.lexical.classes, membershipKinds)) {
        return refuse(false);
      }
      // an arg's number is its key's: the fact it was copied from names the key ("Kindfoulick
      // Mills was founded in 1851" is no birth year of the police officer who works there)
      if ((d.type === 'ARGMIN' || d.type === 'ARGMAX') && !namesKey(set[s.valueFact ?? 0]?.text ?? '', d.key)) return refuse();
      if (key !== null && joinSide !== null && !joinSide(set.map((f) => f.text), key)) return refuse(false);
      if (key === null) return { d, misread: false };
      if (noName(key)) return refuse();
      // (a person's name is written with capitals: "across" is none)
      if (people && (namesAThing(key, ordinary) || !/\p{Lu}/u.test(key))) return refuse();
      // (a class of things: a fact names one of them; people come several to a fact)
      if (noun !== null && noun !== 'person' && !facts.lexical.classes.isPersonNoun(noun)) {
        const verdict = facts.lexical.classes.verdict(key, noun, nounKinds);
        if (verdict === 'disagree') {
          // the key is another name of the same fact: the fact's one name of the asked class answers
          const from = d.type === 'ARGMIN' || d.type === 'ARGMAX' ? [set[s.valueFact ?? 0]?.text ?? ''] : set.map((f) => f.text);
          const other = facts.lexical.classes.nameOfClass(from, noun, nounKinds, key);
          if (other === null) return refuse();
          if (joinSide !== null && !joinSide(set.map((f) => f.text), other)) return refuse(false);
          if (d.type === 'ARGMIN' || d.type === 'ARGMAX') return { d: { ...d, key: other }, misread: false };
          return { d: d.type === 'SET' || d.type === 'COUNT' ? { ...d, value: other } : d, misread: false };
        }
      } else if (noun !== null) {
        if (facts.lexical.classes.verdict(key, noun, nounKinds) === 'disagree') return refuse();
      }
      return { d, misread: false };
    };
    const first = scored.map((s, i) => checked(s, factSets[i] ?? []));
    const derivations = first.map((c) => c.d);
    // The extractor reads a set of facts in order, and the order changes what it points at ("Velmark"
    // of "X, who grew up in Velmark, is a member of Y" after "Z is home to Y"): a set of several facts
    // whose reading the checks refused for what it points at is read once more with its facts the
    // other way round, as the question's type, and that reading counts when it passes the checks.
    if (questionType !== null && questionType !== 'BOOL') {
      const refused = first.flatMap((c, i) => (c.misread && scored[i]?.derivation.type !== 'NULL' && (factSets[i]?.length ?? 0) >= 2 ? [i] : []));
      if (refused.length > 0) {
        const reversed = refused.map((i) => [...(factSets[i] ?? [])].reverse());
        const again = await this.spj.deriveTyped(asked, reversed.map((fs) => fs.map((f) => f.text)), question.signal, undefined, questionType);
        refused.forEach((i, j) => {
          const s = again.derivations[j];
          const fs = reversed[j] ?? [];
          if (s === undefined) return;
          const { d } = checked(s, fs);
          if (d.type === 'NULL') return;
          derivations[i] = d;
          scored[i] = s;
          factSets[i] = fs;
        });
      }
    }
    // an extreme's year is of the event the question asks about: when some sets' years are dated
    // by the question's event words, a year dated by none of them is another event's (event-years.ts)
    // (an age asked of things is no birth: "the oldest company" is the earliest year of any event)
    const thingsAged = ageOnly(asked) && !people && !(classNoun !== null && facts.lexical.classes.isPersonNoun(classNoun));
    if (questionType !== null && NEEDS_A_NUMBER.has(questionType) && !thingsAged) {
      // (a class noun of the collection says what is ranged over, not the event: "company" of
      // "the latest founding year of a company" is in every company's facts)
      const classes = facts.lexical.classes;
      const event = new Set([...eventWords(asked)].filter((t) => !classes.isClassNoun(t) && !classes.endsNames(t) && !classes.beginsNames(t)));
      // (an arg key shown to be of the class asked keeps its year: two names can date one event in two ways)
      const vouched = (i: number) => {
        const d = derivations[i];
        return noun !== null && (d?.type === 'ARGMIN' || d?.type === 'ARGMAX') && classes.verdict(d.key, noun, nounKinds) === 'agree';
      };
      offEventYears(derivations, event, (i) => factSets[i]?.[scored[i]?.valueFact ?? 0]?.text ?? '', this.options.eventSynonyms, vouched);
    }
    // a number asked in a unit ("in inches") is answered in it when its facts write another
    const unit = unitAsked(asked);
    const agg = existential ? exists(aggregate(derivations, questionType)) : aggregate(derivations, questionType, unit);
    const result = toResultSet(agg, (i) => factSets[i] ?? [], question.limit);
    const useful = derivations.filter((d) => d.type !== 'NULL').length;
    const interpretation: SourceInterpretation = {
      score: confidence(
        agg.type,
        agg.from.map((i) => scored[i]?.useful ?? 0),
        useful,
        derivations.filter((d) => d.type === voteType(derivations)).length,
      ),
      explanation: explain(agg, collection, sets.length, useful),
      query: null,
      queryGraph: null,
      result,
      error: null,
    };
    return {
      interpretation,
      trace: { supportSets: sets.map((s) => s.ids), derivations: derivations.map(formatDerivation), usefulness: sets.map((_, i) => scored[i]?.useful ?? 0), type: existential ? 'BOOL' : questionType },
    };
  }
}

/**
 * How sure we are: the extractor's mean usefulness over the derivations used, times the share of
 * useful derivations that agreed on the type. Nothing found is an answer too, but a weak one.
 */
function confidence(type: string, usefulness: readonly number[], useful: number, agreeing: number): number {
  if (type === 'EMPTY' || usefulness.length === 0) return 0.05;
  const mean = usefulness.reduce((a, b) => a + b, 0) / usefulness.length;
  const agreement = useful > 0 ? Math.min(1, agreeing / useful) : 0;
  return Math.max(0.05, Math.min(0.95, mean * (0.5 + 0.5 * agreement)));
}

/** An existential yes/no question's answer from the members of its set question: yes when there is one. */
function exists(members: Aggregate): Aggregate {
  return members.type === 'SET' && members.values.length > 0 ? { type: 'BOOL', value: true, from: members.from } : { type: 'BOOL', value: false, from: [] };
}

/**
 * For a birth asked, each one-fact set without a derivation that names a person gets a second
 * set: it and the first fact whose subject the person is that dates a year by a birth
 * (event-years.ts `datedYears`), unless proposed already.
 */
export function birthSets(
  nothing: readonly (readonly string[])[],
  have: ReadonlySet<string>,
  more: readonly SupportSet[],
  personIn: (text: string) => string | null,
  text: (id: string) => string,
  lexical: FactIndex['lexical'],
): SupportSet[] {
  const seen = new Set([...have, ...more.map((s) => [...s.ids].sort().join(','))]);
  const out: SupportSet[] = [];
  for (const ids of nothing) {
    if (ids.length !== 1) continue;
    const person = personIn(text(ids[0] ?? ''));
    if (person === null) continue;
    const birthId = factsAbout(person, lexical, text).find((id) => datedYears(text(id)).some((y) => y.words.has('born')));
    if (birthId === undefined || ids.includes(birthId)) continue;
    const set = [...ids, birthId];
    const key = [...set].sort().join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ ids: set, score: -3 });
  }
  return out;
}

/**
 * Whether a key is words no name is made of: function words ("There" of "There are 87 people on
 * the payroll at X", "It") or a letter ("X" of "an X-ray instrument"), as the lexical index
 * leaves them out (lexical-index.ts `term`). Numbers are left to the class checks.
 */
export function noName(key: string): boolean {
  const words = key.trim().split(/[\s-]+/).filter(Boolean);
  return /\p{L}/u.test(key) && words.length > 0 && words.every((w) => /^\p{L}/u.test(w) && term(w) === null);
}

/** Whether a fact names a key (case and spacing aside). */
export function namesKey(fact: string, key: string): boolean {
  const name = normalise(key);
  return name !== '' && normalise(fact).includes(name);
}

/** Query types whose answer is a number a fact states (or the name whose fact states the extreme one). */
const NEEDS_A_NUMBER: ReadonlySet<string> = new Set(['MIN', 'MAX', 'ARGMIN', 'ARGMAX']);
