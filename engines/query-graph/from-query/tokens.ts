/**
 * Tokens of a SQL or Cypher text, for reading a correction back into a query graph (sql.ts,
 * cypher.ts). Comments are dropped; identifiers may be quoted the three ways the dialects quote
 * them ("Order Details", `Order Details`, [Order Details]); strings take '' and \' escapes.
 */
import type { SelectQuery } from './ast.js';

export type TokenKind = 'word' | 'quoted' | 'string' | 'number' | 'symbol' | 'parameter';

export interface Token {
  readonly kind: TokenKind;
  /** Identifiers and keywords as written (quoted ones without their quotes); strings unescaped. */
  readonly text: string;
  /** Character offset in the text, for messages. */
  readonly at: number;
}

/** Thrown by the readers with what could not be read; the caller turns it into a coded error. */
export class ReadError extends Error {}

const SYMBOLS = ['<=', '>=', '<>', '!=', '||', '->', '<-', '..', '=', '<', '>', '(', ')', ',', '.', '*', '+', '-', '/', '%', ';', ':', '[', ']', '{', '}', '|'];

/**
 * `brackets`: [x] quotes an identifier (SQL Server and SQLite), not a list. `doubleQuotedStrings`:
 * "x" is a string (Cypher), not an identifier (SQL). `backslashEscapes`: \' inside a string is a
 * quote (Cypher); in standard SQL (SQLite, PostgreSQL) a backslash is itself.
 */
export function tokenize(text: string, options: { brackets: boolean; doubleQuotedStrings: boolean; backslashEscapes: boolean }): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      i += 1;
    } else if (text.startsWith('--', i) || text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end + 1;
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) throw new ReadError('a comment is not closed');
      i = end + 2;
    } else if (c === "'" || (c === '"' && options.doubleQuotedStrings)) {
      const [value, next] = quoted(text, i, c, options.backslashEscapes);
      out.push({ kind: 'string', text: value, at: i });
      i = next;
    } else if (c === '"' || c === '`' || (c === '[' && options.brackets)) {
      const close = c === '[' ? ']' : c;
      const [value, next] = quoted(text, i, close, false);
      out.push({ kind: 'quoted', text: value, at: i });
      i = next;
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(text[i + 1] ?? ''))) {
      const match = /^(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?/.exec(text.slice(i)) as RegExpExecArray;
      out.push({ kind: 'number', text: match[0], at: i });
      i += match[0].length;
    } else if (/[\p{L}_]/u.test(c)) {
      const match = /^[\p{L}\p{N}_$]+/u.exec(text.slice(i)) as RegExpExecArray;
      out.push({ kind: 'word', text: match[0], at: i });
      i += match[0].length;
    } else if ((c === '?' || c === '$' || c === '@') && /[\p{L}\p{N}_]?/u.test(text[i + 1] ?? '')) {
      const match = /^[?$@][\p{L}\p{N}_]*/u.exec(text.slice(i)) as RegExpExecArray;
      out.push({ kind: 'parameter', text: match[0], at: i });
      i += match[0].length;
    } else {
      const symbol = SYMBOLS.find((s) => text.startsWith(s, i));
      if (!symbol) throw new ReadError(`unexpected character '${c}' at ${i}`);
      out.push({ kind: 'symbol', text: symbol, at: i });
      i += symbol.length;
    }
  }
  return out;
}

/** A quoted run starting at `start` (the opening mark), its closing mark doubled or backslashed inside. */
function quoted(text: string, start: number, close: string, backslashEscapes: boolean): [string, number] {
  let value = '';
  let i = start + 1;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '\\' && backslashEscapes && i + 1 < text.length) {
      value += text[i + 1];
      i += 2;
    } else if (c === close) {
      if (text[i + 1] === close && close !== ']') {
        value += close;
        i += 2;
      } else {
        return [value, i + 1];
      }
    } else {
      value += c;
      i += 1;
    }
  }
  throw new ReadError(`a quotation opened at ${start} is not closed`);
}

/** A cursor over tokens with the few look-ahead helpers a recursive-descent reader needs. */
export class Cursor {
  private index = 0;
  /** Reads a nested SELECT (`IN (SELECT ...)`); only the SQL reader sets it, so Cypher has none. */
  nested?: (cursor: Cursor) => SelectQuery;
  constructor(readonly tokens: readonly Token[]) {}

  peek(offset = 0): Token | undefined {
    return this.tokens[this.index + offset];
  }

  next(): Token {
    const token = this.tokens[this.index];
    if (!token) throw new ReadError('the query ends too early');
    this.index += 1;
    return token;
  }

  get done(): boolean {
    return this.index >= this.tokens.length;
  }

  /** Whether the next token is the keyword (a bare word, any case). */
  isKeyword(word: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token?.kind === 'word' && token.text.toUpperCase() === word;
  }

  isSymbol(symbol: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token?.kind === 'symbol' && token.text === symbol;
  }

  acceptKeyword(...words: string[]): boolean {
    if (!words.every((word, k) => this.isKeyword(word, k))) return false;
    this.index += words.length;
    return true;
  }

  acceptSymbol(symbol: string): boolean {
    if (!this.isSymbol(symbol)) return false;
    this.index += 1;
    return true;
  }

  expectKeyword(word: string): void {
    if (!this.acceptKeyword(word)) throw new ReadError(`expected ${word} ${this.where()}`);
  }

  expectSymbol(symbol: string): void {
    if (!this.acceptSymbol(symbol)) throw new ReadError(`expected '${symbol}' ${this.where()}`);
  }

  /** "at 'xyz'" or "at the end", for messages. */
  where(): string {
    const token = this.peek();
    return token ? `at '${token.text.slice(0, 30)}'` : 'at the end';
  }
}
