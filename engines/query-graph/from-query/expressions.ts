/**
 * Expressions as SQL and Cypher both write them (the readers share this one): or < and < not <
 * comparison (=, <>, LIKE, IN, BETWEEN, IS NULL; Cypher's CONTAINS, STARTS WITH) < + - < * / <
 * unary minus < a value, a column, a call or a parenthesised expression. A nested query is read
 * only as `x [NOT] IN (SELECT ...)` in SQL (to-graph.ts makes it a none / some pattern); any other
 * is refused.
 */
import type { Expr } from './ast.js';
import { ReadError, type Cursor } from './tokens.js';

const COMPARISONS = new Map([
  ['=', '='],
  ['==', '='],
  ['<>', '!='],
  ['!=', '!='],
  ['<', '<'],
  ['<=', '<='],
  ['>', '>'],
  ['>=', '>='],
]);

export function readExpression(cursor: Cursor): Expr {
  let left = readAnd(cursor);
  while (cursor.acceptKeyword('OR')) left = { kind: 'binary', op: 'or', left, right: readAnd(cursor) };
  return left;
}

function readAnd(cursor: Cursor): Expr {
  let left = readNot(cursor);
  while (cursor.acceptKeyword('AND')) left = { kind: 'binary', op: 'and', left, right: readNot(cursor) };
  return left;
}

function readNot(cursor: Cursor): Expr {
  if (cursor.acceptKeyword('NOT')) return { kind: 'not', expr: readNot(cursor) };
  return readComparison(cursor);
}

function readComparison(cursor: Cursor): Expr {
  const left = readAdditive(cursor);
  const token = cursor.peek();
  if (token?.kind === 'symbol' && COMPARISONS.has(token.text)) {
    cursor.next();
    return { kind: 'binary', op: COMPARISONS.get(token.text) as string, left, right: readAdditive(cursor) };
  }
  if (cursor.acceptKeyword('IS')) {
    const negated = cursor.acceptKeyword('NOT');
    cursor.expectKeyword('NULL');
    return { kind: 'null-test', expr: left, negated };
  }
  const negated = cursor.acceptKeyword('NOT');
  if (cursor.acceptKeyword('LIKE') || cursor.acceptKeyword('ILIKE')) return { kind: 'like', expr: left, pattern: readAdditive(cursor), negated };
  if (cursor.acceptKeyword('CONTAINS')) return { kind: 'like', expr: left, pattern: wrapped(readAdditive(cursor), '%', '%'), negated };
  if (cursor.acceptKeyword('STARTS', 'WITH')) return { kind: 'like', expr: left, pattern: wrapped(readAdditive(cursor), '', '%'), negated };
  if (cursor.acceptKeyword('ENDS', 'WITH')) return { kind: 'like', expr: left, pattern: wrapped(readAdditive(cursor), '%', ''), negated };
  if (cursor.acceptKeyword('BETWEEN')) {
    const low = readAdditive(cursor);
    cursor.expectKeyword('AND');
    return { kind: 'between', expr: left, low, high: readAdditive(cursor), negated };
  }
  if (cursor.acceptKeyword('IN')) {
    const list: Expr[] = [];
    const close = cursor.acceptSymbol('(') ? ')' : (cursor.expectSymbol('['), ']');
    if (cursor.isKeyword('WITH') || (cursor.isKeyword('SELECT') && !cursor.nested)) throw new ReadError('a nested query (IN (SELECT ...)) cannot be expressed as a query graph');
    if (cursor.isKeyword('SELECT') && cursor.nested) {
      const query = cursor.nested(cursor);
      cursor.expectSymbol(close);
      return { kind: 'in-query', expr: left, query, negated };
    }
    if (!cursor.isSymbol(close)) {
      do list.push(readAdditive(cursor));
      while (cursor.acceptSymbol(','));
    }
    cursor.expectSymbol(close);
    return { kind: 'in', expr: left, list, negated };
  }
  if (negated) throw new ReadError(`expected LIKE, IN or BETWEEN after NOT ${cursor.where()}`);
  return left;
}

/** A Cypher CONTAINS / STARTS WITH operand as the LIKE pattern it means (a literal only). */
function wrapped(operand: Expr, before: string, after: string): Expr {
  if (operand.kind !== 'literal' || typeof operand.value !== 'string') throw new ReadError('CONTAINS and STARTS WITH take a string');
  const escaped = operand.value.replace(/[%_\\]/g, (c) => `\\${c}`);
  return { kind: 'literal', value: `${before}${escaped}${after}` };
}

