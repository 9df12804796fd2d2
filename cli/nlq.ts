#!/usr/bin/env node
/**
 * nlq: the gateway's command line.
 *
 *   nlq serve [--subgraph] | mcp | load | train --source <id> | train --shared --schemas <dir> | train --nldb | ask "<question>" [--source <id>] [--json] [--teach] | examples list|add|remove --source <id> | sources
 *
 * Every command honours --config (default: NLQ_CONFIG, then ./nlq.config.json); `nlq <command>
 * --help` prints its options (commands-spec.ts, the one table of commands and options).
 */
import { parseArgs } from 'node:util';
import { cliMessage, exitCodeOf, UsageError } from './cli-errors.js';
import { commandHelp, commandNamed, overallHelp, parserOptions } from './commands-spec.js';
import { readConfig } from './config-file.js';
import { optionsFromConfig } from './server.js';
import { askCommand } from './commands/ask.js';
import { examplesCommand } from './commands/examples.js';
import { loadCommand } from './commands/load.js';
import { mcpCommand } from './commands/mcp.js';
import { serveCommand } from './commands/serve.js';
import { sourcesCommand } from './commands/sources.js';
import { trainCommand, trainNldbCommand, trainSharedCommand } from './commands/train.js';

/** A positive whole number given as a flag, or undefined when the flag is absent. */
function positive(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--${flag} wants a positive whole number, not '${text}'`);
  return n;
}

/** --port (or PORT): a whole number from 0 to 65535. */
function portOf(flag: string | undefined): number {
  const text = flag ?? process.env.PORT ?? '4000';
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(`${flag !== undefined ? '--port' : 'PORT'} wants a whole number from 0 to 65535, not '${text}'`);
  }
  return port;
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: parserOptions() });
  const on = (option: string): boolean => values[option] === true;
  const text = (option: string): string | undefined => (typeof values[option] === 'string' ? (values[option] as string) : undefined);
  const list = (option: string): string[] | undefined => (Array.isArray(values[option]) ? (values[option] as string[]) : undefined);
  const [name, ...rest] = positionals;
  if (!name) {
    console.log(overallHelp());
    return on('help') ? 0 : 2;
  }
  const command = commandNamed(name);
  if (!command) {
    console.error(`nlq: unknown command '${name}'\n\n${overallHelp()}`);
    return 2;
  }
  if (on('help')) {
    console.log(commandHelp(command));
    return 0;
  }
  const given = Object.keys(values).filter((option) => values[option] !== undefined);
  const foreign = given.find((option) => !command.options.some((known) => known.name === option));
  if (foreign) throw new UsageError(`nlq ${name} has no option --${foreign} (nlq ${name} --help lists its options)`);
  // The text-fact models belong to the package, not to a config's sources; their extractor also
  // learns from the answers taught to the config's fact collections (none when it cannot be read).
  if (name === 'train' && on('nldb')) {
    const gateway = await readConfig(text('config')).then(optionsFromConfig, (error: unknown) => {
      console.error(`nlq train --nldb: no config read (${error instanceof Error ? error.message : String(error)}): no taught answers`);
      return undefined;
    });
    return trainNldbCommand({ quick: on('quick'), ...(gateway ? { gateway } : {}), ...(text('out') ? { out: text('out')! } : {}) });
  }
  // So does the shared query-graph model: it learns from a folder of databases, not from the config's sources.
  if (name === 'train' && on('shared')) {
    const minutes = positive('minutes', text('minutes'));
    const goldShapes = text('gold-shapes') !== undefined ? Number(text('gold-shapes')) : undefined;
    if (goldShapes !== undefined && !(goldShapes >= 0 && goldShapes <= 1)) throw new UsageError(`--gold-shapes wants a share from 0 to 1, not '${text('gold-shapes')}'`);
    return trainSharedCommand({ schemas: text('schemas') ?? '', quick: on('quick'), ...(goldShapes !== undefined ? { goldShapes } : {}), ...(minutes !== undefined ? { minutes } : {}), ...(text('out') ? { out: text('out')! } : {}), ...(text('continue') ? { continueFrom: text('continue')! } : {}), calibrateOnly: on('calibrate') });
  }
  const config = await readConfig(text('config'));
  switch (name) {
    case 'serve':
      return serveCommand(config, { host: text('host') ?? process.env.HOST ?? '127.0.0.1', port: portOf(text('port')), load: !on('no-load'), subgraph: on('subgraph') });
    case 'mcp':
      return mcpCommand(config, { load: !on('no-load') });
    case 'load':
      return loadCommand(config, { force: on('force'), ...(list('source') ? { only: list('source')! } : {}) });
    case 'train': {
      const model = { dModel: positive('d-model', text('d-model')), layers: positive('layers', text('layers')), ff: positive('ff', text('ff')) };
      const minutes = positive('minutes', text('minutes'));
      return trainCommand(config, list('source')?.[0], { quick: on('quick'), fromScratch: on('from-scratch'), calibrateOnly: on('calibrate'), model, ...(minutes !== undefined ? { minutes } : {}), ...(text('out') ? { out: text('out')! } : {}) });
    }
    case 'ask': {
      const question = rest.join(' ');
      if (!question) {
        console.error('nlq ask: give the question, e.g. nlq ask "How many customers are there in Germany?"');
        return 2;
      }
      return askCommand(config, question, { json: on('json'), teach: on('teach'), ...(list('source') ? { sources: list('source')! } : {}) });
    }
    case 'examples': {
      const [action, ...ids] = rest;
      return examplesCommand(config, { action, source: list('source')?.[0], question: text('question'), query: text('query'), graph: text('graph'), answer: list('answer'), facts: list('fact'), file: text('file'), ids, json: on('json') });
    }
    case 'sources':
      return sourcesCommand(config, { json: on('json') });
    default:
      throw new UsageError(`nlq ${name} is listed but not wired here`);
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`nlq: ${cliMessage(error)}`);
    process.exit(exitCodeOf(error));
  },
);
