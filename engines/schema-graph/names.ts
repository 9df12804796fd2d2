/**
 * Human names for database identifiers: "UnitPrice" -> "unit price", "Order Details" -> "order
 * details", "birth_year" -> "birth year", with singular and plural forms. The predictor and the
 * explainer speak in these words, so they must be the same for the same identifier in every
 * dialect: pure functions, no locale, no state.
 */
import type { HumanName } from './types.js';

/**
 * Words that end a noun phrase's head: in "units in stock" the head is "units", in "reports to"
 * it is "reports". Number (singular/plural) is carried by the head, not by the last word.
 */
const PREPOSITIONS: ReadonlySet<string> = new Set(['of', 'in', 'on', 'to', 'by', 'via', 'for', 'from', 'with', 'at', 'per']);

/** Singular -> plural for words the rules get wrong. */
const IRREGULAR: ReadonlyMap<string, string> = new Map([
  ['person', 'people'],
  ['child', 'children'],
  ['man', 'men'],
  ['woman', 'women'],
  ['foot', 'feet'],
  ['tooth', 'teeth'],
  ['mouse', 'mice'],
  ['goose', 'geese'],
  ['ox', 'oxen'],
  ['datum', 'data'],
  ['criterion', 'criteria'],
  ['analysis', 'analyses'],
  ['index', 'indexes'],
  ['matrix', 'matrices'],
  ['leaf', 'leaves'],
  ['life', 'lives'],
  ['wife', 'wives'],
  ['knife', 'knives'],
  ['half', 'halves'],
  ['shelf', 'shelves'],
  ['hero', 'heroes'],
  ['potato', 'potatoes'],
  ['tomato', 'tomatoes'],
  ['movie', 'movies'],
  ['cookie', 'cookies'],
  ['tie', 'ties'],
  ['pie', 'pies'],
  ['status', 'statuses'],
  ['bus', 'buses'],
  ['census', 'censuses'],
  ['campus', 'campuses'],
  ['virus', 'viruses'],
  ['alias', 'aliases'],
  ['gas', 'gases'],
]);

const IRREGULAR_PLURAL: ReadonlyMap<string, string> = new Map([...IRREGULAR].map(([singular, plural]) => [plural, singular]));

/** Words with one form for both numbers. */
const UNCOUNTABLE: ReadonlySet<string> = new Set([
  'data',
  'series',
  'species',
  'information',
  'news',
  'equipment',
  'staff',
  'metadata',
  'sheep',
  'fish',
  'deer',
]);

/**
 * The words of an identifier, lower-case and separated by single spaces. Splits on spaces,
 * underscores, hyphens and dots, at lower-to-upper case changes ("UnitPrice"), before the last
 * capital of an acronym followed by lower case ("HTMLPage" -> "html page") and between letters and
 * digits ("Address2" -> "address 2").
 */
export function humanWords(identifier: string): string {
  return identifier
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Za-z])([0-9])/g, '$1 $2')
    .replace(/([0-9])([A-Za-z])/g, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
    .map((word) => word.toLowerCase())
    .join(' ');
}

/** The singular of one lower-case English word; words that are already singular come back unchanged. */
export function singularWord(word: string): string {
  if (UNCOUNTABLE.has(word) || IRREGULAR.has(word)) return word;
  const irregular = IRREGULAR_PLURAL.get(word);
  if (irregular) return irregular;
  if (word.length <= 2 || !word.endsWith('s')) return word;
  // -ss (address), -us (status), -is (analysis) are singular endings.
  if (/(ss|us|is)$/.test(word)) return word;
  if (/[^aeiou]ies$/.test(word) && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(sses|xes|zzes|ches|shes)$/.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
}

/** The plural of one lower-case English word; words that are already plural come back unchanged. */
export function pluralWord(word: string): string {
  if (UNCOUNTABLE.has(word) || IRREGULAR_PLURAL.has(word)) return word;
  const irregular = IRREGULAR.get(word);
  if (irregular) return irregular;
  if (/[0-9]/.test(word) || word.length <= 1) return word;
  if (singularWord(word) !== word) return word;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

/** Index of the word that carries number: the one before the first preposition, else the last. */
function headIndex(words: readonly string[]): number {
  const preposition = words.findIndex((word, i) => i > 0 && PREPOSITIONS.has(word));
  return preposition > 0 ? preposition - 1 : words.length - 1;
}

function inflect(phrase: string, change: (word: string) => string): string {
  const words = phrase.split(' ').filter((word) => word !== '');
  if (words.length === 0) return phrase;
  const head = headIndex(words);
  return words.map((word, i) => (i === head ? change(word) : word)).join(' ');
}

/**
 * The singular of a phrase of human words: its head word is made singular ("order details" ->
 * "order detail", "units in stock" -> "unit in stock").
 */
export function singularize(phrase: string): string {
  return inflect(phrase, singularWord);
}

/** The plural of a phrase of human words: its head word is made plural ("unit price" -> "unit prices"). */
export function pluralize(phrase: string): string {
  return inflect(phrase, pluralWord);
}

/** A table or label: "Order Details" -> {order detail, order details}; "Person" -> {person, people}. */
export function classHumanName(classId: string): HumanName {
  const singular = singularize(humanWords(classId));
  return { singular, plural: pluralize(singular) };
}

/**
 * A column or property: "UnitPrice" -> {unit price, unit prices}. Column names name one value, so
 * the words are taken as they are for the singular ("Notes" stays "notes").
 */
export function attributeHumanName(attributeId: string): HumanName {
  const singular = humanWords(attributeId);
  return { singular, plural: pluralize(singular) };
}

/**
 * A foreign key, from its referencing columns: "SupplierID" -> "supplier", "ReportsTo" -> "reports
 * to", "ShipVia" -> "ship via". A trailing "id"/"key"/"fk"/"no" names the key, not the thing, so it
 * goes; when nothing is left (a column named "ID") or the key has several columns, the referenced
 * class's name is used. Names ending in a preposition are verbs and keep one form.
 */
export function relationHumanName(fromColumns: readonly string[], toClassId: string): HumanName {
  const only = fromColumns.length === 1 ? fromColumns[0] : undefined;
  const words = only === undefined ? '' : humanWords(only).replace(/(^| )(id|key|fk|no|code)$/, '').trim();
  if (words === '') return classHumanName(toClassId);
  const last = words.split(' ').at(-1) ?? '';
  if (PREPOSITIONS.has(last)) return { singular: words, plural: words };
  return { singular: words, plural: pluralize(words) };
}
