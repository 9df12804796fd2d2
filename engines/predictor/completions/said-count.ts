/**
 * What the words count: "how many languages are spoken in Aruba" counts the rows that hold
 * Aruba's languages (`countrylanguage`), "the country that speaks the largest number of
 * languages" ranks countries by them. The count cue (cues/count.ts) reads which class the words
 * count and judges the readings; yet on databases it never saw, the shared model's beam may hold
 * no reading that counts that class: every reading counts the class of the value the question
 * gives (`count country.*` where the country is Aruba, which is 1). A reading that counts the rows
 * of one class where the one count cue of the question names another, directly related class
 * counts that class's rows instead, with everything else it says kept (the conditions on the
 * first class join to it).
 */
import type { SchemaGraph } from '../../schema-graph/types.js';
import { attributeToken } from '../model/target.js';
import type { CountCues } from '../cues/count.js';

/** The class a row count token counts (`A:Orders.*` -> Orders); null for anything else (instances, attributes). */
function countedClass(token: string | undefined): string | null {
  const match = token ? /^A:([^#]+)\.\*$/.exec(token) : null;
  return match ? (match[1] as string) : null;
}

/** Whether a relation links the two classes directly, either way. */
const related = (a: string, b: string, schema: SchemaGraph) => schema.relations.some((r) => (r.from === a && r.to === b) || (r.from === b && r.to === a));

/** `tokens` counting the class the one count cue names, when they count the rows of a class related to it; `tokens` itself otherwise. */
export function withSaidCount(tokens: readonly string[], cues: CountCues, schema: SchemaGraph): readonly string[] {
  if (cues.length !== 1) return tokens;
  const said = cues[0]!.classes[0]?.classId;
  if (!said || tokens.includes('follow') || tokens.includes('none') || tokens.includes('some')) return tokens;
  const counted = new Set(tokens.flatMap((t, i) => (t === 'count' || t === 'count_distinct' ? [countedClass(tokens[i + 1]) ?? `not a row count: ${tokens[i + 1]}`] : [])));
  if (counted.size !== 1) return tokens;
  const [other] = [...counted];
  if (!other || other.startsWith('not a row count') || cues[0]!.classes.some((c) => c.classId === other) || !related(other, said, schema)) return tokens;
  const from = attributeToken({ classId: other, attributeId: '*' });
  const to = attributeToken({ classId: said, attributeId: '*' });
  return tokens.map((t, i) => (t === from && tokens[i - 1] === 'count' ? to : t));
}
