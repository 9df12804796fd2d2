/**
 * NeuralDB's machine-readable derivations: what the Select-Project-Join operator says about one
 * support set. A type token, then the projection: `[SET] x`, `[COUNT] x`, `[BOOL] TRUE`,
 * `[ARGMAX] key [SEP] value`, `[ARGMIN] key [SEP] value`, `[MIN] v`, `[MAX] v`, or
 * `[NULL_ANSWER]` for a support set that does not help answer the question.
 */

import type { Unit } from './units.js';

/** The aggregation a question asks for. */
export type QueryType = 'SET' | 'COUNT' | 'BOOL' | 'MIN' | 'MAX' | 'ARGMIN' | 'ARGMAX';

export const QUERY_TYPES: readonly QueryType[] = ['SET', 'COUNT', 'BOOL', 'MIN', 'MAX', 'ARGMIN', 'ARGMAX'];

/** One support set's contribution to the answer. */
export type Derivation =
  | { readonly type: 'SET' | 'COUNT'; readonly value: string }
  | { readonly type: 'BOOL'; readonly value: boolean }
  | { readonly type: 'MIN' | 'MAX'; readonly value: string; readonly unit?: Unit }
  | { readonly type: 'ARGMIN' | 'ARGMAX'; readonly key: string; readonly value: string; readonly unit?: Unit }
  | { readonly type: 'NULL' };

/** The text form NeuralDB's seq2seq operator would emit. */
export function formatDerivation(d: Derivation): string {
  switch (d.type) {
    case 'NULL':
      return '[NULL_ANSWER]';
    case 'BOOL':
      return `[BOOL] ${d.value ? 'TRUE' : 'FALSE'}`;
    case 'ARGMIN':
    case 'ARGMAX':
      return `[${d.type}] ${d.key} [SEP] ${d.value}`;
    default:
      return `[${d.type}] ${d.value}`;
  }
}

const TYPE_TOKEN = /^\s*\[(SET|COUNT|BOOL|MIN|MAX|ARGMIN|ARGMAX|NULL_ANSWER)\]\s*/;

/**
 * Reads a derivation in text form. Anything malformed (an unknown type token, an empty
 * projection, a boolean that is neither TRUE nor FALSE, an arg-derivation without [SEP]) reads as
 * NULL: a derivation that cannot be aggregated must not change the answer.
 */
export function parseDerivation(text: string): Derivation {
  const m = TYPE_TOKEN.exec(text);
  if (!m) return { type: 'NULL' };
  const type = m[1] as QueryType | 'NULL_ANSWER';
  const rest = text.slice(m[0].length).trim();
  switch (type) {
    case 'NULL_ANSWER':
      return { type: 'NULL' };
    case 'BOOL': {
      const v = rest.toUpperCase();
      return v === 'TRUE' ? { type, value: true } : v === 'FALSE' ? { type, value: false } : { type: 'NULL' };
    }
    case 'ARGMIN':
    case 'ARGMAX': {
      const at = rest.indexOf('[SEP]');
      if (at < 0) return { type: 'NULL' };
      const key = rest.slice(0, at).trim();
      const value = rest.slice(at + 5).trim();
      return key && value ? { type, key, value } : { type: 'NULL' };
    }
    default:
      return rest ? { type, value: rest } : { type: 'NULL' };
  }
}
