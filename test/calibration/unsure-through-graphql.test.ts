/**
 * Knowing when it does not know, through GraphQL: with a calibration that makes every reading
 * unlikely, `ask` answers UNSURE (no rows) with its best readings as alternatives; running the one
 * a caller picks with `runInterpretation` returns that reading's rows, under the permissions hook;
 * a source that cannot read questions makes the answer UNSUPPORTED with the reason.
 */
import { ApolloServer } from '@apollo/server';
import { makeExecutableSchema } from '@graphql-tools/schema';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCalibrationFile, type FittedGroup } from '../../plugins/nl-query/calibration/calibrator.js';
import { FEATURE_NAMES } from '../../plugins/nl-query/calibration/features.js';
import { nlQuery } from '../../plugins/nl-query/index.js';
import { formatError } from '../../resolvers/graphql-errors.js';
import type { JsonValue } from '../../types.js';
import { worldOptions } from '../helpers/world.js';

type Role = 'admin' | 'analyst' | 'guest';
interface Context {
  readonly role: Role;
}
interface Result<T> {
  readonly data: T | null | undefined;
  readonly errors: readonly { message: string; extensions?: Record<string, unknown> }[] | undefined;
}
interface Alternative {
  id: string;
  source: string;
  probability: number;
  explanation: string;
  query: string | null;
  queryGraph: string | null;
  status: string;
}
interface AskData {
  ask: {
    answer: { kind: string; rows: JsonValue[][]; confidence: number; explanation: string; alternatives: Alternative[] };
    interpretations: Alternative[];
  };
}

/**
 * Every reading of every kind of source gets p = sigmoid(-2.2) ~ 0.10, whatever its raw score: by
 * the group curve, and for a model with a calibration of its own (the world's models have one)
 * by the group's transfer, which here ignores what the model's own curve says.
 */
const UNLIKELY: FittedGroup = {
  bias: -2.2,
  weights: FEATURE_NAMES.map(() => 0),
  fittedOn: { sets: ['test'], samples: 100, right: 10 },
  transfer: { bias: -2.2, weight: 0, fittedOn: { sets: ['test'], samples: 100, right: 10 } },
};

let server: ApolloServer<Context>;

async function run<T>(role: Role, query: string, variables: Record<string, unknown>): Promise<Result<T>> {
  const response = await server.executeOperation({ query, variables }, { contextValue: { role } });
  assert.equal(response.body.kind, 'single');
  return response.body.singleResult as Result<T>;
}

const ASK = `query ($q: String!, $o: AskOptions) { ask(question: $q, options: $o) {
  answer { kind rows confidence explanation alternatives { id source probability explanation query queryGraph status } }
  interpretations { id source probability explanation query queryGraph status }
} }`;
const RUN_INTERPRETATION = 'query ($id: ID!) { runInterpretation(id: $id) { kind rows source confidence } }';
const RUN_GRAPH = 'query ($s: ID!, $g: String!) { runQueryGraph(source: $s, queryGraph: $g) { rows } }';

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'nlq-unsure-'));
  const calibration = join(dir, 'calibration.json');
  writeCalibrationFile(calibration, { querygraph: UNLIKELY, nldb: UNLIKELY });
  const base = await worldOptions(`file:${join(dir, 'facts.sqlite')}`);
  const northwind = base.sources!.find((source) => source.id === 'northwind')!;
  const nlq = nlQuery<Context>({
    ...base,
    // the same database under another id, with no model for it and no shared model: it cannot read questions
    sources: [...base.sources!, { ...northwind, id: 'bare' }],
    sharedModel: false,
    calibration,
    // the server option: answers less likely than 60% are not stated
    limits: { ...base.limits, minConfidence: 0.6 },
    permissions: {
      canAsk: (source, { role }) => role === 'admin' || source.id !== 'northwind',
      canSee: (source, { role }) => role !== 'guest' || source.id !== 'northwind',
    },
  });
  server = new ApolloServer<Context>({ schema: makeExecutableSchema({ typeDefs: nlq.typeDefs, resolvers: nlq.resolvers }), plugins: [nlq.plugin], formatError });
  await server.start();
});

afterAll(() => server?.stop());

