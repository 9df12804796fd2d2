/**
 * The canonical string form of a query graph: the predictor's training target, the form stored in
 * logs and shown to developers, and a parser back. After Polyglotter's flat target (pairs and
 * triples joined by ` ; `), one item per part, in a fixed order:
 *
 *     show Products.ProductName ; show avg Products.UnitPrice ; where Categories.CategoryName = @v1 ;
 *     where Orders.OrderDate year 1997 ; group Products.ProductName ; having count Orders.* > 5 ;
 *     order desc avg Products.UnitPrice ; limit 5 ; distinct ; class Suppliers
 *
 * The newer items, each written only when the graph has it:
 *
 *     compute `Order Details`.revenue = ( `Order Details`.UnitPrice * `Order Details`.Quantity ) ;
 *     compare Employees.HireDate < Employees#2.HireDate ; where Orders.OrderDate between 1996 1997 ;
 *     follow Person ( SON | DAUGHTER ) Person#2 ; follow Person ( FATHER | MOTHER ) *1..4 Person#3 ;
 *     none ( where Categories.CategoryName = "Seafood" ) ; some ( follow … ) or ( follow … ) ;
 *     extreme max Products.UnitPrice per Categories.CategoryName ; offset 2 ;
 *     compare Country.SurfaceArea > ( max Country.SurfaceArea ; where Country.Continent = "Europe" )
 *
 * Names are the database's own; names that are not plain identifiers are backticked
 * (`Order Details`.UnitPrice). Strings are JSON strings, dates are `date:1997-03-01`, placeholders
 * `@v1`. `format(parse(s)) === s` for every canonical `s`, and `parse(format(g))` equals `g`.
 */
import { InvalidQueryGraphError } from '../../errors.js';
import { deepFreeze } from './build.js';
import { graphAttributeRefs, optionalParts } from './parts.js';
import type {
  AggregateComparison,
  AggregateConstraint,
  AggregateFunction,
  ArithmeticOperator,
  AttributeComparison,
  AttributeRef,
  ClassInstance,
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
  SubAggregate,
} from './types.js';

const AGGREGATES: readonly AggregateFunction[] = ['count', 'count_distinct', 'sum', 'avg', 'min', 'max'];
const OPERATORS: readonly Operator[] = [
  '=',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  'contains',
  'starts_with',
  'in',
  'not_in',
  'between',
  'year',
  'month',
  'is_null',
  'not_null',
];
const COMPARISONS = ['=', '!=', '<', '<=', '>', '>='] as const;

// ---------------------------------------------------------------------------------------------
// format

export function formatQueryGraph(graph: QueryGraph): string {
  const items: string[] = [];
  for (const computed of graph.computed ?? []) items.push(`compute ${formatRef(computed.target)} = ${formatExpression(computed.expression)}`);
  for (const measure of graph.select) items.push(`show ${formatMeasure(measure)}`);
  for (const constraint of graph.where) items.push(`where ${formatConstraint(constraint)}`);
  for (const comparison of graph.compare ?? []) items.push(`compare ${formatComparison(comparison)}`);
  for (const comparison of graph.aggregateCompare ?? []) items.push(`compare ${formatAggregateComparison(comparison)}`);
  for (const step of graph.follows) items.push(`follow ${formatFollow(step)}`);
  for (const condition of graph.patterns ?? []) items.push(formatPatternCondition(condition));
  for (const extreme of graph.extremes ?? []) items.push(formatExtreme(extreme));
  for (const ref of graph.groupBy) items.push(`group ${formatRef(ref)}`);
  for (const h of graph.having) items.push(`having ${formatMeasure(h.measure)} ${h.operator} ${formatValue(h.value)}`);
  for (const term of graph.orderBy) items.push(`order ${term.direction} ${formatMeasure(term.measure)}`);
  if (graph.limit !== null) items.push(`limit ${graph.limit}`);
  if (graph.offset !== undefined) items.push(`offset ${graph.offset}`);
  if (graph.distinct) items.push('distinct');
  for (const classId of unreferencedClasses(graph)) items.push(`class ${formatIdentifier(classId)}`);
  return items.join(' ; ');
}

