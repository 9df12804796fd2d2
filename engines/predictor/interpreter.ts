/**
 * The query-graph predictor as a source's QuestionInterpreter: find the question's mentions in the
 * value memory, encode the question with placeholders, beam-search the top-k query graphs under the
 * schema grammar, bind the placeholders back to values, and run the interpretations in order.
 * Self-correction: an interpretation that fails or returns nothing is kept (with its error) and the
 * next one is tried when the question presumes rows (presumption.ts); federation prefers a
 * non-empty reading for such questions.
 */
import { describeError } from '../../errors.js';
import { presumesAnswer } from './presumption.js';
import { formatQueryGraph } from '../query-graph/canonical.js';
import type { QueryGraphEngine } from '../query-graph/engine.js';
import { explainQueryGraph } from '../query-graph/explain.js';
import type { QueryGraph } from '../query-graph/types.js';
import { validateQueryGraph } from '../query-graph/validate.js';
import type { QuestionInterpreter, SourceInterpretation, SourceQuestion } from '../source.js';
import { beamSearch } from './model/beam.js';
import { alternativeBindings, bindsAmbiguous, bindValues } from './values/bind.js';
import { disambiguateByRows } from './values/disambiguate.js';
import { mentionSlots, TargetGrammar } from './model/grammar.js';
import { valueFitOf } from './values/value-fit.js';
import { inputTokens } from './model/input.js';
import { findMentions } from './values/mentions.js';
import { flagColumns, type FlagColumn } from './values/flags.js';
import type { QueryGraphModel } from './model/query-graph-model.js';
import { readingChecks } from './cues/reading-checks.js';
import { questionWords } from './cues/coverage.js';
import { groupPhraseAt } from './cues/group.js';
import { askedMeasures, withAskedMeasures } from './completions/asked-measures.js';
import { listedNames, withListedShows } from './completions/listed-shows.js';
import { withRankedByAttribute } from './completions/ranked-by-attribute.js';
import { withSaidValues } from './completions/said-values.js';
import { withComparedCount } from './completions/compared-count.js';
import { withThingForKey } from './completions/thing-for-key.js';
import { asksForOneAggregate, namedAttributes, withoutUnaskedGroups } from './completions/unasked-group.js';
import { asksHowMuch, withAmountShown } from './completions/asked-amount.js';
import { withoutUnsaidArithmetic } from './completions/unsaid-arithmetic.js';
import { comparedCountCues } from './cues/compared-count.js';
import { withSaidDirections, withSaidSortKey } from './completions/said-directions.js';
import { withSaidOperators } from './completions/said-operators.js';
import { containmentCues, withSaidContainment } from './completions/said-containment.js';
import { denialCue, withDeniedJoin } from './completions/denied-join.js';
import { withSemiJoinedClasses } from './completions/semi-joined.js';
import { attributesCounting, withCountedByAttribute } from './completions/counted-by-attribute.js';
import { withTwoValuesRead } from './completions/two-values.js';
import { extremeWithItsRow, withRowOfExtreme } from './completions/row-of-extreme.js';
import { askedShow, listedThings, withAskedShow, withLabelForEcho } from './completions/asked-show.js';
import { asksWhen, withDateShown } from './completions/asked-when.js';
import { withSaidRowCount } from './completions/said-row-count.js';
import { withSaidCount } from './completions/said-count.js';
import { withComparedAggregate } from './completions/compared-aggregate.js';
import { comparedAggregateCue } from './cues/compared-aggregate.js';
import { countCues } from './cues/count.js';
import { rowCounts } from './cues/row-count.js';
import { operatorCues } from './cues/operator.js';
import { orderCues } from './cues/order.js';
import { affirmedPatterns } from './completions/affirmed.js';
import { negates } from './cues/negation.js';
import { schemaNames, type SchemaNames } from './schema-words/schema-names.js';
import type { SchemaSynonyms } from './schema-words/synonyms.js';
import { placeholderToken, tokensToGraph } from './model/target.js';
import type { ValueMemory } from './values/value-memory.js';

