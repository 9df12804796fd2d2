/**
 * The resolvers of the gateway's schema. They only translate between GraphQL and the Gateway:
 * argument shapes in, enum spellings and coded errors out. Each hands the request's GraphQL
 * context to the gateway, whose permissions hook decides from it what the caller may do.
 */
import type { SchemaAttribute, SchemaClass, SchemaRelation } from '../engines/schema-graph/types.js';
import type { Gateway } from '../plugins/nl-query/gateway.js';
import type { Answer, AskOptions, AskResult, SourceInfo } from '../types.js';
import { createEntityResolvers, EntityTypeRegistry } from './entities.js';
import { withErrors } from './graphql-errors.js';
import { JSONScalar } from './json-scalar.js';
import { answerOrReason } from './no-answer.js';
import { askId } from '../plugins/nl-query/teaching/ask-id.js';
import type { ExampleInput } from '../plugins/nl-query/teaching/teaching.js';

/** `entityTypes` says which GraphQL type stands for each class (GenericEntity until types are generated). */
export function createResolvers(gateway: Gateway, entityTypes = new EntityTypeRegistry()) {
  const entityResolvers = createEntityResolvers(gateway, entityTypes);
  return {
    ...entityResolvers,
    JSON: JSONScalar,
    SchemaClass: {
      singular: (schemaClass: SchemaClass) => schemaClass.name.singular,
      plural: (schemaClass: SchemaClass) => schemaClass.name.plural,
    },
    SchemaAttribute: { name: (attribute: SchemaAttribute) => attribute.name.singular },
    SchemaRelation: { name: (relation: SchemaRelation) => relation.name.singular, inferred: (relation: SchemaRelation) => relation.inferred === true },
    // No answer reaches clients as an EMPTY answer that says why (no-answer.ts).
    AskResult: { id: (result: AskResult) => askId(result.question), answer: (result: AskResult) => answerOrReason(result) },
    // Only UNSURE answers carry alternatives; every other answer has none.
    Answer: {
      ...entityResolvers.Answer,
      alternatives: (answer: Answer) => answer.alternatives ?? [],
      ambiguity: (answer: Answer) => answer.ambiguity ?? null,
    },
    // Internally origins are lower-case words; GraphQL enums are upper-case.
    TaughtExample: { origin: (example: { origin: string }) => example.origin.toUpperCase() },
    Source: {
      // Internally kinds are lower-case words (as in the config file); GraphQL enums are upper-case.
      kind: (source: SourceInfo) => source.kind.toUpperCase(),
    },
    Query: {
      ask: withErrors((_: unknown, args: { question: string; options?: AskOptions | null }, context: unknown) =>
        gateway.ask(args.question, args.options, context),
      ),
      sources: withErrors((_: unknown, __: unknown, context: unknown) => gateway.visibleSources(context)),
      facts: withErrors((_: unknown, args: { collection: string; limit?: number | null; after?: string | null }, context: unknown) =>
        gateway.listFacts(args.collection, args.limit, args.after, context),
      ),
      runQueryGraph: withErrors(
        (_: unknown, args: { source: string; queryGraph: string; options?: { limit?: number | null; timeoutMs?: number | null } | null }, context: unknown) =>
          gateway.runQueryGraph(args.source, args.queryGraph, args.options, context),
      ),
      runInterpretation: withErrors(
        (_: unknown, args: { id: string; options?: { limit?: number | null; timeoutMs?: number | null } | null }, context: unknown) =>
          gateway.runInterpretation(args.id, args.options, context),
      ),
      schemaGraph: withErrors((_: unknown, args: { source: string }, context: unknown) => gateway.schemaGraph(args.source, context)),
      examples: withErrors((_: unknown, args: { source: string; limit?: number | null; after?: string | null }, context: unknown) =>
        gateway.listExamples(args.source, args.limit, args.after, context),
      ),
    },
    Mutation: {
      createFactCollection: withErrors((_: unknown, args: { id: string; description?: string | null }, context: unknown) =>
        gateway.createFactCollection(args.id, args.description, context),
      ),
      addFacts: withErrors((_: unknown, args: { collection: string; facts: string[] }, context: unknown) =>
        gateway.addFacts(args.collection, args.facts, context),
      ),
      removeFacts: withErrors((_: unknown, args: { collection: string; ids: string[] }, context: unknown) =>
        gateway.removeFacts(args.collection, args.ids, context),
      ),
      confirmAnswer: withErrors((_: unknown, args: { question?: string | null; askId?: string | null; interpretationId: string }, context: unknown) =>
        gateway.confirmAnswer({ question: args.question, askId: args.askId }, args.interpretationId, context),
      ),
      correctAnswer: withErrors(
        (_: unknown, args: { question: string; source: string; queryGraph?: string | null; query?: string | null; answer?: string[] | null; facts?: string[] | null }, context: unknown) =>
          gateway.correctAnswer(args.question, args.source, { queryGraph: args.queryGraph ?? null, query: args.query ?? null, answer: args.answer ?? null, facts: args.facts ?? null }, context),
      ),
      addExamples: withErrors((_: unknown, args: { source: string; examples: ExampleInput[] }, context: unknown) =>
        gateway.addExamples(args.source, args.examples, context),
      ),
      removeExamples: withErrors((_: unknown, args: { source: string; ids: string[] }, context: unknown) =>
        gateway.removeExamples(args.source, args.ids, context),
      ),
    },
  };
}
