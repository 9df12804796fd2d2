/**
 * Reads a SQL SELECT (any of the three dialects' common forms) into a SelectQuery: the subset a
 * query graph can express. A statement that writes, or several statements, is told apart first,
 * so a write is refused as a write (WriteStatement) and never read further.
 */
import { conjuncts, type Expr, type FromEntry, type SelectItem, type SelectQuery } from './ast.js';
import { readExpression } from './expressions.js';
import { Cursor, ReadError, tokenize, type Token } from './tokens.js';

/** Words that make a statement (or a part of one) write or change the database or the session. */
export const SQL_WRITE_WORDS = new Set([
  'INSERT', 'UPDATE', 'DELETE', 'MERGE', 'UPSERT', 'REPLACE', 'CREATE', 'DROP', 'ALTER', 'TRUNCATE', 'RENAME',
  'GRANT', 'REVOKE', 'ATTACH', 'DETACH', 'PRAGMA', 'VACUUM', 'REINDEX', 'ANALYZE', 'COPY', 'LOAD', 'CALL',
  'EXEC', 'EXECUTE', 'DO', 'SET', 'LOCK', 'HANDLER', 'INTO', 'BEGIN', 'COMMIT', 'ROLLBACK', 'SAVEPOINT',
]);

/** A statement that would write: never read, never run. */
export class WriteStatement extends Error {
  constructor(readonly statement: string) {
    super(`a ${statement} statement`);
  }
}

export function readSql(text: string): SelectQuery {
  const tokens = tokenize(text, { brackets: true, doubleQuotedStrings: false, backslashEscapes: false });
  // A write word that starts a statement or a parenthesised part ("WITH x AS (DELETE ...)"), or
  // SELECT ... INTO (which creates a table), is a write; inside a string or a quoted name it is not.
  const writes = tokens.find((token, k) => {
    if (token.kind !== 'word') return false;
    const word = token.text.toUpperCase();
    const before = tokens[k - 1];
    const leading = !before || (before.kind === 'symbol' && (before.text === ';' || before.text === '('));
    return word === 'INTO' || (leading && SQL_WRITE_WORDS.has(word));
  });
  if (writes) throw new WriteStatement(writes.text.toUpperCase() === 'INTO' ? 'SELECT ... INTO' : writes.text.toUpperCase());
  const statements = splitStatements(tokens);
  if (statements.length !== 1) throw new ReadError(statements.length === 0 ? 'the query is empty' : 'give one statement, not several');
  const cursor = new Cursor(statements[0] as Token[]);
  if (cursor.isKeyword('WITH')) throw new ReadError('WITH (common table expressions) cannot be expressed as a query graph');
  if (!cursor.isKeyword('SELECT')) throw new ReadError(`a correction is one SELECT statement; this one starts with '${cursor.peek()?.text ?? ''}'`);
  const query = readCompound(cursor);
  if (!cursor.done) throw new ReadError(`cannot read the query ${cursor.where()}`);
  return query;
}

/**
 * A SELECT, or two joined by one set operation (UNION, INTERSECT, EXCEPT): the second's ORDER BY
 * and LIMIT order the whole, so they move to the first. UNION ALL, MINUS and a chain of several
 * set operations are refused.
 */
function readCompound(cursor: Cursor): SelectQuery {
  const first = readSelect(cursor);
  const word = cursor.peek()?.kind === 'word' ? (cursor.peek()?.text.toUpperCase() ?? '') : '';
  if (!['UNION', 'INTERSECT', 'EXCEPT', 'MINUS'].includes(word)) return first;
  cursor.next();
  if (word === 'MINUS' || cursor.isKeyword('ALL')) throw new ReadError(`${word}${cursor.isKeyword('ALL') ? ' ALL' : ''} (a set operation keeping duplicates, or MINUS) cannot be expressed as a query graph`);
  if (first.orderBy.length > 0 || first.limit !== null || first.offset !== null) throw new ReadError(`ORDER BY or LIMIT before ${word} cannot be expressed as a query graph`);
  const second = readSelect(cursor);
  const next = cursor.peek()?.kind === 'word' ? (cursor.peek()?.text.toUpperCase() ?? '') : '';
  if (['UNION', 'INTERSECT', 'EXCEPT', 'MINUS'].includes(next)) throw new ReadError('several set operations in one query cannot be expressed as a query graph');
  const { orderBy, limit, offset } = second;
  return { ...first, orderBy, limit, offset, compound: { operator: word.toLowerCase() as 'union' | 'intersect' | 'except', query: { ...second, orderBy: [], limit: null, offset: null } } };
}

/** A nested SELECT inside an expression (`IN (SELECT ...)`), with no set operation of its own. */
export function readNestedSelect(cursor: Cursor): SelectQuery {
  const query = readCompound(cursor);
  if (query.compound) throw new ReadError('a set operation inside a nested query cannot be expressed as a query graph');
  return query;
}

function splitStatements(tokens: readonly Token[]): Token[][] {
  const out: Token[][] = [[]];
  for (const token of tokens) {
    if (token.kind === 'symbol' && token.text === ';') out.push([]);
    else (out[out.length - 1] as Token[]).push(token);
  }
  return out.filter((statement) => statement.length > 0);
}

