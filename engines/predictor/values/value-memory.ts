/**
 * The data value memory (after the value memory of seed 003 and Polyglotter's value placeholders):
 * for one source, the distinct values of its text attributes and the ranges of its numbers and
 * dates, read through the source's own QueryGraphEngine (so SQL and graph sources are read the same
 * way). The generator draws real values from it; at question time `findMentions` (mentions.ts)
 * looks question words up in it.
 */
import { sharesStem, stemKey } from '../../english/stems.js';
import type { QueryGraphEngine } from '../../query-graph/engine.js';
import { queryGraph } from '../../query-graph/build.js';
import type { AttributeType, SchemaAttribute, SchemaGraph } from '../../schema-graph/types.js';
import { QueryTimeoutError } from '../../../errors.js';
import { naturalForms, TITLE_ATTRIBUTE, titleWord } from './aliases.js';
import { labelAttribute } from '../../schema-graph/labels.js';
import { key, words } from '../../english/normalize.js';

export interface ValueMemoryOptions {
  /** Distinct values read per text attribute at most (a column with more is read up to this). Default 5000. */
  readonly maxDistinct?: number;
  /** Values longer than this many characters are not remembered (notes, addresses of paragraphs). Default 60. */
  readonly maxLength?: number;
  /** Time limit per read, in milliseconds. Default 10000. */
  readonly timeoutMs?: number;
}

/** What the memory knows about one attribute. */
export interface ColumnMemory {
  readonly classId: string;
  readonly attributeId: string;
  readonly type: AttributeType;
  /** Distinct stored values, exactly as stored (text attributes). */
  readonly values: readonly string[];
  /** Whether `values` holds every stored value (none cut by maxDistinct or maxLength); unknown = no. */
  readonly complete?: boolean;
  /** Smallest and largest value (numbers as numbers, dates as `YYYY-MM-DD`), when known. */
  readonly min: number | string | null;
  readonly max: number | string | null;
}

/** One way a piece of question text can be a stored value. */
export interface ValueCandidate {
  readonly classId: string;
  readonly attributeId: string;
  /** The value exactly as stored ("Sweden " with its trailing space). */
  readonly value: string;
  /** exact: same folded words; fuzzy: one edit away; partial: one word of a longer value. */
  readonly match: 'exact' | 'fuzzy' | 'partial';
}

const NUMERIC: readonly AttributeType[] = ['integer', 'decimal', 'float'];
const TEMPORAL: readonly AttributeType[] = ['date', 'datetime'];

/** Short words that are never looked up as values on their own. */
const STOPWORDS = new Set(
  'a an the of in on at to for from by with and or not no is are was were be been do does did have has had what which who whom whose how many much me show list give tell find all any each every per than more less over under between before after since during its their our your my this that these those there it as into about up out than'.split(
    ' ',
  ),
);

export class ValueMemory {
  /** folded key -> candidates (exact). */
  private readonly exact = new Map<string, ValueCandidate[]>();
  /** Values with marks between or after their words, by their words alone (lookupWordsOnly). */
  private readonly wordsOnly = new Map<string, ValueCandidate[]>();
  /** one-deletion variant -> candidates (fuzzy, keys of 5+ characters). */
  private readonly deletions = new Map<string, ValueCandidate[]>();
  /** one folded word of a multi-word value -> candidates (partial). */
  private readonly parts = new Map<string, ValueCandidate[]>();
  /** first folded word of a multi-word value -> candidates (abbreviated: "sales rep"). */
  private readonly firstWords = new Map<string, ValueCandidate[]>();
  /** A value's folded key with each run of one letter written once -> candidates (fuzzy, keys of 5+ characters). */
  private readonly singled = new Map<string, ValueCandidate[]>();
  /** The first letters of a one-word value (stems.ts stemKey) -> candidates (lookupDerived). */
  private readonly stems = new Map<string, ValueCandidate[]>();
  /** Each folded word of a multi-word value or of its natural forms -> candidates, however many share it (lookupName). */
  private readonly nameWords = new Map<string, ValueCandidate[]>();
  /** Stored value -> the title words of the things so named (readTitles). */
  private readonly titles: ReadonlyMap<string, readonly string[]>;

