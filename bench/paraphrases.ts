/**
 * The paraphrase set (bench/data/paraphrases-<set>.jsonl): every questions-dev question reworded
 * three ways by hand, as users type (casual, reworded, command), with the original's gold copied.
 * Written before the predictor was changed for issue 18 and never used for training or for rules:
 * it measures whether the gateway answers the same question in other people's words.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataDir } from '../world/data-dir.js';
import type { DevQuestion } from './dev-questions.js';

/** casual: lowercase, fragments; reworded: other words, synonyms, word order; command: commands, slang, number words, typos. */
export type ParaphraseStyle = 'casual' | 'reworded' | 'command';
export const PARAPHRASE_STYLES: readonly ParaphraseStyle[] = ['casual', 'reworded', 'command'];

/** A reworded dev question: `id` is the original's, `question` the rewording, gold fields the original's. */
export interface Paraphrase extends DevQuestion {
  readonly style: ParaphraseStyle;
  /** The dev question as worded in questions-dev. */
  readonly original: string;
}

export type ParaphraseSet = 'northwind' | 'royals';

/** The paraphrases of one dev set, in file order (each original's three in a row). */
export function readParaphrases(set: ParaphraseSet): Paraphrase[] {
  const file = join(dataDir(), '..', 'bench', 'data', `paraphrases-${set}.jsonl`);
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Paraphrase | { about: string })
    // The first line says what the file is and its licence; it is no question.
    .filter((entry): entry is Paraphrase => !('about' in entry));
}

/** The dev questions the paraphrases reword, as worded originally, once each. */
export function originalsOf(paraphrases: readonly Paraphrase[]): DevQuestion[] {
  const seen = new Map<string, DevQuestion>();
  for (const p of paraphrases) {
    if (!seen.has(p.id)) seen.set(p.id, { id: p.id, question: p.original, sql: p.sql, answer: p.answer, tags: p.tags, ordered: p.ordered });
  }
  return [...seen.values()];
}
