/**
 * Value-swapped variants of a question, for bench teach: the question and its gold SQL with one
 * value the question names ("Germany", "50") replaced by another value the same column stores,
 * and the gold answer computed by running the changed gold SQL on the database file (read-only).
 * The columns come from reading the gold SQL with the project's SQL reader on the source's schema
 * graph (as served over GraphQL); a question whose SQL it cannot read, or that names no value,
 * has no variant.
 */
import type Database from 'better-sqlite3';
import { queryToGraph } from '../engines/query-graph/from-query/index.js';
import type { SchemaGraph } from '../engines/schema-graph/types.js';
import type { JsonValue } from '../types.js';
import type { DevQuestion } from './dev-questions.js';

/** Candidate replacement values tried per question before giving up (each must give some rows). */
const TRIES = 5;

export function valueSwapped(question: DevQuestion, schema: SchemaGraph, db: Database.Database, random: () => number): DevQuestion | null {
  let graph;
  try {
    graph = queryToGraph(question.sql, 'sql', schema);
  } catch {
    return null;
  }
  for (const c of graph.where) {
    const value = c.values[0];
    if (c.operator !== '=' || c.values.length !== 1 || !value || (value.kind !== 'string' && value.kind !== 'number')) continue;
    const written = String(value.value);
    const inQuestion = findWord(question.question, written);
    // Gold SQL quotes strings either way (SQLite reads "Asia" as a string when no column has the name).
    const quoting = value.kind === 'string' ? (["'", '"'] as const).find((q) => findWord(question.sql, quoteWith(written, q)) >= 0) : undefined;
    const literal = value.kind === 'string' ? quoteWith(written, quoting ?? "'") : written;
    const inSql = findWord(question.sql, literal);
    if (inQuestion < 0 || inSql < 0) continue;
    const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
    const stored = db.prepare(`SELECT DISTINCT ${quote(c.target.attributeId)} FROM ${quote(c.target.classId)} WHERE ${quote(c.target.attributeId)} IS NOT NULL`).pluck().all() as (string | number)[];
    const others = stored.filter((v) => String(v) !== written && String(v).length <= 40 && String(v).trim() === String(v));
    for (let attempt = 0; attempt < TRIES && others.length > 0; attempt += 1) {
      const other = others.splice(Math.floor(random() * others.length), 1)[0] as string | number;
      const otherLiteral = value.kind === 'string' ? quoteWith(String(other), quoting ?? "'") : String(other);
      const sql = question.sql.slice(0, inSql) + otherLiteral + question.sql.slice(inSql + literal.length);
      const text = question.question.slice(0, inQuestion) + String(other) + question.question.slice(inQuestion + written.length);
      const answer = run(db, singleQuotedStrings(sql, schema));
      if (answer && answer.rows.length > 0) return { ...question, id: `${question.id}~${attempt}`, question: text, sql, answer };
    }
  }
  return null;
}

/**
 * The SQL with its double-quoted strings single-quoted: the gold answers were computed by an
 * SQLite that reads "Aruba" as a string when no column has the name; better-sqlite3's does not.
 */
function singleQuotedStrings(sql: string, schema: SchemaGraph): string {
  const names = new Set(schema.classes.flatMap((c) => [c.id, ...c.attributes.map((a) => a.id)]).map((name) => name.toLowerCase()));
  return sql.replace(/"((?:[^"]|"")*)"/g, (quoted, inner: string) => {
    const text = inner.replace(/""/g, '"');
    return names.has(text.toLowerCase()) ? quoted : quoteWith(text, "'");
  });
}

/** A SQL string literal in the given quotes, the quote doubled inside. */
function quoteWith(text: string, quote: "'" | '"'): string {
  return `${quote}${text.split(quote).join(quote + quote)}${quote}`;
}

/** Where `word` stands in `text` on its own (case aside), or -1. */
function findWord(text: string, word: string): number {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`(^|[^\\p{L}\\p{N}])(${escaped})(?![\\p{L}\\p{N}])`, 'iu').exec(text);
  return match ? match.index + (match[1] as string).length : -1;
}

function run(db: Database.Database, sql: string): DevQuestion['answer'] | null {
  try {
    const statement = db.prepare(sql).raw(true);
    const rows = (statement.all() as JsonValue[][]).map((row) => row.map((v) => (typeof v === 'number' && !Number.isInteger(v) ? Math.round(v * 10_000) / 10_000 : v)));
    return { columns: statement.columns().map((column) => column.name), rows };
  } catch {
    return null;
  }
}
