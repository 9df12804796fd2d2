/**
 * The predictor's output language: a query graph as a flat token sequence, one token per schema
 * element (so decoding can only ever name real classes and attributes), in the canonical order of
 * canonical.ts, with values as placeholders (`@1` = the question's first mention) or small literal
 * counts (`#1`, for "the cheapest"). New item kinds (relation chains on graph sources) are new
 * keywords here and a new case in grammar.ts.
 *
 *     show A:Products.ProductName where A:Categories.CategoryName = @1 order desc A:Products.UnitPrice limit @2
 */
import { InvalidQueryGraphError } from '../../../errors.js';
import { queryGraph } from '../../../engines/query-graph/build.js';
import type { AggregateConstraint, AggregateFunction, AttributeRef, Constraint, Measure, Operator, OrderTerm, QueryGraph, QueryValue } from '../../../engines/query-graph/types.js';
import type { SchemaGraph } from '../../../engines/schema-graph/types.js';

export const PAD = '<pad>';
export const BOS = '<bos>';
export const EOS = '<eos>';
/** Item keywords in canonical order: an item may never follow one of a later section. */
export const ITEMS = ['show', 'where', 'group', 'having', 'order', 'limit', 'distinct', 'class'] as const;
export type ItemKeyword = (typeof ITEMS)[number];
export const AGGREGATES: readonly AggregateFunction[] = ['count', 'count_distinct', 'sum', 'avg', 'min', 'max'];
export const OPERATORS: readonly Operator[] = ['=', '!=', '<', '<=', '>', '>=', 'contains', 'starts_with', 'in', 'not_in', 'between', 'year', 'month', 'is_null', 'not_null'];
export const DIRECTIONS = ['asc', 'desc'] as const;
/** Placeholders the model can use: one per mention, at most this many. */
export const MAX_PLACEHOLDERS = 8;
/** Literal limits the model can write when the question gives no number ("the cheapest" = 1). */
export const MAX_LITERAL = 10;

export function attributeToken(ref: AttributeRef): string {
  return `A:${ref.classId}.${ref.attributeId}`;
}

export function classToken(classId: string): string {
  return `C:${classId}`;
}

export function placeholderToken(index: number): string {
  return `@${index}`;
}

export function literalToken(n: number): string {
  return `#${n}`;
}

/** Every output token for a schema: keywords, then the schema's classes and attributes. */
export function targetVocabulary(schema: SchemaGraph): string[] {
  return [
    PAD,
    BOS,
    EOS,
    ...ITEMS,
    ...AGGREGATES,
    ...OPERATORS,
    ...DIRECTIONS,
    'true',
    'false',
    ...Array.from({ length: MAX_PLACEHOLDERS }, (_, i) => placeholderToken(i + 1)),
    ...Array.from({ length: MAX_LITERAL }, (_, i) => literalToken(i + 1)),
    ...schema.classes.flatMap((c) => [classToken(c.id), attributeToken({ classId: c.id, attributeId: '*' }), ...c.attributes.map((a) => attributeToken({ classId: c.id, attributeId: a.id }))]),
  ];
}

/** Graph (with values already placeholders or literals) -> tokens, without BOS/EOS; `limitPlaceholder` when the question wrote the limit. */
export function graphToTokens(graph: QueryGraph, limitPlaceholder: number | null = null): string[] {
  // Relation chains (class instances, follow items) have no tokens yet: graph sources' walks will add them.
  if (graph.follows.length > 0 || [...graph.select.map((m) => m.target), ...graph.where.map((c) => c.target)].some((r) => (r.instance ?? 1) !== 1)) {
    throw new InvalidQueryGraphError('relation chains are not in the predictor\'s target language yet', '');
  }
  const out: string[] = [];
  const measure = (m: Measure) => [...(m.aggregate ? [m.aggregate] : []), attributeToken(m.target)];
  const value = (v: QueryValue) => {
    if (v.kind === 'placeholder') return placeholderToken(Number(v.name));
    if (v.kind === 'number' && Number.isInteger(v.value) && v.value >= 1 && v.value <= MAX_LITERAL) return literalToken(v.value);
    if (v.kind === 'boolean') return String(v.value);
    throw new InvalidQueryGraphError(`value ${JSON.stringify(v)} has no token: values must be placeholders`, JSON.stringify(v));
  };
  for (const m of graph.select) out.push('show', ...measure(m));
  for (const c of graph.where) out.push('where', attributeToken(c.target), c.operator, ...c.values.map(value));
  for (const g of graph.groupBy) out.push('group', attributeToken(g));
  for (const h of graph.having) out.push('having', ...measure(h.measure), h.operator, value(h.value));
  for (const o of graph.orderBy) out.push('order', o.direction, ...measure(o.measure));
  if (graph.limit !== null) out.push('limit', limitPlaceholder !== null ? placeholderToken(limitPlaceholder) : literalToken(graph.limit));
  if (graph.distinct) out.push('distinct');
  const referenced = new Set([...graph.select.map((m) => m.target.classId), ...graph.where.map((c) => c.target.classId), ...graph.groupBy.map((g) => g.classId), ...graph.having.map((h) => h.measure.target.classId), ...graph.orderBy.map((o) => o.measure.target.classId)]);
  for (const c of graph.classes) if (!referenced.has(c)) out.push('class', classToken(c));
  return out;
}

