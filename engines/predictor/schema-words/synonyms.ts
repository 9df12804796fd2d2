/**
 * Schema words said another way. A trained model knows the words its generator wrote; people
 * write others ("clients" for customers, "merchandise" for products). Before the model reads a
 * question, a word it has never seen is replaced by the schema word WordNet lists it as a synonym
 * of (first senses only), in the same number. Words the model knows are never touched, so what it
 * learnt always wins over WordNet. One exception: a word the schema writes short ("destination"
 * for DestAirport, abbreviations.ts) becomes the schema's short word even when the model knows it,
 * since the model links a question to a schema name by the very word the name has.
 */
import { nounBases } from '../../english/noun-bases.js';
import type { WordNet } from '../../english/wordnet.js';
import type { SchemaAbbreviations } from './abbreviations.js';

export class SchemaSynonyms {
  /** Synonym (base form) -> the schema word (base form) it stands for. */
  private readonly toSchema = new Map<string, string>();

  constructor(
    /** Words of the schema's human names (singular and plural forms welcome). */
    schemaWords: Iterable<string>,
    /** Whether the model knows a word (its input vocabulary). */
    private readonly known: (word: string) => boolean,
    wordnet: WordNet,
    /** Senses of each schema word whose lemmas count as synonyms. Default 1 (the most frequent). */
    senses = 1,
    /** The schema's words written short, to rewrite the words they shorten to (none by default). */
    private readonly abbreviations?: SchemaAbbreviations,
  ) {
    const bases = new Set<string>();
    for (const word of schemaWords) if (/^[a-z]+$/.test(word)) bases.add(nounBases(word).find((b) => wordnet.synsets(b, 'noun').length > 0) ?? word);
    // A synonym shared by two schema words stays with the first that lists it.
    for (const base of bases) {
      for (const synonym of wordnet.synonyms(base, 'noun', senses)) {
        if (bases.has(synonym) || this.known(synonym)) continue;
        if (!this.toSchema.has(synonym)) this.toSchema.set(synonym, base);
      }
    }
  }

  /** The tokens with every unknown word that is a schema word's synonym replaced by that word. */
  rewrite(tokens: readonly string[]): string[] {
    return tokens.map((token) => this.abbreviations?.abbreviationOf(token) ?? (this.known(token) || !/^[a-z]+$/.test(token) ? token : (this.replacement(token) ?? token)));
  }

  /** How many synonyms are known (for the model card and tests). */
  get size(): number {
    return this.toSchema.size;
  }

  private replacement(word: string): string | null {
    const forms = nounBases(word);
    for (const base of forms) {
      const schemaWord = this.toSchema.get(base);
      if (!schemaWord) continue;
      // Keep the number: "clients" -> "customers", "client" -> "customer".
      const plural = base !== word;
      const candidates = plural ? pluralForms(schemaWord) : [schemaWord];
      return candidates.find((c) => this.known(c)) ?? (this.known(schemaWord) ? schemaWord : null);
    }
    return null;
  }
}

function pluralForms(word: string): string[] {
  if (/(s|x|z|ch|sh)$/.test(word)) return [`${word}es`];
  if (/[^aeiou]y$/.test(word)) return [`${word.slice(0, -1)}ies`];
  return [`${word}s`];
}
