import { createInterface } from 'node:readline/promises';
import type { GatewayConfig } from '../../config/config.js';
import type { Gateway } from '../../plugins/nl-query/gateway.js';
import { nlQuery } from '../../plugins/nl-query/index.js';
import type { AskResult } from '../../types.js';
import { UsageError } from '../cli-errors.js';
import { optionsFromConfig } from '../server.js';

/**
 * `nlq ask "<question>" [--source id] [--json]`: answers one question in-process. Opening a source
 * loads its model and values, so with --source only the sources named are opened (an unknown id is
 * still refused by name: it is kept in the list the gateway checks).
 */
export async function askCommand(config: GatewayConfig, question: string, options: { sources?: string[]; json: boolean; teach?: boolean }): Promise<number> {
  const all = optionsFromConfig(config);
  const named = options.sources ? all.sources.filter((source) => options.sources!.includes(source.id)) : all.sources;
  const { gateway } = nlQuery({ ...all, sources: named.length > 0 ? named : all.sources });
  try {
    const result = await gateway.ask(question, options.sources ? { sources: options.sources } : {});
    console.log(options.json ? JSON.stringify(result, null, 2) : describe(result));
    if (options.teach) await teach(gateway, result);
    return result.answer ? 0 : 3;
  } finally {
    await gateway.stop();
  }
}

/**
 * `--teach`: lists the readings that can be taught (those of SQL and graph sources, and text-fact
 * readings that answered) and asks which was right; the one picked is confirmed (`confirmAnswer`),
 * so the question (on a structured source also the same question about other values) is answered
 * with it from now on. Reads the pick from standard input, so it
 * can be piped (`echo 2 | nlq ask ... --teach`).
 */
async function teach(gateway: Gateway, result: AskResult): Promise<void> {
  // A text-fact reading is taught its answer: only one that answered something can be.
  const readings = result.interpretations.filter((interpretation) => interpretation.queryGraph || interpretation.status === 'CHOSEN' || interpretation.status === 'ANSWERED');
  if (readings.length === 0) {
    console.error('nothing to teach: no reading that answered');
    return;
  }
  console.error('\nWhich reading was right?');
  readings.forEach((reading, k) => console.error(`  ${k + 1}. [${reading.source}] ${reading.explanation}${reading.queryGraph ? `\n       ${reading.queryGraph}` : ''}`));
  const prompt = createInterface({ input: process.stdin, output: process.stderr, terminal: process.stdin.isTTY === true });
  const answer = (await prompt.question(`number (1-${readings.length}), or Enter if none: `).catch(() => '')).trim();
  prompt.close();
  if (answer === '') {
    console.error('nothing taught');
    return;
  }
  const picked = readings[Number(answer) - 1];
  if (!picked || !/^\d+$/.test(answer)) throw new UsageError(`nlq ask --teach: '${answer}' is not one of 1-${readings.length}`);
  const example = await gateway.confirmAnswer({ question: result.question }, picked.id);
  console.error(`taught example ${example.id} to '${example.source}': "${example.question}" -> ${example.queryGraph ?? (example.answer ?? []).join(' | ')}`);
}

function describe(result: AskResult): string {
  const lines: string[] = [];
  if (result.answer) {
    const { answer } = result;
    lines.push(`${answer.explanation} (source ${answer.source}, confidence ${answer.confidence.toFixed(2)})`);
    if (answer.query) lines.push(`  ${answer.query}`);
    if (answer.columns.length > 0) lines.push(answer.columns.map((column) => column.name).join('\t'));
    for (const row of answer.rows) lines.push(row.map((cell) => JSON.stringify(cell)).join('\t'));
    // UNSURE: the readings to pick from (runInterpretation runs one by its id).
    for (const alternative of answer.alternatives ?? []) lines.push(`  ${(alternative.probability * 100).toFixed(0)}% ${alternative.source}: ${alternative.explanation}${alternative.query ? `\n      ${alternative.query}` : ''}`);
    if (answer.ambiguity) lines.push(`  ${answer.ambiguity}`);
  } else {
    lines.push('No answer.');
  }
  for (const outcome of result.sources) lines.push(`  [${outcome.status}] ${outcome.source}: ${outcome.message}`);
  return lines.join('\n');
}
