/**
 * The taught examples of one source, indexed by what their questions say once values are set
 * aside: the words (folded, singular, as source selection reads them: selection/terms.ts) with
 * each mention the predictor's mention finder reads replaced by its kind, and the words that only
 * open a request ("show me", "what are the") left out. Two questions with one key are the same
 * question about possibly other values; finding it is one map look-up, so asking costs a mention
 * search and a hash (well under the 2 ms the issue allows) and nothing when a source has no
 * examples. A question in other words is matched only when it asks for the same operations, names
 * no part of the schema that neither the taught question nor its graph names (graph-names.ts), and
 * its content words overlap enough (near-questions.ts, SIMILAR), with every value it gives
 * re-linked into the taught graph: "cheap" and "expensive" must not meet, and a similar reading
 * carries a probability below an exact one's, so a surer model reading outranks it.
 */
import { singularWord } from '../../../engines/schema-graph/names.js';
import { parseQueryGraph } from '../../../engines/query-graph/canonical.js';
import type { Mention } from '../../../engines/predictor/values/mentions.js';
import { fold } from '../../../engines/english/normalize.js';
import { wordsOf } from '../selection/terms.js';
import type { TaughtExample } from './example-store.js';
import { fillsSlot, fits, slotted, type SlottedGraph } from '../../../engines/predictor/training/taught-slots.js';
import { nameWords, nearFeatures, nearness, schemaNameWords, type NearFeatures } from './near-questions.js';
import { graphNames } from './graph-names.js';
import type { SchemaGraph } from '../../../engines/schema-graph/types.js';

/**
 * Least nearness (near-questions.ts) at which a question whose words differ from a taught one's
 * answers as taught, and the probability such a reading is right, both read off the curve of the
 * dev paraphrases (`npm run bench -- teach-near`, 2026-11-28): with every questions-dev question
 * of Northwind and royals taught, their 210 hand-written rewordings and the 70 originals (each with
 * its own example left out) looked up, the threshold is the lowest from which every higher one
 * keeps 95% of matches right: at 0.7, 47 matched, all right (0.55 to 0.65: 79 to 87, 95%).
 * The probability is what such matches measured on questions other people wrote (`bench teach`
 * on questions-others, k = 20, two seeds: 112 of 155 right, 72%), not the dev curve's 100%:
 * other people's questions on one database share more words than the dev rewordings, and a
 * reading stated at 0.9 that is right 72% of the time is the confident wrong answer issue 20 is
 * about. It still outranks most model readings; one the calibration trusts more wins.
 */
export const SIMILAR = { threshold: 0.7, probability: 0.72 } as const;

/** Words that only open or soften a request: left out of the key. */
const OPENERS: ReadonlySet<string> = new Set(
  'please me us i we you can could would show list give tell display find get what which is are was were there the a an all our kindly want know see'.split(' '),
);

/** The key of a question: its words with mentions as their kinds, request openers left out. */
export function questionKey(question: string, mentions: readonly Mention[]): string {
  const parts: string[] = [];
  let position = 0;
  const words = (text: string) => wordsOf(text).map((word) => singularWord(word)).filter((word) => !OPENERS.has(word));
  for (const mention of mentions) {
    parts.push(...words(question.slice(position, mention.start)), mention.kind === 'year' ? '@number' : `@${mention.kind}`);
    position = mention.end;
  }
  parts.push(...words(question.slice(position)));
  return parts.join(' ');
}

/** A taught example found for a question. */
export interface TaughtMatch {
  readonly example: TaughtExample;
  readonly slotted: SlottedGraph;
  /**
   * `exact`: the question as taught (case, accents and spacing aside); `near`: the same words about
   * other values, or other openers; `similar`: other words, near enough (SIMILAR) with the same
   * operations, every value it gives re-linked into the taught graph.
   */
  readonly match: 'exact' | 'near' | 'similar';
  /** The new question's mentions, which fill the slots (the mention for slot k at k - 1). */
  readonly mentions: readonly Mention[];
  /** How near the question is to the taught one (1 for exact and near). */
  readonly nearness: number;
}

interface Entry {
  readonly example: TaughtExample;
  readonly slotted: SlottedGraph;
  readonly folded: string;
  /** The taught question's mentions, folded: those the graph does not re-link must be the same in a near question. */
  readonly mentions: readonly string[];
  readonly features: NearFeatures;
  /** The words naming what the taught graph reads (graph-names.ts): a similar question may name these though its taught question does not. */
  readonly reads: ReadonlySet<string>;
}

export class ExampleIndex {
  private readonly byKey = new Map<string, Entry[]>();
  /** Every entry, latest first (similar questions are compared with each). */
  private readonly entries: Entry[] = [];

