/**
 * What the planner needs to know of the gateway's sources: ids, kinds, descriptions, and for
 * structured sources the noun for what they mostly hold (the plural name of their largest class),
 * so "royals born before 1800" can be asked as "people born before 1800".
 */
import type { Source } from '../../../engines/source.js';
import type { PlannableSource } from './types.js';

export function plannableSources(sources: readonly Source[]): readonly PlannableSource[] {
  return sources.map((source) => {
    const engine = source.info().ready ? source.queryGraphs() : null;
    const classes = engine ? engine.schema().classes.filter((schemaClass) => !schemaClass.edge) : [];
    const largest = [...classes].sort((a, b) => b.rowCount - a.rowCount)[0];
    return {
      id: source.id,
      kind: source.kind,
      description: source.description,
      ...(largest ? { mainNoun: largest.name.plural } : {}),
    };
  });
}
