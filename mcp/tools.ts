/**
 * The gateway's MCP tools. Each tool is one GraphQL operation on the gateway's contract: its input
 * schema is derived from the operation's variables, its output schema from the operation's
 * selection (json-schema.ts), and a call runs the operation through the host's Apollo Server, so
 * a tool call gets exactly the validation, permissions, limits and errors of the same GraphQL
 * request.
 */

/** One tool: its MCP name, what an agent is told about it, and the operation it runs. */
export interface ToolOperation {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** A single GraphQL operation with one root field, no fragments. */
  readonly operation: string;
  /** MCP tool annotations: whether the tool only reads, and whether it removes data. */
  readonly readOnly: boolean;
  readonly destructive: boolean;
}

/** How a reading is shown: with the id `run_interpretation` takes. */
const INTERPRETATION_FIELDS = 'id source score probability explanation query queryGraph status error note';

const ANSWER_FIELDS = `
  kind columns { name type } rows weights source sources confidence explanation query queryGraph
  support { id collection text createdAt }
  alternatives { ${INTERPRETATION_FIELDS} }
  ambiguity
`;

export const TOOL_OPERATIONS: readonly ToolOperation[] = [
  {
    name: 'ask',
    title: 'Ask a question in plain English',
    description:
      "Answers a question in plain English from the gateway's sources (SQL databases, graphs, text facts). " +
      'The result holds the chosen answer (typed columns and rows, calibrated confidence, the query that ran; ' +
      'when the gateway is unsure, kind UNSURE with the best readings as alternatives), every interpretation ' +
      'considered (each with an id that run_interpretation runs), what each source did, and the retrieval plan ' +
      'when the question needed several retrievals.',
    operation: /* GraphQL */ `
      query Ask($question: String!, $options: AskOptions) {
        ask(question: $question, options: $options) {
          question
          answer { ${ANSWER_FIELDS} }
          interpretations { ${INTERPRETATION_FIELDS} }
          sources { source status message error { code message } durationMs }
          plan { kind explanation steps { question routedTo answeredBy confidence summary } }
        }
      }
    `,
    readOnly: true,
    destructive: false,
  },
  {
    name: 'sources',
    title: 'List the sources',
    description: 'Every source the caller may see: id, kind (SQL, CYPHER, NLDB), description, and whether it is ready.',
    operation: /* GraphQL */ `
      query Sources {
        sources { id kind description ready status }
      }
    `,
    readOnly: true,
    destructive: false,
  },
  {
    name: 'run_interpretation',
    title: 'Run an interpretation',
    description:
      "Runs one interpretation of a question by its id, as ask returned it in interpretations or an UNSURE " +
      "answer's alternatives: the reading the agent picked (a runner-up it prefers). Returns the answer.",
    operation: /* GraphQL */ `
      query RunInterpretation($id: ID!, $options: RunOptions) {
        answer: runInterpretation(id: $id, options: $options) { ${ANSWER_FIELDS} }
      }
    `,
    readOnly: true,
    destructive: false,
  },
  {
    name: 'create_fact_collection',
    title: 'Create a fact collection',
    description: 'Creates an empty collection of text facts; it is a source for ask right away and survives restarts.',
    operation: /* GraphQL */ `
      mutation CreateFactCollection($id: ID!, $description: String) {
        createFactCollection(id: $id, description: $description) { id kind description ready status }
      }
    `,
    readOnly: false,
    destructive: false,
  },
  {
    name: 'add_facts',
    title: 'Add facts',
    description: 'Appends facts (one sentence each) to a collection; the write is durable when the tool returns.',
    operation: /* GraphQL */ `
      mutation AddFacts($collection: ID!, $facts: [String!]!) {
        addFacts(collection: $collection, facts: $facts) { collection ids missing size }
      }
    `,
    readOnly: false,
    destructive: false,
  },
  {
    name: 'remove_facts',
    title: 'Remove facts',
    description: 'Removes facts from a collection by id.',
    operation: /* GraphQL */ `
      mutation RemoveFacts($collection: ID!, $ids: [ID!]!) {
        removeFacts(collection: $collection, ids: $ids) { collection ids missing size }
      }
    `,
    readOnly: false,
    destructive: true,
  },
];
