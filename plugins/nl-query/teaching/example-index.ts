/**
 * The taught examples of one source, indexed by what their questions say once values are set
 * aside: the words (folded, singular, as source selection reads them: selection/terms.ts) with
 * each mention the predictor's mention finder reads replaced by its kind, and the words that only
 * open a request ("show me", "what are the") left out. Two questions with one key are the same
 * question about possibly other values; finding it is one map look-up, so asking costs a mention
 * search and a hash (well under the 2 ms the issue allows) and nothing when a source has no
 * examples. A near question that differs in any other word is not matched: "cheap" and
 * "expensive" must not meet, and a lexical index cannot tell which words may differ.
 */
import { singularWord } from '../../../engines/schema-graph/names.js';
import { parseQueryGraph } from '../../../engines/query-graph/canonical.js';
import type { Mention } from '../../../engines/predictor/values/mentions.js';
import { fold } from '../../../engines/english/normalize.js';
import { wordsOf } from '../selection/terms.js';
import type { TaughtExample } from './example-store.js';
import { fits, slotted, type SlottedGraph } from '../../../engines/predictor/training/taught-slots.js';

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
  /** `exact`: the question as taught (case, accents and spacing aside); `near`: the same words about other values, or other openers. */
  readonly match: 'exact' | 'near';
  /** The new question's mentions, which fill the slots. */
  readonly mentions: readonly Mention[];
}

interface Entry {
  readonly example: TaughtExample;
  readonly slotted: SlottedGraph;
  readonly folded: string;
  /** The taught question's mentions, folded: those the graph does not re-link must be the same in a near question. */
  readonly mentions: readonly string[];
}

export class ExampleIndex {
  private readonly byKey = new Map<string, Entry[]>();

  constructor(
    examples: readonly TaughtExample[],
    private readonly mentionsOf: (question: string) => readonly Mention[],
  ) {
    for (const example of examples) {
      const mentions = mentionsOf(example.question);
      const key = questionKey(example.question, mentions);
      const entry = { example, slotted: slotted(parseQueryGraph(example.queryGraph), mentions), folded: fold(example.question), mentions: mentions.map((m) => fold(m.text)) };
      // The latest teaching of a question comes first: a correction overrides what was confirmed before.
      this.byKey.set(key, [entry, ...(this.byKey.get(key) ?? [])]);
    }
  }

  get size(): number {
    return this.byKey.size;
  }

  /** The latest example whose question reads as this one, with the new question's values fitting its slots. */
  find(question: string): TaughtMatch | null {
    if (this.byKey.size === 0) return null;
    const mentions = this.mentionsOf(question);
    const entries = this.byKey.get(questionKey(question, mentions));
    if (!entries) return null;
    const folded = fold(question);
    const exact = entries.find((entry) => entry.folded === folded);
    if (exact) return { example: exact.example, slotted: exact.slotted, match: 'exact', mentions };
    // A value the graph keeps as taught (one the slots could not re-link, inside a pattern for one)
    // must be the same value in the new question, or the taught graph would answer another question.
    const unchanged = (entry: Entry) => entry.mentions.every((text, k) => entry.slotted.slots.has(k + 1) || fold(mentions[k]?.text ?? '') === text);
    const near = entries.find((entry) => unchanged(entry) && fits(entry.slotted, mentions));
    return near ? { example: near.example, slotted: near.slotted, match: 'near', mentions } : null;
  }
}