  /** Folded words of the schema's human names: never looked up fuzzily or as parts of values. */
  private readonly schemaWords: ReadonlySet<string>;
  /** The schema's whole human names, folded: a question word that is one names the schema, not a value. */
  private readonly schemaNames: ReadonlySet<string>;
  /** Stored value -> the natural forms people write it in (aliases.ts), titled ones included. */
  private readonly forms = new Map<string, string[]>();
  /** Stored value -> forms the mention finder finds it by without indexing them: unaccented, a unique part of a name. */
  private readonly written = new Map<string, string[]>();

  private constructor(
    readonly columns: readonly ColumnMemory[],
    schemaWords: Iterable<string>,
    /** Name -> the title words of the things so named ("Victoria of house of Hanover" -> ["Queen"]). */
    titles: ReadonlyMap<string, readonly string[]> = new Map(),
    /** The schema's whole human names, folded ("status", "operational from"). */
    schemaNames: Iterable<string> = [],
    /** Attributes (`Class.attribute`) whose values could not be read in time: questions naming their values are not linked. */
    readonly unread: readonly string[] = [],
  ) {
    this.schemaWords = new Set(schemaWords);
    this.schemaNames = new Set(schemaNames);
    this.titles = titles;
    for (const column of columns) {
      const wordCounts = new Map<string, number>();
      for (const value of column.values) {
        for (const word of new Set(key(value).split(' '))) wordCounts.set(word, (wordCounts.get(word) ?? 0) + 1);
      }
      for (const value of column.values) this.index(column, value, wordCounts);
      for (const value of column.values) this.indexWrittenForms(value, wordCounts);
    }
    // Natural forms after every stored value: a value stored as written ("Victoria") ranks before
    // one that is only written so ("Victoria of house of Hanover"); "Queen Victoria" names the latter.
    for (const column of columns) {
      for (const value of column.values) {
        const plain = naturalForms(value);
        this.indexNameWords(column, value, plain);
        const titled = (titles.get(value) ?? []).flatMap((t) => [...plain, value].map((f) => `${t} ${f}`));
        const all = [...plain, ...titled];
        if (all.length === 0) continue;
        this.forms.set(value, all);
        for (const form of all) {
          const folded = key(form);
          if (folded.length < 2 || this.exact.get(folded)?.some((c) => c.value === value && c.classId === column.classId && c.attributeId === column.attributeId)) continue;
          push(this.exact, folded, { classId: column.classId, attributeId: column.attributeId, value, match: 'exact' });
        }
      }
    }
  }

  /**
   * How people write a stored value besides as stored (none for most values): its natural forms
   * (aliases.ts, found as the value itself), and as people type values (found as the value or as
   * a part of it, so the question generator writes them and the model sees them): without its
   * accents ("Pate chinois"), and for some names, the first or last word no other value of the
   * attribute has ("Futterkiste").
   */
  naturalForms(value: string): readonly string[] {
    return [...(this.forms.get(value) ?? []), ...(this.written.get(value) ?? [])];
  }

  /**
   * Reads every usable attribute of the engine's schema graph. A read that runs past its time limit
   * (a busy machine, a large column) is tried once more, after the others, with three times the
   * limit; what still cannot be read is listed in `unread`, so that the source's status says which
   * values questions cannot name, instead of the memory being silently incomplete.
   */
  static async read(engine: QueryGraphEngine, options: ValueMemoryOptions = {}): Promise<ValueMemory> {
    const schema = engine.schema();
    const limits = { maxDistinct: options.maxDistinct ?? 5000, maxLength: options.maxLength ?? 60, timeoutMs: options.timeoutMs ?? 10_000 };
    const columns: ColumnMemory[] = [];
    const timedOut: SchemaAttribute[] = [];
    for (const owner of schema.classes) {
      for (const attribute of owner.attributes) {
        try {
          const column = await readColumn(engine, attribute, limits);
          if (column) columns.push(column);
        } catch (error) {
          // An attribute the engine cannot read (an odd type) is simply not remembered.
          if (error instanceof QueryTimeoutError) timedOut.push(attribute);
        }
      }
    }
    const unread: string[] = [];
    for (const attribute of timedOut) {
      try {
        const column = await readColumn(engine, attribute, { ...limits, timeoutMs: limits.timeoutMs * 3 });
        if (column) columns.push(column);
      } catch {
        unread.push(`${attribute.classId}.${attribute.id}`);
      }
    }
    return new ValueMemory(columns, schemaWordsOf(schema), await readTitles(engine, limits.maxDistinct, limits.timeoutMs), schemaNamesOf(schema), unread);
  }

