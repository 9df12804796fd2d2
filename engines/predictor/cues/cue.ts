/**
 * The one contract every cue keeps. A cue reads something the question's words say (a comparison
 * before a value, "for each X", "sorted by X", "with no X", "the most X", a name or a value the
 * reading must use) and holds each reading the model writes against it, as log-probability lost:
 * its penalty times the times the reading contradicts it. reading-checks.ts adds up every cue, at
 * the three moments a cue may be judged: inside the search (on the reading so far, each time it
 * writes a value or an attribute), when the reading writes past its conditions, and on the finished
 * reading. Every cue is checked against the generator's own graphs
 * (test/predictor/reading-cues-gold.test.ts): what the generator writes, a cue must not contradict.
 */
import type { SchemaGraph } from '../../schema-graph/types.js';
import type { Mention } from '../values/mentions.js';
import type { SchemaNames } from '../schema-words/schema-names.js';

/** What a cue reads a question from. */
export interface CueContext {
  readonly question: string;
  readonly mentions: readonly Mention[];
  /** The question's words, folded, null inside value mentions, misspelt cue words repaired (coverage.ts questionWords). */
  readonly said: readonly (string | null)[];
  readonly names: SchemaNames;
  readonly schema: SchemaGraph;
}

/** What one kind of cue read from one question: each judge returns log-probability lost, penalty included. */
export interface Cue {
  /** The reading so far, judged each time it writes a value or an attribute; the search charges what it adds to its prefix's. */
  readonly whileSearching?: (tokens: readonly string[]) => number;
  /** The reading's conditions, judged once, when it writes the first item after them (or ends). */
  readonly whenConditionsEnd?: (conditions: readonly string[]) => number;
  /** The finished reading, seen as the cues read it (reading-view.ts). */
  readonly whenFinished?: (tokens: readonly string[]) => number;
}

/** A kind of cue: the words it reads, and how it reads a question. */
export interface CueKind {
  readonly name: string;
  /** Words the cue reads: a question's word with two neighbouring letters swapped is read as the one it misspells ("bgigest"). */
  readonly words?: ReadonlySet<string>;
  read(context: CueContext): Cue;
}
