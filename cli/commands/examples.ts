/**
 * `nlq examples list|add|remove --source <id>`: the taught examples of a SQL or graph source, or
 * the taught answers of a fact collection (confirmed answers, corrections, added examples), in
 * this process, through the same gateway
 * operations as GraphQL's `examples`, `correctAnswer`, `addExamples` and `removeExamples`.
 *
 *   nlq examples list --source northwind [--json]
 *   nlq examples add --source northwind --question "orders from Germany" --query "SELECT ..."
 *   nlq examples add --source northwind --question "..." --graph "show Orders.OrderID ; ..."
 *   nlq examples add --source northwind --file examples.jsonl   (one {"question", "queryGraph" | "query"} per line)
 *   nlq examples add --source kestrelford --question "who keeps the clock museum" --answer "Greta Hollingsworth" [--fact 12]
 *   nlq examples remove --source northwind 3 4
 */
import { readFileSync } from 'node:fs';
import type { GatewayConfig } from '../../config/config.js';
import { nlQuery } from '../../plugins/nl-query/index.js';
import type { ExampleInput, ExampleView } from '../../plugins/nl-query/teaching/teaching.js';
import { UsageError } from '../cli-errors.js';
import { optionsFromConfig } from '../server.js';

export interface ExamplesOptions {
  readonly action: string | undefined;
  readonly source: string | undefined;
  readonly question?: string | undefined;
  readonly query?: string | undefined;
  readonly graph?: string | undefined;
  /** A fact collection's answer: its values, and the facts that state it. */
  readonly answer?: readonly string[] | undefined;
  readonly facts?: readonly string[] | undefined;
  readonly file?: string | undefined;
  /** Ids to remove. */
  readonly ids: readonly string[];
  readonly json: boolean;
}

export async function examplesCommand(config: GatewayConfig, options: ExamplesOptions): Promise<number> {
  if (!options.source) throw new UsageError('nlq examples: --source <id> is required');
  if (options.action !== 'list' && options.action !== 'add' && options.action !== 'remove') {
    throw new UsageError(`nlq examples: say list, add or remove${options.action ? `, not '${options.action}'` : ''}`);
  }
  const all = optionsFromConfig(config);
  // Only the source taught is opened (its model and values are not needed to store examples).
  const named = all.sources.filter((source) => source.id === options.source);
  const { gateway } = nlQuery({ ...all, sources: named.length > 0 ? named : all.sources, sharedModel: false });
  try {
    switch (options.action) {
      case 'list': {
        const examples: ExampleView[] = [];
        for (let page = await gateway.listExamples(options.source, 1000, null); page.length > 0; page = await gateway.listExamples(options.source, 1000, page[page.length - 1]!.id)) {
          examples.push(...page);
        }
        console.log(options.json ? JSON.stringify(examples, null, 2) : examples.map(line).join('\n') || `no taught examples on '${options.source}'`);
        return 0;
      }
      case 'add': {
        const stored = await gateway.addExamples(options.source, inputs(options));
        console.log(options.json ? JSON.stringify(stored, null, 2) : stored.map(line).join('\n'));
        return 0;
      }
      case 'remove': {
        if (options.ids.length === 0) throw new UsageError('nlq examples remove: give the ids to remove (nlq examples list shows them)');
        const result = await gateway.removeExamples(options.source, options.ids);
        console.log(options.json ? JSON.stringify(result, null, 2) : `removed ${result.removed.join(', ') || 'none'}${result.missing.length > 0 ? `; not examples of '${options.source}': ${result.missing.join(', ')}` : ''}`);
        return result.missing.length > 0 ? 1 : 0;
      }
    }
  } finally {
    await gateway.stop();
  }
  return 2;
}

/** The examples to add: one from --question with --query or --graph, or every line of --file. */
function inputs(options: ExamplesOptions): ExampleInput[] {
  if (options.file) {
    if (options.question || options.query || options.graph || options.answer) throw new UsageError('nlq examples add: give --file, or --question with --query, --graph or --answer, not both');
    return readFileSync(options.file, 'utf8')
      .split('\n')
      .map((text, index) => ({ text: text.trim(), index }))
      .filter(({ text }) => text !== '')
      .map(({ text, index }) => {
        try {
          return JSON.parse(text) as ExampleInput;
        } catch {
          throw new UsageError(`${options.file}:${index + 1}: not a JSON object {"question", "queryGraph" | "query"}`);
        }
      });
  }
  if (!options.question) throw new UsageError('nlq examples add: give --question with --query, --graph or --answer, or --file');
  return [{ question: options.question, queryGraph: options.graph ?? null, query: options.query ?? null, answer: options.answer ?? null, facts: options.facts ?? null }];
}

function line(example: ExampleView): string {
  const answer = example.queryGraph ?? `${(example.answer ?? []).join(' | ')}${example.facts && example.facts.length > 0 ? ` (facts ${example.facts.join(', ')})` : ''}`;
  return `${example.id}\t${example.origin}\t${example.question}\n\t${answer}\n\t${example.explanation}`;
}