  /** A memory from known columns (tests, and sources that ship their values); `titles` as read() finds them. */
  static of(columns: readonly ColumnMemory[], schema?: SchemaGraph, titles?: ReadonlyMap<string, readonly string[]>): ValueMemory {
    return new ValueMemory(columns, schema ? schemaWordsOf(schema) : [], titles, schema ? schemaNamesOf(schema) : []);
  }

  column(classId: string, attributeId: string): ColumnMemory | undefined {
    return this.columns.find((c) => c.classId === classId && c.attributeId === attributeId);
  }

  /** Candidates whose folded words equal `folded` exactly. */
  lookupExact(folded: string): readonly ValueCandidate[] {
    return this.exact.get(folded) ?? [];
  }

  /** Candidates whose words alone, without the marks between them, are `folded` ("owner marketing assistant" for "Owner/Marketing Assistant"). */
  lookupWordsOnly(folded: string): readonly ValueCandidate[] {
    return this.wordsOnly.get(folded) ?? [];
  }

  /**
   * Candidates one typo (insertion, deletion, substitution, two letters swapped) away from
   * `folded`, or spelt with its doubled letters single or its single letters doubled, however many
   * ("Carribean" for 'Caribbean', "Phillipines" for 'Philippines': the commonest misspelling).
   */
  lookupFuzzy(folded: string): readonly ValueCandidate[] {
    if (folded.length < 5 || this.schemaWords.has(folded)) return [];
    const found = new Map<string, ValueCandidate>();
    const add = (candidate: ValueCandidate) => found.set(`${candidate.classId}.${candidate.attributeId}\u0000${candidate.value}`, candidate);
    for (const variant of [folded, ...deletionsOf(folded)]) {
      for (const candidate of this.deletions.get(variant) ?? []) {
        const stored = key(candidate.value);
        if (stored !== folded && (editDistanceAtMostOne(stored, folded) || isTransposition(stored, folded))) add(candidate);
      }
    }
    for (const candidate of this.singled.get(singleLetters(folded)) ?? []) if (key(candidate.value) !== folded) add(candidate);
    return [...found.values()];
  }

  /**
   * Candidates `folded` abbreviates word by word: as many words, the first the same, each other
   * the same or (singular, 3+ letters) the start of the stored word ("sales reps" -> "Sales
   * Representative", "mktg manager" does not: the first word must be whole).
   */
  lookupAbbreviated(folded: string): readonly ValueCandidate[] {
    const asked = folded.split(' ');
    if (asked.length < 2) return [];
    const out: ValueCandidate[] = [];
    for (const candidate of this.firstWords.get(asked[0] as string) ?? []) {
      const stored = key(candidate.value).split(' ');
      if (stored.length !== asked.length) continue;
      let shortened = false;
      const fits = asked.every((word, i) => {
        const full = stored[i] as string;
        if (word === full) return true;
        const stem = word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word;
        if (i > 0 && stem.length >= 3 && full.length > stem.length && full.startsWith(stem)) return (shortened = true);
        return false;
      });
      if (fits && shortened) out.push({ ...candidate, match: 'fuzzy' });
    }
    return out;
  }

  /**
   * One-word values `word` is made from or makes (stems.ts: "operating" -> 'Operational',
   * "engineering" -> 'engineer'): how people write a status or a field as a verb or an adjective.
   * None for a schema word or a word that does not end as a verb or adjective does; at most
   * MAX_DERIVED_VALUES, or none (a stem many values share names none of them). Match 'fuzzy'.
   */
  lookupDerived(word: string): readonly ValueCandidate[] {
    const stem = stemKey(word);
    if (!stem || this.schemaWords.has(word) || !VERB_OR_ADJECTIVE.test(word)) return [];
    const found = (this.stems.get(stem) ?? []).filter((c) => sharesStem(word, key(c.value)));
    return found.length <= MAX_DERIVED_VALUES ? found : [];
  }

  /** Candidates of which `word` is one whole word (a part of a longer value). */
  lookupPart(word: string): readonly ValueCandidate[] {
    if (this.schemaWords.has(word)) return [];
    return this.parts.get(word) ?? [];
  }