/** `Person FATHER Person#2`, `Person ( SON | DAUGHTER ) Person#2`, `Person FATHER *1..3 Person#2`. */
function formatFollow(step: Follow): string {
  const relations = [step.relation, ...(step.alternatives ?? [])].map(formatIdentifier);
  const relation = relations.length === 1 ? relations[0] : `( ${relations.join(' | ')} )`;
  const hops = step.hops ? ` *${step.hops.min}..${step.hops.max}` : '';
  return `${formatInstance(step.from)} ${relation}${hops} ${formatInstance(step.to)}`;
}

function formatComparison(comparison: AttributeComparison): string {
  return `${formatRef(comparison.left)} ${comparison.operator} ${formatRef(comparison.right)}`;
}

/** Every operation is parenthesised, so the form needs no precedence rules. */
export function formatExpression(expression: Expression): string {
  switch (expression.kind) {
    case 'attribute':
      return formatRef(expression.ref);
    case 'number':
      return String(expression.value);
    case 'arithmetic':
      return `( ${formatExpression(expression.left)} ${expression.operator} ${formatExpression(expression.right)} )`;
  }
}

/** `Dogs.age < ( avg Dogs.age )`, `Country.SurfaceArea > ( max Country.SurfaceArea ; where Country.Continent = "Europe" )`. */
function formatAggregateComparison(comparison: AggregateComparison): string {
  return `${formatRef(comparison.left)} ${comparison.operator} ${formatSubAggregate(comparison.right)}`;
}

function formatSubAggregate(sub: SubAggregate): string {
  const items = [formatMeasure(sub.measure)];
  for (const step of sub.follows) items.push(`follow ${formatFollow(step)}`);
  for (const constraint of sub.where) items.push(`where ${formatConstraint(constraint)}`);
  for (const classId of sub.classes) items.push(`class ${formatIdentifier(classId)}`);
  return `( ${items.join(' ; ')} )`;
}

function formatPatternCondition(condition: PatternCondition): string {
  return `${condition.quantifier} ${condition.branches.map(formatPattern).join(' or ')}`;
}

function formatPattern(pattern: Pattern): string {
  const items: string[] = [];
  for (const step of pattern.follows) items.push(`follow ${formatFollow(step)}`);
  for (const constraint of pattern.where) items.push(`where ${formatConstraint(constraint)}`);
  for (const comparison of pattern.compare) items.push(`compare ${formatComparison(comparison)}`);
  for (const classId of pattern.classes) items.push(`class ${formatIdentifier(classId)}`);
  return `( ${items.join(' ; ')} )`;
}

function formatExtreme(extreme: Extreme): string {
  return [`extreme ${extreme.direction} ${formatRef(extreme.measure)}`, ...extreme.per.map((ref) => `per ${formatRef(ref)}`)].join(' ');
}

function formatMeasure(measure: Measure): string {
  return measure.aggregate ? `${measure.aggregate} ${formatRef(measure.target)}` : formatRef(measure.target);
}

function formatConstraint(constraint: Constraint): string {
  const head = `${formatRef(constraint.target)} ${constraint.operator}`;
  switch (constraint.operator) {
    case 'is_null':
    case 'not_null':
      return head;
    case 'in':
    case 'not_in':
      return `${head} ( ${constraint.values.map(formatValue).join(' , ')} )`;
    default:
      return `${head} ${constraint.values.map(formatValue).join(' ')}`;
  }
}

function formatRef(ref: AttributeRef): string {
  const owner = formatInstance({ classId: ref.classId, instance: ref.instance ?? 1 });
  return `${owner}.${ref.attributeId === '*' ? '*' : formatIdentifier(ref.attributeId)}`;
}

function formatInstance(node: ClassInstance): string {
  return node.instance === 1 ? formatIdentifier(node.classId) : `${formatIdentifier(node.classId)}#${node.instance}`;
}

export function formatIdentifier(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `\`${name.replace(/`/g, '``')}\``;
}

export function formatValue(value: QueryValue): string {
  switch (value.kind) {
    case 'string':
      return JSON.stringify(value.value);
    case 'number':
      return Number.isFinite(value.value) ? String(value.value) : JSON.stringify(String(value.value));
    case 'boolean':
      return String(value.value);
    case 'date':
      return `date:${value.value}`;
    case 'placeholder':
      return `@${value.name}`;
  }
}

