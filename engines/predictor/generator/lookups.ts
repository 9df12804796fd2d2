/**
 * Look-ups of one named thing: "what is the price of Chai?", "Chai's supplier id", "how much is
 * Chai?", "phone and city of Alfreds Futterkiste". People ask these more than anything; a random
 * walk draws them rarely (a condition on the naming attribute's value, and something else of the
 * same class shown), so the generator draws them on purpose. Any schema: every class with a
 * naming attribute and values of it in the value memory.
 */
import { queryGraph } from '../../query-graph/build.js';
import type { Random } from '../../query-graph/random-walk.js';
import type { QueryGraph } from '../../query-graph/types.js';
import type { SchemaAttribute, SchemaGraph } from '../../schema-graph/types.js';
import { shownLabel } from './naming.js';
import type { ValueMemory } from '../values/value-memory.js';

const SHOWN_TYPES = new Set(['text', 'integer', 'decimal', 'float', 'date', 'datetime', 'boolean']);

export class LookupGenerator {
  /** Classes with a text naming attribute that has values, and what else of them can be shown. */
  private readonly named: readonly { readonly classId: string; readonly label: SchemaAttribute; readonly shown: readonly SchemaAttribute[] }[];

  constructor(
    schema: SchemaGraph,
    private readonly memory: ValueMemory,
    private readonly random: Random,
  ) {
    this.named = schema.classes.flatMap((c) => {
      const label = shownLabel(schema, c.id);
      if (!label || label.type !== 'text' || (memory.column(c.id, label.id)?.values.length ?? 0) === 0) return [];
      const shown = c.attributes.filter((a) => a.id !== label.id && !a.primaryKey && SHOWN_TYPES.has(a.type));
      return shown.length > 0 ? [{ classId: c.id, label, shown }] : [];
    });
  }

  get usable(): boolean {
    return this.named.length > 0;
  }

  /** One or two attributes of one named thing, or null when the schema names nothing. */
  next(): QueryGraph | null {
    if (this.named.length === 0) return null;
    const { classId, label, shown } = this.random.pick(this.named);
    const value = this.random.pick(this.memory.column(classId, label.id)?.values ?? []);
    const first = this.random.pick(shown);
    const second = shown.length > 1 && this.random.chance(0.25) ? this.random.pick(shown.filter((a) => a.id !== first.id)) : null;
    const select = [first, ...(second ? [second] : [])].map((a) => ({ target: { classId, attributeId: a.id }, aggregate: null }));
    return queryGraph({ select, where: [{ target: { classId, attributeId: label.id }, operator: '=', values: [{ kind: 'string', value }] }] });
  }
}
