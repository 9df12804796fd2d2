/**
 * The GraphQL contract of the gateway. Outside clients and the other parts of the project rely
 * on these names: add fields freely, never rename or remove one.
 *
 * Every root type is written as a plain `type`: @graphql-tools/schema merges same-named types,
 * so the same SDL works standalone and merged into a host app's schema.
 */
export const typeDefs = /* GraphQL */ `
  "Any JSON value: a cell of an answer row."
  scalar JSON

  type Query {
    "Answers a question in plain English from the sources the gateway knows."
    ask(question: String!, options: AskOptions): AskResult!
    "Every source the gateway can answer from, with its readiness."
    sources: [Source!]!
    "The facts of a collection in id order; \`after\` is the last id of the previous page."
    facts(collection: ID!, limit: Int = 100, after: ID): [Fact!]!
    """
    Runs a query graph (canonical form, as in \`Interpretation.queryGraph\`) on one structured
    source: re-run a runner-up interpretation, or a graph a client built itself.
    """
    runQueryGraph(source: ID!, queryGraph: String!, options: RunOptions): Answer!
    "The schema graph of a structured source: its classes, attributes and relations, with human names."
    schemaGraph(source: ID!): SchemaGraph!
  }

  input RunOptions {
    "Maximum rows in the answer (default 100)."
    limit: Int
    "Time the query may take, in milliseconds (at most the server's per-source limit, 10000 by default)."
    timeoutMs: Int
  }

  type SchemaGraph {
    source: ID!
    classes: [SchemaClass!]!
    relations: [SchemaRelation!]!
  }

  type SchemaClass {
    id: ID!
    "Human names: singular and plural."
    singular: String!
    plural: String!
    rowCount: Int!
    primaryKey: [String!]!
    attributes: [SchemaAttribute!]!
  }

  type SchemaAttribute {
    id: ID!
    "text, integer, decimal, float, boolean, date, datetime, binary or other."
    type: String!
    name: String!
    nullable: Boolean!
    primaryKey: Boolean!
  }

  type SchemaRelation {
    id: ID!
    from: ID!
    to: ID!
    fromColumns: [String!]!
    toColumns: [String!]!
    name: String!
  }

  type Mutation {
    "Creates an empty fact collection; it is a source for ask() right away and survives restarts."
    createFactCollection(id: ID!, description: String): Source!
    "Appends facts (one sentence each); the write is durable when this returns."
    addFacts(collection: ID!, facts: [String!]!): FactWrite!
    "Removes facts by id."
    removeFacts(collection: ID!, ids: [ID!]!): FactWrite!
  }

  "Options for one question. Each may lower a server limit, never raise it."
  input AskOptions {
    "Ask only these sources (ids from \`sources\`)."
    sources: [ID!]
    "How many interpretations to consider per source."
    topK: Int
    "Maximum rows in the answer (default 100)."
    limit: Int
    """
    Time the whole question may take, in milliseconds (at most the server's limit, 15000 by
    default). A source cut off by it is reported TIMED_OUT; the others still answer.
    """
    timeoutMs: Int
  }

  type AskResult {
    question: String!
    "The chosen answer; null when no source could answer."
    answer: Answer
    "Every interpretation considered, best first, each explained in English, with its query and score."
    interpretations: [Interpretation!]!
    "What each source did with the question: answered, not relevant, failed (with the error), ..."
    sources: [SourceOutcome!]!
    """
    How a question that needed several retrievals (a comparison, a total, things of one source
    found in another) was split into sub-questions and recombined; null for one retrieval.
    """
    plan: RetrievalPlan
  }

  "A question split into sub-questions, each answered by a source, and recombined."
  type RetrievalPlan {
    "compare-which, compare-than, difference, total, mentioned-in or follow."
    kind: String!
    "How the parts were combined, in plain English."
    explanation: String!
    steps: [PlanStep!]!
  }

  "One sub-question of a retrieval plan."
  type PlanStep {
    question: String!
    "Sources the step was routed to because the question named them; empty when source selection chose."
    routedTo: [ID!]!
    "The source whose answer the step used."
    answeredBy: ID
    confidence: Float!
    "The step's answer in a few words, or why it has none."
    summary: String!
  }

  enum AnswerKind {
    "Rows with several columns."
    TABLE
    "Rows that each stand for one thing (a product, a person)."
    ENTITIES
    "One value: a count, a sum, a date."
    SCALAR
    "Yes or no."
    BOOLEAN
    "The question was understood and nothing matches."
    EMPTY
  }

  type Answer {
    kind: AnswerKind!
    "Name and GraphQL type of each column."
    columns: [Column!]!
    "SCALAR and BOOLEAN: one row, one cell."
    rows: [[JSON]!]!
    """
    How sure the gateway is of each row, in row order (answers are weighted sets): each row
    weighs \`confidence\` unless a retrieval plan weighed them apart.
    """
    weights: [Float!]!
    "The source the answer came from (the first of \`sources\` when a plan combined several)."
    source: ID!
    "Every source the answer rests on."
    sources: [ID!]!
    "How sure the gateway is, in [0, 1]."
    confidence: Float!
    "The interpretation in plain English."
    explanation: String!
    "The SQL or Cypher that ran (null for text facts)."
    query: String
    "The query graph that ran, in canonical form (structured sources)."
    queryGraph: String
    "The facts the answer rests on (text sources)."
    support: [Fact!]!
    """
    ENTITIES answers from structured sources: the things the rows stand for, each with all its
    attributes. Select fields per type (\`... on Product { productName }\`) when the server has
    generated entity types, else \`... on GenericEntity { fields }\`. Loaded only when selected;
    empty for other kinds and for text facts.
    """
    entities: [AskEntity!]!
  }

  "One thing an answer is about: a row of a class of a structured source (a product, a person)."
  interface AskEntity {
    "Stable id: <source>:<class>:<key>."
    id: ID!
    "The source it comes from."
    source: ID!
    "Its class in the source's schema graph (a table or node label)."
    class: String!
  }

  "An entity of a class that has no generated or host type: its attributes as one JSON object."
  type GenericEntity implements AskEntity {
    id: ID!
    source: ID!
    class: String!
    "Every attribute by its name in the source (binary ones left out)."
    fields: JSON!
  }

  type Column {
    name: String!
    "The GraphQL scalar the column's values have: String, Int, Float, Boolean, ID or JSON."
    type: String!
  }

  enum InterpretationStatus {
    "This interpretation gave the answer."
    CHOSEN
    "It ran and returned rows, but another was preferred."
    ANSWERED
    "It ran and returned nothing."
    EMPTY
    "It failed to run; see error."
    FAILED
    "It was not run (a better one had already answered)."
    NOT_RUN
  }

  type Interpretation {
    source: ID!
    "Confidence in [0, 1] that this is what the question meant."
    score: Float!
    "The interpretation in plain English."
    explanation: String!
    "The SQL or Cypher for it (null for text facts)."
    query: String
    "The query graph in canonical form; runQueryGraph runs it."
    queryGraph: String
    status: InterpretationStatus!
    "Why it failed, when it did."
    error: String
    "Why it was passed over for a lower-scored one (self-correction), when it was."
    note: String
  }

  enum SourceOutcomeStatus {
    ANSWERED
    NOT_RELEVANT
    "The source cannot interpret questions yet (no model for it)."
    UNSUPPORTED
    "The source is not ready: connection down, data not loaded."
    UNAVAILABLE
    FAILED
    TIMED_OUT
  }

  type SourceOutcome {
    source: ID!
    status: SourceOutcomeStatus!
    "What happened, in plain English."
    message: String!
    error: SourceError
    "Time the source took, in milliseconds."
    durationMs: Float!
  }

  "A failure, with a stable code to switch on."
  type SourceError {
    code: String!
    message: String!
  }

  enum SourceKind {
    "A SQL database (SQLite, PostgreSQL, MariaDB) through Prisma."
    SQL
    "A property graph (the embedded store or Neo4j) through Cypher."
    CYPHER
    "A collection of free-text facts."
    NLDB
  }

  type Source {
    id: ID!
    kind: SourceKind!
    description: String!
    "True when the source is connected and its data is loaded."
    ready: Boolean!
    "Why the source is not ready, or what it holds."
    status: String!
  }

  type Fact {
    id: ID!
    collection: ID!
    text: String!
    "When the fact was stored (ISO-8601)."
    createdAt: String!
  }

  type FactWrite {
    collection: ID!
    "Ids written (addFacts, in input order) or removed (removeFacts)."
    ids: [ID!]!
    "Ids asked for removal that were not in the collection."
    missing: [ID!]!
    "The collection's size after the write."
    size: Int!
  }
`;