/** Classes the graph names that no item mentions (joined through, or counted implicitly). */
function unreferencedClasses(graph: QueryGraph): string[] {
  const referenced = new Set(referencedClasses(graph));
  return graph.classes.filter((classId) => !referenced.has(classId));
}

/**
 * The classes a graph's items name, in first-mention order: select, where, follows, group, having,
 * order, then the computed attributes, comparisons and extremes. Patterns' own classes are not the
 * graph's: they are joined only inside their pattern.
 */
export function referencedClasses(graph: Pick<QueryGraph, 'select' | 'where' | 'follows' | 'groupBy' | 'having' | 'orderBy' | 'computed' | 'compare' | 'aggregateCompare' | 'extremes'>): string[] {
  const seen: string[] = [];
  const add = (classId: string) => {
    if (!seen.includes(classId)) seen.push(classId);
  };
  graph.select.forEach((m) => add(m.target.classId));
  graph.where.forEach((c) => add(c.target.classId));
  graph.follows.forEach((f) => {
    add(f.from.classId);
    add(f.to.classId);
  });
  graph.groupBy.forEach((ref) => add(ref.classId));
  graph.having.forEach((h) => add(h.measure.target.classId));
  graph.orderBy.forEach((o) => add(o.measure.target.classId));
  graphAttributeRefs({ computed: graph.computed, compare: graph.compare, aggregateCompare: graph.aggregateCompare, extremes: graph.extremes }).forEach((ref) => add(ref.classId));
  return seen;
}

// ---------------------------------------------------------------------------------------------
// parse

type Token =
  | { readonly type: 'word'; readonly text: string }
  | { readonly type: 'quoted'; readonly text: string }
  | { readonly type: 'string'; readonly text: string }
  | { readonly type: 'number'; readonly value: number; readonly text: string }
  | { readonly type: 'punct'; readonly text: string };

export function parseQueryGraph(text: string): QueryGraph {
  const tokens = tokenize(text);
  const parser = new Parser(tokens, text);
  return parser.graph();
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const fail = (message: string) => {
    throw new InvalidQueryGraphError(`${message} at character ${i}`, text);
  };
  while (i < text.length) {
    const ch = text[i] as string;
    if (/\s/.test(ch)) {
      i += 1;
    } else if (ch === '`') {
      let j = i + 1;
      let name = '';
      for (;;) {
        if (j >= text.length) fail('unterminated `name`');
        if (text[j] === '`') {
          if (text[j + 1] === '`') {
            name += '`';
            j += 2;
            continue;
          }
          break;
        }
        name += text[j];
        j += 1;
      }
      tokens.push({ type: 'quoted', text: name });
      i = j + 1;
    } else if (ch === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (j >= text.length) fail('unterminated string');
      try {
        tokens.push({ type: 'string', text: JSON.parse(text.slice(i, j + 1)) as string });
      } catch {
        fail('bad string');
      }
      i = j + 1;
    } else if (/[-0-9]/.test(ch) && /^-?\d/.test(text.slice(i, i + 2))) {
      const match = /^-?\d+(\.\d+)?([eE][-+]?\d+)?/.exec(text.slice(i));
      const raw = match?.[0] ?? '';
      tokens.push({ type: 'number', value: Number(raw), text: raw });
      i += raw.length;
    } else if (/[A-Za-z_@]/.test(ch)) {
      const match = /^[@A-Za-z_][A-Za-z0-9_:-]*/.exec(text.slice(i));
      const raw = match?.[0] ?? ch;
      tokens.push({ type: 'word', text: raw });
      i += raw.length;
    } else {
      const two = text.slice(i, i + 2);
      if (two === '!=' || two === '<=' || two === '>=') {
        tokens.push({ type: 'punct', text: two });
        i += 2;
      } else if ('=<>.;(),*#+-/|'.includes(ch)) {
        tokens.push({ type: 'punct', text: ch });
        i += 1;
      } else {
        fail(`unexpected '${ch}'`);
      }
    }
  }
  return tokens;
}

class Parser {
  private position = 0;

  constructor(
    private readonly tokens: readonly Token[],
    private readonly source: string,
  ) {}