  /** The source's words naming its schema (near-questions.ts schemaNameWords); none without a schema. */
  private readonly schemaWords: ReadonlySet<string>;

  /**
   * `schema`: the source's, for similar questions: one that names a part of it neither the taught
   * question nor the taught graph names is not similar (near-questions.ts).
   */
  constructor(
    examples: readonly TaughtExample[],
    private readonly mentionsOf: (question: string) => readonly Mention[],
    schema: SchemaGraph | null = null,
  ) {
    this.schemaWords = schema ? schemaNameWords(schema) : new Set();
    for (const example of examples) {
      const mentions = mentionsOf(example.question);
      const key = questionKey(example.question, mentions);
      const graph = parseQueryGraph(example.queryGraph);
      const entry = {
        example,
        slotted: slotted(graph, mentions),
        folded: fold(example.question),
        mentions: mentions.map((m) => fold(m.text)),
        features: nearFeatures(example.question, mentions, this.schemaWords),
        reads: schema ? nameWords(graphNames(graph, schema)) : new Set<string>(),
      };
      // The latest teaching of a question comes first: a correction overrides what was confirmed before.
      this.byKey.set(key, [entry, ...(this.byKey.get(key) ?? [])]);
      this.entries.unshift(entry);
    }
  }

  get size(): number {
    return this.byKey.size;
  }

  /** The latest example whose question reads as this one (else the nearest similar one), with the new question's values fitting its slots. */
  find(question: string): TaughtMatch | null {
    if (this.byKey.size === 0) return null;
    const mentions = this.mentionsOf(question);
    const entries = this.byKey.get(questionKey(question, mentions));
    if (entries) {
      const folded = fold(question);
      const exact = entries.find((entry) => entry.folded === folded);
      if (exact) return { example: exact.example, slotted: exact.slotted, match: 'exact', mentions, nearness: 1 };
      // A value the graph keeps as taught (one the slots could not re-link, inside a pattern for one)
      // must be the same value in the new question, or the taught graph would answer another question.
      const unchanged = (entry: Entry) => entry.mentions.every((text, k) => entry.slotted.slots.has(k + 1) || fold(mentions[k]?.text ?? '') === text);
      const near = entries.find((entry) => unchanged(entry) && fits(entry.slotted, mentions));
      if (near) return { example: near.example, slotted: near.slotted, match: 'near', mentions, nearness: 1 };
    }
    const similar = this.nearest(question, mentions);
    return similar && similar.nearness >= SIMILAR.threshold ? similar : null;
  }

  /**
   * The taught example nearest the question in other words (near-questions.ts) whose graph takes
   * every value the question gives, whatever its nearness (bench teach-near reads the curve off it).
   */
  nearest(question: string, mentions: readonly Mention[] = this.mentionsOf(question), skip: (example: TaughtExample) => boolean = () => false): TaughtMatch | null {
    const features = nearFeatures(question, mentions, this.schemaWords);
    let best: TaughtMatch | null = null;
    for (const entry of this.entries) {
      if (skip(entry.example)) continue;
      const score = nearness(features, entry.features, entry.reads);
      if (score === 0 || (best && score <= best.nearness)) continue;
      const relinked = relink(entry, mentions);
      if (relinked) best = { example: entry.example, slotted: entry.slotted, match: 'similar', mentions: relinked, nearness: score };
    }
    return best;
  }
}

/**
 * The new question's mentions in the taught question's order, so that slot k binds the k-th: each
 * value the graph keeps as taught must be said again as it was, each slot takes the first unused
 * mention of its kind (and of its attribute, for a text compared for equality), and every mention
 * of the new question must be used, or the taught graph would drop a value it gives. Null when
 * they do not so fit.
 */
function relink(entry: Entry, mentions: readonly Mention[]): Mention[] | null {
  if (mentions.length !== entry.mentions.length) return null;
  const used = new Set<number>();
  const out: (Mention | undefined)[] = entry.mentions.map(() => undefined);
  const take = (k: number, accepts: (m: Mention) => boolean): boolean => {
    const index = mentions.findIndex((m, j) => !used.has(j) && accepts(m));
    if (index < 0) return false;
    used.add(index);
    out[k] = mentions[index];
    return true;
  };
  // Values kept as taught first (said again as they were), then the slots in order.
  for (let k = 0; k < entry.mentions.length; k += 1) {
    if (!entry.slotted.slots.has(k + 1) && !take(k, (m) => fold(m.text) === entry.mentions[k])) return null;
  }
  for (const [slot, need] of entry.slotted.slots) {
    if (!take(slot - 1, (m) => fillsSlot(m, need))) return null;
  }
  const relinked = out.filter((m): m is Mention => m !== undefined);
  return relinked.length === mentions.length && fits(entry.slotted, relinked) ? relinked : null;
}
