/**
 * Finds the words of a question that name a source: its id ("Northwind", "the royals"), or, for
 * fact collections, "the facts" / "the town facts" / "the notes" (an adjective before the noun
 * picks the collection whose description uses it). Retrieval plans route sub-questions by them.
 */
import type { PlannableSource } from './types.js';

export interface SourceReference {
  /** The sources the words may mean (several when they do not decide between collections). */
  readonly sources: readonly string[];
  /** Character span of the reference in the text, including a leading "in/from the". */
  readonly start: number;
  readonly end: number;
  /** The id words alone ("northwind"), or the fact noun ("facts"). */
  readonly words: string;
}

const FACT_NOUNS = 'facts|notes|sentences|fact collection|collection';
const SOURCE_NOUNS = 'database|data|graph|db|source|facts|notes|collection';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Every reference in `text`, left to right, longest first where they overlap. */
export function findSourceReferences(text: string, sources: readonly PlannableSource[]): readonly SourceReference[] {
  const found: SourceReference[] = [];
  // Ids: longest first, so "northwind graph" wins over "northwind" where both match.
  const byLength = [...sources].sort((a, b) => b.id.length - a.id.length);
  for (const source of byLength) {
    const idWords = words(source.id);
    if (idWords.length === 0) continue;
    const pattern = new RegExp(
      `(?:\\b(?:in|from|of)\\s+)?(?:\\bthe\\s+)?\\b${idWords.map(escape).join('[\\s_-]+')}(?:'s)?\\b(?:\\s+(?:${SOURCE_NOUNS})\\b)?`,
      'giu',
    );
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (found.some((ref) => start < ref.end && end > ref.start)) continue;
      found.push({ sources: [source.id], start, end, words: idWords.join(' ') });
    }
  }
  const collections = sources.filter((source) => source.kind === 'nldb');
  if (collections.length > 0) {
    const pattern = new RegExp(`(?:\\b(?:in|from)\\s+)?\\bthe\\s+(?:([\\p{L}-]+)\\s+)?(${FACT_NOUNS})\\b`, 'giu');
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (found.some((ref) => start < ref.end && end > ref.start)) continue;
      const adjective = match[1]?.toLowerCase();
      const described = adjective ? collections.filter((source) => words(source.description).includes(adjective)) : [];
      found.push({
        sources: (described.length > 0 ? described : collections).map((source) => source.id),
        start,
        end,
        words: match[2]!.toLowerCase(),
      });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** `text` with the span of `reference` removed and the spacing tidied. */
export function withoutReference(text: string, reference: SourceReference): string {
  return `${text.slice(0, reference.start)} ${text.slice(reference.end)}`.replace(/\s+/g, ' ').replace(/\s+([?.,!])/g, '$1').trim();
}
