/**
 * Placeholders -> values: a predicted graph says `where Customers.Country = @1`; the first mention
 * of the question says what @1 is. Text takes the stored value of that very attribute when the
 * mention matched it (so "sweden" finds 'Sweden ' with its trailing space; when the attribute
 * stores the value written two ways, 'Sweden' and 'Sweden ', an equality takes both), else the
 * stored value it matched elsewhere, else the words as typed. Years and months on dates become `year`/`month`
 * conditions or day bounds ("before 1997" = before 1997-01-01). A placeholder that cannot be bound
 * makes the interpretation unusable (BindError), never a guessed value.
 */
import { queryGraph } from '../../query-graph/build.js';
import type { Constraint, Operator, QueryGraph, QueryValue } from '../../query-graph/types.js';
import { withComputedAttributes } from '../../query-graph/validate.js';
import { findAttribute } from '../../schema-graph/lookup.js';
import type { SchemaGraph } from '../../schema-graph/types.js';
import type { Mention } from './mentions.js';
import { nameKeys } from './name-affixes.js';
import { fold, key } from '../../english/normalize.js';

export class BindError extends Error {}

export function bindValues(graph: QueryGraph, limitPlaceholder: number | null, mentions: readonly Mention[], schema: SchemaGraph): QueryGraph {
  const mention = (value: QueryValue): Mention => {
    if (value.kind !== 'placeholder') throw new BindError('not a placeholder');
    const found = mentions[Number(value.name) - 1];
    if (!found) throw new BindError(`no mention @${value.name}`);
    return found;
  };
  // Computed values are number attributes of their class here; a pattern's conditions bind like the graph's.
  const withComputed = withComputedAttributes(schema, graph);
  const where = graph.where.map((c) => bindConstraint(c, mention, withComputed));
  const patterns = (graph.patterns ?? []).map((p) => ({ ...p, branches: p.branches.map((b) => ({ ...b, where: b.where.map((c) => bindConstraint(c, mention, withComputed)) })) }));
  // A compared aggregate's conditions bind on the schema alone: its rows are not the graph's.
  const aggregateCompare = (graph.aggregateCompare ?? []).map((c) => ({ ...c, right: { ...c.right, where: c.right.where.map((w) => bindConstraint(w, mention, schema)) } }));
  const having = graph.having.map((h) => {
    if (h.value.kind !== 'placeholder') return h;
    const m = mention(h.value);
    if (m.number === null) throw new BindError(`@${h.value.kind} is not a number`);
    return { ...h, value: { kind: 'number', value: m.number } as QueryValue };
  });
  let limit = graph.limit;
  if (limitPlaceholder !== null) {
    const m = mentions[limitPlaceholder - 1];
    if (!m || m.number === null || !Number.isInteger(m.number) || m.number < 1) throw new BindError('the limit is not a positive whole number');
    limit = m.number;
  }
  return queryGraph({ ...graph, classes: graph.classes, where, having, limit, patterns, aggregateCompare });
}

function bindConstraint(c: Constraint, mention: (v: QueryValue) => Mention, schema: SchemaGraph): Constraint {
  if (c.values.every((v) => v.kind !== 'placeholder')) return c;
  const attribute = findAttribute(schema, c.target.classId, c.target.attributeId);
  const temporal = attribute.type === 'date' || attribute.type === 'datetime';
  const numeric = attribute.type === 'integer' || attribute.type === 'decimal' || attribute.type === 'float';
  const mentionsOf = c.values.map((v) => (v.kind === 'placeholder' ? mention(v) : null));
  if (temporal) return bindTemporal(c, mentionsOf);
  const values = c.values.map((v, i): QueryValue => {
    const m = mentionsOf[i];
    if (!m) return v;
    if (numeric) {
      if (m.number === null) throw new BindError(`'${m.text}' is not a number`);
      return { kind: 'number', value: m.number };
    }
    if (c.operator === 'contains' || c.operator === 'starts_with') return { kind: 'string', value: storedSpelling(m, c) };
    // A part of a stored value ("Albert", "Henry Tudor") stands for the value the finder ranked first
    // for this attribute (disambiguate.ts): its words as typed are no value the attribute stores.
    const own = m.candidates.find((k) => k.classId === c.target.classId && k.attributeId === c.target.attributeId);
    const any = m.candidates.find((k) => k.match === 'exact');
    return { kind: 'string', value: own?.value ?? any?.value ?? m.text.trim() };
  });
  const only = mentionsOf.length === 1 ? mentionsOf[0] : null;
  if (only && (c.operator === '=' || c.operator === '!=')) {
    const spellings = sameValueSpellings(c, only, values[0]);
    if (spellings.length > 1) return { ...c, operator: c.operator === '=' ? 'in' : 'not_in', values: spellings.map((value) => ({ kind: 'string', value })) };
  }
  return { ...c, values };
}

/**
 * The question's text of a mention as the attribute stores it, for `contains` and `starts_with`
 * (a database compares accents, and some compare case): "pate" of a stored "Pâté chinois" is
 * "Pâté". The typed text when no stored value of the attribute holds it.
 */
function storedSpelling(m: Mention, c: Constraint): string {
  const typed = m.text.trim();
  // The words as typed, else the name without its title or with its regnal number as stored ("King George" -> "George").
  const wanted = [fold(typed), ...nameKeys(key(typed).split(' '))];
  for (const form of wanted) {
    for (const k of [...m.candidates, ...(m.alternatives ?? [])]) {
      if (k.classId !== c.target.classId || k.attributeId !== c.target.attributeId) continue;
      const found = foldedSubstring(k.value, form);
      if (found !== null) return found;
    }
  }
  return typed;
}

