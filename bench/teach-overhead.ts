/**
 * What teaching costs an ask, measured in process on the default world's Northwind: the look-up
 * every ask of a source makes before the model reads the question (the question's mentions, its
 * key, one map look-up; `Gateway.taughtExampleFor` makes the same), over the dev questions, with
 * no examples and with `k` of them taught. Round trips through GraphQL (bench teach's table) carry
 * the model's own variance on a shared machine; this is the part teaching adds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GatewayConfig } from '../config/config.js';
import { optionsFromConfig } from '../cli/server.js';
import { nlQuery } from '../plugins/nl-query/index.js';
import type { DevQuestion } from './dev-questions.js';
import { latencySummary } from './stats.js';

const ROUNDS = 5;

export async function lookupOverhead(config: GatewayConfig, questions: readonly DevQuestion[], k: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'nlq-bench-teach-lookup-'));
  const { gateway } = nlQuery({ ...optionsFromConfig(config), sources: optionsFromConfig(config).sources.filter((s) => s.id === 'northwind'), factStore: `file:${join(dir, 'facts.sqlite')}` });
  try {
    // The predictor (and so its mention finder) loads with the first ask.
    await gateway.ask(questions[0]!.question, { sources: ['northwind'] });
    const time = async () => {
      const samples: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const q of questions) {
          const started = performance.now();
          await gateway.taughtExampleFor('northwind', q.question);
          samples.push(performance.now() - started);
        }
      }
      return samples;
    };
    const none = await time();
    let taught = 0;
    for (const q of questions.slice(0, k)) {
      taught += await gateway.correctAnswer(q.question, 'northwind', { query: q.sql }).then(
        () => 1,
        () => 0,
      );
    }
    await gateway.taughtExampleFor('northwind', 'warm the index');
    const some = await time();
    console.log(`taught look-up per ask, in process (${questions.length} dev questions x ${ROUNDS}): no examples ${latencySummary(none)}; ${taught} examples ${latencySummary(some)}`);
  } finally {
    await gateway.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
