/**
 * A reading as the question's cues read it (cues/reading-checks.ts). The cues know attributes only, so
 * a computed value (`c1`) stands for the attributes it computes with ("the highest unit price
 * times quantity" sorts by unit price, in the cues' eyes), and a followed foreign-key relation also
 * names its key column ("the employee they report to" reads Employees.ReportsTo). Without this,
 * every computed or followed reading would look as if it left out what the question names.
 */
import type { SchemaGraph } from '../../schema-graph/types.js';
import { attributeToken, ITEMS } from '../model/target.js';

export function readAs(tokens: readonly string[], schema: SchemaGraph): readonly string[] {
  if (!tokens.some((t) => /^c\d+$/.test(t) || t.startsWith('R:'))) return tokens;
  const computed: string[][] = [];
  let current: string[] | null = null;
  const out: string[] = [];
  for (const token of tokens) {
    if (token === 'compute') {
      current = [];
      computed.push(current);
    } else if (current && (ITEMS as readonly string[]).includes(token)) current = null;
    if (current && token.startsWith('A:')) current.push(token);
    const k = /^c(\d+)$/.exec(token);
    if (k && !current) out.push(...(computed[Number(k[1]) - 1] ?? [token]));
    else out.push(token);
    if (token.startsWith('R:')) {
      const relation = schema.relations.find((r) => r.id === token.slice(2));
      if (relation) for (const column of relation.fromColumns) out.push(attributeToken({ classId: relation.from, attributeId: column }));
    }
  }
  return out;
}