  graph(): QueryGraph {
    const select: Measure[] = [];
    const where: Constraint[] = [];
    const follows: Follow[] = [];
    const groupBy: AttributeRef[] = [];
    const having: AggregateConstraint[] = [];
    const orderBy: OrderTerm[] = [];
    const extraClasses: string[] = [];
    const computed: ComputedAttribute[] = [];
    const compare: AttributeComparison[] = [];
    const aggregateCompare: AggregateComparison[] = [];
    const patterns: PatternCondition[] = [];
    const extremes: Extreme[] = [];
    let limit: number | null = null;
    let offset: number | undefined;
    let distinct = false;
    while (this.peek()) {
      const keyword = this.word();
      switch (keyword) {
        case 'show':
          select.push(this.measure());
          break;
        case 'where':
          where.push(this.constraint());
          break;
        case 'follow':
          follows.push(this.follow());
          break;
        case 'compare': {
          const left = this.ref();
          const operator = this.comparison();
          if (this.peek()?.type === 'punct' && this.peek()?.text === '(') aggregateCompare.push({ left, operator, right: this.subAggregate() });
          else compare.push({ left, operator, right: this.ref() });
          break;
        }
        case 'compute': {
          const target = this.ref();
          this.expect('=');
          computed.push({ target, expression: this.expression() });
          break;
        }
        case 'none':
        case 'some':
          patterns.push(this.patternCondition(keyword));
          break;
        case 'extreme':
          extremes.push(this.extreme());
          break;
        case 'group':
          groupBy.push(this.ref());
          break;
        case 'having': {
          const measure = this.measure();
          const operator = this.comparison();
          having.push({ measure, operator, value: this.value() });
          break;
        }
        case 'order': {
          const direction = this.word();
          if (direction !== 'asc' && direction !== 'desc') this.fail(`expected asc or desc, got '${direction}'`);
          orderBy.push({ direction, measure: this.measure() });
          break;
        }
        case 'limit': {
          const token = this.next();
          if (token?.type !== 'number' || !Number.isInteger(token.value) || token.value < 1) this.fail('limit needs a positive integer');
          limit = (token as { value: number }).value;
          break;
        }
        case 'offset': {
          const token = this.next();
          if (token?.type !== 'number' || !Number.isInteger(token.value) || token.value < 0) this.fail('offset needs a whole number of rows');
          offset = (token as { value: number }).value;
          break;
        }
        case 'distinct':
          distinct = true;
          break;
        case 'class':
          extraClasses.push(this.identifier());
          break;
        default:
          this.fail(`unknown item '${keyword}'`);
      }
      if (this.peek()) this.expect(';');
    }
    if (select.length === 0) this.fail('a query graph shows at least one thing');
    const referenced = referencedClasses({ select, where, follows, groupBy, having, orderBy, computed, compare, aggregateCompare, extremes });
    const classes = [...referenced, ...extraClasses.filter((c) => !referenced.includes(c))];
    return deepFreeze({
      classes,
      select,
      where,
      follows,
      groupBy,
      having,
      orderBy,
      limit,
      distinct,
      ...optionalParts({ offset, computed, compare, aggregateCompare, patterns, extremes }),
    });
  }

  /** `A R B`, `A ( R1 | R2 ) B`, with an optional `*min..max` before B. */
  private follow(): Follow {
    const from = this.instance();
    const relations: string[] = [];
    if (this.peek()?.type === 'punct' && this.peek()?.text === '(') {
      this.position += 1;
      relations.push(this.identifier());
      while (this.peek()?.type === 'punct' && this.peek()?.text === '|') {
        this.position += 1;
        relations.push(this.identifier());
      }
      this.expect(')');
    } else {
      relations.push(this.identifier());
    }
    let hops: { min: number; max: number } | undefined;
    if (this.peek()?.type === 'punct' && this.peek()?.text === '*') {
      this.position += 1;
      const min = this.wholeNumber('hops');
      this.expect('.');
      this.expect('.');
      hops = { min, max: this.wholeNumber('hops') };
    }
    const to = this.instance();
    const [relation, ...alternatives] = relations as [string, ...string[]];
    return { from, relation, to, ...(alternatives.length > 0 ? { alternatives } : {}), ...(hops ? { hops } : {}) };
  }