/**
 * Beams searched whatever `k` is asked: the reading checks (cues/reading-checks.ts) can only promote a
 * reading the search found, and a narrow beam drops readings the model itself scores higher than
 * what it keeps (their first tokens are less likely: "product id between 62 and 23 and ... between
 * 29 and 73" lost its second range at width 8). Northwind held-out top-1/top-3 over seeds 5, 31,
 * 99 and 2027 (400 each) with every check: width 8 1523/1558 of 1600, 16 1530/1567, 24 1533/1573;
 * graph seed 5 381/387 -> 383/390, royals 367/392 -> 367/394. Searching 48 wide again when the best
 * reading contradicts the words found nothing more. Width 24 costs about 2.2x the decoding time of
 * width 8 (top-3 p50 12 -> 26 ms on the shared 2-core machine).
 */
const SEARCH_WIDTH = 24;

/** One predicted reading of a question, before it runs. */
export interface Prediction {
  /** The graph with values bound. */
  readonly graph: QueryGraph;
  /** The graph as predicted, placeholders unbound, in canonical form. */
  readonly predicted: string;
  /** The predicted target tokens (what held-out exact match compares). */
  readonly tokens: readonly string[];
  /** Share of the probability among the beams searched (SEARCH_WIDTH, or k when more), in [0, 1]. */
  readonly score: number;
  /** The same reading with other stored values a name matches as well, tried when `graph` answers nothing. */
  readonly alternatives: readonly QueryGraph[];
  /**
   * Whether the question cannot tell the value bound from those of `alternatives` (Mention.ambiguous):
   * then each alternative is a reading of its own, shown beside this one, not only a fallback.
   */
  readonly ambiguous: boolean;
}

/** What the predictor knows of English beyond its training questions (see load.ts). */
export interface PredictorLexicon {
  /** Rewrites words the model never saw into the schema words they are synonyms of. */
  readonly synonyms?: SchemaSynonyms;
  /** The nouns an adjective pertains to ("French" -> France), for the mention finder. */
  readonly pertainyms?: (adjective: string) => readonly string[];
  /** Synonyms of a singular noun ("cost" for price), so the cues know schema names said otherwise (schema-names.ts). */
  readonly nounSynonyms?: (noun: string) => readonly string[];
  /** Whether a word is a verb, so the cues know a date attribute by its participle ("hired in 1993"; schema-names.ts). */
  readonly isVerb?: (word: string) => boolean;
  /** The schema word a word writes in full ("destination" -> "dest" of DestAirport), for the names and the mention finder (schema-words/abbreviations.ts). */
  readonly abbreviationOf?: (word: string) => string | null;
  /** Whether a noun is a kind of another (WordNet's hypernyms: a population is a kind of people), for counts an attribute holds (completions/counted-by-attribute.ts). */
  readonly isKindOf?: (noun: string, ancestor: string) => boolean;
}

/** How a model reads a question's values: as it was trained to (model.json). */
export interface ReadingRules {
  /** Values found whole across commas, slashes and full stops (mentions.ts `acrossMarks`). Default false. */
  readonly valuesAcrossMarks?: boolean;
}

export interface PredictorOptions {
  /** Beams searched; at least the request's topK. Default 5. */
  readonly beamSize?: number;
  /** Time limit per interpretation run, in milliseconds. Default 5000. */
  readonly timeoutMs?: number;
}

export class QueryGraphPredictor {
  /** Which classes and attributes the question's words name, for the reading checks (cues/reading-checks.ts). */
  private readonly names: SchemaNames;
  /** The source's yes/no columns, found in questions by their names' words (values/flags.ts). */
  private readonly flags: readonly FlagColumn[];

  constructor(
    private readonly engine: QueryGraphEngine,
    private readonly model: QueryGraphModel,
    private readonly memory: ValueMemory,
    /** How people say what the model never read: schema-word synonyms and adjectives of values (WordNet). */
    private readonly lexicon: PredictorLexicon = {},
    private readonly rules: ReadingRules = {},
    /** Time limit of the read that tells tied values apart (disambiguate.ts), in milliseconds. */
    private readonly timeoutMs = 2000,
  ) {
    this.names = schemaNames(engine.schema(), lexicon);
    this.flags = flagColumns(memory, engine.schema());
  }