/** The part of `stored` whose folded form is `wanted` (folding keeps one character per character here), or null. */
function foldedSubstring(stored: string, wanted: string): string | null {
  const chars = [...stored];
  const folded = chars.map((ch) => fold(ch) || ' ');
  if (folded.some((f) => f.length !== 1)) return fold(stored) === wanted ? stored : null;
  const at = folded.join('').toLowerCase().indexOf(wanted);
  return at < 0 ? null : chars.slice(at, at + [...wanted].length).join('');
}

/**
 * Whether a graph as predicted binds, in an equality, a mention whose values the question cannot
 * tell apart (Mention.ambiguous) on the attribute those values are of.
 */
export function bindsAmbiguous(predicted: QueryGraph, mentions: readonly Mention[]): boolean {
  return predicted.where.some((c) => {
    const value = c.values[0];
    if (c.operator !== '=' || c.values.length !== 1 || value?.kind !== 'placeholder') return false;
    const m = mentions[Number(value.name) - 1];
    return m?.ambiguous === true && (m.alternatives ?? []).some((a) => a.classId === c.target.classId && a.attributeId === c.target.attributeId);
  });
}

/** A stored text compared as people read it: case and runs of spaces (a trailing one) do not matter. */
function spelling(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Every value the attribute stores that reads as the bound one ('Sweden' and 'Sweden ', 'USA' and
 * 'usa'): one thing written two ways is one value, so an equality takes them all (`in`).
 */
function sameValueSpellings(c: Constraint, m: Mention, bound: QueryValue | undefined): string[] {
  if (!bound || bound.kind !== 'string') return [];
  const same = [...m.candidates, ...(m.alternatives ?? [])]
    .filter((k) => k.classId === c.target.classId && k.attributeId === c.target.attributeId && spelling(k.value) === spelling(bound.value))
    .map((k) => k.value);
  return [...new Set([bound.value, ...same])];
}

function bindTemporal(c: Constraint, mentions: readonly (Mention | null)[]): Constraint {
  const only = mentions[0];
  if (!only) return c;
  if (c.operator === 'year') {
    if (only.kind !== 'year' && only.kind !== 'number') throw new BindError('a year is needed');
    return { ...c, values: [{ kind: 'number', value: only.number ?? 0 }] };
  }
  if (c.operator === 'month') {
    if (only.kind !== 'month' || !only.date) throw new BindError('a month is needed');
    return { ...c, values: [{ kind: 'string', value: only.date }] };
  }
  // A whole year or month where a day is expected: "= 1997" is `year`, "before 1997" its first day.
  if (c.operator === '=' && only.kind === 'year') return { ...c, operator: 'year', values: [{ kind: 'number', value: only.number ?? 0 }] };
  if (c.operator === '=' && only.kind === 'month' && only.date) return { ...c, operator: 'month', values: [{ kind: 'string', value: only.date }] };
  const values = mentions.map((m, i): QueryValue => {
    if (!m) throw new BindError('missing date');
    const upper = upperBound(c.operator, i);
    return { kind: 'date', value: day(m, upper) };
  });
  return { ...c, values };
}

/** Whether a year or month stands for its last day here ("after 1997" = after 1997-12-31). The generator writes dates by the same rule. */
export function upperBound(operator: Operator, index: number): boolean {
  return operator === '>' || operator === '<=' || (operator === 'between' && index === 1);
}

/** The day a date, month or year mention stands for as a lower or an upper bound. */
export function day(m: Mention, upper: boolean): string {
  if (m.kind === 'date' && m.date) return m.date;
  if (m.kind === 'month' && m.date) {
    if (!upper) return `${m.date}-01`;
    const [y, mo] = m.date.split('-').map(Number) as [number, number];
    return `${m.date}-${String(new Date(Date.UTC(y, mo, 0)).getUTCDate()).padStart(2, '0')}`;
  }
  if ((m.kind === 'year' || m.kind === 'number') && m.number !== null && Number.isInteger(m.number)) return upper ? `${m.number}-12-31` : `${m.number}-01-01`;
  throw new BindError(`'${m.text}' is not a date`);
}

/**
 * The graph bound with each other stored value an equality's mention matches as well as the one
 * bound ("George V": the king of Hanover, then the British one), one value changed at a time, at
 * most `max` graphs: readings the interpreter runs when the first one's answer is empty.
 */
export function alternativeBindings(bound: QueryGraph, predicted: QueryGraph, mentions: readonly Mention[], max = 4): QueryGraph[] {
  const out: QueryGraph[] = [];
  predicted.where.forEach((c, index) => {
    const value = c.values[0];
    if (c.operator !== '=' || c.values.length !== 1 || value?.kind !== 'placeholder') return;
    const m = mentions[Number(value.name) - 1];
    for (const alternative of m?.alternatives ?? []) {
      if (out.length >= max || alternative.classId !== c.target.classId || alternative.attributeId !== c.target.attributeId) continue;
      const where = bound.where.map((w, i) => (i === index ? { ...w, values: [{ kind: 'string', value: alternative.value } as QueryValue] } : w));
      out.push(queryGraph({ ...bound, classes: bound.classes, where }));
    }
  });
  return out;
}
