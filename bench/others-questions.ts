/**
 * shared/datasets/questions-others: 702 questions other people wrote (Spider 1.0 dev, KaggleDBQA)
 * on 14 SQLite databases the project never saw. A VALIDATION set: measured only, never trained on
 * and never read for rules (see its README). Each <group>/<db>/ holds <db>.sqlite and questions.jsonl.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataDir } from '../world/data-dir.js';
import type { DevQuestion } from './dev-questions.js';

/** shared/datasets/questions-others beside the repository (found from data/, never an absolute path), or null. */
export function questionsOthersDir(): string | null {
  const dir = join(dataDir(), '..', '..', 'shared', 'datasets', 'questions-others');
  return existsSync(dir) ? dir : null;
}

/** spj: select-project-join; agg: aggregates, group by, order by, limit; complex: nested, set operations, having. */
export type OtherCategory = 'spj' | 'agg' | 'complex';
export const OTHER_CATEGORIES: readonly OtherCategory[] = ['spj', 'agg', 'complex'];

/**
 * One question, shaped as a dev question so dev-questions.ts scores it (its category stands as
 * its only tag).
 */
export interface OtherQuestion extends DevQuestion {
  readonly category: OtherCategory;
}

/** One database of the set. */
export interface OtherDatabase {
  /** The folder name, e.g. `world_1`. */
  readonly name: string;
  /** `spider-dev` or `kaggledbqa`. */
  readonly group: string;
  readonly sqliteFile: string;
  readonly questions: readonly OtherQuestion[];
}

interface OtherQuestionLine {
  readonly id: string;
  readonly question: string;
  readonly sql: string;
  readonly category: OtherCategory;
  readonly ordered: boolean;
  readonly answer: DevQuestion['answer'];
}

/** Every database under `root` (the questions-others folder), by group then name. */
export function readOtherDatabases(root: string): OtherDatabase[] {
  const databases: OtherDatabase[] = [];
  for (const group of readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort()) {
    for (const name of readdirSync(join(root, group), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort()) {
      const dir = join(root, group, name);
      const sqliteFile = join(dir, `${name}.sqlite`);
      const questionsFile = join(dir, 'questions.jsonl');
      if (!existsSync(sqliteFile) || !existsSync(questionsFile)) continue;
      const questions = readFileSync(questionsFile, 'utf8')
        .split('\n')
        .filter((line) => line.trim())
        .map((line) => JSON.parse(line) as OtherQuestionLine)
        .map((q): OtherQuestion => ({ ...q, tags: [q.category] }));
      databases.push({ name, group, sqliteFile, questions });
    }
  }
  return databases;
}
