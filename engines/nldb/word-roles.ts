/**
 * How the collection uses each word, kept in step with the facts: whether some fact writes it as
 * a value ("is a doctor", "works as a weaver", "keeps a horse": lower case, right after "a"/"an")
 * and how often it stands next to a number ("33,050 visitors a year", "a workforce of 1,120",
 * "was founded in 1987"). The selection check (selection.ts) reads these to tell the words of a
 * question that pick entities out ("doctor", "horse") from the words that name the number asked
 * about ("year", "workforce", "visitors"), without a list of either.
 */
import { term } from './lexical-index.js';
import { numberValue, tokenize } from './text.js';

/** Tokens either side of a number within which a word counts as the number's own word. */
const NUMBER_REACH = 3;
const ARTICLES: ReadonlySet<string> = new Set(['a', 'an']);

/** What one fact contributes (terms, each counted once per fact). */
interface FactRoles {
  readonly asValue: readonly string[];
  readonly nearNumber: readonly string[];
  readonly all: readonly string[];
}

/** The roles of the words of one fact. */
export function factRoles(text: string): FactRoles {
  const tokens = tokenize(text);
  const numbers = tokens.flatMap((t, i) => (numberValue(t.text) !== null ? [i] : []));
  const asValue = new Set<string>();
  const nearNumber = new Set<string>();
  const all = new Set<string>();
  tokens.forEach((t, i) => {
    const k = term(t.text);
    if (k === null) return;
    all.add(k);
    if (/^[a-z]/.test(t.text) && ARTICLES.has(tokens[i - 1]?.text.toLowerCase() ?? '')) asValue.add(k);
    if (numbers.some((j) => Math.abs(i - j) <= NUMBER_REACH)) nearNumber.add(k);
  });
  return { asValue: [...asValue], nearNumber: [...nearNumber], all: [...all] };
}

export class WordRoles {
  private readonly byFact = new Map<string, FactRoles>();
  private readonly facts = new Map<string, number>();
  private readonly asValue = new Map<string, number>();
  private readonly nearNumber = new Map<string, number>();

  add(id: string, text: string): void {
    if (this.byFact.has(id)) this.remove(id);
    const roles = factRoles(text);
    this.byFact.set(id, roles);
    this.apply(roles, 1);
  }

  remove(id: string): void {
    const roles = this.byFact.get(id);
    if (!roles) return;
    this.apply(roles, -1);
    this.byFact.delete(id);
  }

  /** Facts holding the term at all. */
  factsWith(t: string): number {
    return this.facts.get(t) ?? 0;
  }

  /** Whether some fact writes the term as a value: lower case, right after "a"/"an". */
  isValueWord(t: string): boolean {
    return (this.asValue.get(t) ?? 0) > 0;
  }

  /** The share of the facts holding the term that hold it next to a number (0 when none hold it). */
  nearNumberShare(t: string): number {
    const n = this.facts.get(t) ?? 0;
    return n === 0 ? 0 : (this.nearNumber.get(t) ?? 0) / n;
  }

  private apply(roles: FactRoles, n: number): void {
    bump(this.facts, roles.all, n);
    bump(this.asValue, roles.asValue, n);
    bump(this.nearNumber, roles.nearNumber, n);
  }
}

function bump(counts: Map<string, number>, keys: readonly string[], n: number): void {
  for (const k of keys) {
    const v = (counts.get(k) ?? 0) + n;
    if (v > 0) counts.set(k, v);
    else counts.delete(k);
  }
}
