/**
 * The labelled questions bench trust asks, each with the source it is asked of, the calibration
 * group that source's readings belong to, and how its answer is judged right. Sets used to FIT
 * the calibration: questions-dev (each source of the default world, and northwind, royals and
 * northwind-graph again under ids with no model of their own, so the shared model answers), facts-dev, and synthetic questions
 * from the predictor's generator on a seed training never used (gold rows from running the
 * generated graph) and generated fact worlds (syntheticFactWorlds). Sets only REPORTED on: questions-others (14 databases never seen, asked of
 * sources with no model of their own), facts-others, and the dev questions' paraphrases (people's
 * other words for them, asked of the dev sources: a dev source's calibration measured on more than
 * its 30 or 40 questions, in wordings it was not fitted on).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CalibrationGroup } from '../plugins/nl-query/calibration/features.js';
import { heldOutQuestions } from '../plugins/nl-query/calibration/fit-model.js';
import { sameAnswer } from '../plugins/nl-query/calibration/same-answer.js';
import type { QueryGraphEngine } from '../engines/query-graph/engine.js';
import type { JsonValue, SourceKind } from '../types.js';
import { dataDir } from '../world/data-dir.js';
import { devQuestionsDir, matchesGold, readDevQuestions, type DevQuestion } from './dev-questions.js';
import { readFactQuestions, scoreRows } from './nldb-questions.js';
import type { OtherDatabase } from './others-questions.js';
import { readParaphrases } from './paraphrases.js';

/** What a set is for: fitting the calibration, or only measuring it. */
export type SetRole = 'fit' | 'report';

/** One question to ask, and how to judge what comes back. */
export interface TrustQuestion {
  readonly set: string;
  readonly role: SetRole;
  /** The data it is about (folds and reports split by it). */
  readonly database: string;
  readonly source: string;
  readonly sourceKind: SourceKind;
  readonly group: CalibrationGroup;
  readonly question: string;
  readonly isRight: (rows: readonly (readonly JsonValue[])[]) => boolean;
  /**
   * The graded score bench nldb gives these rows (set F1, nldb-questions.ts scoreRows), for fact
   * questions; absent: right or wrong is the score.
   */
  readonly score?: (rows: readonly (readonly JsonValue[])[]) => number;
}

/** The id under which northwind is served a second time, with no model of its own. */
export const NORTHWIND_SHARED = 'northwind-shared';
/**
 * The graph sources served again with no model of their own: more of people's questions answered
 * by the shared model (the shared group's transfer is fitted on them), in another store kind.
 */
export const GRAPHS_SHARED: readonly { readonly of: string; readonly id: string; readonly questions: 'northwind' | 'royals' }[] = [
  { of: 'royals', id: 'royals-shared', questions: 'royals' },
  { of: 'northwind-graph', id: 'northwind-graph-shared', questions: 'northwind' },
];
/** The id of the facts-others collection bench trust creates. */
export const FACTS_OTHERS = 'facts-others';

const byDev = (q: DevQuestion) => (rows: readonly (readonly JsonValue[])[]) => matchesGold(q, rows);

/** A structured source questions-dev is asked of: which dev set, and how the source answers. */
interface DevSource {
  readonly questions: 'northwind' | 'royals';
  readonly source: string;
  readonly sourceKind: SourceKind;
  readonly group: CalibrationGroup;
}

/** The default world's structured sources, and (when `shared`) northwind under NORTHWIND_SHARED and the graph sources under GRAPHS_SHARED. */
function devSources(shared: boolean): DevSource[] {
  return [
    { questions: 'northwind', source: 'northwind', sourceKind: 'sql', group: 'querygraph' },
    { questions: 'northwind', source: 'northwind-graph', sourceKind: 'cypher', group: 'querygraph' },
    { questions: 'royals', source: 'royals', sourceKind: 'cypher', group: 'querygraph' },
    ...(shared ? [{ questions: 'northwind', source: NORTHWIND_SHARED, sourceKind: 'sql', group: 'shared-querygraph' } as const] : []),
    ...(shared ? GRAPHS_SHARED.map((g): DevSource => ({ questions: g.questions, source: g.id, sourceKind: 'cypher', group: 'shared-querygraph' })) : []),
  ];
}