  private wholeNumber(what: string): number {
    const token = this.next();
    if (token?.type !== 'number' || !Number.isInteger(token.value) || token.value < 0) this.fail(`${what} need whole numbers`);
    return (token as { value: number }).value;
  }

  private comparisonItem(): AttributeComparison {
    const left = this.ref();
    const operator = this.comparison();
    return { left, operator, right: this.ref() };
  }

  /** A number, a ref, or `( expression operator expression )`. */
  private expression(depth = 0): Expression {
    if (depth > 32) this.fail('expression nested too deeply');
    const token = this.peek();
    if (token?.type === 'number') {
      this.position += 1;
      return { kind: 'number', value: token.value };
    }
    if (token?.type === 'punct' && token.text === '(') {
      this.position += 1;
      const left = this.expression(depth + 1);
      const operator = this.next();
      if (operator?.type !== 'punct' || !['+', '-', '*', '/'].includes(operator.text)) this.fail(`expected + - * or /, got '${operator?.text ?? 'the end'}'`);
      const right = this.expression(depth + 1);
      this.expect(')');
      return { kind: 'arithmetic', operator: operator!.text as ArithmeticOperator, left, right };
    }
    return { kind: 'attribute', ref: this.ref() };
  }

  /** `none ( items )` or `some ( items ) or ( items ) …`. */
  private patternCondition(quantifier: 'none' | 'some'): PatternCondition {
    const branches = [this.pattern()];
    while (this.peek()?.type === 'word' && this.peek()?.text === 'or') {
      this.position += 1;
      branches.push(this.pattern());
    }
    return { quantifier, branches };
  }

  private pattern(): Pattern {
    this.expect('(');
    const follows: Follow[] = [];
    const where: Constraint[] = [];
    const compare: AttributeComparison[] = [];
    const classes: string[] = [];
    for (;;) {
      const keyword = this.word();
      if (keyword === 'follow') follows.push(this.follow());
      else if (keyword === 'where') where.push(this.constraint());
      else if (keyword === 'compare') compare.push(this.comparisonItem());
      else if (keyword === 'class') classes.push(this.identifier());
      else this.fail(`a pattern holds follow, where, compare and class items, not '${keyword}'`);
      const token = this.next();
      if (token?.type === 'punct' && token.text === ')') break;
      if (token?.type !== 'punct' || token.text !== ';') this.fail(`expected ';' or ')', got '${token?.text ?? 'the end'}'`);
    }
    return { classes, follows, where, compare };
  }

  /** `( avg Dogs.age ; follow … ; where … ; class … )`: an aggregate over rows of its own. */
  private subAggregate(): SubAggregate {
    this.expect('(');
    const measure = this.measure();
    if (measure.aggregate === null) this.fail('a compared aggregate needs an aggregate function');
    const follows: Follow[] = [];
    const where: Constraint[] = [];
    const classes: string[] = [];
    for (;;) {
      const token = this.next();
      if (token?.type === 'punct' && token.text === ')') break;
      if (token?.type !== 'punct' || token.text !== ';') this.fail(`expected ';' or ')', got '${token?.text ?? 'the end'}'`);
      const keyword = this.word();
      if (keyword === 'follow') follows.push(this.follow());
      else if (keyword === 'where') where.push(this.constraint());
      else if (keyword === 'class') classes.push(this.identifier());
      else this.fail(`a compared aggregate holds follow, where and class items, not '${keyword}'`);
    }
    return { measure, classes, follows, where };
  }

  /** `extreme max Products.UnitPrice per Categories.CategoryName per …`. */
  private extreme(): Extreme {
    const direction = this.word();
    if (direction !== 'max' && direction !== 'min') this.fail(`expected max or min, got '${direction}'`);
    const measure = this.ref();
    const per: AttributeRef[] = [];
    while (this.peek()?.type === 'word' && this.peek()?.text === 'per') {
      this.position += 1;
      per.push(this.ref());
    }
    return { measure, direction: direction as 'max' | 'min', per };
  }

