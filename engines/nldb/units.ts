/**
 * Units of measurement written after a number ("a 1.3-metre mirror", "a 60-inch telescope", "80
 * centimetres", "3.6 m"), so that quantities written in different units compare as quantities:
 * the largest of "1.3-metre", "60-inch" and "80-centimetre" is the 60-inch one. Only units that
 * convert exactly (lengths, masses); currencies have no fixed rate and stay as written. English
 * units of measurement, no domain.
 */

/** A unit: what it measures and how many of the dimension's base unit (metre, kilogram) it is. */
export interface Unit {
  readonly dimension: 'length' | 'mass';
  readonly factor: number;
}

const LENGTH = (factor: number): Unit => ({ dimension: 'length', factor });
const MASS = (factor: number): Unit => ({ dimension: 'mass', factor });

/** Unit words and abbreviations (lower case; abbreviations only where they stand alone). */
const UNITS: ReadonlyMap<string, Unit> = new Map([
  ...['metre', 'metres', 'meter', 'meters', 'm'].map((w) => [w, LENGTH(1)] as const),
  ...['centimetre', 'centimetres', 'centimeter', 'centimeters', 'cm'].map((w) => [w, LENGTH(0.01)] as const),
  ...['millimetre', 'millimetres', 'millimeter', 'millimeters', 'mm'].map((w) => [w, LENGTH(0.001)] as const),
  ...['kilometre', 'kilometres', 'kilometer', 'kilometers', 'km'].map((w) => [w, LENGTH(1000)] as const),
  ...['inch', 'inches'].map((w) => [w, LENGTH(0.0254)] as const),
  ...['foot', 'feet', 'ft'].map((w) => [w, LENGTH(0.3048)] as const),
  ...['yard', 'yards', 'yd'].map((w) => [w, LENGTH(0.9144)] as const),
  ...['mile', 'miles'].map((w) => [w, LENGTH(1609.344)] as const),
  ...['gram', 'grams', 'g'].map((w) => [w, MASS(0.001)] as const),
  ...['kilogram', 'kilograms', 'kilo', 'kilos', 'kg'].map((w) => [w, MASS(1)] as const),
  ...['tonne', 'tonnes', 't'].map((w) => [w, MASS(1000)] as const),
  ...['pound', 'pounds', 'lb', 'lbs'].map((w) => [w, MASS(0.45359237)] as const),
  ...['ounce', 'ounces', 'oz'].map((w) => [w, MASS(0.028349523125)] as const),
]);

/** The unit written right after a number ending at `end` in `text` ("-metre", " m", " inches"), or null. */
export function unitAfter(text: string, end: number): Unit | null {
  const m = /^(?:-|\s)?([A-Za-z]+)\b/.exec(text.slice(end));
  const word = m?.[1];
  if (!word) return null;
  // a one-letter abbreviation is a unit only in lower case ("3.6 m"), never an article ("a")
  if (word.length <= 2 && word !== word.toLowerCase()) return null;
  return UNITS.get(word.toLowerCase()) ?? null;
}

/** The unit a question asks its answer in ("in inches", "in metres"), or null. */
export function unitAsked(question: string): Unit | null {
  for (const m of question.matchAll(/\bin ([a-z]+)\b/gi)) {
    const word = (m[1] as string).toLowerCase();
    // abbreviations are too short to be asked for ("in m" is rare; "in t" is no unit)
    if (word.length > 2 && UNITS.has(word)) return UNITS.get(word) ?? null;
  }
  return null;
}

/** A number and the unit written after it (null: none, or none that converts). */
export interface Quantity {
  readonly value: number;
  readonly unit: Unit | null;
}

/**
 * Whether quantities must be converted to compare: two or more of them carry units of one
 * dimension and not all the same unit. Otherwise they compare as written (no unit, or one unit).
 */
export function mixedUnits(quantities: readonly Quantity[]): boolean {
  const units = quantities.map((q) => q.unit).filter((u): u is Unit => u !== null);
  if (units.length < 2 || units.length < quantities.length) return false;
  const dimension = units[0]?.dimension;
  return units.every((u) => u.dimension === dimension) && new Set(units.map((u) => u.factor)).size > 1;
}

/** The quantity in its dimension's base unit (as written when it has no unit). */
export function inBaseUnit(q: Quantity): number {
  return q.unit ? q.value * q.unit.factor : q.value;
}

/** A base-unit value in `unit`, rounded to what a fact would write (6 significant digits). */
export function inUnit(base: number, unit: Unit): number {
  return Number((base / unit.factor).toPrecision(6));
}