  /** The top `k` graphs for a question, best first (fewer when beams cannot be bound). */
  async predict(question: string, k: number, signal?: AbortSignal): Promise<Prediction[]> {
    const schema = this.engine.schema();
    const found = findMentions(question, this.memory, { acrossMarks: this.rules.valuesAcrossMarks ?? false, flags: this.flags, ...(this.lexicon.pertainyms ? { pertainyms: this.lexicon.pertainyms } : {}), ...(this.lexicon.abbreviationOf ? { abbreviationOf: this.lexicon.abbreviationOf } : {}) });
    const mentions = await disambiguateByRows(question, found, this.engine, this.timeoutMs);
    const tokens = this.model.respell(inputTokens(question, mentions));
    const encoded = await this.model.encode(this.lexicon.synonyms ? this.lexicon.synonyms.rewrite(tokens) : tokens);
    const grammar = new TargetGrammar(schema, mentionSlots(mentions), valueFitOf(this.memory));
    // The question's words held against each reading (cues/reading-checks.ts).
    const checks = readingChecks(question, mentions, this.names, schema);
    const beams = await beamSearch(this.model, encoded, grammar, { beamSize: Math.max(1, k, SEARCH_WIDTH), stepPenalty: checks.duringSearch, ...(signal ? { signal } : {}) });
    // The words complete what the beam leaves out (completions/), in this order: arithmetic no word asks for undone ("the
    // surface area ... together", "the name, population, and life expectancy"), a total asked for once, not per thing no
    // word names ("the total surface area covered by countries in Asia"), a thing for a key named after it ("which
    // airline": the airline's name, not flights.Airline's ids), measures asked together ("the maximum
    // and minimum share"), the attributes a question lists ("the email, cell phone and home phone of") or its opening
    // asks for ("the names of countries ..."), the things an opening lists by their label rather than by the value the
    // question gave ("list all cartoons directed by Ben Jones"), a date for "when", an amount of money for "how much", a ranking by the attribute a
    // superlative names ("the 3 most populated countries"), the sort a sort verb names ("Order by document id") and
    // its direction ("in reverse alphabetical order"), the rows kept ("the 3 lowest"), the class counted ("how many
    // languages ... in Aruba"), a value the reading leaves out ("the planed plants"), a comparison ("not higher
    // than 4") the way the words say, a substring looked for where the words say ("a state whose name contains
    // 'North'"), a denial of what the things have many of as an anti-join ("countries that do not
    // speak English"), a class joined only to say something exists under a sum or an average as a semi-join ("the
    // average grade of students who have friends"), a count an attribute holds ("how many people live in ...": the
    // population summed), a number that counts a class's rows ("2 or more paragraphs"), a comparison with an aggregate ("an age below the average", "greater than any
    // country in Europe"), an anti-join no word denies read as the pattern affirmed, and two values of one attribute
    // read as a choice or as both.
    const said = questionWords(question, mentions);
    const words = said.map((w) => w ?? '');
    const grouped = words.some((_, i) => groupPhraseAt(words, i));
    const asked = askedMeasures(said, this.names);
    const oneAggregate = asksForOneAggregate(said, grouped);
    const extremeRow = extremeWithItsRow(said, asked);
    const namedInQuestion = namedAttributes(said, this.names);
    const listed = listedNames(said, this.names);
    const show = askedShow(said, this.names, schema);
    const things = listedThings(said, this.names, schema);
    const when = asksWhen(said);
    const howMuch = asksHowMuch(said);
    const directions = orderCues(said, this.names, schema);
    const counts = rowCounts(question, mentions);
    const counted = countCues(said, this.names, schema);
    const comparedCounts = comparedCountCues(said, this.names, schema);
    const operators = operatorCues(question, mentions, (before) => this.names.endsWithAttribute(before));
    const denied = negates(question);
    const denial = denialCue(question, mentions, this.names);
    const containment = containmentCues(question, mentions, this.names, schema);
    const countingAttributes = attributesCounting(said, this.names, schema, this.lexicon.isKindOf);
    const comparedAggregate = comparedAggregateCue(question, mentions, this.names, schema);
    const texts = new Set(mentions.flatMap((m, i) => (m.kind === 'text' ? [placeholderToken(i + 1)] : [])));
    const completions: readonly ((tokens: readonly string[]) => readonly string[])[] = [
      (tokens) => withoutUnsaidArithmetic(tokens, words),
      (tokens) => withoutUnaskedGroups(tokens, oneAggregate, namedInQuestion),
      (tokens) => withThingForKey(tokens, schema),
      (tokens) => withAskedMeasures(tokens, asked, grouped),
      (tokens) => withRowOfExtreme(tokens, extremeRow),
      (tokens) => withListedShows(tokens, listed, schema),
      (tokens) => withAskedShow(tokens, show),
      (tokens) => withLabelForEcho(tokens, things, { schema, named: namedInQuestion }),
      (tokens) => withDateShown(tokens, when, schema),
      (tokens) => withAmountShown(tokens, howMuch, schema),
      (tokens) => withRankedByAttribute(tokens, directions, schema),
      (tokens) => withSaidSortKey(tokens, directions, schema),
      (tokens) => withSaidDirections(tokens, directions),
      (tokens) => withSaidRowCount(tokens, counts),
      (tokens) => withSaidCount(tokens, counted, schema),
      (tokens) => withSaidValues(tokens, mentions, schema, (classId, attributeId) => (this.memory.column(classId, attributeId)?.values.length ?? Infinity) <= CATEGORICAL_VALUES),
      (tokens) => withSaidOperators(tokens, operators, schema),
      (tokens) => withSaidContainment(tokens, containment),
      (tokens) => withDeniedJoin(tokens, denial, schema),
      (tokens) => withSemiJoinedClasses(tokens, schema),
      (tokens) => withCountedByAttribute(tokens, countingAttributes),
      (tokens) => withComparedCount(tokens, comparedCounts),
      (tokens) => withComparedAggregate(tokens, comparedAggregate, schema, grouped, counted),
      (tokens) => affirmedPatterns(tokens, denied),
      (tokens) => withTwoValuesRead(tokens, schema, texts),
    ];
    // A completed reading is judged as it will run, not as the model wrote it.
    const decoded = onePerReading(
      beams
        .map((d) => {
          const tokens = completions.reduce((completed, complete) => complete(completed), d.tokens);
          return { ...d, tokens, logProbability: d.logProbability - checks.whenFinished(tokens) };
        })
        .sort((a, b) => b.logProbability - a.logProbability),
    );
    const total = decoded.reduce((sum, d) => sum + Math.exp(d.logProbability), 0) || 1;
    const out: Prediction[] = [];
    for (const d of decoded) {
      try {
        const { graph, limitPlaceholder } = tokensToGraph(d.tokens, schema);
        const bound = bindValues(graph, limitPlaceholder, mentions, schema);
        validateQueryGraph(bound, schema);
        out.push({ graph: bound, predicted: formatQueryGraph(graph), tokens: d.tokens, score: Math.exp(d.logProbability) / total, alternatives: alternativeBindings(bound, graph, mentions), ambiguous: bindsAmbiguous(graph, mentions) });
      } catch {
        // A beam that cannot be bound or validated is not an interpretation.
      }
      if (out.length >= k) break;
    }
    return out;
  }
}