  /**
   * Candidates of which `asked` (folded words) is a part, word for word and in order, but not the
   * whole: a first name ("albert" -> "Albert Augustus Charles"), a surname, "henry tudor" for
   * "Henry_VIII of house of Tudor" (its natural form "Henry VIII Tudor"). However many values share
   * the part; per attribute, the attribute where fewest values share it first (the part names
   * something there most uniquely). Match 'partial'.
   */
  lookupName(asked: readonly string[]): readonly ValueCandidate[] {
    if (asked.length === 0 || (asked.length === 1 && this.schemaWords.has(asked[0] as string))) return [];
    const indexed = asked.filter((w) => !STOPWORDS.has(w));
    if (indexed.length === 0) return [];
    const postings = indexed.map((w) => this.nameWords.get(w) ?? []);
    const rarest = postings.reduce((a, b) => (b.length < a.length ? b : a));
    const found = rarest.filter((candidate) => [candidate.value, ...(this.forms.get(candidate.value) ?? [])].some((form) => isPart(asked, key(form).split(' '))));
    const perAttribute = new Map<string, number>();
    for (const c of found) perAttribute.set(`${c.classId}\u0000${c.attributeId}`, (perAttribute.get(`${c.classId}\u0000${c.attributeId}`) ?? 0) + 1);
    const share = (c: ValueCandidate) => perAttribute.get(`${c.classId}\u0000${c.attributeId}`) ?? 0;
    return found.map((c, i) => ({ c, i })).sort((a, b) => share(a.c) - share(b.c) || a.i - b.i).map(({ c }) => c);
  }

  /** The title words of the thing a stored value names ("Queen" for "Victoria of house of Hanover"), when the source has titles. */
  titlesOf(value: string): readonly string[] {
    return this.titles.get(value) ?? [];
  }

  /** Whether the source has titles of things (readTitles): then a title written before a name must be one of them. */
  knowsTitles(): boolean {
    return this.titles.size > 0;
  }

  /** Whether folded words are one of the schema's whole human names ("status", not "operational" of "operational from"). */
  isSchemaName(folded: string): boolean {
    return this.schemaNames.has(folded);
  }

  /** Whether a folded word is part of the schema's human names ("id", "name", "order"). */
  isSchemaWord(word: string): boolean {
    return this.schemaWords.has(word);
  }

  /** The folded words of the schema's human names. */
  schemaWordList(): readonly string[] {
    return [...this.schemaWords];
  }

  /** Words not looked up alone. */
  static isStopword(word: string): boolean {
    return STOPWORDS.has(word);
  }

  /** The schema attributes that have remembered text values. */
  textColumns(schema: SchemaGraph): readonly ColumnMemory[] {
    return this.columns.filter((c) => c.values.length > 0 && schema.classes.some((k) => k.id === c.classId));
  }

  /** The value without its accents, and for one name in PARTIAL_NAME_SHARE, its unique first or last word (naturalForms). */
  private indexWrittenForms(value: string, wordCounts: ReadonlyMap<string, number>): void {
    const out: string[] = [];
    const plain = value.trim().normalize('NFD').replace(/[\u0300-\u036f]/g, '').normalize('NFC');
    if (plain !== value.trim()) out.push(plain);
    const ws = value.trim().split(/\s+/);
    const nameLike = ws.length >= 2 && ws.length <= 3 && ws.every((w) => /^\p{Lu}\p{Ll}+$/u.test(w));
    if (nameLike && stableShare(value) < PARTIAL_NAME_SHARE) {
      for (const word of [ws[0] as string, ws[ws.length - 1] as string]) {
        const folded = key(word);
        if (folded.length >= 4 && wordCounts.get(folded) === 1 && !this.schemaWords.has(folded) && !STOPWORDS.has(folded)) out.push(word);
      }
    }
    const known = this.written.get(value) ?? [];
    const fresh = out.filter((form) => !known.includes(form));
    if (fresh.length > 0) this.written.set(value, [...known, ...fresh]);
  }

  /** The words of a multi-word value and of its natural forms, for lookupName. */
  private indexNameWords(column: ColumnMemory, value: string, forms: readonly string[]): void {
    const seen = new Set<string>();
    for (const form of [value, ...forms]) {
      const ws = key(form).split(' ');
      if (ws.length < 2) continue;
      for (const word of ws) {
        if (seen.has(word) || STOPWORDS.has(word) || /^\d+$/.test(word) || (word.length < 2 && !/^[ivx]$/.test(word))) continue;
        seen.add(word);
        push(this.nameWords, word, { classId: column.classId, attributeId: column.attributeId, value, match: 'partial' });
      }
    }
  }