/** questions-dev and facts-dev, as asked of the default world (plus northwind under NORTHWIND_SHARED and the graph sources under GRAPHS_SHARED when `shared`). */
export function devSets(shared: boolean): TrustQuestion[] {
  const dir = devQuestionsDir();
  const facts = readFactQuestions(join(dataDir(), 'kestrelford', 'questions.jsonl')).map(
    (q): TrustQuestion => ({ set: 'facts-dev', role: 'fit', database: 'kestrelford', source: 'kestrelford', sourceKind: 'nldb', group: 'nldb', question: q.question, isRight: (rows) => scoreRows(q, rows) === 1, score: (rows) => scoreRows(q, rows) }),
  );
  return [
    ...devSources(shared).flatMap(({ questions, source, sourceKind, group }) =>
      readDevQuestions(dir, questions).map((q): TrustQuestion => ({ set: `dev ${source}`, role: 'fit', database: questions, source, sourceKind, group, question: q.question, isRight: byDev(q) })),
    ),
    ...facts,
  ];
}

/**
 * `count` generated questions on `engine`'s schema (seed 99, which training and the models' own
 * calibration never use; the querygraph bench's held-out seed), judged against the rows their own
 * graph returns.
 */
export async function syntheticSet(engine: QueryGraphEngine, count: number, valuesAcrossMarks: boolean): Promise<{ question: string; isRight: TrustQuestion['isRight'] }[]> {
  const questions = await heldOutQuestions(engine, count, { seed: 99, valuesAcrossMarks, withRowsOnly: false });
  return questions.map((q) => ({ question: q.question, isRight: (rows) => sameAnswer(q.gold, rows) }));
}

/** Generated fact worlds (bench/data/nldb-calibration), one collection each. */
export interface FactWorld {
  /** The collection bench trust creates for it. */
  readonly collection: string;
  readonly facts: readonly string[];
  readonly questions: readonly TrustQuestion[];
}

/**
 * The fact worlds the nldb group is fitted on beside facts-dev: worlds of the training generators
 * on seed 99 (never trained on, not the bench's held-out seeds), sixteen of WordNet domains
 * training never sees (`heldout.py --domains --worlds 16 --seed 99`: eleven classes, from area to
 * vessel) and four towns (`heldout.py --worlds 4 --seed 99`, folders renamed town-s99-w<i>).
 * facts-dev alone is one town of 60 questions: a fit on it alone says how the engine does on that
 * town, not on a collection in another domain; the engine's right rate differs by world (35-76%
 * on these), and features that do not see the domain can only give a new collection the rate of
 * many, so the more domains the fit spans the less it is pulled to any one (bench trust prints
 * each world judged by a fit on the others).
 */
export function syntheticFactWorlds(root = join(dataDir(), '..', 'bench', 'data', 'nldb-calibration')): FactWorld[] {
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .sort()
    .map((world) => {
      const collection = `calibration-${world}`;
      const facts = readFileSync(join(root, world, 'facts.txt'), 'utf8').split('\n').filter((line) => line.trim());
      const questions = readFactQuestions(join(root, world, 'questions.jsonl')).map(
        (q): TrustQuestion => ({ set: 'synthetic facts', role: 'fit', database: world, source: collection, sourceKind: 'nldb', group: 'nldb', question: q.question, isRight: (rows) => scoreRows(q, rows) === 1, score: (rows) => scoreRows(q, rows) }),
      );
      return { collection, facts, questions };
    });
}

/** questions-others: each database asked of `others-<db>` (no model of its own: the shared model answers, if any). */
export function othersSet(databases: readonly OtherDatabase[]): TrustQuestion[] {
  return databases.flatMap((db) =>
    db.questions.map((q): TrustQuestion => ({ set: 'questions-others', role: 'report', database: db.name, source: `others-${db.name}`, sourceKind: 'sql', group: 'shared-querygraph', question: q.question, isRight: byDev(q) })),
  );
}

/** facts-others' questions, asked of the FACTS_OTHERS collection. */
export function factsOthersSet(questionsFile: string): TrustQuestion[] {
  return readFactQuestions(questionsFile).map(
    (q): TrustQuestion => ({ set: 'facts-others', role: 'report', database: 'facts-others', source: FACTS_OTHERS, sourceKind: 'nldb', group: 'nldb', question: q.question, isRight: (rows) => scoreRows(q, rows) === 1, score: (rows) => scoreRows(q, rows) }),
  );
}

/** The paraphrases of questions-dev (bench/data/paraphrases-*.jsonl), asked of every source the dev questions are (devSets), reported only. */
export function paraphraseSets(shared: boolean): TrustQuestion[] {
  return devSources(shared).flatMap(({ questions, source, sourceKind, group }) =>
    readParaphrases(questions).map((q): TrustQuestion => ({ set: `paraphrases ${source}`, role: 'report', database: questions, source, sourceKind, group, question: q.question, isRight: byDev(q) })),
  );
}
