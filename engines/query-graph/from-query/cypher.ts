/**
 * Reads a Cypher query into a SelectQuery: `MATCH` patterns of labelled nodes and typed
 * relationships (node property maps become conditions), `WHERE`, `RETURN [DISTINCT]` with
 * aggregates (grouped by the other items, as Cypher groups), `ORDER BY`, `SKIP`, `LIMIT`. A clause
 * that writes is told apart first and refused as a write (WriteStatement).
 */
import type { Expr, FromEntry, RelationStep, SelectItem, SelectQuery } from './ast.js';
import { readExpression } from './expressions.js';
import { WriteStatement } from './sql.js';
import { Cursor, ReadError, tokenize } from './tokens.js';

const CYPHER_WRITE_WORDS = new Set(['CREATE', 'MERGE', 'SET', 'DELETE', 'DETACH', 'REMOVE', 'DROP', 'CALL', 'LOAD', 'FOREACH', 'COPY', 'ALTER', 'INSTALL']);
const AGGREGATES = new Set(['count', 'sum', 'avg', 'min', 'max']);

export function readCypher(text: string): SelectQuery {
  const tokens = tokenize(text, { brackets: false, doubleQuotedStrings: true, backslashEscapes: true });
  const writes = tokens.find((token) => token.kind === 'word' && CYPHER_WRITE_WORDS.has(token.text.toUpperCase()));
  if (writes) throw new WriteStatement(writes.text.toUpperCase());
  const body = tokens.length > 0 && tokens[tokens.length - 1]?.text === ';' ? tokens.slice(0, -1) : tokens;
  if (body.some((token) => token.kind === 'symbol' && token.text === ';')) throw new ReadError('give one statement, not several');
  const cursor = new Cursor(body);
  const from: FromEntry[] = [];
  const relations: RelationStep[] = [];
  const conditions: Expr[] = [];
  if (cursor.isKeyword('OPTIONAL')) throw new ReadError('OPTIONAL MATCH keeps rows with no match, which a query graph does not express');
  cursor.expectKeyword('MATCH');
  do readPath(cursor, from, relations, conditions);
  while (cursor.acceptSymbol(','));
  if (cursor.isKeyword('MATCH') || cursor.isKeyword('OPTIONAL') || cursor.isKeyword('WITH') || cursor.isKeyword('UNWIND')) {
    throw new ReadError(`${cursor.peek()?.text.toUpperCase()} after MATCH: write one MATCH with its patterns joined by commas`);
  }
  if (cursor.acceptKeyword('WHERE')) conditions.push(readExpression(cursor));
  cursor.expectKeyword('RETURN');
  const distinct = cursor.acceptKeyword('DISTINCT');
  const items: SelectItem[] = [];
  do {
    const expr = readExpression(cursor);
    items.push({ expr, alias: cursor.acceptKeyword('AS') ? cursor.next().text : null });
  } while (cursor.acceptSymbol(','));
  const orderBy: { expr: Expr; direction: 'asc' | 'desc' }[] = [];
  if (cursor.acceptKeyword('ORDER', 'BY')) {
    do {
      const expr = readExpression(cursor);
      const direction = cursor.acceptKeyword('DESC') || cursor.acceptKeyword('DESCENDING') ? 'desc' : (cursor.acceptKeyword('ASC') || cursor.acceptKeyword('ASCENDING'), 'asc');
      orderBy.push({ expr, direction });
    } while (cursor.acceptSymbol(','));
  }
  const offset = cursor.acceptKeyword('SKIP') ? wholeNumber(cursor) : null;
  const limit = cursor.acceptKeyword('LIMIT') ? wholeNumber(cursor) : null;
  if (!cursor.done) {
    const word = cursor.peek()?.text.toUpperCase() ?? '';
    if (word === 'UNION') throw new ReadError('UNION (a set operation) cannot be expressed as a query graph');
    throw new ReadError(`cannot read the query ${cursor.where()}`);
  }
  const aggregated = items.some((item) => isAggregate(item.expr));
  const groupBy = aggregated ? items.filter((item) => !isAggregate(item.expr)).map((item) => item.expr) : [];
  const where = conditions.reduce<Expr | null>((all, part) => (all ? { kind: 'binary', op: 'and', left: all, right: part } : part), null);
  return { distinct, items, from, relations, where, groupBy, having: null, orderBy, limit, offset };
}

function isAggregate(expr: Expr): boolean {
  return expr.kind === 'call' && AGGREGATES.has(expr.name);
}

function wholeNumber(cursor: Cursor): number {
  const token = cursor.next();
  const value = Number(token.text);
  if (token.kind !== 'number' || !Number.isInteger(value) || value < 0) throw new ReadError(`SKIP and LIMIT take a whole number, not '${token.text}'`);
  return value;
}

/** `(a:A {k: v})-[:R]->(b:B)<-[:S|T]-(c)`: nodes into `from`, relationships into `relations`, property maps into conditions. */
function readPath(cursor: Cursor, from: FromEntry[], relations: RelationStep[], conditions: Expr[]): void {
  let left = readNode(cursor, from, conditions);
  for (;;) {
    const backward = cursor.acceptSymbol('<-');
    if (!backward && !cursor.acceptSymbol('-')) return;
    cursor.expectSymbol('[');
    if (cursor.peek()?.kind === 'word' && !cursor.isSymbol(':')) cursor.next(); // the relationship's variable
    cursor.expectSymbol(':');
    const types = [cursor.next().text];
    while (cursor.acceptSymbol('|')) {
      cursor.acceptSymbol(':');
      types.push(cursor.next().text);
    }
    if (cursor.isSymbol('*')) throw new ReadError('a variable-length relationship: write the steps one by one');
    if (cursor.isSymbol('{')) throw new ReadError('relationship properties cannot be matched by a correction yet');
    cursor.expectSymbol(']');
    const forward = cursor.acceptSymbol('->');
    if (!forward) cursor.expectSymbol('-');
    if (backward && forward) throw new ReadError('a relationship points one way');
    const right = readNode(cursor, from, conditions);
    relations.push(backward ? { from: right, types, to: left, undirected: false } : { from: left, types, to: right, undirected: !forward });
    left = right;
  }
}

let anonymous = 0;

function readNode(cursor: Cursor, from: FromEntry[], conditions: Expr[]): string {
  cursor.expectSymbol('(');
  let variable: string | null = null;
  if (cursor.peek()?.kind === 'word' || cursor.peek()?.kind === 'quoted') variable = cursor.next().text;
  let label: string | null = null;
  if (cursor.acceptSymbol(':')) label = cursor.next().text;
  if (cursor.isSymbol(':')) throw new ReadError('a node has one label in a correction');
  const alias = variable ?? `_node${(anonymous += 1)}`;
  const known = from.find((entry) => entry.alias.toLowerCase() === alias.toLowerCase());
  if (label && known && known.name.toLowerCase() !== label.toLowerCase()) throw new ReadError(`'${alias}' has two labels`);
  if (!known) {
    if (!label) throw new ReadError(`the node '${alias}' needs a label`);
    from.push({ name: label, alias });
  }
  if (cursor.acceptSymbol('{')) {
    do {
      const key = cursor.next().text;
      cursor.expectSymbol(':');
      conditions.push({ kind: 'binary', op: '=', left: { kind: 'column', qualifier: alias, name: key }, right: readExpression(cursor) });
    } while (cursor.acceptSymbol(','));
    cursor.expectSymbol('}');
  }
  cursor.expectSymbol(')');
  return alias;
}
