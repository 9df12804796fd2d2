/**
 * Benchmarks of the gateway frame: loading the default world, the overhead of ask() through the
 * whole Apollo request pipeline, and durable fact writes.
 */
import { ApolloServer } from '@apollo/server';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { optionsFromConfig } from '../cli/server.js';
import { nlQuery } from '../plugins/nl-query/index.js';
import { latencySummary, sample } from './stats.js';
import { scratchWorld } from './world.js';

export async function frameBenchmarks(): Promise<void> {
  const { dir, config, loadMs } = await scratchWorld();
  console.log(`load: default world (4 sources) loaded in ${(loadMs / 1000).toFixed(2)} s`);

  const nlq = nlQuery({ ...optionsFromConfig(config), factStore: `file:${join(dir, 'bench-facts.sqlite')}` });
  const server = new ApolloServer({ schema: makeExecutableSchema({ typeDefs: nlq.typeDefs, resolvers: nlq.resolvers }), plugins: [nlq.plugin] });
  const started = performance.now();
  await server.start();
  console.log(`start: 4 sources opened in ${(performance.now() - started).toFixed(1)} ms`);

  const ask = () =>
    server.executeOperation({
      query: 'query ($q: String!) { ask(question: $q) { answer { kind } sources { source status } } }',
      variables: { q: 'How many customers are there in Germany?' },
    });
  console.log(`ask (whole pipeline on the default world, every source asked): ${latencySummary(await sample(200, ask))}`);

  await nlq.gateway.createFactCollection('bench', 'benchmark facts');
  const batch = Array.from({ length: 100 }, (_, i) => `Person ${i} lives in town ${i % 7} and works at company ${i % 13}.`);
  const writes = await sample(30, () => nlq.gateway.addFacts('bench', batch), 2);
  const perFact = writes.reduce((a, b) => a + b, 0) / (writes.length * batch.length);
  console.log(`addFacts (100 facts per durable write): ${latencySummary(writes)}; ${(1000 / perFact).toFixed(0)} facts/s`);

  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