  private index(column: ColumnMemory, value: string, wordCounts: ReadonlyMap<string, number>): void {
    const folded = key(value);
    if (folded.length < 2) return;
    const base = { classId: column.classId, attributeId: column.attributeId, value };
    push(this.exact, folded, { ...base, match: 'exact' });
    // The mention finder reads a question's words without the marks between them
    // ("Owner/Marketing Assistant", "Jardim das rosas n. 32", "Buckingham Palace, London").
    const bare = wordsOnlyKey(value);
    if (bare !== folded && bare.length >= 2) push(this.wordsOnly, bare, { ...base, match: 'exact' });
    if (folded.length >= 5) {
      push(this.singled, singleLetters(folded), { ...base, match: 'fuzzy' });
      push(this.deletions, folded, { ...base, match: 'fuzzy' });
      for (const variant of deletionsOf(folded)) push(this.deletions, variant, { ...base, match: 'fuzzy' });
    }
    const valueWords = folded.split(' ');
    const stem = valueWords.length === 1 && /^\p{L}+$/u.test(folded) ? stemKey(folded) : null;
    if (stem) push(this.stems, stem, { ...base, match: 'fuzzy' });
    if (valueWords.length > 1) push(this.firstWords, valueWords[0] as string, { ...base, match: 'fuzzy' });
    if (valueWords.length > 1) {
      for (const word of new Set(valueWords)) {
        // A word shared by many values ("Sales" in every sales title) names none of them.
        const rare = (wordCounts.get(word) ?? 0) <= MAX_PART_SHARE;
        if (rare && word.length >= 4 && !STOPWORDS.has(word) && !/^\d+$/.test(word)) push(this.parts, word, { ...base, match: 'partial' });
      }
    }
  }
}

/**
 * Endings of the verbs and adjectives a value is written as ("operating", "planned", "seasonal"):
 * only such a word is looked up by its stem; a noun ("providers", "stocks") is rather the
 * question's own word, or a schema word's synonym, than a value made from it.
 */
const VERB_OR_ADJECTIVE = /(ing|ed|al|ive|ous|ic|ant|ent|able|ible|ary)$/;

/** `folded` with each run of one letter written once ("caribbean", "carribean" -> "caribean"). */
function singleLetters(folded: string): string {
  return folded.replace(/(\p{L})\1+/gu, '$1');
}

/** A word made from the stem of more values than this (stems.ts) names none of them. */
const MAX_DERIVED_VALUES = 2;

/** A word of at most this many values of a column finds them as a part ("Rössle" -> "Rössle Sauerkraut"). */
const MAX_PART_SHARE = 3;

/** One attribute's memory: a text attribute's distinct values, a number's or date's range; null for other types. */
async function readColumn(
  engine: QueryGraphEngine,
  attribute: SchemaAttribute,
  limits: { readonly maxDistinct: number; readonly maxLength: number; readonly timeoutMs: number },
): Promise<ColumnMemory | null> {
  const target = { classId: attribute.classId, attributeId: attribute.id };
  const { maxDistinct, maxLength, timeoutMs } = limits;
  if (attribute.type === 'text') {
    const graph = queryGraph({ select: [{ target, aggregate: null }], distinct: true, limit: maxDistinct });
    const run = await engine.run(graph, { limit: maxDistinct, timeoutMs });
    const stored = run.result.rows.map((row) => row[0]).filter((v): v is string => typeof v === 'string' && v.trim().length > 0);
    const values = stored.filter((v) => v.length <= maxLength);
    const complete = run.result.rows.length < maxDistinct && values.length === stored.length;
    return { ...target, type: attribute.type, values, complete, min: null, max: null };
  }
  if (NUMERIC.includes(attribute.type) || TEMPORAL.includes(attribute.type)) {
    const graph = queryGraph({ select: [{ target, aggregate: 'min' }, { target, aggregate: 'max' }] });
    const run = await engine.run(graph, { limit: 1, timeoutMs });
    const [min, max] = run.result.rows[0] ?? [null, null];
    return { ...target, type: attribute.type, values: [], min: rangeValue(min), max: rangeValue(max) };
  }
  return null;
}