describe('an unlikely reading', () => {
  const question = 'Which products does Tokyo Traders supply?';

  it('answers UNSURE with no rows and the best readings as alternatives', async () => {
    const { data, errors } = await run<AskData>('admin', ASK, { q: question, o: { sources: ['northwind'] } });
    expect(errors).toBeUndefined();
    const answer = data!.ask.answer;
    expect(answer.kind).toBe('UNSURE');
    expect(answer.rows).toEqual([]);
    expect(answer.confidence).toBeCloseTo(0.1, 2);
    expect(answer.explanation).toMatch(/^Not sure: .* 10% likely to be right, below the 60% required\. Pick one of the alternatives/);
    expect(answer.alternatives.length).toBeGreaterThan(0);
    expect(answer.alternatives.length).toBeLessThanOrEqual(3);
    // The best reading first; the source's other readings are its rivals, no likelier than it (rival-readings.ts).
    expect(answer.alternatives[0]!.probability).toBeCloseTo(0.1, 2);
    for (const alternative of answer.alternatives) {
      expect(alternative.source).toBe('northwind');
      expect(alternative.probability).toBeLessThanOrEqual(0.1 + 1e-9);
      expect(alternative.id).toMatch(/^i1\./);
      expect(alternative.explanation.length).toBeGreaterThan(0);
      expect(alternative.query).toMatch(/SELECT/i);
    }
  });

  it('is stated when the caller accepts that risk (minConfidence 0)', async () => {
    const { data } = await run<AskData>('admin', ASK, { q: question, o: { sources: ['northwind'], minConfidence: 0 } });
    expect(data!.ask.answer.kind).not.toBe('UNSURE');
    expect(data!.ask.answer.rows.length).toBeGreaterThan(0);
    expect(data!.ask.answer.alternatives).toEqual([]);
  });

  it('runs the alternative the caller picks: its rows, as its query graph gives them', async () => {
    const { data } = await run<AskData>('admin', ASK, { q: question, o: { sources: ['northwind'] } });
    for (const alternative of data!.ask.answer.alternatives.filter((a) => a.status !== 'NOT_RUN').slice(0, 2)) {
      const picked = await run<{ runInterpretation: { rows: JsonValue[][]; source: string; confidence: number } }>('admin', RUN_INTERPRETATION, { id: alternative.id });
      expect(picked.errors).toBeUndefined();
      const direct = await run<{ runQueryGraph: { rows: JsonValue[][] } }>('admin', RUN_GRAPH, { s: 'northwind', g: alternative.queryGraph });
      expect(picked.data!.runInterpretation).toMatchObject({ source: 'northwind', confidence: 1, rows: direct.data!.runQueryGraph.rows });
    }
    const stated = await run<AskData>('admin', ASK, { q: question, o: { sources: ['northwind'], minConfidence: 0 } });
    const best = await run<{ runInterpretation: { rows: JsonValue[][] } }>('admin', RUN_INTERPRETATION, { id: data!.ask.answer.alternatives[0]!.id });
    expect(best.data!.runInterpretation.rows).toEqual(stated.data!.ask.answer.rows);
  });

  it('runs a text-fact reading again by its id', async () => {
    const q = 'Who works as a teacher?';
    const stated = await run<AskData>('admin', ASK, { q, o: { sources: ['kestrelford'], minConfidence: 0 } });
    const chosen = stated.data!.ask.interpretations.find((i) => i.status === 'CHOSEN');
    assert(chosen, 'the fact collection answers');
    const unsure = await run<AskData>('admin', ASK, { q, o: { sources: ['kestrelford'] } });
    expect(unsure.data!.ask.answer.kind).toBe('UNSURE');
    expect(unsure.data!.ask.answer.alternatives.map((a) => a.id)).toContain(chosen.id);
    const picked = await run<{ runInterpretation: { rows: JsonValue[][]; source: string } }>('admin', RUN_INTERPRETATION, { id: chosen.id });
    expect(picked.errors).toBeUndefined();
    expect(picked.data!.runInterpretation).toMatchObject({ source: 'kestrelford', rows: stated.data!.ask.answer.rows });
  });

  it('runInterpretation answers to the permissions hook: FORBIDDEN_SOURCE, or unknown to who may not see the source', async () => {
    const { data } = await run<AskData>('admin', ASK, { q: question, o: { sources: ['northwind'] } });
    const id = data!.ask.answer.alternatives[0]!.id;
    const analyst = await run('analyst', RUN_INTERPRETATION, { id });
    expect(analyst.data).toBeNull();
    expect(analyst.errors?.[0]?.extensions?.code).toBe('FORBIDDEN_SOURCE');
    const guest = await run('guest', RUN_INTERPRETATION, { id });
    expect(guest.errors?.[0]?.extensions?.code).toBe('SOURCE_NOT_FOUND');
  });

  it('refuses what is not an interpretation id with BAD_USER_INPUT', async () => {
    const result = await run('admin', RUN_INTERPRETATION, { id: 'show Products.ProductName' });
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
  });
});

describe('an unlikely plan (several retrievals combined)', () => {
  it('answers UNSURE with the plan and no single reading to run', async () => {
    const query = 'query ($q: String!) { ask(question: $q) { answer { kind rows explanation alternatives { id } } plan { kind } } }';
    const { data, errors } = await run<{ ask: { answer: { kind: string; rows: unknown[]; explanation: string; alternatives: unknown[] }; plan: { kind: string } | null } }>('admin', query, {
      q: 'Are there more customers than suppliers?',
    });
    expect(errors).toBeUndefined();
    expect(data!.ask.plan?.kind).toBe('compare-than');
    expect(data!.ask.answer).toMatchObject({ kind: 'UNSURE', rows: [], alternatives: [] });
    expect(data!.ask.answer.explanation).toMatch(/combines several retrievals \(see plan\)/);
  });
});

describe('a question no source asked can express', () => {
  it('answers UNSUPPORTED with the reason, not an empty table', async () => {
    const { data, errors } = await run<AskData>('admin', ASK, { q: 'How many products are there?', o: { sources: ['bare'] } });
    expect(errors).toBeUndefined();
    expect(data!.ask.answer).toMatchObject({ kind: 'UNSUPPORTED', rows: [] });
    expect(data!.ask.answer.explanation).toMatch(/unable to interpret questions: bare/);
  });
});