function readSelect(cursor: Cursor): SelectQuery {
  cursor.nested ??= readNestedSelect;
  cursor.expectKeyword('SELECT');
  const distinct = cursor.acceptKeyword('DISTINCT');
  cursor.acceptKeyword('ALL');
  const items: SelectItem[] = [];
  do items.push(readItem(cursor));
  while (cursor.acceptSymbol(','));
  cursor.expectKeyword('FROM');
  const from: FromEntry[] = [readTable(cursor)];
  const joinConditions: Expr[] = [];
  for (;;) {
    if (cursor.acceptSymbol(',')) {
      from.push(readTable(cursor));
      continue;
    }
    if (cursor.isKeyword('LEFT') || cursor.isKeyword('RIGHT') || cursor.isKeyword('FULL')) {
      throw new ReadError(`${cursor.next().text.toUpperCase()} JOIN keeps rows with no match, which a query graph does not express`);
    }
    const joined = cursor.acceptKeyword('JOIN') || cursor.acceptKeyword('INNER', 'JOIN') || cursor.acceptKeyword('CROSS', 'JOIN');
    if (!joined) break;
    from.push(readTable(cursor));
    if (cursor.acceptKeyword('ON')) joinConditions.push(readExpression(cursor));
    else if (cursor.isKeyword('USING')) throw new ReadError('JOIN ... USING: write the join with ON');
  }
  const filter = cursor.acceptKeyword('WHERE') ? readExpression(cursor) : null;
  const groupBy: Expr[] = [];
  if (cursor.acceptKeyword('GROUP', 'BY')) {
    do groupBy.push(readExpression(cursor));
    while (cursor.acceptSymbol(','));
  }
  const having = cursor.acceptKeyword('HAVING') ? readExpression(cursor) : null;
  const orderBy: { expr: Expr; direction: 'asc' | 'desc' }[] = [];
  if (cursor.acceptKeyword('ORDER', 'BY')) {
    do {
      const expr = readExpression(cursor);
      const direction = cursor.acceptKeyword('DESC') ? 'desc' : (cursor.acceptKeyword('ASC'), 'asc');
      if (cursor.acceptKeyword('NULLS')) cursor.next();
      orderBy.push({ expr, direction });
    } while (cursor.acceptSymbol(','));
  }
  let limit: number | null = null;
  let offset: number | null = null;
  if (cursor.acceptKeyword('LIMIT')) {
    limit = readCount(cursor);
    if (cursor.acceptSymbol(',')) {
      offset = limit;
      limit = readCount(cursor);
    }
  }
  if (cursor.acceptKeyword('OFFSET')) {
    offset = readCount(cursor);
    cursor.acceptKeyword('ROWS');
  }
  if (cursor.acceptKeyword('FETCH')) throw new ReadError('FETCH FIRST: write LIMIT');
  const where = [...joinConditions, ...conjuncts(filter)].reduce<Expr | null>((all, part) => (all ? { kind: 'binary', op: 'and', left: all, right: part } : part), null);
  return { distinct, items, from, relations: [], where, groupBy, having, orderBy, limit, offset };
}

function readItem(cursor: Cursor): SelectItem {
  const expr = readExpression(cursor);
  if (cursor.acceptKeyword('AS')) return { expr, alias: cursor.next().text };
  const next = cursor.peek();
  if ((next?.kind === 'word' && !isClauseWord(next.text)) || next?.kind === 'quoted') return { expr, alias: cursor.next().text };
  return { expr, alias: null };
}

function readTable(cursor: Cursor): FromEntry {
  if (cursor.isSymbol('(')) throw new ReadError('a nested query in FROM cannot be expressed as a query graph');
  const first = cursor.next();
  if (first.kind !== 'word' && first.kind !== 'quoted') throw new ReadError(`expected a table name at '${first.text}'`);
  let name = first.text;
  // schema.table: the schema part names where the table lives, not which table it is.
  if (cursor.acceptSymbol('.')) name = cursor.next().text;
  if (cursor.acceptKeyword('AS')) return { name, alias: cursor.next().text };
  const next = cursor.peek();
  if ((next?.kind === 'word' && !isClauseWord(next.text)) || next?.kind === 'quoted') return { name, alias: cursor.next().text };
  return { name, alias: name };
}

function readCount(cursor: Cursor): number {
  const token = cursor.next();
  const value = Number(token.text);
  if (token.kind !== 'number' || !Number.isInteger(value) || value < 0) throw new ReadError(`LIMIT and OFFSET take a whole number, not '${token.text}'`);
  return value;
}

const CLAUSE_WORDS = new Set(['FROM', 'WHERE', 'GROUP', 'HAVING', 'ORDER', 'LIMIT', 'OFFSET', 'JOIN', 'INNER', 'LEFT', 'RIGHT', 'FULL', 'CROSS', 'ON', 'USING', 'UNION', 'INTERSECT', 'EXCEPT', 'MINUS', 'FETCH', 'NATURAL']);

function isClauseWord(word: string): boolean {
  return CLAUSE_WORDS.has(word.toUpperCase());
}
