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
    ask(
      "The question in plain English: not empty, at most the server's \`maxQuestionLength\` characters (1000 by default)."
      question: String!
      "Options for this question; each may lower a server limit, never raise it."
      options: AskOptions
    ): AskResult!
    "Every source the gateway can answer from, with its readiness."
    sources: [Source!]!
    "The facts of a collection in id order; \`after\` is the last id of the previous page."
    facts(
      "Id of the fact collection."
      collection: ID!
      "Facts per page, at least 1 and at most the server's \`maxRows\`."
      limit: Int = 100
      "Id of the last fact of the previous page; omitted for the first page."
      after: ID
    ): [Fact!]!
    """
    Runs a query graph (canonical form, as in \`Interpretation.queryGraph\`) on one structured
    source: re-run a runner-up interpretation, or a graph a client built itself.
    """
    runQueryGraph(
      "Id of a structured source (kind SQL or CYPHER)."
      source: ID!
      "The query graph in canonical form."
      queryGraph: String!
      "Row and time limits for this run; each may lower a server limit, never raise it."
      options: RunOptions
    ): Answer!
    """
    Runs one interpretation \`ask\` returned, by its \`id\` (an UNSURE answer's alternatives, or any
    entry of \`AskResult.interpretations\`): the reading the caller picked. The caller must be
    allowed to ask its source, as for \`ask\`.
    """
    runInterpretation(
      "The interpretation's \`id\`, as \`ask\` returned it."
      id: ID!
      "Row and time limits for this run; each may lower a server limit, never raise it."
      options: RunOptions
    ): Answer!
    """
    The taught examples of a source (confirmed answers, corrections, added examples) in id order:
    query graphs of a structured source, answers of a fact collection. The caller must be allowed
    to teach the source (the permissions hook's \`canTeach\`).
    """
    examples(
      "Id of a source: a structured source (kind SQL or CYPHER) or a fact collection."
      source: ID!
      "Examples per page, at least 1 and at most the server's \`maxRows\`."
      limit: Int = 100
      "Id of the last example of the previous page; omitted for the first page."
      after: ID
    ): [TaughtExample!]!
    "The schema graph of a structured source: its classes, attributes and relations, with human names."
    schemaGraph(
      "Id of a structured source (kind SQL or CYPHER)."
      source: ID!
    ): SchemaGraph!
  }

  "Options for running one query graph. Each may lower a server limit, never raise it."
  input RunOptions {
    "Maximum rows in the answer (default 100)."
    limit: Int
    "Time the query may take, in milliseconds (at most the server's per-source limit, 10000 by default)."
    timeoutMs: Int
  }

  "What a structured source can name: its classes (tables or node labels), their attributes, and the relations between them."
  type SchemaGraph {
    "The source's id."
    source: ID!
    "Its classes: tables, or node labels of a graph."
    classes: [SchemaClass!]!
    "How its classes are related: foreign keys, relationship types, named relations of a relation table."
    relations: [SchemaRelation!]!
  }

  "A class of a schema graph: a table, or a node label of a graph."
  type SchemaClass {
    "The class as the source names it (a table or a label)."
    id: ID!
    "Human names: singular and plural."
    singular: String!
    "Human plural name, such as products."
    plural: String!
    "How many rows (or nodes) it had when the source was read."
    rowCount: Int!
    "Ids of the attributes that make up its key; empty when it has none."
    primaryKey: [String!]!
    "Its attributes: columns, or properties of a graph."
    attributes: [SchemaAttribute!]!
  }

  "An attribute of a class: a column, or a property of a graph."
  type SchemaAttribute {
    "The attribute as the source names it (a column or a property)."
    id: ID!
    "text, integer, decimal, float, boolean, date, datetime, binary or other."
    type: String!
    "Human name, such as unit price."
    name: String!
    "True when values may be missing."
    nullable: Boolean!
    "True when it is part of the class's key."
    primaryKey: Boolean!
  }

  "A relation between two classes: a foreign key, a relationship type, or a named relation of a relation table."
  type SchemaRelation {
    "Stable id of the relation, as query graphs name it."
    id: ID!
    "Id of the class it starts from."
    from: ID!
    "Id of the class it leads to."
    to: ID!
    "Attributes of \`from\` the relation joins on (a foreign key's columns), when it joins on attributes."
    fromColumns: [String!]!
    "Attributes of \`to\` they match, in the same order."
    toColumns: [String!]!
    "Human name, such as supplier or father."
    name: String!
    "True when no key of the database declares it: it was inferred from column names and the data (a SQL source's \`inferRelations\` option)."
    inferred: Boolean!
  }

  type Mutation {
    "Creates an empty fact collection; it is a source for ask() right away and survives restarts."
    createFactCollection(
      "Id of the new collection: letters, digits, '-' and '_', starting with a letter, and not taken by another source."
      id: ID!
      "What the collection holds, in plain English; source selection reads it."
      description: String
    ): Source!
    "Appends facts (one sentence each); the write is durable when this returns."
    addFacts(
      "Id of the fact collection."
      collection: ID!
      "The facts, one sentence each: at most the server's \`maxFactsPerWrite\` per call and \`maxFactLength\` characters each."
      facts: [String!]!
    ): FactWrite!
    "Removes facts by id."
    removeFacts(
      "Id of the fact collection."
      collection: ID!
      "Ids of the facts to remove; those not in the collection come back in \`missing\`."
      ids: [ID!]!
    ): FactWrite!
    """
    Records that an interpretation \`ask\` returned answers the question right: from now on the
    question (and, on a structured source, the same question about other values) is answered with
    it. A text-fact reading is run again and its answer, with the facts it rests on, is what the
    collection is taught (EXAMPLE_NOT_TEACHABLE when it answers nothing). Needs the permissions
    hook's \`canTeach\`.
    """
    confirmAnswer(
      "The question as asked (or give \`askId\` instead)."
      question: String
      "The \`AskResult.id\` that ask returned for the question (or give \`question\` instead)."
      askId: ID
      "The chosen reading's \`Interpretation.id\`."
      interpretationId: ID!
    ): TaughtExample!
    """
    Records the right answer to a question. On a structured source: a query graph or a query, one
    read-only SELECT (SQL sources) or MATCH ... RETURN (graph sources) that the gateway reads into a
    query graph. A query that writes is refused (QUERY_NOT_READ_ONLY), one a query graph cannot
    express is refused with the reason (QUERY_NOT_UNDERSTOOD); nothing is run. On a fact
    collection: the answer's values (\`answer\`) and, optionally, the facts that state it
    (\`facts\`; by default the facts that name one of the values). From then on \`ask\` answers the
    question (its words as taught, request openers such as "show me" aside) with them.
    """
    correctAnswer(
      "The question."
      question: String!
      "Id of a structured source (kind SQL or CYPHER) or of a fact collection."
      source: ID!
      "Structured sources: the answer as a query graph in canonical form."
      queryGraph: String
      "Structured sources: or the answer as one read-only query."
      query: String
      "Fact collections: the right answer's values, one per row (a number as digits, yes/no as yes or no)."
      answer: [String!]
      "Fact collections: ids of the facts that state the answer; default: the facts that name one of its values."
      facts: [ID!]
    ): TaughtExample!
    "Stores example questions with their answers, all or none (at most the server's \`maxFactsPerWrite\` per call)."
    addExamples(
      "Id of a structured source (kind SQL or CYPHER) or of a fact collection."
      source: ID!
      "The examples."
      examples: [ExampleInput!]!
    ): [TaughtExample!]!
    "Removes taught examples by id; the question is then answered by the model again."
    removeExamples(
      "Id of the source they were taught to."
      source: ID!
      "Ids of the examples."
      ids: [ID!]!
    ): ExampleRemoval!
  }

  "How a taught example came to be."
  enum ExampleOrigin {
    "A reading \`ask\` gave, confirmed right (\`confirmAnswer\`)."
    CONFIRMED
    "The right answer given for a question (\`correctAnswer\`)."
    CORRECTED
    "One of a list of examples (\`addExamples\`)."
    ADDED
  }

  """
  A question and what answers it, taught to one source. On a structured source, a query graph:
  from then on \`ask\` answers the question, and the same question about other values ("orders from
  France" after "orders from Germany"), with it, its values re-linked to the question's; \`nlq train
  --source\` trains on it. On a fact collection, the answer's values and the facts it rests on:
  \`ask\` answers the question as taught (no value re-linked; the text-fact models are not trained on it).
  """
  type TaughtExample {
    "Its id; ids are never reused."
    id: ID!
    "The source it was taught to."
    source: ID!
    "The question as taught."
    question: String!
    "The answer's query graph in canonical form (runQueryGraph runs it); null for a fact collection's example."
    queryGraph: String
    "A fact collection's taught answer, one value per row; null for a structured source's example."
    answer: [String!]
    "Ids of the facts a fact collection's taught answer rests on; null for a structured source's example."
    facts: [ID!]
    "The query graph, or the taught answer, in plain English."
    explanation: String!
    "How it was taught."
    origin: ExampleOrigin!
    "When it was stored (ISO-8601)."
    createdAt: String!
  }

  """
  An example question with its answer. Structured sources: a query graph, or a query the gateway
  reads into one (exactly one of them). Fact collections: the answer's values, and optionally its facts.
  """
  input ExampleInput {
    "The question, as \`ask\` takes it."
    question: String!
    "The answer as a query graph in canonical form (as \`Interpretation.queryGraph\`)."
    queryGraph: String
    "The answer as one read-only SELECT (SQL sources) or MATCH ... RETURN (graph sources); anything that writes is refused."
    query: String
    "Fact collections: the right answer's values, one per row."
    answer: [String!]
    "Fact collections: ids of the facts that state the answer; default: the facts that name one of its values."
    facts: [ID!]
  }

  "The result of removing taught examples."
  type ExampleRemoval {
    "The source's id."
    source: ID!
    "Ids removed."
    removed: [ID!]!
    "Ids asked for removal that were not examples of the source."
    missing: [ID!]!
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
    """
    Least calibrated probability an answer must have to be stated, from 0 (always answer) to 1
    (default: the server's \`minConfidence\`). Below it the answer is UNSURE
    with the best readings as \`alternatives\`.
    """
    minConfidence: Float
  }

  "What the gateway made of one question: the answer, every interpretation considered, and what each source did."
  type AskResult {
    "The question as asked."
    question: String!
    "Names this question to \`confirmAnswer(askId: ...)\`: the same question always has the same id."
    id: ID!
    """
    The chosen answer. When no source could answer, an EMPTY answer (no rows, \`source\` null)
    whose explanation says why; null only when the request failed.
    """
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
    "The sub-questions, in the order they ran."
    steps: [PlanStep!]!
  }

  "One sub-question of a retrieval plan."
  type PlanStep {
    "The sub-question, in the question's own words."
    question: String!
    "Sources the step was routed to because the question named them; empty when source selection chose."
    routedTo: [ID!]!
    "The source whose answer the step used."
    answeredBy: ID
    "How sure the gateway is of the step's answer, in [0, 1]."
    confidence: Float!
    "The step's answer in a few words, or why it has none."
    summary: String!
  }

  "The shape of an answer."
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
    "No reading was likely enough to state: no rows; \`alternatives\` holds the best readings, each runnable with \`runInterpretation\`."
    UNSURE
    "The sources asked cannot express the question (no model, or no reading they could run); the explanation says why."
    UNSUPPORTED
  }

  "An answer: typed rows, the sources they came from, and how sure the gateway is of them."
  type Answer {
    "The answer's shape."
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
    """
    The source the answer came from (the first of \`sources\` when a plan combined several);
    null when no source could answer (kind EMPTY, the explanation says why).
    """
    source: ID
    "Every source the answer rests on."
    sources: [ID!]!
    "Calibrated probability that the answer is right, in [0, 1] (for a plan, the product of its parts')."
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
    "UNSURE answers: the best readings, most likely first, each with its explanation, query, probability and id; empty otherwise."
    alternatives: [Interpretation!]!
    """
    When the two best readings return different things and are about as likely: which words of
    the question were ambiguous and how each reading took them, in English; null otherwise.
    """
    ambiguity: String
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
    "Stable id: <source>:<class>:<key>."
    id: ID!
    "The source it comes from."
    source: ID!
    "Its class in the source's schema graph (a table or node label)."
    class: String!
    "Every attribute by its name in the source (binary ones left out)."
    fields: JSON!
  }

  "A column of an answer: its name and the GraphQL type of its values."
  type Column {
    "The column's name (an attribute, or an aggregate such as count)."
    name: String!
    "The GraphQL scalar the column's values have: String, Int, Float, Boolean, ID or JSON."
    type: String!
  }

  "What happened to one interpretation."
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

  "One reading of the question by one source, explained in English."
  type Interpretation {
    "The source that read the question this way."
    source: ID!
    "The source's own score in [0, 1] (a model's beam share, the text-fact engine's score): not comparable across sources."
    score: Float!
    "Calibrated probability in [0, 1] that this reading's answer is right: comparable across sources, and what readings are ranked by."
    probability: Float!
    "Pass it to \`runInterpretation\` to run this reading."
    id: ID!
    "The interpretation in plain English."
    explanation: String!
    "The SQL or Cypher for it (null for text facts)."
    query: String
    "The query graph in canonical form; runQueryGraph runs it."
    queryGraph: String
    "Whether it gave the answer, ran, failed, or was not run."
    status: InterpretationStatus!
    "Why it failed, when it did."
    error: String
    "Why it was passed over for a lower-scored one (self-correction), when it was."
    note: String
    "Id of the taught example this reading is (see \`examples\`); null for the model's own readings."
    taughtFrom: ID
    "How the question matched the taught example (null for the model's own readings)."
    taughtMatch: TaughtMatch
  }

  "How a question matched a taught example."
  enum TaughtMatch {
    "The question as taught (case, accents, spacing and request openers aside)."
    EXACT
    "The same words about other values, re-linked into the taught graph."
    OTHER_VALUES
    "Other words, near enough to the taught question with the same operations (count, average, more than, not, ...); every value it gives re-linked. Its probability is what such matches measured on dev paraphrases, so a surer model reading ranks above it."
    SIMILAR
  }

  "What a source did with a question."
  enum SourceOutcomeStatus {
    "It gave at least one interpretation that ran."
    ANSWERED
    "Source selection judged it unrelated to the question, so it was not asked."
    NOT_RELEVANT
    "The source cannot interpret questions yet (no model for it)."
    UNSUPPORTED
    "The source is not ready: connection down, data not loaded."
    UNAVAILABLE
    "It failed; see error."
    FAILED
    "It ran past its time limit or the question's deadline."
    TIMED_OUT
  }

  "What one source did with the question."
  type SourceOutcome {
    "The source's id."
    source: ID!
    "What it did."
    status: SourceOutcomeStatus!
    "What happened, in plain English."
    message: String!
    "The failure, when there was one."
    error: SourceError
    "Time the source took, in milliseconds."
    durationMs: Float!
  }

  "A failure, with a stable code to switch on."
  type SourceError {
    "Stable code, as in \`extensions.code\` of the gateway's GraphQL errors (QUERY_FAILED, QUERY_TIMEOUT, SOURCE_UNAVAILABLE, ...)."
    code: String!
    "What went wrong, in plain English."
    message: String!
  }

  "The kind of store a source is."
  enum SourceKind {
    "A SQL database (SQLite, PostgreSQL, MariaDB) through Prisma."
    SQL
    "A property graph (the embedded store or Neo4j) through Cypher."
    CYPHER
    "A collection of free-text facts."
    NLDB
  }

  "A store the gateway answers from."
  type Source {
    "Stable id: letters, digits, '-' and '_', starting with a letter."
    id: ID!
    "The kind of store."
    kind: SourceKind!
    "What it holds, in plain English; source selection reads it."
    description: String!
    "True when the source is connected and its data is loaded."
    ready: Boolean!
    "Why the source is not ready, or what it holds."
    status: String!
  }

  "One fact of a collection: a sentence."
  type Fact {
    "Its id in the collection; ids are never reused."
    id: ID!
    "The collection's id."
    collection: ID!
    "The sentence."
    text: String!
    "When the fact was stored (ISO-8601)."
    createdAt: String!
  }

  "The result of a write to a fact collection."
  type FactWrite {
    "The collection's id."
    collection: ID!
    "Ids written (addFacts, in input order) or removed (removeFacts)."
    ids: [ID!]!
    "Ids asked for removal that were not in the collection."
    missing: [ID!]!
    "The collection's size after the write."
    size: Int!
  }
`;
