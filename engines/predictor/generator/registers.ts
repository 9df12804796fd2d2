/**
 * How people type a question once its words are chosen: all in lower case, without the final
 * question mark, "what's" or "whats" for "what is", "pls" and "can you", function words left out
 * ("list products in Germany" for "list the products in Germany") and typos (two letters swapped,
 * one dropped, one doubled). Applied by the question generator to every question it writes, over
 * any schema, after the English (english.ts, chains.ts) and before the mention finder reads the
 * question back, so a noisy question that loses a value is dropped like any other. Values are
 * never touched: the caller says where they are. Deterministic for the seeded Random.
 */
import type { Random } from '../../query-graph/random-walk.js';

/** Probabilities of each register and noise, per question. */
export interface RegisterOptions {
  /** The whole question in lower case, values too ("cheapest beverage"). Default 0.3. */
  readonly lowercase?: number;
  /** No final "?" or "." ("which products are discontinued"). Default 0.35. */
  readonly bare?: number;
  /** "what's" or "whats" for "what is", "who's" for "who is" (when the question has one). Default 0.5. */
  readonly contraction?: number;
  /** "pls", "please", "can you" around the question. Default 0.06. */
  readonly polite?: number;
  /** One or two function words left out ("the", "are", "is", "of the"...). Default 0.08. */
  readonly dropWords?: number;
  /** One typo in a word of five letters or more: two letters swapped, one doubled, or (in six or more) one dropped. Default 0.05. */
  readonly typo?: number;
}

/** Character ranges of a question that must stay as written (its values). */
export type ProtectedSpans = readonly (readonly [number, number])[];

/** Function words people leave out when they type fast; never "not", "no", numbers or prepositions that carry meaning. */
const FUNCTION_WORDS = new Set(['the', 'a', 'an', 'are', 'is', 'there', 'me', 'do', 'does', 'all', 'that', 'of']);
/** Short words WordNet does not list (it holds nouns, verbs, adjectives and adverbs): typos must not make them. */
const COMMON_WORDS = new Set(['were', 'where', 'there', 'their', 'then', 'than', 'from', 'form', 'whose', 'those', 'these', 'which', 'with', 'what', 'when', 'whom', 'have', 'has', 'had', 'does', 'done', 'each', 'every', 'other', 'after', 'before', 'under', 'over', 'least', 'last', 'most', 'less', 'more', 'lest']);

/** Words a command starts with: "can you" goes before these, never before "which ...". */
const COMMANDS = /^(list|show|give|find|get|tell|display|count|name|return)\b/i;

export class Registers {
  constructor(
    private readonly random: Random,
    private readonly options: RegisterOptions = {},
    /**
     * Whether a string is an English word (WordNet): a typo that makes another word ("least" ->
     * "last") changes the question, so such a typo is not made. None by default (any typo).
     */
    private readonly isWord: (word: string) => boolean = () => false,
  ) {}

  /**
   * The question in a register drawn for it. `protect` gives the value spans of `question` as
   * written; it is only called when a noise that edits words was drawn.
   */
  apply(question: string, protect: () => ProtectedSpans): string {
    const o = this.options;
    let out = question;
    const typo = this.random.chance(o.typo ?? 0.05);
    const drop = this.random.chance(o.dropWords ?? 0.08);
    if (typo || drop) {
      const spans = protect();
      if (drop) out = this.dropWords(out, spans);
      // Dropping words moved the values: a typo is then placed by the new text's own words, far from any value word.
      if (typo) out = this.typo(out, drop ? protectByWords(out, question, spans) : spans);
    }
    if (this.random.chance(o.contraction ?? 0.5)) out = this.contract(out);
    if (this.random.chance(o.polite ?? 0.06)) out = this.polite(out);
    if (this.random.chance(o.bare ?? 0.35)) out = out.replace(/\s*[?.!]+$/, '');
    if (this.random.chance(o.lowercase ?? 0.3)) out = out.toLowerCase();
    return out;
  }

  /** "what is" -> "what's" / "whats", "who is" -> "who's", "how many are there" stays. */
  contract(question: string): string {
    return question.replace(/\b(what|who|where) is\b/gi, (_, wh: string) => (wh.toLowerCase() === 'what' ? `${wh}${this.random.pick(["'s", "'s", 's'])}` : `${wh}'s`));
  }

