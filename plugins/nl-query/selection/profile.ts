/**
 * A source's profile: every word and phrase that is evidence for it, with how strong that
 * evidence is. Built once from what the source says about itself (description, schema names,
 * distinct values, fact sentences) and immutable; a changed source gets a new profile.
 *
 * Strengths say how sure a match makes us that the source is meant: a schema name ("customer")
 * or a whole stored value ("Germany", "Henry VIII") is as good as it gets; a word of the
 * description a little less; one word of a longer value ("George" of "George V") or a word that
 * occurs in some facts is weaker, since such words turn up in unrelated questions too.
 */
import { humanWords } from '../../../engines/schema-graph/names.js';
import type { SourceTerms } from '../../../engines/source.js';
import { contentStems, isContent, tokenize, type Token } from './terms.js';

/** Why a phrase is evidence for a source (shown to clients in the evidence strings). */
export type EvidenceKind = 'name' | 'description' | 'value' | 'value part' | 'fact word' | 'entity';

export interface ProfileEntry {
  /** In (0, 1]: how much one match of this phrase counts for the source. */
  readonly strength: number;
  readonly kind: EvidenceKind;
}

export interface SourceProfile {
  readonly id: string;
  /** Phrase key (stems joined by spaces, terms.ts `phraseKey`) -> the strongest evidence it gives. */
  readonly entries: ReadonlyMap<string, ProfileEntry>;
}

export interface ProfileOptions {
  /** Values of more words than this are remembered whole but not split into parts. Default 8. */
  readonly maxValueWords?: number;
  /** Longest part of a value remembered on its own, in words. Default 4. */
  readonly maxPartWords?: number;
}

const STRENGTH: Readonly<Record<EvidenceKind, number>> = {
  name: 1,
  value: 1,
  entity: 1,
  description: 0.7,
  'value part': 0.5,
  'fact word': 0.5,
};
/** A part of two or more words of a value ("george v" of "King George V") is almost the value. */
const LONG_PART = 0.8;
/**
 * A name mentioned once in passing ("a letter signed by Henry VIII") says less about a collection
 * than one its facts keep coming back to; a stored value is a whole record and always counts fully.
 */
const ENTITY_ONCE = 0.7;
/**
 * A word that recurs across a collection's facts is what the collection is about, as a schema's
 * names are what a database is about: a word in this share of the facts (or in TOPIC_MIN_FACTS,
 * whichever is more) counts as fully as a name; rarer words count less, down to 'fact word'.
 */
const TOPIC_SHARE = 0.03;
const TOPIC_MIN_FACTS = 3;

/** Lower-case words allowed inside an entity name taken from a sentence ("Museum of Clocks", "Harrow & Finch"). */
const NAME_JOINERS: ReadonlySet<string> = new Set(['of', 'de', 'da', 'del', 'van', 'von', 'the', 'and', '&', 'la', 'le']);

export function buildProfile(id: string, description: string, terms: SourceTerms, options: ProfileOptions = {}): SourceProfile {
  const maxValueWords = options.maxValueWords ?? 8;
  const maxPartWords = options.maxPartWords ?? 4;
  const entries = new Map<string, ProfileEntry>();
  const put = (phrase: string, strength: number, kind: EvidenceKind) => {
    const current = entries.get(phrase);
    if (!current || current.strength < strength) entries.set(phrase, { strength, kind });
  };

  // A question may name the source itself ("in the coast facts"): its id is words of its description.
  for (const stem of contentStems(`${humanWords(id)} ${description}`)) put(stem, STRENGTH.description, 'description');

  for (const name of terms.names) {
    const tokens = tokenize(name);
    for (const token of tokens) if (isContent(token)) put(token.stem, STRENGTH.name, 'name');
    if (tokens.length > 1) put(keyOf(tokens), STRENGTH.name, 'name');
  }

  const addValue = (value: string, kind: 'value' | 'entity', strength: number) => {
    const tokens = tokenize(value);
    if (tokens.length === 0 || !tokens.some(isContent)) return;
    put(keyOf(tokens), strength, kind);
    if (tokens.length === 1 || tokens.length > maxValueWords) return;
    for (const token of tokens) if (isContent(token) && token.word.length >= 3) put(token.stem, STRENGTH['value part'], 'value part');
    for (let start = 0; start < tokens.length; start += 1) {
      for (let end = start + 2; end <= Math.min(tokens.length, start + maxPartWords) && end - start < tokens.length; end += 1) {
        const part = tokens.slice(start, end);
        if (isBoundary(part[0]) && isBoundary(part.at(-1)) && part.some(isContent)) put(keyOf(part), LONG_PART, 'value part');
      }
    }
  };
  for (const value of terms.values) addValue(value, 'value', STRENGTH.value);

  const counts = new Map<string, number>();
  const mentions = new Map<string, number>();
  for (const text of terms.texts) {
    for (const stem of new Set(contentStems(text))) counts.set(stem, (counts.get(stem) ?? 0) + 1);
    for (const name of entityNames(text)) mentions.set(name, (mentions.get(name) ?? 0) + 1);
  }
  for (const [name, count] of mentions) addValue(name, 'entity', Math.min(STRENGTH.entity, ENTITY_ONCE + 0.1 * Math.log(count)));
  const topic = Math.max(TOPIC_MIN_FACTS, TOPIC_SHARE * terms.texts.length);
  for (const [stem, count] of counts) {
    put(stem, STRENGTH['fact word'] + (1 - STRENGTH['fact word']) * Math.min(1, (count - 1) / (topic - 1)), 'fact word');
  }

  return { id, entries };
}

/** Whether a token may start or end a phrase looked up as a value: anything but a stop word. */
export function isBoundary(token: Token | undefined): boolean {
  return token !== undefined && !token.stop;
}

export function keyOf(tokens: readonly Token[]): string {
  return tokens.map((token) => token.stem).join(' ');
}

/**
 * Names in a sentence: runs of capitalised words, with "of", "&" and the like allowed inside
 * ("Kestrelford Museum of Clocks", "Harrow & Finch Logistics"). A capitalised stop word that
 * starts a sentence ("Every", "The") is not part of a name.
 */
export function entityNames(sentence: string): string[] {
  const names: string[] = [];
  let run: string[] = [];
  const close = () => {
    while (run.length > 0 && NAME_JOINERS.has((run.at(-1) ?? '').toLowerCase())) run.pop();
    while (run.length > 0 && tokenize(run[0] ?? '')[0]?.stop) run.shift();
    if (run.length > 0) names.push(run.join(' '));
    run = [];
  };
  for (const match of sentence.matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*|&|[^\s\p{L}\p{N}]/gu)) {
    const word = match[0];
    if (/^\p{Lu}/u.test(word)) run.push(word);
    else if (run.length > 0 && NAME_JOINERS.has(word.toLowerCase())) run.push(word);
    else close(); // a lower-case word or punctuation ends the name
  }
  close();
  return names;
}
