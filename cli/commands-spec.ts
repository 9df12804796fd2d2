/**
 * Every `nlq` command and its options, in one table: the parser accepts exactly these, `nlq --help`
 * and `nlq <command> --help` print them, and an option given to a command that has no such option
 * is refused naming it. So help cannot leave an option out.
 */

export interface CliOption {
  /** Without the dashes: `port` for `--port`. */
  readonly name: string;
  /** What the value is called in help (`N`, `<id>`); none for a switch. */
  readonly value?: string;
  /** Whether it may be given several times (`--source a --source b`). */
  readonly multiple?: boolean;
  readonly about: string;
}

export interface CliCommand {
  readonly name: string;
  /** The line after `usage: nlq `. */
  readonly usage: string;
  readonly about: string;
  readonly options: readonly CliOption[];
  /** What a user should know before running it (cost, prerequisites). */
  readonly notes?: readonly string[];
}

const CONFIG: CliOption = { name: 'config', value: '<file>', about: 'config file (default: NLQ_CONFIG, then ./nlq.config.json)' };
const HELP: CliOption = { name: 'help', about: "print this command's help" };
const NO_LOAD: CliOption = { name: 'no-load', about: 'do not load missing datasets first (serve what the stores hold now)' };

export const COMMANDS: readonly CliCommand[] = [
  {
    name: 'serve',
    usage: 'serve [--no-load] [--port N] [--host H] [--subgraph]',
    about: 'load missing datasets, then serve GraphQL (and the offline explorer at /, MCP at /mcp) until stopped',
    options: [
      NO_LOAD,
      { name: 'port', value: 'N', about: 'port to listen on (default: PORT, then 4000; 0 picks a free one)' },
      { name: 'host', value: 'H', about: 'address to listen on (default: HOST, then 127.0.0.1)' },
      { name: 'subgraph', about: 'serve the schema as an Apollo Federation subgraph' },
      CONFIG,
      HELP,
    ],
  },
  {
    name: 'mcp',
    usage: 'mcp [--no-load]',
    about: 'load missing datasets, then serve MCP over stdio (tools ask, sources, run_interpretation, create_fact_collection, add_facts, remove_facts)',
    options: [NO_LOAD, CONFIG, HELP],
  },
  {
    name: 'load',
    usage: 'load [--force] [--source <id>]...',
    about: 'load the datasets of seeded sources into empty stores (idempotent)',
    options: [
      { name: 'force', about: 'load again even when a store already holds its dataset' },
      { name: 'source', value: '<id>', multiple: true, about: 'only this source (repeat for several; default: every seeded source)' },
      CONFIG,
      HELP,
    ],
  },
  {
    name: 'train',
    usage: 'train --source <id> [--from-scratch] [--minutes N] [--quick] [--out <dir>] [--d-model N] [--layers N] [--ff N] [--calibrate]   |   train --shared --schemas <dir> [--continue <dir>] [--gold-shapes S] [--minutes N] [--quick] [--out <dir>] [--calibrate]   |   train --nldb [--quick] [--config <file>]',
    about: 'train the query-graph predictor of a SQL or graph source (by default the shared model specialised to it, under 10 minutes), (--shared) the shared model over a folder of databases, or (--nldb) the text-fact models',
    options: [
      { name: 'source', value: '<id>', multiple: true, about: 'the source to train for (writes models/querygraph/<id>)' },
      { name: 'from-scratch', about: 'with --source: a model of its own from scratch (about 20 minutes) instead of specialising the shared model' },
      { name: 'shared', about: 'train the shared, schema-conditioned model that answers on sources with no model of their own' },
      { name: 'schemas', value: '<dir>', about: 'with --shared: the SQLite databases to learn from (<dir>/<db>/<db>.sqlite or <dir>/*.sqlite)' },
      { name: 'gold-shapes', value: 'S', about: 'with --shared: a share S (0 to 1) of each training database\'s questions asks the query shapes of <schemas dir>/train_gold.sql (SQL people wrote for those databases, "SQL<TAB>db_id") again, with values from its data; held-out databases\' queries are never used. Default 0.3 when the file is there (0: off)' },
      { name: 'minutes', value: 'N', about: 'minutes of PyTorch training (--shared: default 60; --source: default 6 specialising the shared model, 18 from scratch; generation, export and evaluation add about a minute)' },
      { name: 'continue', value: '<dir>', about: 'with --shared: continue training the shared model in <dir> (its weights and vocabulary, target words it lacks added; the same held-out databases; half the learning rate)' },
      { name: 'nldb', about: "retrain the text-fact models instead; the extractor also learns from the answers taught to the config's fact collections (correctAnswer with values and facts), every fifth held out, as the model card says" },
      { name: 'calibrate', about: "only fit the trained model's calibration again (what every --source and --shared run ends with: held-out generated questions asked through the gateway, written to calibration.json beside the model and its model card), without training" },
      { name: 'quick', about: 'a smoke run of about a minute (--nldb and --shared write it to a temporary folder; --source writes where a full run would unless --out says otherwise)' },
      { name: 'out', value: '<dir>', about: 'where the model goes (default: models/querygraph/<id>, or models/shared-querygraph with --shared)' },
      { name: 'd-model', value: 'N', about: 'model width (default 128)' },
      { name: 'layers', value: 'N', about: 'encoder and decoder layers (default 3)' },
      { name: 'ff', value: 'N', about: 'feed-forward width (default 512)' },
      CONFIG,
      HELP,
    ],
    notes: ["needs Python with Debian's python3-torch python3-onnx python3-numpy"],
  },
  {
    name: 'ask',
    usage: 'ask "<question>" [--source <id>]... [--json] [--teach]',
    about: 'answer one question in this process and exit',
    options: [
      { name: 'source', value: '<id>', multiple: true, about: 'ask only this source, and open only it (repeat for several; default: every source, chosen per question)' },
      { name: 'json', about: 'print the full result (answer, interpretations, sources) as JSON' },
      { name: 'teach', about: 'then ask (on standard input) which reading was right, and teach it: the question is answered with it from now on' },
      CONFIG,
      HELP,
    ],
    notes: [
      'each call opens the sources and loads their models before answering: with every source of the default world that is seconds and several hundred MB;',
      '--source opens only the sources named; for many questions keep `nlq serve` running and ask it instead',
    ],
  },
  {
    name: 'examples',
    usage: 'examples list|add|remove --source <id> [--question "<q>" (--query "<SQL or Cypher>" | --graph "<query graph>" | --answer "<value>"... [--fact <id>...]) | --file <jsonl>] [<example id>...] [--json]',
    about: 'list, add or remove the taught examples of a SQL or graph source (what ask answers as taught, and nlq train --source mixes in), or the taught answers of a fact collection',
    options: [
      { name: 'source', value: '<id>', multiple: true, about: 'the SQL or graph source, or the fact collection' },
      { name: 'question', value: '"<q>"', about: 'add: the question' },
      { name: 'query', value: '"<q>"', about: 'add: its answer as one read-only SELECT (SQL sources) or MATCH ... RETURN (graph sources); writes are refused' },
      { name: 'graph', value: '"<g>"', about: 'add: its answer as a query graph in canonical form' },
      { name: 'answer', value: '"<value>"', multiple: true, about: 'add, fact collections: a value of the right answer (repeat for several)' },
      { name: 'fact', value: '<id>', multiple: true, about: 'add, fact collections: a fact that states the answer (repeat for several; default: the facts that name one of its values)' },
      { name: 'file', value: '<jsonl>', about: 'add: one {"question", "queryGraph" | "query" | "answer"} per line, all stored or none' },
      { name: 'json', about: 'print them as JSON' },
      CONFIG,
      HELP,
    ],
  },
  {
    name: 'sources',
    usage: 'sources [--json]',
    about: 'list the sources and whether each is ready (exit code 1 when one is not)',
    options: [{ name: 'json', about: 'print them as JSON' }, CONFIG, HELP],
  },
];