/** The first of readings that read the same (completed readings may meet), best first. */
function onePerReading<T extends { readonly tokens: readonly string[] }>(decoded: readonly T[]): T[] {
  const seen = new Set<string>();
  return decoded.filter((d) => {
    const key = d.tokens.join(' ');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Most distinct values of an attribute a question filters by with a word (completions/said-values.ts): a status, a kind, a flag. */
const CATEGORICAL_VALUES = 50;

/** How much lower each other value of an ambiguous name is scored than the one bound first (a share of its score). */
const OTHER_VALUE_STEP = 0.01;

export class PredictorInterpreter implements QuestionInterpreter {
  constructor(
    private readonly engine: QueryGraphEngine,
    private readonly predictor: QueryGraphPredictor,
    private readonly options: PredictorOptions = {},
  ) {}

  async answer(question: SourceQuestion): Promise<readonly SourceInterpretation[]> {
    const beams = Math.max(question.topK, this.options.beamSize ?? 5);
    const predictions = (await this.predictor.predict(question.question, beams, question.signal)).slice(0, Math.max(1, question.topK));
    const schema = this.engine.schema();
    const out: SourceInterpretation[] = [];
    let answered = false;
    const presumes = presumesAnswer(question.question);
    for (const prediction of predictions) {
      if (answered || question.signal.aborted) {
        out.push({ score: prediction.score, explanation: explainQueryGraph(prediction.graph, schema), query: this.translate(prediction.graph, question.limit), queryGraph: formatQueryGraph(prediction.graph), result: null, error: null });
        continue;
      }
      // The reading as bound first, then with the other values its names could be, until one answers.
      let graph = prediction.graph;
      try {
        let run = await this.engine.run(graph, { limit: question.limit, timeoutMs: this.options.timeoutMs ?? 5000 });
        for (const alternative of prediction.alternatives) {
          if (run.result.rows.length > 0 || question.signal.aborted) break;
          const next = await this.engine.run(alternative, { limit: question.limit, timeoutMs: this.options.timeoutMs ?? 5000 }).catch(() => null);
          if (next && next.result.rows.length > 0) {
            run = next;
            graph = alternative;
          }
        }
        // An empty result ends the search only when the question does not presume rows ("Is Chai
        // discontinued?" may rightly be empty); federation then prefers a non-empty reading.
        // Scores stay the model's: lowering empty ones let a wrong later reading outrank a right "no".
        out.push({ score: prediction.score, explanation: explainQueryGraph(graph, schema), query: run.query, queryGraph: formatQueryGraph(graph), result: run.result, error: null });
        if (prediction.ambiguous) out.push(...(await this.otherValues(prediction, graph, question)));
        answered = run.result.rows.length > 0 || !presumes;
      } catch (error) {
        out.push({ score: prediction.score * 0.1, explanation: explainQueryGraph(graph, schema), query: this.translate(graph, question.limit), queryGraph: formatQueryGraph(graph), result: null, error: describeError(error) });
      }
    }
    return out;
  }

  /**
   * A reading whose name the question cannot pin down, with each other value the name fits as a
   * reading of its own ("Albert": each Albert), just after it and scored a little lower, so the
   * answer names the ambiguity and an UNSURE answer offers them; none silently stands for the name.
   */
  private async otherValues(prediction: Prediction, chosen: QueryGraph, question: SourceQuestion): Promise<SourceInterpretation[]> {
    const schema = this.engine.schema();
    const out: SourceInterpretation[] = [];
    const others = [prediction.graph, ...prediction.alternatives].filter((g) => g !== chosen);
    for (const [index, graph] of others.entries()) {
      if (question.signal.aborted) break;
      const score = prediction.score * (1 - (index + 1) * OTHER_VALUE_STEP);
      try {
        const run = await this.engine.run(graph, { limit: question.limit, timeoutMs: this.options.timeoutMs ?? 5000 });
        out.push({ score, explanation: explainQueryGraph(graph, schema), query: run.query, queryGraph: formatQueryGraph(graph), result: run.result, error: null });
      } catch (error) {
        out.push({ score: score * 0.1, explanation: explainQueryGraph(graph, schema), query: this.translate(graph, question.limit), queryGraph: formatQueryGraph(graph), result: null, error: describeError(error) });
      }
    }
    return out;
  }

  private translate(graph: QueryGraph, limit: number): string | null {
    try {
      return this.engine.translate(graph, limit);
    } catch {
      return null;
    }
  }
}
