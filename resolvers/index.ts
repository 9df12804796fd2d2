/**
 * The resolvers of the gateway's schema. They only translate between GraphQL and the Gateway:
 * argument shapes in, enum spellings and coded errors out.
 */
import type { SchemaAttribute, SchemaClass, SchemaRelation } from '../engines/schema-graph/types.js';
import type { Gateway } from '../plugins/nl-query/gateway.js';
import type { AskOptions, SourceInfo } from '../types.js';
import { withErrors } from './graphql-errors.js';
import { JSONScalar } from './json-scalar.js';

export function createResolvers(gateway: Gateway) {
  return {
    JSON: JSONScalar,
    SchemaClass: {
      singular: (schemaClass: SchemaClass) => schemaClass.name.singular,
      plural: (schemaClass: SchemaClass) => schemaClass.name.plural,
    },
    SchemaAttribute: { name: (attribute: SchemaAttribute) => attribute.name.singular },
    SchemaRelation: { name: (relation: SchemaRelation) => relation.name.singular },
    Source: {
      // Internally kinds are lower-case words (as in the config file); GraphQL enums are upper-case.
      kind: (source: SourceInfo) => source.kind.toUpperCase(),
    },
    Query: {
      ask: withErrors((_: unknown, args: { question: string; options?: AskOptions | null }) =>
        gateway.ask(args.question, args.options),
      ),
      sources: withErrors(async () => {
        await gateway.start();
        return gateway.listSources();
      }),
      facts: withErrors((_: unknown, args: { collection: string; limit?: number | null; after?: string | null }) =>
        gateway.listFacts(args.collection, args.limit, args.after),
      ),
      runQueryGraph: withErrors((_: unknown, args: { source: string; queryGraph: string; options?: { limit?: number | null } | null }) =>
        gateway.runQueryGraph(args.source, args.queryGraph, args.options),
      ),
      schemaGraph: withErrors((_: unknown, args: { source: string }) => gateway.schemaGraph(args.source)),
    },
    Mutation: {
      createFactCollection: withErrors((_: unknown, args: { id: string; description?: string | null }) =>
        gateway.createFactCollection(args.id, args.description),
      ),
      addFacts: withErrors((_: unknown, args: { collection: string; facts: string[] }) =>
        gateway.addFacts(args.collection, args.facts),
      ),
      removeFacts: withErrors((_: unknown, args: { collection: string; ids: string[] }) =>
        gateway.removeFacts(args.collection, args.ids),
      ),
    },
  };
}
