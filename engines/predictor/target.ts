/**
 * The predictor's output language: a query graph as a flat token sequence, one token per schema
 * element (so decoding can only ever name real classes and attributes), in the canonical order of
 * canonical.ts, with values as placeholders (`@1` = the question's first mention) or small literal
 * counts (`#1`, for "the cheapest"). New item kinds (relation chains on graph sources) are new
 * keywords here and a new case in grammar.ts.
 *
 *     show A:Products.ProductName where A:Categories.CategoryName = @1 order desc A:Products.UnitPrice limit @2
 *
 * Relation chains come first, so the instances they introduce exist before anything names them:
 * `follow R:HUSBAND i1 i2` makes Person#2 the husband of Person#1, and `A:Person#2.name` is
 * her husband's name. Only a class's relations with itself are followed (family trees, managers):
 * other classes are joined along the schema graph, as before.
 *
 *     follow R:HUSBAND i1 i2 follow R:FATHER i2 i3 show A:Person#3.name where A:Person.name = @1
 */
import { InvalidQueryGraphError } from '../../errors.js';
import { queryGraph } from '../query-graph/build.js';
import type { AggregateConstraint, AggregateFunction, AttributeRef, Constraint, Follow, Measure, Operator, OrderTerm, QueryGraph, QueryValue } from '../query-graph/types.js';
import type { SchemaGraph, SchemaRelation } from '../schema-graph/types.js';

export const PAD = '<pad>';
export const BOS = '<bos>';
export const EOS = '<eos>';
/** Item keywords in canonical order: an item may never follow one of a later section. */
export const ITEMS = ['follow', 'show', 'where', 'group', 'having', 'order', 'limit', 'distinct', 'class'] as const;
export type ItemKeyword = (typeof ITEMS)[number];
export const AGGREGATES: readonly AggregateFunction[] = ['count', 'count_distinct', 'sum', 'avg', 'min', 'max'];
export const OPERATORS: readonly Operator[] = ['=', '!=', '<', '<=', '>', '>=', 'contains', 'starts_with', 'in', 'not_in', 'between', 'year', 'month', 'is_null', 'not_null'];
export const DIRECTIONS = ['asc', 'desc'] as const;
/** Placeholders the model can use: one per mention, at most this many. */
export const MAX_PLACEHOLDERS = 8;
/** Literal limits the model can write when the question gives no number ("the cheapest" = 1). */
export const MAX_LITERAL = 10;
/** Most instances of one class in a graph: a 3-hop chain, or two people and the one related to both. */
export const MAX_INSTANCES = 4;

export function instanceToken(instance: number): string {
  return `i${instance}`;
}

export function relationToken(relationId: string): string {
  return `R:${relationId}`;
}

/** Relations of a class with itself (FATHER, REPORTS_TO): the ones follow items walk. */
export function selfRelations(schema: SchemaGraph): SchemaRelation[] {
  return schema.relations.filter((r) => r.from === r.to);
}

export function attributeToken(ref: AttributeRef): string {
  const instance = ref.instance ?? 1;
  return instance === 1 ? `A:${ref.classId}.${ref.attributeId}` : `A:${ref.classId}#${instance}.${ref.attributeId}`;
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
    ...instanceTokens(schema),
  ];
}

/** Instance, relation and instance-attribute tokens, for schemas whose classes relate to themselves (none otherwise). */
function instanceTokens(schema: SchemaGraph): string[] {
  const relations = selfRelations(schema);
  if (relations.length === 0) return [];
  const owners = schema.classes.filter((c) => relations.some((r) => r.from === c.id));
  const instances = Array.from({ length: MAX_INSTANCES - 1 }, (_, i) => i + 2);
  return [
    ...Array.from({ length: MAX_INSTANCES }, (_, i) => instanceToken(i + 1)),
    ...relations.map((r) => relationToken(r.id)),
    ...owners.flatMap((c) => instances.flatMap((instance) => ['*', ...c.attributes.map((a) => a.id)].map((attributeId) => attributeToken({ classId: c.id, attributeId, instance })))),
  ];
}

/** Graph (with values already placeholders or literals) -> tokens, without BOS/EOS; `limitPlaceholder` when the question wrote the limit. */
export function graphToTokens(graph: QueryGraph, limitPlaceholder: number | null = null): string[] {
  const out: string[] = [];
  for (const f of graph.follows) {
    if (f.from.classId !== f.to.classId) throw new InvalidQueryGraphError('only relations of a class with itself are followed in the target language', f.relation);
    out.push('follow', relationToken(f.relation), instanceToken(f.from.instance), instanceToken(f.to.instance));
  }
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
  const referenced = new Set([...graph.follows.flatMap((f) => [f.from.classId, f.to.classId]), ...graph.select.map((m) => m.target.classId), ...graph.where.map((c) => c.target.classId), ...graph.groupBy.map((g) => g.classId), ...graph.having.map((h) => h.measure.target.classId), ...graph.orderBy.map((o) => o.measure.target.classId)]);
  for (const c of graph.classes) if (!referenced.has(c)) out.push('class', classToken(c));
  return out;
}

/**
 * Tokens -> graph. Placeholders stay placeholders (bind.ts fills them); `limit @k` is kept as the
 * placeholder's index in `limitPlaceholder` because a limit must be a number. `schema` tells the
 * class of a followed relation (needed only when the tokens follow relations).
 */
export function tokensToGraph(tokens: readonly string[], schema?: SchemaGraph): { graph: QueryGraph; limitPlaceholder: number | null } {
  let i = 0;
  const fail = (why: string): never => {
    throw new InvalidQueryGraphError(`cannot read predicted tokens: ${why}`, tokens.join(' '));
  };
  const next = () => tokens[i++] ?? fail('unexpected end');
  const ref = (token: string): AttributeRef => {
    if (!token.startsWith('A:')) fail(`expected an attribute, got ${token}`);
    const body = token.slice(2);
    const dot = body.lastIndexOf('.');
    const owner = /^(.*)#(\d+)$/.exec(body.slice(0, dot));
    if (owner) return { classId: owner[1] as string, attributeId: body.slice(dot + 1), instance: Number(owner[2]) };
    return { classId: body.slice(0, dot), attributeId: body.slice(dot + 1) };
  };
  const instance = (token: string): number => {
    if (!/^i\d+$/.test(token)) fail(`expected an instance, got ${token}`);
    return Number(token.slice(1));
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
  const follows: Follow[] = [];
  let limit: number | null = null;
  let limitPlaceholder: number | null = null;
  let distinct = false;
  while (i < tokens.length && tokens[i] !== EOS) {
    const keyword = next();
    switch (keyword) {
      case 'follow': {
        const relationId = next().slice(2);
        const relation = schema?.relations.find((r) => r.id === relationId && r.from === r.to) ?? fail(`unknown relation ${relationId}`);
        const from = instance(next());
        follows.push({ from: { classId: relation.from, instance: from }, relation: relationId, to: { classId: relation.to, instance: instance(next()) } });
        break;
      }
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
  return { graph: queryGraph({ classes, select, where, follows, groupBy, having, orderBy, limit, distinct }), limitPlaceholder };
}
