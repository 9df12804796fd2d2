/**
 * The GraphQL contract other issues and outside clients rely on, checked through introspection of
 * a running server, exactly as a client would discover it.
 */
import { getIntrospectionQuery, type IntrospectionQuery, type IntrospectionTypeRef } from 'graphql';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/graphql.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ factStore: `file:${join(mkdtempSync(join(tmpdir(), 'nlq-contract-')), 'facts.sqlite')}` });
});
afterAll(() => server.stop());

function typeName(ref: IntrospectionTypeRef): string {
  if (ref.kind === 'NON_NULL') return `${typeName(ref.ofType)}!`;
  if (ref.kind === 'LIST') return `[${typeName(ref.ofType)}]`;
  return ref.name;
}

/** Every field of the schema as `Type.field(arg: T, ...): T`, for comparing with the contract. */
async function signatures(): Promise<{ fields: Set<string>; enums: Map<string, string[]> }> {
  const result = await server.run<IntrospectionQuery>(getIntrospectionQuery());
  expect(result.errors).toBeUndefined();
  const fields = new Set<string>();
  const enums = new Map<string, string[]>();
  for (const type of result.data!.__schema.types) {
    if (type.kind === 'OBJECT') {
      for (const field of type.fields) {
        const args = field.args.map((arg) => `${arg.name}: ${typeName(arg.type)}`).join(', ');
        fields.add(`${type.name}.${field.name}${args ? `(${args})` : ''}: ${typeName(field.type)}`);
      }
    } else if (type.kind === 'INPUT_OBJECT') {
      for (const field of type.inputFields) fields.add(`${type.name}.${field.name}: ${typeName(field.type)}`);
    } else if (type.kind === 'ENUM') {
      enums.set(type.name, type.enumValues.map((value) => value.name));
    } else if (type.kind === 'SCALAR') {
      fields.add(`scalar ${type.name}`);
    }
  }
  return { fields, enums };
}

describe('the GraphQL contract', () => {
  it('exposes ask, sources and the fact-collection mutations with the agreed signatures', async () => {
    const { fields } = await signatures();
    const contract = [
      'scalar JSON',
      'Query.ask(question: String!, options: AskOptions): AskResult!',
      'Query.sources: [Source!]!',
      'Mutation.createFactCollection(id: ID!, description: String): Source!',
      'Mutation.addFacts(collection: ID!, facts: [String!]!): FactWrite!',
      'Mutation.removeFacts(collection: ID!, ids: [ID!]!): FactWrite!',
      'AskOptions.sources: [ID!]',
      'AskOptions.topK: Int',
      'AskOptions.limit: Int',
      'AskResult.question: String!',
      'AskResult.answer: Answer',
      'AskResult.interpretations: [Interpretation!]!',
      'AskResult.sources: [SourceOutcome!]!',
      'Answer.kind: AnswerKind!',
      'Answer.columns: [Column!]!',
      'Answer.rows: [[JSON]!]!',
      'Answer.source: ID',
      'Answer.confidence: Float!',
      'Answer.explanation: String!',
      'Answer.query: String',
      'Answer.entities: [AskEntity!]!',
      'GenericEntity.id: ID!',
      'GenericEntity.source: ID!',
      'GenericEntity.class: String!',
      'GenericEntity.fields: JSON!',
      'Source.id: ID!',
      'Source.kind: SourceKind!',
      'Source.description: String!',
      'Source.ready: Boolean!',
      'FactWrite.ids: [ID!]!',
      'FactWrite.size: Int!',
      'Column.name: String!',
      'Interpretation.explanation: String!',
      'Interpretation.score: Float!',
      'Interpretation.query: String',
      'SourceOutcome.source: ID!',
      'Fact.id: ID!',
      'Fact.text: String!',
    ];
    const missing = contract.filter((signature) => !fields.has(signature));
    expect(missing).toEqual([]);
  });

  it('has the AskEntity interface every entity type implements', async () => {
    const result = await server.run<IntrospectionQuery>(getIntrospectionQuery());
    const types = result.data!.__schema.types;
    const askEntity = types.find((type) => type.name === 'AskEntity');
    expect(askEntity?.kind).toBe('INTERFACE');
    if (askEntity?.kind !== 'INTERFACE') return;
    expect(askEntity.fields.map((field) => `${field.name}: ${typeName(field.type)}`)).toEqual(['id: ID!', 'source: ID!', 'class: String!']);
    expect(askEntity.possibleTypes.map((type) => type.name)).toContain('GenericEntity');
  });

  it('names the answer kinds and source kinds as agreed', async () => {
    const { enums } = await signatures();
    expect(enums.get('AnswerKind')).toEqual(['TABLE', 'ENTITIES', 'SCALAR', 'BOOLEAN', 'EMPTY', 'UNSURE', 'UNSUPPORTED']);
    expect(enums.get('SourceKind')).toEqual(['SQL', 'CYPHER', 'NLDB']);
    expect(enums.get('SourceOutcomeStatus')).toEqual(expect.arrayContaining(['ANSWERED', 'NOT_RELEVANT', 'FAILED']));
  });
});
