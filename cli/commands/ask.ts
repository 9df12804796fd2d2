import type { GatewayConfig } from '../../config/config.js';
import { nlQuery } from '../../plugins/nl-query/index.js';
import type { AskResult } from '../../types.js';
import { optionsFromConfig } from '../server.js';

/**
 * `nlq ask "<question>" [--source id] [--json]`: answers one question in-process. Opening a source
 * loads its model and values, so with --source only the sources named are opened (an unknown id is
 * still refused by name: it is kept in the list the gateway checks).
 */
export async function askCommand(config: GatewayConfig, question: string, options: { sources?: string[]; json: boolean }): Promise<number> {
  const all = optionsFromConfig(config);
  const named = options.sources ? all.sources.filter((source) => options.sources!.includes(source.id)) : all.sources;
  const { gateway } = nlQuery({ ...all, sources: named.length > 0 ? named : all.sources });
  try {
    const result = await gateway.ask(question, options.sources ? { sources: options.sources } : {});
    console.log(options.json ? JSON.stringify(result, null, 2) : describe(result));
    return result.answer ? 0 : 3;
  } finally {
    await gateway.stop();
  }
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
