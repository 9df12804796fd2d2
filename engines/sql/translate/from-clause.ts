/**
 * The FROM clause of a query graph: one alias per class instance, joined along the edges that
 * resolveJoins chose (a foreign key, or a row of a relation table such as royals' `relations`).
 * A closing edge, between two instances already joined, becomes a WHERE condition.
 */
import { instanceKey, type JoinEdge, type JoinGraph } from '../../query-graph/join-graph.js';
import type { ClassInstance } from '../../query-graph/types.js';
import type { SqlDialect } from './sql-dialect.js';

export interface FromClause {
  readonly sql: string;
  /** Conditions that closing edges add to WHERE. */
  readonly conditions: readonly string[];
  /** Alias of each instance, keyed by `instanceKey`. */
  readonly aliases: ReadonlyMap<string, string>;
}

export function buildFromClause(joins: JoinGraph, dialect: SqlDialect, bind: (value: string) => string): FromClause {
  const q = (name: string) => dialect.identifier(name);
  const aliases = new Map<string, string>();
  const parts: string[] = [];
  const conditions: string[] = [];
  let links = 0;
  const aliasOf = (node: ClassInstance) => aliases.get(instanceKey(node)) as string;
  const newAlias = (node: ClassInstance) => {
    const alias = `t${aliases.size + 1}`;
    aliases.set(instanceKey(node), alias);
    return alias;
  };
  const pairs = (left: string, leftColumns: readonly string[], right: string, rightColumns: readonly string[]) =>
    leftColumns.map((column, i) => `${left}.${q(column)} = ${right}.${q(rightColumns[i]!)}`).join(' AND ');

  parts.push(`${q(joins.root.classId)} AS ${newAlias(joins.root)}`);
  // Joins first, closing conditions after: positional `?` parameters must be bound in text order,
  // and the conditions go to WHERE, after every join.
  for (const edge of joins.edges) {
    const { relation } = edge;
    const through = relation.through;
    if (edge.adds === null) continue;
    const added = edge.adds === 'source' ? edge.source : edge.target;
    if (!through) {
      // A foreign key: source.fromColumns = target.toColumns.
      const sourceAlias = edge.adds === 'source' ? `t${aliases.size + 1}` : aliasOf(edge.source);
      const targetAlias = edge.adds === 'target' ? `t${aliases.size + 1}` : aliasOf(edge.target);
      const on = pairs(sourceAlias, relation.fromColumns, targetAlias, relation.toColumns);
      parts.push(`JOIN ${q(added.classId)} AS ${newAlias(added)} ON ${on}`);
      continue;
    }
    // A relation table: join its row to the known end, then the new end to the row.
    links += 1;
    const link = `r${links}`;
    const discriminator = through.discriminator ? ` AND ${link}.${q(through.discriminator.column)} = ${bind(through.discriminator.value)}` : '';
    if (edge.adds === 'target') {
      parts.push(`JOIN ${q(through.classId)} AS ${link} ON ${pairs(link, through.fromColumns, aliasOf(edge.source), relation.fromColumns)}${discriminator}`);
      const alias = newAlias(added);
      parts.push(`JOIN ${q(added.classId)} AS ${alias} ON ${pairs(alias, relation.toColumns, link, through.toColumns)}`);
    } else {
      parts.push(`JOIN ${q(through.classId)} AS ${link} ON ${pairs(link, through.toColumns, aliasOf(edge.target), relation.toColumns)}${discriminator}`);
      const alias = newAlias(added);
      parts.push(`JOIN ${q(added.classId)} AS ${alias} ON ${pairs(alias, relation.fromColumns, link, through.fromColumns)}`);
    }
  }
  for (const edge of joins.edges) if (edge.adds === null) conditions.push(closingCondition(edge));
  return { sql: parts.join(' '), conditions, aliases };

  function closingCondition(edge: JoinEdge): string {
    const { relation } = edge;
    const through = relation.through;
    if (!through) return pairs(aliasOf(edge.source), relation.fromColumns, aliasOf(edge.target), relation.toColumns);
    links += 1;
    const link = `r${links}`;
    const discriminator = through.discriminator ? ` AND ${link}.${q(through.discriminator.column)} = ${bind(through.discriminator.value)}` : '';
    return (
      `EXISTS (SELECT 1 FROM ${q(through.classId)} AS ${link} WHERE ${pairs(link, through.fromColumns, aliasOf(edge.source), relation.fromColumns)}` +
      ` AND ${pairs(link, through.toColumns, aliasOf(edge.target), relation.toColumns)}${discriminator})`
    );
  }
}
