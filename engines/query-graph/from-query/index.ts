/**
 * A SQL or Cypher text as a query graph of a schema graph, for corrections (`correctAnswer`): the
 * one way in, with coded errors out. A statement that writes is QUERY_NOT_READ_ONLY before anything
 * else is read; what a query graph cannot express, or names the schema does not have, is
 * QUERY_NOT_UNDERSTOOD with the reason. The graph is validated against the schema here, so a
 * stored correction always runs.
 */
import { InvalidQueryGraphError, QueryNotUnderstoodError, WriteQueryError } from '../../../errors.js';
import type { SchemaGraph } from '../../schema-graph/types.js';
import type { QueryGraph } from '../types.js';
import { resolveJoins } from '../join-graph.js';
import { validateQueryGraph } from '../validate.js';
import { readCypher } from './cypher.js';
import { readSql, WriteStatement } from './sql.js';
import { selectToGraph } from './to-graph.js';
import { ReadError } from './tokens.js';

export type QueryLanguage = 'sql' | 'cypher';

export function queryToGraph(text: string, language: QueryLanguage, schema: SchemaGraph): QueryGraph {
  const source = schema.source;
  try {
    const select = language === 'sql' ? readSql(text) : readCypher(text);
    const graph = selectToGraph(select, schema);
    validateQueryGraph(graph, schema);
    // A join on columns no relation links (no join path between the classes) is refused here, not when it runs.
    resolveJoins(graph, schema);
    return graph;
  } catch (error) {
    if (error instanceof WriteStatement) throw new WriteQueryError(source, text, error.statement);
    if (error instanceof ReadError || error instanceof InvalidQueryGraphError) {
      throw new QueryNotUnderstoodError(source, text, `cannot read this ${language === 'sql' ? 'SQL' : 'Cypher'} as a query graph of '${source}': ${error.message}`);
    }
    throw error;
  }
}