export function commandNamed(name: string): CliCommand | undefined {
  return COMMANDS.find((command) => command.name === name);
}

function optionLine(option: CliOption): string {
  const flag = `--${option.name}${option.value ? ` ${option.value}` : ''}`;
  return `  ${flag.padEnd(24)} ${option.about}`;
}

/** `nlq <command> --help`. */
export function commandHelp(command: CliCommand): string {
  const lines = [`usage: nlq ${command.usage}`, '', command.about, '', 'options:', ...command.options.map(optionLine)];
  if (command.notes) lines.push('', ...command.notes);
  return `${lines.join('\n')}\n`;
}

/** `nlq --help`. */
export function overallHelp(): string {
  const lines = ['usage: nlq <command> [options]', '', 'commands:', ...COMMANDS.map((command) => `  ${command.name.padEnd(10)} ${command.about}`)];
  lines.push('', "`nlq <command> --help` lists a command's options. Every command takes --config <file>.");
  return `${lines.join('\n')}\n`;
}

/** The parser's option table: every option of every command. */
export function parserOptions(): Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }> {
  const out: Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }> = {};
  for (const command of COMMANDS) {
    for (const option of command.options) {
      out[option.name] = { type: option.value ? 'string' : 'boolean', ...(option.multiple ? { multiple: true } : {}), ...(option.name === 'help' ? { short: 'h' } : {}) };
    }
  }
  return out;
}
