/**
 * A fact collection measured as an outside client sees it: an Apollo server with the gateway
 * plugin, `createFactCollection` and `addFacts` through GraphQL, then every question through
 * `ask`, scored on the answer's rows (nldb-questions.ts). Used for facts-others, the validation
 * world written independently of the project.
 */
import { ApolloServer } from '@apollo/server';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nlQuery } from '../plugins/nl-query/index.js';
import type { JsonValue } from '../types.js';
import { type FactQuestion, ScoreSheet, scoreRows } from './nldb-questions.js';
import { latencySummary } from './stats.js';

const ASK = `query ($q: String!) { ask(question: $q, options: { sources: ["facts"], limit: 1000 }) { answer { rows } } }`;

/** What one GraphQL run measured. */
export interface GraphqlRun {
  readonly sheet: ScoreSheet;
  readonly latencies: readonly number[];
  /** Questions answered with a GraphQL error (each scores as no answer). */
  readonly errors: number;
}

async function operation(server: ApolloServer, query: string, variables: Record<string, unknown>): Promise<{ data: unknown; errors?: readonly { message: string }[] }> {
  const response = await server.executeOperation({ query, variables });
  if (response.body.kind !== 'single') throw new Error('unexpected incremental response');
  const { data, errors } = response.body.singleResult;
  return { data, ...(errors ? { errors } : {}) };
}

/** Loads `facts` into a new collection through GraphQL and asks every question; prints the figures. */
export async function measureThroughGraphql(label: string, facts: readonly string[], questions: readonly FactQuestion[]): Promise<GraphqlRun> {
  const dir = mkdtempSync(join(tmpdir(), 'nlq-bench-graphql-'));
  const nlq = nlQuery({ factStore: `file:${join(dir, 'facts.sqlite')}`, sources: [] });
  const server = new ApolloServer({ schema: makeExecutableSchema({ typeDefs: nlq.typeDefs, resolvers: nlq.resolvers }), plugins: [nlq.plugin] });
  await server.start();
  try {
    const created = await operation(server, 'mutation { createFactCollection(id: "facts", description: "benchmark facts") { id } }', {});
    if (created.errors) throw new Error(`createFactCollection: ${created.errors[0]?.message}`);
    const started = performance.now();
    for (let i = 0; i < facts.length; i += 500) {
      const added = await operation(server, 'mutation ($f: [String!]!) { addFacts(collection: "facts", facts: $f) { ids } }', { f: facts.slice(i, i + 500) });
      if (added.errors) throw new Error(`addFacts: ${added.errors[0]?.message}`);
    }
    const loadSeconds = (performance.now() - started) / 1000;
    const sheet = new ScoreSheet();
    const latencies: number[] = [];
    let errors = 0;
    for (const q of questions) {
      const t = performance.now();
      const result = await operation(server, ASK, { q: q.question });
      latencies.push(performance.now() - t);
      if (result.errors) errors += 1;
      const rows = ((result.data as { ask?: { answer?: { rows?: JsonValue[][] } | null } } | null)?.ask?.answer?.rows ?? []) as JsonValue[][];
      sheet.add(q, scoreRows(q, rows));
    }
    console.log(`\n-- ${label} through GraphQL: ${facts.length} facts (loaded in ${loadSeconds.toFixed(1)} s)`);
    console.log(`accuracy: ${sheet.accuracy.toFixed(1)}% over ${questions.length} questions (exactly right ${sheet.exact.toFixed(1)}%)${errors ? ` (${errors} GraphQL errors)` : ''}`);
    console.log(`  by type: ${sheet.byType()}`);
    console.log(`latency per question (GraphQL): ${latencySummary(latencies)}`);
    return { sheet, latencies, errors };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