/**
 * For classes with a title attribute (TITLE_ATTRIBUTE), each name's title words: people write
 * "Queen Victoria" for the Victoria whose title is "Queen of England", which also tells her from
 * the other Victorias.
 */
async function readTitles(engine: QueryGraphEngine, maxDistinct: number, timeoutMs: number): Promise<Map<string, string[]>> {
  const schema = engine.schema();
  const titles = new Map<string, string[]>();
  for (const owner of schema.classes) {
    const label = labelAttribute(schema, owner.id);
    const title = owner.attributes.find((a) => a.type === 'text' && a.id !== label?.id && TITLE_ATTRIBUTE.test(a.name.singular));
    if (!label || label.type !== 'text' || !title) continue;
    try {
      const graph = queryGraph({ select: [{ target: { classId: owner.id, attributeId: label.id }, aggregate: null }, { target: { classId: owner.id, attributeId: title.id }, aggregate: null }], where: [{ target: { classId: owner.id, attributeId: title.id }, operator: 'not_null', values: [] }], distinct: true, limit: maxDistinct * 2 });
      const run = await engine.run(graph, { limit: maxDistinct * 2, timeoutMs });
      for (const [name, value] of run.result.rows) {
        const word = typeof value === 'string' ? titleWord(value) : null;
        if (typeof name !== 'string' || !word) continue;
        const list = titles.get(name) ?? [];
        if (!list.includes(word)) list.push(word);
        titles.set(name, list);
      }
    } catch {
      // Titles only help: a source that cannot read them is matched without.
    }
  }
  return titles;
}

function humanNamesOf(schema: SchemaGraph) {
  return [...schema.classes.flatMap((c) => [c.name, ...c.attributes.map((a) => a.name)]), ...schema.relations.map((r) => r.name)];
}

function schemaWordsOf(schema: SchemaGraph): string[] {
  return humanNamesOf(schema).flatMap((n) => [n.singular, n.plural, ...key(n.singular).split(' '), ...key(n.plural).split(' ')]).map(key);
}

function schemaNamesOf(schema: SchemaGraph): string[] {
  return humanNamesOf(schema).flatMap((n) => [key(n.singular), key(n.plural)]);
}

function push<T>(map: Map<string, T[]>, k: string, item: T): void {
  const list = map.get(k);
  if (list) list.push(item);
  else map.set(k, [item]);
}

/** Share of multi-word names the generator may write by one unique word of theirs (naturalForms): people mostly write the whole name. */
const PARTIAL_NAME_SHARE = 0.25;

/** A number in [0, 1) fixed by the text (FNV-1a), so which names get a partial form does not depend on any random stream. */
function stableShare(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash / 2 ** 32;
}

/** Whether `part` is `whole`'s words in order with some left out (none left out is no part). */
function isPart(part: readonly string[], whole: readonly string[]): boolean {
  if (part.length >= whole.length) return false;
  let k = 0;
  for (const word of whole) if (word === part[k]) k += 1;
  return k === part.length;
}

function deletionsOf(text: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < text.length; i += 1) out.add(text.slice(0, i) + text.slice(i + 1));
  return [...out];
}

/** Whether two words are at most one insertion, deletion or substitution apart. */
export function editDistanceAtMostOne(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** Two neighbouring letters swapped ("germnay"): one typo to a person, two edits to Levenshtein. */
function isTransposition(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const diff = [...a].flatMap((ch, i) => (ch === b[i] ? [] : [i]));
  return diff.length === 2 && diff[1] === (diff[0] as number) + 1 && a[diff[0] as number] === b[diff[1] as number] && a[diff[1] as number] === b[diff[0] as number];
}

function rangeValue(value: unknown): number | string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') {
    const date = /^(\d{4}-\d{2}-\d{2})/.exec(value);
    if (date?.[1]) return date[1];
    const n = Number(value);
    return value.trim() !== '' && Number.isFinite(n) ? n : null;
  }
  return null;
}

/** The folded words of a text without the punctuation between them: "owner marketing assistant". */
function wordsOnlyKey(text: string): string {
  return words(text)
    .map((w) => w.text)
    .filter((w) => /[\p{L}\p{N}]/u.test(w))
    .join(' ');
}