/**
 * Tokens -> graph. Placeholders stay placeholders (bind.ts fills them); `limit @k` is kept as the
 * placeholder's index in `limitPlaceholder` because a limit must be a number.
 */
export function tokensToGraph(tokens: readonly string[]): { graph: QueryGraph; limitPlaceholder: number | null } {
  let i = 0;
  const fail = (why: string): never => {
    throw new InvalidQueryGraphError(`cannot read predicted tokens: ${why}`, tokens.join(' '));
  };
  const next = () => tokens[i++] ?? fail('unexpected end');
  const ref = (token: string): AttributeRef => {
    if (!token.startsWith('A:')) fail(`expected an attribute, got ${token}`);
    const body = token.slice(2);
    const dot = body.lastIndexOf('.');
    return { classId: body.slice(0, dot), attributeId: body.slice(dot + 1) };
  };
  const measure = (): Measure => {
    const token = next();
    if ((AGGREGATES as readonly string[]).includes(token)) return { aggregate: token as AggregateFunction, target: ref(next()) };
    return { aggregate: null, target: ref(token) };
  };
  const value = (token: string): QueryValue => {
    if (token.startsWith('@')) return { kind: 'placeholder', name: token.slice(1) };
    if (token.startsWith('#')) return { kind: 'number', value: Number(token.slice(1)) };
    if (token === 'true' || token === 'false') return { kind: 'boolean', value: token === 'true' };
    return fail(`expected a value, got ${token}`);
  };
  const isValue = (token: string | undefined) => token !== undefined && (token.startsWith('@') || token.startsWith('#') || token === 'true' || token === 'false');
  const select: Measure[] = [];
  const where: Constraint[] = [];
  const groupBy: AttributeRef[] = [];
  const having: AggregateConstraint[] = [];
  const orderBy: OrderTerm[] = [];
  const classes: string[] = [];
  let limit: number | null = null;
  let limitPlaceholder: number | null = null;
  let distinct = false;
  while (i < tokens.length && tokens[i] !== EOS) {
    const keyword = next();
    switch (keyword) {
      case 'show':
        select.push(measure());
        break;
      case 'where': {
        const target = ref(next());
        const operator = next() as Operator;
        const values: QueryValue[] = [];
        while (isValue(tokens[i])) values.push(value(next()));
        where.push({ target, operator, values });
        break;
      }
      case 'group':
        groupBy.push(ref(next()));
        break;
      case 'having': {
        const m = measure();
        const operator = next() as AggregateConstraint['operator'];
        having.push({ measure: m, operator, value: value(next()) });
        break;
      }
      case 'order': {
        const direction = next() as 'asc' | 'desc';
        orderBy.push({ direction, measure: measure() });
        break;
      }
      case 'limit': {
        const token = next();
        if (token.startsWith('@')) {
          limitPlaceholder = Number(token.slice(1));
          limit = 1;
        } else limit = Number(token.slice(1));
        break;
      }
      case 'distinct':
        distinct = true;
        break;
      case 'class':
        classes.push(next().slice(2));
        break;
      default:
        fail(`unknown item ${keyword}`);
    }
  }
  if (select.length === 0) fail('nothing shown');
  return { graph: queryGraph({ classes, select, where, groupBy, having, orderBy, limit, distinct }), limitPlaceholder };
}