  private measure(): Measure {
    const token = this.peek();
    if (token?.type === 'word' && (AGGREGATES as readonly string[]).includes(token.text)) {
      // `count` alone could be a class named count: an aggregate is always followed by a ref.
      const after = this.tokens[this.position + 1];
      if (after && (after.type === 'word' || after.type === 'quoted')) {
        this.position += 1;
        return { aggregate: token.text as AggregateFunction, target: this.ref() };
      }
    }
    return { aggregate: null, target: this.ref() };
  }

  private constraint(): Constraint {
    const target = this.ref();
    const token = this.next();
    const operator = token?.text as Operator;
    if (!token || !(OPERATORS as readonly string[]).includes(operator)) this.fail(`unknown operator '${token?.text ?? ''}'`);
    switch (operator) {
      case 'is_null':
      case 'not_null':
        return { target, operator, values: [] };
      case 'in':
      case 'not_in': {
        this.expect('(');
        const values = [this.value()];
        while (this.peek()?.text === ',') {
          this.position += 1;
          values.push(this.value());
        }
        this.expect(')');
        return { target, operator, values };
      }
      case 'between':
        return { target, operator, values: [this.value(), this.value()] };
      default:
        return { target, operator, values: [this.value()] };
    }
  }

  private comparison(): AggregateConstraint['operator'] {
    const token = this.next();
    if (!token || !(COMPARISONS as readonly string[]).includes(token.text)) this.fail(`expected a comparison, got '${token?.text ?? ''}'`);
    return token!.text as AggregateConstraint['operator'];
  }

  private ref(): AttributeRef {
    const { classId, instance } = this.instance();
    this.expect('.');
    let attributeId: string;
    if (this.peek()?.text === '*') {
      this.position += 1;
      attributeId = '*';
    } else {
      attributeId = this.identifier();
    }
    return instance === 1 ? { classId, attributeId } : { classId, attributeId, instance };
  }

  /** `Class` or `Class#n` (n >= 2 is written; 1 is the default). */
  private instance(): ClassInstance {
    const classId = this.identifier();
    if (this.peek()?.text !== '#' || this.peek()?.type !== 'punct') return { classId, instance: 1 };
    this.position += 1;
    const token = this.next();
    if (token?.type !== 'number' || !Number.isInteger(token.value) || token.value < 1) this.fail('expected an instance number after #');
    return { classId, instance: (token as { value: number }).value };
  }

  private identifier(): string {
    const token = this.next();
    if (token?.type === 'quoted') return token.text;
    if (token?.type === 'word' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(token.text)) return token.text;
    return this.fail(`expected a name, got '${token?.text ?? 'the end'}'`);
  }

  private value(): QueryValue {
    const token = this.next();
    if (!token) return this.fail('expected a value, got the end');
    if (token.type === 'string') return { kind: 'string', value: token.text };
    if (token.type === 'number') return { kind: 'number', value: token.value };
    if (token.type === 'word') {
      if (token.text === 'true' || token.text === 'false') return { kind: 'boolean', value: token.text === 'true' };
      if (/^@[A-Za-z0-9_]+$/.test(token.text)) return { kind: 'placeholder', name: token.text.slice(1) };
      const date = /^date:(\d{4}-\d{2}-\d{2})$/.exec(token.text);
      if (date?.[1]) return { kind: 'date', value: date[1] };
    }
    return this.fail(`expected a value, got '${token.text}'`);
  }

  private word(): string {
    const token = this.next();
    if (token?.type !== 'word') this.fail(`expected a keyword, got '${token?.text ?? 'the end'}'`);
    return token!.text;
  }

  private expect(text: string): void {
    const token = this.next();
    if (token?.text !== text || token.type === 'string' || token.type === 'quoted') this.fail(`expected '${text}', got '${token?.text ?? 'the end'}'`);
  }

  private peek(): Token | undefined {
    return this.tokens[this.position];
  }

  private next(): Token | undefined {
    const token = this.tokens[this.position];
    this.position += 1;
    return token;
  }

  private fail(message: string): never {
    throw new InvalidQueryGraphError(`${message} (item ${this.itemNumber()})`, this.source);
  }

  private itemNumber(): number {
    return this.tokens.slice(0, this.position).filter((t) => t.type === 'punct' && t.text === ';').length + 1;
  }
}
