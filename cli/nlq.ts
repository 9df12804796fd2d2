#!/usr/bin/env node
/**
 * nlq: the gateway's command line.
 *
 *   nlq serve [--subgraph] | mcp | load | train --source <id> | train --nldb | ask "<question>" [--source <id>] [--json] | sources
 *
 * Every command honours --config (default: NLQ_CONFIG, then ./nlq.config.json).
 */
import { parseArgs } from 'node:util';
import { NlqError } from '../errors.js';
import { readConfig } from './config-file.js';
import { askCommand } from './commands/ask.js';
import { loadCommand } from './commands/load.js';
import { mcpCommand } from './commands/mcp.js';
import { serveCommand } from './commands/serve.js';
import { sourcesCommand } from './commands/sources.js';
import { trainCommand, trainNldbCommand } from './commands/train.js';

const USAGE = `usage: nlq <command> [options]

commands:
  serve                       load missing datasets, then serve GraphQL (PORT, HOST env vars; default 127.0.0.1:4000)
                              and MCP (streamable HTTP) at /mcp; --subgraph: as an Apollo Federation subgraph
  mcp                         load missing datasets, then serve MCP over stdio (tools ask, sources,
                              run_interpretation, create_fact_collection, add_facts, remove_facts)
  load [--force]              load the datasets of seeded sources (--source to pick some)
  train --source <id> [--quick] [--out <dir>] [--d-model N --layers N --ff N]
                              train the query-graph predictor of a SQL or graph source (needs Debian's
                              python3-torch; writes models/querygraph/<id>; --quick: a smoke run;
                              model size: default d 128, 3 layers, ff 512)
  train --nldb [--quick]      retrain the text-fact models (needs Debian's python3-torch; --quick: a smoke run)
  ask "<question>"            answer one question (--source to pick sources, --json for the full result)
  sources                     list sources and whether each is ready (--json)

options:
  --config <file>             config file (default: NLQ_CONFIG, then ./nlq.config.json)
`;

/** A positive whole number given as a flag, or undefined when the flag is absent. */
function positive(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${flag} wants a positive whole number, not '${text}'`);
  return n;
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      config: { type: 'string' },
      source: { type: 'string', multiple: true },
      json: { type: 'boolean', default: false },
      force: { type: 'boolean', default: false },
      'no-load': { type: 'boolean', default: false },
      subgraph: { type: 'boolean', default: false },
      port: { type: 'string' },
      host: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
      nldb: { type: 'boolean', default: false },
      quick: { type: 'boolean', default: false },
      out: { type: 'string' },
      'd-model': { type: 'string' },
      layers: { type: 'string' },
      ff: { type: 'string' },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return command || values.help ? 0 : 2;
  }
  // The text-fact models belong to the package, not to a config's sources.
  if (command === 'train' && values.nldb) return trainNldbCommand({ quick: values.quick });
  const config = await readConfig(values.config);
  switch (command) {
    case 'serve': {
      const port = Number(values.port ?? process.env.PORT ?? 4000);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`bad port '${values.port ?? process.env.PORT}'`);
      return serveCommand(config, { host: values.host ?? process.env.HOST ?? '127.0.0.1', port, load: !values['no-load'], subgraph: values.subgraph });
    }
    case 'mcp':
      return mcpCommand(config, { load: !values['no-load'] });
    case 'load':
      return loadCommand(config, { force: values.force, ...(values.source ? { only: values.source } : {}) });
    case 'train': {
      const model = { dModel: positive('d-model', values['d-model']), layers: positive('layers', values.layers), ff: positive('ff', values.ff) };
      return trainCommand(config, values.source?.[0], { quick: values.quick, model, ...(values.out ? { out: values.out } : {}) });
    }
    case 'ask': {
      const question = rest.join(' ');
      if (!question) {
        console.error('nlq ask: give the question, e.g. nlq ask "How many customers are there in Germany?"');
        return 2;
      }
      return askCommand(config, question, { json: values.json, ...(values.source ? { sources: values.source } : {}) });
    }
    case 'sources':
      return sourcesCommand(config, { json: values.json });
    default:
      console.error(`nlq: unknown command '${command}'\n\n${USAGE}`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`nlq: ${error instanceof NlqError || error instanceof TypeError ? error.message : String(error)}`);
    process.exit(error instanceof NlqError ? 2 : 1);
  },
);
