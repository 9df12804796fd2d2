/**
 * A taught graph with its values tied to the question's words: each value the taught question
 * mentions (as the predictor's mention finder reads it: a stored value, a number, a year, a date)
 * becomes the placeholder of that mention, so the same question with another value ("orders from
 * France" after "orders from Germany" was taught) binds the new value the way the predictor binds
 * its own readings (bind.ts), and training reads the example as the generator writes its own
 * (taught-examples.ts). Values the question does not mention stay as taught: they are part of
 * what the words mean ("sales reps" -> Title = 'Sales Representative').
 */
import { queryGraph } from '../../query-graph/build.js';
import type { Constraint, QueryGraph, QueryValue } from '../../query-graph/types.js';
import { day, upperBound } from '../values/bind.js';
import type { Mention, MentionKind } from '../values/mentions.js';
import { fold } from '../../english/normalize.js';

/** A taught graph with placeholders, and what each placeholder needs of a new question's mention. */
export interface SlottedGraph {
  readonly graph: QueryGraph;
  /** The mention (1-based) the graph's limit came from, else null. */
  readonly limitSlot: number | null;
  /** Per slot used (1-based): the mention kind and, for a text value compared for equality, the attribute whose stored values it must name. */
  readonly slots: ReadonlyMap<number, { readonly kind: MentionKind; readonly attribute: string | null }>;
}

const placeholder = (slot: number): QueryValue => ({ kind: 'placeholder', name: String(slot) });

/** The graph with every value the question mentions replaced by that mention's placeholder. */
export function slotted(graph: QueryGraph, mentions: readonly Mention[]): SlottedGraph {
  const slots = new Map<number, { kind: MentionKind; attribute: string | null }>();
  const use = (index: number, attribute: string | null) => {
    slots.set(index + 1, { kind: (mentions[index] as Mention).kind, attribute });
    return placeholder(index + 1);
  };
  const where = graph.where.map((constraint) => slottedConstraint(constraint, mentions, use));
  const having = graph.having.map((h) => {
    const index = h.value.kind === 'number' ? mentions.findIndex((m) => m.number === (h.value as { value: number }).value) : -1;
    return index >= 0 ? { ...h, value: use(index, null) } : h;
  });
  const limitIndex = graph.limit !== null && graph.limit > 1 ? mentions.findIndex((m) => m.number === graph.limit && (m.kind === 'number' || m.kind === 'year')) : -1;
  if (limitIndex >= 0) slots.set(limitIndex + 1, { kind: (mentions[limitIndex] as Mention).kind, attribute: null });
  return { graph: queryGraph({ ...graph, classes: graph.classes, where, having }), limitSlot: limitIndex >= 0 ? limitIndex + 1 : null, slots };
}

function slottedConstraint(c: Constraint, mentions: readonly Mention[], use: (index: number, attribute: string | null) => QueryValue): Constraint {
  const attribute = `${c.target.classId}.${c.target.attributeId}`;
  // A value bound with its other stored spellings ('Sweden', 'Sweden ') is one mention: `=` again.
  if ((c.operator === 'in' || c.operator === 'not_in') && c.values.length > 1) {
    const texts = new Set(c.values.map((v) => (v.kind === 'string' ? fold(v.value) : null)));
    const index = texts.size === 1 && !texts.has(null) ? mentions.findIndex((m) => textMatches(m, c, (c.values[0] as { value: string }).value)) : -1;
    if (index >= 0) return { ...c, operator: c.operator === 'in' ? '=' : '!=', values: [use(index, attribute)] };
  }
  const values = c.values.map((value, position) => {
    const index = mentions.findIndex((m) => mentionIs(m, c, value, position));
    if (index < 0) return value;
    const equality = value.kind === 'string' && ['=', '!=', 'in', 'not_in'].includes(c.operator);
    return use(index, equality ? attribute : null);
  });
  return { ...c, values };
}

/** Whether the mention is where the value came from, read as bind.ts would bind it. */
function mentionIs(m: Mention, c: Constraint, value: QueryValue, position: number): boolean {
  switch (value.kind) {
    case 'string':
      if (c.operator === 'month') return m.kind === 'month' && m.date === value.value;
      return m.kind === 'text' && textMatches(m, c, value.value);
    case 'number':
      return m.number === value.value && (m.kind === 'number' || m.kind === 'year');
    case 'date':
      try {
        return (m.kind === 'date' || m.kind === 'month' || m.kind === 'year') && day(m, upperBound(c.operator, position)) === value.value;
      } catch {
        return false;
      }
    default:
      return false;
  }
}

function textMatches(m: Mention, c: Constraint, value: string): boolean {
  if (c.operator === 'contains' || c.operator === 'starts_with') return fold(m.text) === fold(value);
  const stored = [...m.candidates, ...(m.alternatives ?? [])].some((k) => k.classId === c.target.classId && k.attributeId === c.target.attributeId && fold(k.value) === fold(value));
  return stored || fold(m.text) === fold(value);
}

/**
 * Whether a new question's mentions fill the slots: the same kind at each slot (a year may stand
 * for a number), and a text value compared for equality is a value the attribute stores.
 */
export function fits(slotted: SlottedGraph, mentions: readonly Mention[]): boolean {
  for (const [slot, need] of slotted.slots) {
    const m = mentions[slot - 1];
    if (!m || !fillsSlot(m, need)) return false;
  }
  return true;
}

/** Whether one mention fills one slot: its kind (a year may stand for a number), and a stored value of the slot's attribute when it has one. */
export function fillsSlot(m: Mention, need: { readonly kind: MentionKind; readonly attribute: string | null }): boolean {
  const kind = m.kind === 'year' && need.kind === 'number' ? 'number' : m.kind === 'number' && need.kind === 'year' ? 'year' : m.kind;
  if (kind !== need.kind) return false;
  return !need.attribute || m.candidates.some((k) => `${k.classId}.${k.attributeId}` === need.attribute && k.match !== 'partial');
}
