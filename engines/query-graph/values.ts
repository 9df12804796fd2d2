/**
 * Reading a query graph's values as the types a translator binds. Validation has already checked
 * that each value fits its attribute; these only convert, and refuse what cannot have passed
 * validation (an unbound placeholder) with the graph's canonical form attached.
 */
import { InvalidQueryGraphError } from '../../errors.js';
import { formatQueryGraph } from './canonical.js';
import type { QueryGraph, QueryValue } from './types.js';

export function valueAsNumber(value: QueryValue, graph: QueryGraph): number {
  if (value.kind === 'number') return value.value;
  if (value.kind === 'string') return Number(value.value);
  throw new InvalidQueryGraphError('expected a number', formatQueryGraph(graph));
}

/** Text, dates (`YYYY-MM-DD`), and numbers or booleans written out. */
export function valueAsText(value: QueryValue, graph: QueryGraph): string {
  switch (value.kind) {
    case 'string':
    case 'date':
      return value.value;
    case 'number':
    case 'boolean':
      return String(value.value);
    case 'placeholder':
      throw new InvalidQueryGraphError(`placeholder @${value.name} is not bound`, formatQueryGraph(graph));
  }
}