function readAdditive(cursor: Cursor): Expr {
  return readLeftAssociative(cursor, ['+', '-', '||'], readMultiplicative);
}

function readMultiplicative(cursor: Cursor): Expr {
  return readLeftAssociative(cursor, ['*', '/', '%'], readUnary);
}

/** Operands of one precedence level joined by its operators, left to right. */
function readLeftAssociative(cursor: Cursor, operators: readonly string[], operand: (cursor: Cursor) => Expr): Expr {
  let left = operand(cursor);
  for (;;) {
    const op = cursor.peek();
    if (op?.kind !== 'symbol' || !operators.includes(op.text)) return left;
    cursor.next();
    left = { kind: 'binary', op: op.text, left, right: operand(cursor) };
  }
}

function readUnary(cursor: Cursor): Expr {
  if (cursor.acceptSymbol('-')) {
    const operand = readUnary(cursor);
    if (operand.kind === 'literal' && typeof operand.value === 'number') return { kind: 'literal', value: -operand.value };
    return { kind: 'binary', op: '-', left: { kind: 'literal', value: 0 }, right: operand };
  }
  if (cursor.acceptSymbol('+')) return readUnary(cursor);
  return readPrimary(cursor);
}

function readPrimary(cursor: Cursor): Expr {
  const token = cursor.next();
  if (token.kind === 'number') return { kind: 'literal', value: Number(token.text) };
  if (token.kind === 'string') return { kind: 'literal', value: token.text };
  if (token.kind === 'parameter') throw new ReadError(`a correction must give its values, not parameters (${token.text})`);
  if (token.kind === 'symbol') {
    if (token.text === '*') return { kind: 'star', qualifier: null };
    if (token.text === '(') {
      if (cursor.isKeyword('SELECT') && cursor.nested) {
        const query = cursor.nested(cursor);
        cursor.expectSymbol(')');
        return { kind: 'scalar-query', query };
      }
      if (cursor.isKeyword('SELECT') || cursor.isKeyword('WITH')) throw new ReadError('a nested query cannot be expressed as a query graph');
      const inner = readExpression(cursor);
      cursor.expectSymbol(')');
      return inner;
    }
    throw new ReadError(`unexpected '${token.text}'`);
  }
  const upper = token.kind === 'word' ? token.text.toUpperCase() : '';
  if (upper === 'NULL') return { kind: 'literal', value: null };
  if (upper === 'TRUE' || upper === 'FALSE') return { kind: 'literal', value: upper === 'TRUE' };
  if (upper === 'CASE' || upper === 'EXISTS') throw new ReadError(`${upper} cannot be expressed as a query graph`);
  if (token.kind === 'word' && cursor.isSymbol('(')) return readCall(cursor, token.text.toLowerCase());
  if (cursor.acceptSymbol('.')) {
    if (cursor.acceptSymbol('*')) return { kind: 'star', qualifier: token.text };
    const name = cursor.next();
    if (name.kind !== 'word' && name.kind !== 'quoted') throw new ReadError(`expected a column name after '${token.text}.'`);
    return { kind: 'column', qualifier: token.text, name: name.text };
  }
  return { kind: 'column', qualifier: null, name: token.text, ...(token.kind === 'quoted' ? { quoted: true } : {}) };
}

/** `f(args)`, `count(*)`, `count(distinct x)`, `cast(x as type)` (its value: the cast changes no answer a graph can give). */
function readCall(cursor: Cursor, name: string): Expr {
  cursor.expectSymbol('(');
  if (name === 'cast') {
    const inner = readExpression(cursor);
    cursor.expectKeyword('AS');
    while (!cursor.isSymbol(')')) cursor.next();
    cursor.expectSymbol(')');
    return { kind: 'call', name: 'cast', distinct: false, args: [inner] };
  }
  if (name === 'extract') {
    const part = cursor.next().text.toLowerCase();
    cursor.expectKeyword('FROM');
    const inner = readExpression(cursor);
    cursor.expectSymbol(')');
    return { kind: 'call', name: part === 'year' ? 'year' : part === 'month' ? 'month' : `extract ${part}`, distinct: false, args: [inner] };
  }
  const distinct = cursor.acceptKeyword('DISTINCT');
  const args: Expr[] = [];
  if (!cursor.isSymbol(')')) {
    do args.push(readExpression(cursor));
    while (cursor.acceptSymbol(','));
  }
  cursor.expectSymbol(')');
  return { kind: 'call', name, distinct, args };
}
