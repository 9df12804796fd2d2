/**
 * Comparisons the words say: "not higher than 4", "greater than 3000", "before 2009". The operator
 * cues (cues/operator.ts) read from the words before a value how it is compared, and judge the
 * readings inside the search; yet on databases it never saw the shared model's beam may hold the
 * value compared one way only ("a membership level not higher than 4" read as `!= 4` in every
 * reading). A condition `where A:x <op> @k` whose operator the words before @k rule out, where
 * they allow exactly one comparison of order or `!=`, takes that operator, when the attribute can
 * be compared so (order only on numbers and dates).
 */
import type { Operator } from '../../query-graph/types.js';
import type { AttributeType, SchemaGraph } from '../../schema-graph/types.js';
import type { OperatorCues } from '../cues/operator.js';

/** Operators a condition may be turned to, and the types each compares. */
const TURNABLE: ReadonlyMap<Operator, (type: AttributeType) => boolean> = new Map<Operator, (type: AttributeType) => boolean>([
  ...(['<', '>', '<=', '>='] as const).map((op) => [op, (type: AttributeType) => ['integer', 'decimal', 'float', 'date', 'datetime'].includes(type)] as const),
  ['!=', () => true],
]);

/** `tokens` with each condition compared the way the words before its value say; `tokens` itself when none differs. */
export function withSaidOperators(tokens: readonly string[], cues: OperatorCues, schema: SchemaGraph): readonly string[] {
  if (cues.size === 0) return tokens;
  const typeOf = (token: string) => {
    const plain = token.replace(/#\d+\./, '.');
    const dot = plain.lastIndexOf('.');
    return schema.classes.find((c) => c.id === plain.slice(2, dot))?.attributes.find((a) => a.id === plain.slice(dot + 1))?.type;
  };
  let changed = false;
  const out = tokens.map((token, i) => {
    // where A:x <op> @k: the operator stands between an attribute and a placeholder.
    if (!tokens[i - 1]?.startsWith('A:') || !tokens[i + 1]?.startsWith('@') || tokens[i - 2] !== 'where') return token;
    const allows = cues.get(Number(tokens[i + 1]!.slice(1)));
    if (!allows || allows.includes(token as Operator)) return token;
    const turned = allows.filter((op) => TURNABLE.has(op));
    const type = typeOf(tokens[i - 1]!);
    if (turned.length !== 1 || type === undefined || !TURNABLE.get(turned[0]!)!(type)) return token;
    changed = true;
    return turned[0]!;
  });
  return changed ? out : tokens;
}
