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
 *
 * The newer parts of the query graph have words of their own, each written only when a graph has
 * it (so a model trained before them still reads and writes its old sequences):
 *
 *     follow R:SON R:DAUGHTER i1 i2              a follow by any of several relations (a union)
 *     follow R:FATHER R:MOTHER hops #1 #4 i2 i1  repeated 1 to 4 steps (ancestors)
 *     none where A:Categories.CategoryName = @1 end      no row meets the pattern (anti-join)
 *     some follow R:HUSBAND i1 i2 follow R:SISTER i2 i3 or follow R:BROTHER i1 i2 follow R:WIFE i2 i3 end
 *     compute * A:Order_Details.UnitPrice A:Order_Details.Quantity   c1: arithmetic in prefix order
 *     show sum c1 ; compare A:Employees.HireDate < A:Employees#2.HireDate
 *     extreme max A:Products.UnitPrice per A:Categories.CategoryName
 *     compare A:Country.SurfaceArea > max A:Country.SurfaceArea where A:Country.Continent = @1 end
 *                          an attribute against an aggregate of rows of their own (its items, then end)
 *     order asc A:Products.UnitPrice limit #1 offset #2                the third cheapest
 *
 * Patterns come right after the follows and computations before what is shown, so that every
 * instance (a kin word's person, reached inside a `some`) exists before anything names it.
 */
import { InvalidQueryGraphError } from '../../../errors.js';
import { queryGraph } from '../../query-graph/build.js';
import { referencedClasses } from '../../query-graph/canonical.js';
import type {
  AggregateComparison,
  AggregateConstraint,
  AggregateFunction,
  ArithmeticOperator,
  AttributeComparison,
  AttributeRef,
  ComparisonOperator,
  ComputedAttribute,
  Constraint,
  Expression,
  Extreme,
  Follow,
  Measure,
  Operator,
  OrderTerm,
  Pattern,
  PatternCondition,
  QueryGraph,
  QueryValue,
} from '../../query-graph/types.js';
import type { SchemaGraph, SchemaRelation } from '../../schema-graph/types.js';

export const PAD = '<pad>';
export const BOS = '<bos>';
export const EOS = '<eos>';
/** Item keywords in canonical order: an item may never follow one of a later section. */
export const ITEMS = ['follow', 'none', 'some', 'compute', 'show', 'where', 'compare', 'extreme', 'group', 'having', 'order', 'limit', 'offset', 'distinct', 'class'] as const;
export type ItemKeyword = (typeof ITEMS)[number];
/** Items inside a `none` / `some` pattern, in their order; `or` starts another branch, `end` closes it. */
export const PATTERN_ITEMS = ['follow', 'where', 'compare', 'class'] as const;
export const PATTERN_OR = 'or';
export const PATTERN_END = 'end';
/** After a follow's relations: `hops #min #max` (repeated steps). After an extreme's measure: `per` attribute. */
export const HOPS = 'hops';
export const PER = 'per';
export const AGGREGATES: readonly AggregateFunction[] = ['count', 'count_distinct', 'sum', 'avg', 'min', 'max'];
export const OPERATORS: readonly Operator[] = ['=', '!=', '<', '<=', '>', '>=', 'contains', 'starts_with', 'in', 'not_in', 'between', 'year', 'month', 'is_null', 'not_null'];
export const COMPARISONS: readonly ComparisonOperator[] = ['=', '!=', '<', '<=', '>', '>='];
export const ARITHMETIC: readonly ArithmeticOperator[] = ['+', '-', '*', '/'];
export const DIRECTIONS = ['asc', 'desc'] as const;
/** Placeholders the model can use: one per mention, at most this many. */
export const MAX_PLACEHOLDERS = 8;
/** Literal limits the model can write when the question gives no number ("the cheapest" = 1). */
export const MAX_LITERAL = 10;
/** Most instances of one class in a graph: a 3-hop chain, or two people and the one related to both. */
export const MAX_INSTANCES = 4;
/** Most computed values of one graph (`c1`, `c2`). */
export const MAX_COMPUTED = 2;

export function instanceToken(instance: number): string {
  return `i${instance}`;
}

export function relationToken(relationId: string): string {
  return `R:${relationId}`;
}

/** The k-th computed value of a graph (1-based), usable wherever a number attribute is. */
export function computedToken(k: number): string {
  return `c${k}`;
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

/** The words every target shares beyond the first ones (added after them, so older vocabularies keep their ids). */
export function constructTokens(): string[] {
  return ['none', 'some', 'compute', 'compare', 'extreme', 'offset', PATTERN_OR, PATTERN_END, HOPS, PER, ...ARITHMETIC, ...Array.from({ length: MAX_COMPUTED }, (_, i) => computedToken(i + 1))];
}

/** Every output token for a schema: keywords, then the schema's classes and attributes. */
export function targetVocabulary(schema: SchemaGraph): string[] {
  const first = ITEMS.filter((item) => !constructTokens().includes(item));
  return [
    PAD,
    BOS,
    EOS,
    ...first,
    ...AGGREGATES,
    ...OPERATORS,
    ...DIRECTIONS,
    'true',
    'false',
    ...Array.from({ length: MAX_PLACEHOLDERS }, (_, i) => placeholderToken(i + 1)),
    ...Array.from({ length: MAX_LITERAL }, (_, i) => literalToken(i + 1)),
    ...constructTokens(),
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

/**
 * The name a computed value gets in the graph, from its expression ("UnitPrice_times_Quantity"):
 * the same expression always gets the same name, so tokens and graphs convert both ways.
 */
export function computedName(expression: Expression): string {
  const words: Record<ArithmeticOperator, string> = { '+': 'plus', '-': 'minus', '*': 'times', '/': 'per' };
  const say = (e: Expression): string => (e.kind === 'attribute' ? e.ref.attributeId : e.kind === 'number' ? String(e.value) : `${say(e.left)}_${words[e.operator]}_${say(e.right)}`);
  const name = say(expression).replace(/[^A-Za-z0-9_]+/g, '_');
  return /^[A-Za-z_]/.test(name) ? name : `value_${name}`;
}

/** Graph (with values already placeholders or literals) -> tokens, without BOS/EOS; `limitPlaceholder` when the question wrote the limit. */
export function graphToTokens(graph: QueryGraph, limitPlaceholder: number | null = null): string[] {
  const out: string[] = [];
  const computed = graph.computed ?? [];
  if (computed.length > MAX_COMPUTED) throw new InvalidQueryGraphError(`at most ${MAX_COMPUTED} computed values in the target language`, String(computed.length));
  const computedIndex = (ref: AttributeRef) => computed.findIndex((c) => c.target.classId === ref.classId && c.target.attributeId === ref.attributeId && (c.target.instance ?? 1) === (ref.instance ?? 1));
  const attribute = (ref: AttributeRef) => {
    const k = computedIndex(ref);
    return k >= 0 ? computedToken(k + 1) : attributeToken(ref);
  };
  const follow = (f: Follow) => {
    if (f.from.classId !== f.to.classId) throw new InvalidQueryGraphError('only relations of a class with itself are followed in the target language', f.relation);
    return ['follow', ...[f.relation, ...(f.alternatives ?? [])].map(relationToken), ...(f.hops ? [HOPS, literalToken(f.hops.min), literalToken(f.hops.max)] : []), instanceToken(f.from.instance), instanceToken(f.to.instance)];
  };
  const measure = (m: Measure) => [...(m.aggregate ? [m.aggregate] : []), attribute(m.target)];
  const value = (v: QueryValue) => {
    if (v.kind === 'placeholder') return placeholderToken(Number(v.name));
    if (v.kind === 'number' && Number.isInteger(v.value) && v.value >= 1 && v.value <= MAX_LITERAL) return literalToken(v.value);
    if (v.kind === 'boolean') return String(v.value);
    throw new InvalidQueryGraphError(`value ${JSON.stringify(v)} has no token: values must be placeholders`, JSON.stringify(v));
  };
  const condition = (c: Constraint) => ['where', attribute(c.target), c.operator, ...c.values.map(value)];
  const comparison = (c: AttributeComparison) => ['compare', attribute(c.left), c.operator, attribute(c.right)];
  const expression = (e: Expression): string[] => {
    if (e.kind === 'attribute') return [attribute(e.ref)];
    if (e.kind === 'number') return [value({ kind: 'number', value: e.value })];
    return [e.operator, ...expression(e.left), ...expression(e.right)];
  };
  for (const f of graph.follows) out.push(...follow(f));
  // `none` patterns before `some` ones, the order of ITEMS the grammar decodes in (a conjunction either way).
  const patterns = [...(graph.patterns ?? [])].sort((a, b) => (a.quantifier === b.quantifier ? 0 : a.quantifier === 'none' ? -1 : 1));
  for (const p of patterns) {
    out.push(p.quantifier);
    p.branches.forEach((b, i) => {
      if (i > 0) out.push(PATTERN_OR);
      for (const f of b.follows) out.push(...follow(f));
      for (const c of b.where) out.push(...condition(c));
      for (const c of b.compare) out.push(...comparison(c));
      for (const c of b.classes) out.push('class', classToken(c));
    });
    out.push(PATTERN_END);
  }
  for (const c of computed) out.push('compute', ...expression(c.expression));
  for (const m of graph.select) out.push('show', ...measure(m));
  for (const c of graph.where) out.push(...condition(c));
  for (const c of graph.compare ?? []) out.push(...comparison(c));
  for (const c of graph.aggregateCompare ?? []) {
    const sub = c.right;
    out.push('compare', attribute(c.left), c.operator, ...(sub.measure.aggregate ? [sub.measure.aggregate] : []), attributeToken(sub.measure.target));
    for (const f of sub.follows) out.push(...follow(f));
    for (const w of sub.where) out.push('where', attributeToken(w.target), w.operator, ...w.values.map(value));
    for (const classId of sub.classes) out.push('class', classToken(classId));
    out.push(PATTERN_END);
  }
  for (const e of graph.extremes ?? []) out.push('extreme', e.direction, attribute(e.measure), ...e.per.flatMap((ref) => [PER, attribute(ref)]));
  for (const g of graph.groupBy) out.push('group', attribute(g));
  for (const h of graph.having) out.push('having', ...measure(h.measure), h.operator, value(h.value));
  for (const o of graph.orderBy) out.push('order', o.direction, ...measure(o.measure));
  if (graph.limit !== null) out.push('limit', limitPlaceholder !== null ? placeholderToken(limitPlaceholder) : literalToken(graph.limit));
  if (graph.offset !== undefined) {
    if (graph.limit === null) throw new InvalidQueryGraphError('an offset is written after a limit in the target language', String(graph.offset));
    out.push('offset', value({ kind: 'number', value: graph.offset }));
  }
  if (graph.distinct) out.push('distinct');
  const referenced = new Set(referencedClasses(graph));
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
  const computed: ComputedAttribute[] = [];
  const ref = (token: string): AttributeRef => {
    if (/^c\d+$/.test(token)) return (computed[Number(token.slice(1)) - 1] ?? fail(`${token} is not computed`)).target;
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
  const literal = (token: string): number => (/^#\d+$/.test(token) ? Number(token.slice(1)) : fail(`expected a number, got ${token}`));
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
  const follow = (): Follow => {
    const relations: string[] = [];
    while (tokens[i]?.startsWith('R:')) relations.push(next().slice(2));
    const [relationId, ...alternatives] = relations;
    if (relationId === undefined) return fail('a follow needs a relation');
    const relation = schema?.relations.find((r) => r.id === relationId && r.from === r.to) ?? fail(`unknown relation ${relationId}`);
    let hops: { min: number; max: number } | null = null;
    if (tokens[i] === HOPS) {
      i += 1;
      hops = { min: literal(next()), max: literal(next()) };
    }
    const from = instance(next());
    const to = instance(next());
    return { from: { classId: relation.from, instance: from }, relation: relationId, to: { classId: relation.to, instance: to }, ...(alternatives.length > 0 ? { alternatives } : {}), ...(hops ? { hops } : {}) };
  };
  const condition = (): Constraint => {
    const target = ref(next());
    const operator = next() as Operator;
    const values: QueryValue[] = [];
    while (isValue(tokens[i])) values.push(value(next()));
    return { target, operator, values };
  };
  const comparison = (): AttributeComparison => {
    const left = ref(next());
    const operator = next();
    if (!(COMPARISONS as readonly string[]).includes(operator)) fail(`expected a comparison, got ${operator}`);
    return { left, operator: operator as ComparisonOperator, right: ref(next()) };
  };
  /** After `compare A:x <op>`: an aggregate, its own follows, conditions and classes, then `end`. */
  const aggregateComparison = (left: AttributeRef, operator: ComparisonOperator): AggregateComparison => {
    const aggregate = next() as AggregateFunction;
    const target = ref(next());
    const sub = { follows: [] as Follow[], where: [] as Constraint[], classes: [] as string[] };
    for (;;) {
      const token = next();
      if (token === PATTERN_END) break;
      if (token === 'follow') sub.follows.push(follow());
      else if (token === 'where') sub.where.push(condition());
      else if (token === 'class') sub.classes.push(next().slice(2));
      else fail(`unknown item of a compared aggregate: ${token}`);
    }
    return { left, operator, right: { measure: { aggregate, target }, ...sub } };
  };
  const expression = (): Expression => {
    const token = next();
    if ((ARITHMETIC as readonly string[]).includes(token)) return { kind: 'arithmetic', operator: token as ArithmeticOperator, left: expression(), right: expression() };
    if (token.startsWith('#')) return { kind: 'number', value: literal(token) };
    return { kind: 'attribute', ref: ref(token) };
  };
  const pattern = (quantifier: 'none' | 'some'): PatternCondition => {
    const branches: Pattern[] = [];
    let branch = { classes: [] as string[], follows: [] as Follow[], where: [] as Constraint[], compare: [] as AttributeComparison[] };
    for (;;) {
      const token = next();
      if (token === PATTERN_END || token === PATTERN_OR) {
        branches.push(branch);
        if (token === PATTERN_END) break;
        branch = { classes: [], follows: [], where: [], compare: [] };
      } else if (token === 'follow') branch.follows.push(follow());
      else if (token === 'where') branch.where.push(condition());
      else if (token === 'compare') branch.compare.push(comparison());
      else if (token === 'class') branch.classes.push(next().slice(2));
      else fail(`unknown pattern item ${token}`);
    }
    return { quantifier, branches };
  };
  const select: Measure[] = [];
  const where: Constraint[] = [];
  const groupBy: AttributeRef[] = [];
  const having: AggregateConstraint[] = [];
  const orderBy: OrderTerm[] = [];
  const classes: string[] = [];
  const follows: Follow[] = [];
  const compare: AttributeComparison[] = [];
  const aggregateCompare: AggregateComparison[] = [];
  const patterns: PatternCondition[] = [];
  const extremes: Extreme[] = [];
  let limit: number | null = null;
  let limitPlaceholder: number | null = null;
  let offset: number | undefined;
  let distinct = false;
  while (i < tokens.length && tokens[i] !== EOS) {
    const keyword = next();
    switch (keyword) {
      case 'follow':
        follows.push(follow());
        break;
      case 'none':
      case 'some':
        patterns.push(pattern(keyword));
        break;
      case 'compute': {
        const e = expression();
        const owner = expressionRef(e) ?? fail('a computed value needs an attribute');
        computed.push({ target: { classId: owner.classId, attributeId: computedName(e), ...(owner.instance !== undefined && owner.instance !== 1 ? { instance: owner.instance } : {}) }, expression: e });
        break;
      }
      case 'show':
        select.push(measure());
        break;
      case 'where':
        where.push(condition());
        break;
      case 'compare':
        if ((AGGREGATES as readonly string[]).includes(tokens[i + 2] ?? '')) {
          const left = ref(next());
          const operator = next();
          if (!(COMPARISONS as readonly string[]).includes(operator)) fail(`expected a comparison, got ${operator}`);
          aggregateCompare.push(aggregateComparison(left, operator as ComparisonOperator));
        } else compare.push(comparison());
        break;
      case 'extreme': {
        const direction = next();
        if (direction !== 'max' && direction !== 'min') fail(`expected max or min, got ${direction}`);
        const target = ref(next());
        const per: AttributeRef[] = [];
        while (tokens[i] === PER) {
          i += 1;
          per.push(ref(next()));
        }
        extremes.push({ direction: direction as 'max' | 'min', measure: target, per });
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
      case 'offset':
        offset = literal(next());
        break;
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
  return { graph: queryGraph({ classes, select, where, follows, groupBy, having, orderBy, limit, distinct, offset, computed, compare, aggregateCompare, patterns, extremes }), limitPlaceholder };
}

/** The first attribute an expression reads: a computed value belongs to its instance. */
function expressionRef(e: Expression): AttributeRef | null {
  if (e.kind === 'attribute') return e.ref;
  if (e.kind === 'number') return null;
  return expressionRef(e.left) ?? expressionRef(e.right);
}
