/**
 * Per-caller permissions, request limits and error formatting through GraphQL: a forbidden source
 * is never consulted and is reported forbidden only to callers that may see it; callers may lower
 * the server's limits, never raise them; nothing but coded errors leaves the server in production.
 */
import { ApolloServer } from '@apollo/server';
import { makeExecutableSchema } from '@graphql-tools/schema';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GraphQLError } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NlqError, QueryFailedError } from '../errors.js';
import type { Source } from '../engines/source.js';
import { nlQuery, type NlQuery } from '../plugins/nl-query/index.js';
import { formatError, INTERNAL_ERROR_MESSAGE, toGraphQLError } from '../resolvers/graphql-errors.js';
import { worldOptions } from './helpers/world.js';

type Role = 'admin' | 'analyst' | 'guest' | 'broken';
interface Context {
  readonly role: Role;
}

interface Result {
  readonly data: Record<string, unknown> | null | undefined;
  readonly errors: readonly { message: string; extensions?: Record<string, unknown> }[] | undefined;
}

let nlq: NlQuery;
let server: ApolloServer<Context>;
/** Every source a permission check was asked about, per role: proves what was consulted. */
const checked: { role: Role; source: string; check: string }[] = [];
/** Sources whose interpreter the pipeline asked for. */
const consulted: string[] = [];

async function run(role: Role, query: string, variables?: Record<string, unknown>): Promise<Result> {
  const response = await server.executeOperation({ query, ...(variables ? { variables } : {}) }, { contextValue: { role } });
  assert.equal(response.body.kind, 'single');
  return response.body.singleResult as Result;
}

const code = (result: Result) => result.errors?.[0]?.extensions?.code;

beforeAll(async () => {
  const base = await worldOptions(`file:${join(mkdtempSync(join(tmpdir(), 'nlq-perm-')), 'facts.sqlite')}`);
  nlq = nlQuery<Context>({
    ...base,
    permissions: {
      // analysts may see northwind but not ask it; guests do not even know it exists
      canAsk: (source, { role }) => {
        checked.push({ role, source: source.id, check: 'ask' });
        if (role === 'broken') throw new Error('the permission service is down');
        return role === 'admin' || source.id !== 'northwind';
      },
      canSee: (source, { role }) => role !== 'guest' || source.id !== 'northwind',
      canWrite: (collection, { role }) => role === 'admin' || (role === 'analyst' && collection.id.startsWith('team-')),
    },
  });
  server = new ApolloServer<Context>({
    schema: makeExecutableSchema({ typeDefs: nlq.typeDefs, resolvers: nlq.resolvers }),
    plugins: [nlq.plugin],
    formatError,
    includeStacktraceInErrorResponses: false,
  });
  await server.start();
  // Record which sources the pipeline consults, without changing what they do.
  const sources = (nlq.gateway as unknown as { sources: Map<string, Source> }).sources;
  for (const source of sources.values()) {
    const interpreter = source.interpreter.bind(source);
    source.interpreter = () => {
      consulted.push(source.id);
      return interpreter();
    };
  }
});

afterAll(() => server?.stop());

const SOURCES = '{ sources { id } }';
const ASK = 'query ($q: String!, $o: AskOptions) { ask(question: $q, options: $o) { answer { source } sources { source status error { code } } } }';
const RUN = 'query ($s: ID!, $g: String!) { runQueryGraph(source: $s, queryGraph: $g) { rows } }';
const SCHEMA = 'query ($s: ID!) { schemaGraph(source: $s) { classes { id } } }';
const FACTS = 'query ($c: ID!) { facts(collection: $c, limit: 1) { id } }';
const CREATE = 'mutation ($id: ID!) { createFactCollection(id: $id) { id } }';
const ADD = 'mutation ($c: ID!, $f: [String!]!) { addFacts(collection: $c, facts: $f) { ids } }';
const REMOVE = 'mutation ($c: ID!, $ids: [ID!]!) { removeFacts(collection: $c, ids: $ids) { ids } }';