  /** "pls list the products", "can you show me ...", "which products are there please". */
  polite(question: string): string {
    const body = question.replace(/\s*[?.!]+$/, '');
    const mark = question.slice(body.length);
    if (COMMANDS.test(body) && this.random.chance(0.5)) {
      const lead = this.random.pick(['can you', 'could you', 'pls', 'please', 'can u']);
      return `${lead} ${body.charAt(0).toLowerCase()}${body.slice(1)}${mark}`;
    }
    return this.random.chance(0.5) ? `${this.random.pick(['pls', 'please'])} ${body.charAt(0).toLowerCase()}${body.slice(1)}${mark}` : `${body} ${this.random.pick(mark ? ['pls', 'please'] : ['pls', 'please', 'thanks'])}${mark}`;
  }

  /** One or two function words outside the values left out, never one right before a value. */
  dropWords(question: string, spans: ProtectedSpans): string {
    // Never the word right before a value: "the fax of Rancho grande" without "of" says the fax IS Rancho grande.
    const beforeValue = (m: RegExpMatchArray) => spans.some(([s]) => /^\s*["'“]?$/.test(question.slice((m.index ?? 0) + m[0].length, s)));
    const candidates = [...question.matchAll(/\b[a-z]+\b/gi)].filter((m) => FUNCTION_WORDS.has(m[0].toLowerCase()) && !inside(m.index ?? 0, m[0].length, spans) && !beforeValue(m));
    if (candidates.length === 0) return question;
    const count = Math.min(candidates.length, this.random.chance(0.3) ? 2 : 1);
    const chosen = new Set<number>();
    while (chosen.size < count) chosen.add(this.random.integer(0, candidates.length - 1));
    let out = question;
    for (const i of [...chosen].sort((a, b) => b - a)) {
      const m = candidates[i] as RegExpMatchArray;
      const at = m.index ?? 0;
      // The word and the space after it (or before it, at the end).
      const end = out[at + m[0].length] === ' ' ? at + m[0].length + 1 : at + m[0].length;
      const start = end === at + m[0].length && out[at - 1] === ' ' ? at - 1 : at;
      out = out.slice(0, start) + out.slice(end);
    }
    return out;
  }

  /** One typo in a word of five letters or more outside the values. */
  typo(question: string, spans: ProtectedSpans): string {
    const words = [...question.matchAll(/\b[a-z]{5,}\b/g)].filter((m) => !inside(m.index ?? 0, m[0].length, spans));
    if (words.length === 0) return question;
    // A few tries: a typo that makes another word is no typo but another question.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const m = this.random.pick(words);
      const word = m[0];
      const at = m.index ?? 0;
      const i = this.random.integer(1, word.length - 2);
      // A dropped letter leaves at least five, the shortest word serving puts a letter back in (normalize.ts unswapped).
      const kind = this.random.pick(word.length >= 6 ? (['swap', 'drop', 'double'] as const) : (['swap', 'double'] as const));
      const typed = kind === 'swap' ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2) : kind === 'drop' ? word.slice(0, i) + word.slice(i + 1) : word.slice(0, i + 1) + word.slice(i);
      if (typed !== word && !this.isWord(typed) && !COMMON_WORDS.has(typed)) return question.slice(0, at) + typed + question.slice(at + word.length);
    }
    return question;
  }
}

function inside(start: number, length: number, spans: ProtectedSpans): boolean {
  return spans.some(([s, e]) => start < e && s < start + length);
}

/**
 * Value spans of an edited question, found again by their text: each protected span of the
 * original is looked up in the edited text (the edits never touch values, so each is there).
 */
function protectByWords(edited: string, original: string, spans: ProtectedSpans): ProtectedSpans {
  const out: [number, number][] = [];
  let from = 0;
  for (const [s, e] of [...spans].sort((a, b) => a[0] - b[0])) {
    const text = original.slice(s, e);
    const at = edited.indexOf(text, from);
    if (at < 0) continue;
    out.push([at, at + text.length]);
    from = at + text.length;
  }
  return out;
}
