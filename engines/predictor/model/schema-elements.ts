/**
 * What a schema-conditioned model reads of a schema: every schema element the target language can
 * name (a class, "all of a class", an attribute, a relation, an attribute of a class's 2nd-4th
 * instance), each with the words people call it by and what kind of thing it is. The model points
 * at these elements instead of owning one output token per schema element, so one model serves any
 * schema (shared-model.ts).
 *
 * The elements are exactly the schema part of `targetVocabulary(schema)`, in the same order, so
 * the fixed tokens plus the elements are the target vocabulary of that schema.
 */
import { singularWord } from '../../schema-graph/names.js';
import type { AttributeType, SchemaGraph } from '../../schema-graph/types.js';
import { words } from '../../english/normalize.js';
import { instanceToken, MAX_INSTANCES, targetVocabulary } from './target.js';

export type ElementKind = 'class' | 'all' | 'attribute' | 'relation';

/** One schema element as the model sees it. */
export interface SchemaElement {
  /** Its target token (`C:Orders`, `A:Orders.*`, `A:Orders.OrderDate`, `R:FATHER`, `A:Person#2.name`). */
  readonly token: string;
  readonly kind: ElementKind;
  /** The element's own name in folded words ("order date"; a class's name for `class` and `all`). */
  readonly words: readonly string[];
  /** The words of the class it belongs to ("order"); empty for classes themselves. */
  readonly owner: readonly string[];
  /** The attribute's type (attributes only). */
  readonly type: AttributeType | null;
  /** Which instance of its class (1 unless `A:Person#2.name`). */
  readonly instance: number;
  /** Part of the class's primary key (attributes only). */
  readonly primaryKey: boolean;
}

/** The target tokens every schema shares, in the model's output order (before the elements). */
export function fixedTargetTokens(): string[] {
  const empty: SchemaGraph = { source: '', classes: [], relations: [] };
  return [...targetVocabulary(empty), ...Array.from({ length: MAX_INSTANCES }, (_, i) => instanceToken(i + 1))];
}

/** The schema's elements, in `targetVocabulary(schema)` order (instance tokens `i1..i4` left out: they are fixed). */
export function schemaElements(schema: SchemaGraph): SchemaElement[] {
  const fixed = new Set(fixedTargetTokens());
  const classes = new Map(schema.classes.map((c) => [c.id, c]));
  const relations = new Map(schema.relations.map((r) => [r.id, r]));
  const out: SchemaElement[] = [];
  for (const token of targetVocabulary(schema)) {
    if (fixed.has(token)) continue;
    if (token.startsWith('C:')) {
      const c = classes.get(token.slice(2));
      if (c) out.push({ token, kind: 'class', words: nameWords(c.name.singular), owner: [], type: null, instance: 1, primaryKey: false });
      continue;
    }
    if (token.startsWith('R:')) {
      const r = relations.get(token.slice(2));
      const owner = r ? classes.get(r.from) : undefined;
      if (r) out.push({ token, kind: 'relation', words: nameWords(r.name.singular), owner: owner ? nameWords(owner.name.singular) : [], type: null, instance: 1, primaryKey: false });
      continue;
    }
    const ref = /^A:(.*?)(?:#(\d+))?\.([^.]*)$/.exec(token);
    const c = ref ? classes.get(ref[1] as string) : undefined;
    if (!ref || !c) continue;
    const instance = ref[2] ? Number(ref[2]) : 1;
    const owner = nameWords(c.name.singular);
    if (ref[3] === '*') {
      out.push({ token, kind: 'all', words: owner, owner: [], type: null, instance, primaryKey: false });
      continue;
    }
    const a = c.attributes.find((x) => x.id === ref[3]);
    if (a) out.push({ token, kind: 'attribute', words: nameWords(a.name.singular), owner, type: a.type, instance, primaryKey: a.primaryKey });
  }
  return out;
}

/** Folded words of a name, each in its singular (questions are read the same way: shared-input.ts). */
export function nameWords(name: string): string[] {
  return words(name)
    .map((w) => w.text)
    .filter((w) => /[\p{L}\p{N}]/u.test(w))
    .map(singularWord);
}