describe('permissions', () => {
  it('sources lists only what the caller may see', async () => {
    const ids = async (role: Role) => ((await run(role, SOURCES)).data!.sources as { id: string }[]).map((s) => s.id);
    expect(await ids('admin')).toContain('northwind');
    expect(await ids('analyst')).toContain('northwind');
    expect(await ids('guest')).not.toContain('northwind');
    expect(await ids('guest')).toContain('royals');
  });

  it('a forbidden source is not consulted when the caller asks everything, and not reported', async () => {
    consulted.length = 0;
    const result = await run('guest', ASK, { q: 'How many products are there?' });
    expect(result.errors).toBeUndefined();
    const outcomes = (result.data!.ask as { sources: { source: string }[] }).sources.map((s) => s.source);
    expect(outcomes).not.toContain('northwind');
    expect(outcomes).toContain('northwind-graph');
    expect(consulted).not.toContain('northwind');
    // Nothing in the response names it (no NOT_RELEVANT outcome, no selection reason).
    expect(JSON.stringify(result.data)).not.toMatch(/northwind(?!-graph)/);
    consulted.length = 0;
    await run('analyst', ASK, { q: 'How many products are there?' });
    expect(consulted).not.toContain('northwind');
    await run('admin', ASK, { q: 'How many products are there?' });
    expect(consulted).toContain('northwind');
  });

  it('naming a forbidden source: FORBIDDEN_SOURCE to who may see it, the unknown-source error to who may not', async () => {
    const analyst = await run('analyst', ASK, { q: 'How many products?', o: { sources: ['northwind'] } });
    expect(code(analyst)).toBe('FORBIDDEN_SOURCE');
    expect(analyst.errors![0]!.extensions!.source).toBe('northwind');
    const guest = await run('guest', ASK, { q: 'How many products?', o: { sources: ['northwind'] } });
    const unknown = await run('guest', ASK, { q: 'How many products?', o: { sources: ['nowhere'] } });
    expect(code(guest)).toBe('BAD_USER_INPUT');
    expect(guest.errors![0]!.message.replace('northwind', 'X')).toBe(unknown.errors![0]!.message.replace('nowhere', 'X'));
    expect(JSON.stringify(guest.errors![0]!.extensions)).toBe(JSON.stringify(unknown.errors![0]!.extensions));
  });

  it.each([
    ['runQueryGraph', RUN, (s: string) => ({ s, g: 'show count Products.*' })],
    ['schemaGraph', SCHEMA, (s: string) => ({ s })],
  ])('%s on a forbidden source is refused the same way', async (_, query, variables) => {
    expect(code(await run('analyst', query, variables('northwind')))).toBe('FORBIDDEN_SOURCE');
    const guest = await run('guest', query, variables('northwind'));
    const unknown = await run('guest', query, variables('nowhere'));
    expect(code(guest)).toBe('SOURCE_NOT_FOUND');
    expect(guest.errors![0]!.message.replace('northwind', 'X')).toBe(unknown.errors![0]!.message.replace('nowhere', 'X'));
    expect((await run('admin', query, variables('northwind'))).errors).toBeUndefined();
  });

  it('fact writes pass through canWrite, reads through canAsk', async () => {
    expect(code(await run('analyst', ADD, { c: 'kestrelford', f: ['A fact.'] }))).toBe('FORBIDDEN_SOURCE');
    expect(code(await run('analyst', REMOVE, { c: 'kestrelford', ids: ['1'] }))).toBe('FORBIDDEN_SOURCE');
    expect(code(await run('guest', CREATE, { id: 'team-notes' }))).toBe('FORBIDDEN_SOURCE');
    expect((await run('analyst', CREATE, { id: 'team-notes' })).errors).toBeUndefined();
    expect((await run('analyst', ADD, { c: 'team-notes', f: ['Ada Quill runs the bakery on Mill Lane.'] })).errors).toBeUndefined();
    expect((await run('analyst', FACTS, { c: 'kestrelford' })).errors).toBeUndefined();
  });

  it('a hook that throws denies (fails closed) and its error stays on the server', async () => {
    const result = await run('broken', ASK, { q: 'How many products?', o: { sources: ['royals'] } });
    expect(code(result)).toBe('FORBIDDEN_SOURCE');
    expect(JSON.stringify(result)).not.toContain('permission service');
    const all = await run('broken', ASK, { q: 'How many products?' });
    expect((all.data!.ask as { sources: unknown[] }).sources).toEqual([]);
  });
});

describe('limits on ask', () => {
  it.each([
    [{ timeoutMs: 15_001 }, 'options.timeoutMs'],
    [{ timeoutMs: 0 }, 'options.timeoutMs'],
    [{ timeoutMs: -5 }, 'options.timeoutMs'],
    [{ topK: 21 }, 'options.topK'],
    [{ limit: 1001 }, 'options.limit'],
    [{ limit: 0 }, 'options.limit'],
  ])('refuses %j above the server maximum or below 1 (BAD_USER_INPUT, argument named)', async (options, argument) => {
    const result = await run('admin', ASK, { q: 'How many products?', o: options });
    expect(code(result)).toBe('BAD_USER_INPUT');
    expect(result.errors![0]!.extensions!.argumentName).toBe(argument);
  });

  it('a lower timeoutMs is the deadline of the whole ask', async () => {
    const started = Date.now();
    const result = await run('admin', ASK, { q: 'Which products cost more than 20?', o: { timeoutMs: 1 } });
    expect(Date.now() - started).toBeLessThan(1000);
    // Never the whole request: each source says what happened to it.
    expect(result.errors).toBeUndefined();
    const outcomes = (result.data!.ask as { sources: { status: string }[] }).sources;
    for (const outcome of outcomes) expect(['TIMED_OUT', 'NOT_RELEVANT', 'UNSUPPORTED', 'UNAVAILABLE', 'ANSWERED', 'FAILED']).toContain(outcome.status);
  });
});

describe('formatError', () => {
  const formatted = (error: unknown) => formatError({ message: (error as Error).message, extensions: { code: 'INTERNAL_SERVER_ERROR', stacktrace: ['at x'] } }, error);

  it('never sends a stack trace', () => {
    expect(formatted(new Error('boom')).extensions).not.toHaveProperty('stacktrace');
  });

  it('masks unexpected errors in production, keeps coded ones', () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      const internal = formatted(new Error('SELECT secret FROM users WHERE id = 7'));
      expect(internal).toEqual({ message: INTERNAL_ERROR_MESSAGE, extensions: { code: 'INTERNAL_SERVER_ERROR' } });
      const coded = toGraphQLError(new QueryFailedError('shop', 'SELECT secret FROM users', 'relation "users" does not exist')) as GraphQLError;
      const kept = formatError(coded.toJSON(), coded);
      expect(kept.extensions).toEqual({ code: 'QUERY_FAILED', source: 'shop' });
      expect(JSON.stringify(kept)).not.toContain('SELECT');
      const apollo = formatError({ message: 'Cannot query field "x"', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }, new GraphQLError('x'));
      expect(apollo.message).toBe('Cannot query field "x"');
    } finally {
      process.env.NODE_ENV = previous;
    }
  });

  it('keeps the message outside production (developers need it)', () => {
    expect(formatted(new Error('boom')).message).toBe('boom');
    expect(new QueryFailedError('s', 'q', 'm')).toBeInstanceOf(NlqError);
  });
});
