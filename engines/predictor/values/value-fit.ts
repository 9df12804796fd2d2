/**
 * Whether a number in the question can be a value of an attribute, judged by the data value memory
 * (seed 003): a number far outside what a column holds is not a value of it ("order 10248" is not
 * a discount of 0 to 0.25, "the 3 employees" is not a birth year), and a number compared with a text
 * column must be one it stores (postal codes, phone prefixes), when the memory holds all it stores. The generator draws every value from
 * the same memory, so no training question breaks these rules; decoding that obeys them spends its
 * beams on readings that can be true.
 *
 * The margins are wide on purpose: a question may ask beyond the data ("products over 500 dollars"
 * when the dearest costs 263.50, "orders in 2024"): such a reading is right and answers nothing.
 */
import type { AttributeType } from '../../schema-graph/types.js';
import { key } from '../../english/normalize.js';
import type { ValueMemory } from './value-memory.js';

/** What a value check needs of a mention. */
export interface NumberMention {
  /** The question's own text of the mention ("98033", "$50"). */
  readonly text: string;
  /** Its number (number and year mentions), else null. */
  readonly number: number | null;
}

/** Decides whether a mention may be the value of an attribute under an operator. */
export interface ValueFit {
  fits(classId: string, attributeId: string, operator: string, mention: NumberMention): boolean;
}

const NUMERIC: readonly AttributeType[] = ['integer', 'decimal', 'float'];
const TEMPORAL: readonly AttributeType[] = ['date', 'datetime'];
/** Years a `year` condition may lie beyond a date column's own years, at least. */
const YEAR_MARGIN = 50;

/** The value fit of a source's memory. */
export function valueFitOf(memory: ValueMemory): ValueFit {
  return {
    fits(classId, attributeId, operator, mention) {
      const column = memory.column(classId, attributeId);
      if (!column || mention.number === null) return true;
      if (TEMPORAL.includes(column.type) && operator === 'year') {
        const min = yearOf(column.min);
        const max = yearOf(column.max);
        if (min === null || max === null) return true;
        const margin = Math.max(YEAR_MARGIN, max - min);
        return mention.number >= min - margin && mention.number <= max + margin;
      }
      if (NUMERIC.includes(column.type)) {
        if (typeof column.min !== 'number' || typeof column.max !== 'number') return true;
        // As wide again as the column's own span (at least its largest size, at least 1) on each side.
        const margin = Math.max(column.max - column.min, Math.abs(column.max), Math.abs(column.min), 1);
        return mention.number >= column.min - margin && mention.number <= column.max + margin;
      }
      if (column.type === 'text' && column.complete === true) {
        const wanted = key(mention.text);
        if (wanted === '') return true;
        const partial = operator === 'contains' || operator === 'starts_with';
        return column.values.some((value) => (partial ? key(value).includes(wanted) : key(value) === wanted));
      }
      return true;
    },
  };
}

function yearOf(value: number | string | null): number | null {
  if (typeof value !== 'string') return null;
  const year = Number(value.slice(0, 4));
  return Number.isFinite(year) ? year : null;
}
