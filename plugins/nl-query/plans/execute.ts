/**
 * Runs a retrieval plan: asks each sub-question (counts in parallel; a followed set's members one
 * after another, so a large set cannot flood the sources, all within the ask's one deadline),
 * turns each sub-answer into a weighted set or a weighted count, combines them, and writes one
 * AskResult whose answer names every source it rests on and whose `plan` lists the steps.
 *
 * A combined answer's confidence follows from its steps' calibrated probabilities by the algebra
 * in plan-confidence.ts: counts multiply, set answers weigh each row by its path.
 */
import type { Answer, AskResult, Column, Fact, Interpretation, JsonValue, PlanReport, PlanStep, SourceOutcome } from '../../../types.js';
import { findMentions } from './mentions.js';
import { allStepsRight, COUNTED_LIST_SHARE, setAnswerConfidence } from './plan-confidence.js';
import type { CountOperand, RetrievalPlan, SubQuestion } from './types.js';
import { memberKey, WeightedSet } from './weighted-set.js';

/** What a plan needs from the gateway; passed in so plans run on any gateway (and in tests). */
export interface PlanContext {
  /** Asks one sub-question, unplanned, of the given sources (null: the selected ones). */
  ask(question: SubQuestion): Promise<AskResult>;
  /** The facts of a collection, for finding mentions; bounded by the gateway. */
  facts(collection: string): Promise<readonly Fact[]>;
  /** Rows an answer may carry. */
  readonly limit: number;
}

/** The plan's result, or null when a step found nothing to build on (the caller then asks the question as is). */
export async function executePlan(question: string, plan: Exclude<RetrievalPlan, { kind: 'single' }>, context: PlanContext): Promise<(AskResult & { plan: PlanReport }) | null> {
  switch (plan.kind) {
    case 'compare-which':
    case 'compare-than':
    case 'difference':
    case 'total':
      return countsPlan(question, plan, context);
    case 'mentioned-in':
      return mentionedPlan(question, plan, context);
    case 'follow':
      return followPlan(question, plan, context);
  }
}

interface StepRun {
  readonly step: PlanStep;
  readonly result: AskResult;
}

async function runStep(sub: SubQuestion, context: PlanContext, summarise: (answer: Answer | null) => string): Promise<StepRun> {
  const result = await context.ask(sub);
  const answer = result.answer;
  return {
    result,
    step: {
      question: sub.question,
      routedTo: sub.sources ?? [],
      answeredBy: answer?.source ?? null,
      confidence: answer?.confidence ?? 0,
      summary: summarise(answer),
    },
  };
}

/** The number a count question's answer gives: its scalar, or else how many rows it listed. */
function countOf(answer: Answer | null): { count: number; confidence: number } | null {
  if (!answer) return null;
  if (answer.kind === 'SCALAR') {
    const cell = answer.rows[0]?.[0];
    const value = typeof cell === 'number' ? cell : typeof cell === 'string' && cell.trim() !== '' ? Number(cell) : NaN;
    return Number.isFinite(value) ? { count: value, confidence: answer.confidence } : null;
  }
  if (answer.kind === 'EMPTY') return { count: 0, confidence: answer.confidence };
  // A list where a count was asked: count it, less sure that the rows are the things meant.
  return { count: answer.rows.length, confidence: answer.confidence * COUNTED_LIST_SHARE };
}

async function countsPlan(
  question: string,
  plan: Extract<RetrievalPlan, { kind: 'compare-which' | 'compare-than' | 'difference' | 'total' }>,
  context: PlanContext,
): Promise<(AskResult & { plan: PlanReport }) | null> {
  const runs = await Promise.all(
    plan.operands.map((operand: CountOperand) =>
      runStep(operand.ask, context, (answer) => {
        const count = countOf(answer);
        return count ? `${count.count} ${operand.phrase}` : 'no count';
      }),
    ),
  );
  const counts = runs.map((run) => countOf(run.result.answer));
  if (counts.some((count) => count === null)) return null;
  const values = counts.map((count) => count!.count);
  const confidence = allStepsRight(counts.map((count) => count!.confidence));
  const phrases = plan.operands.map((operand) => operand.phrase);
  const listed = plan.operands.map((operand, i) => `${values[i]} ${operand.phrase}`).join(plan.kind === 'total' ? ' + ' : ' and ');

  let cell: JsonValue;
  let column: Column;
  let kind: Answer['kind'] = 'SCALAR';
  let explanation: string;
  switch (plan.kind) {
    case 'total': {
      const sum = values.reduce((a, b) => a + b, 0);
      cell = sum;
      column = { name: 'total', type: values.every(Number.isInteger) ? 'Int' : 'Float' };
      explanation = `The total of the counts: ${listed} = ${sum}.`;
      break;
    }
    case 'difference': {
      cell = values[0]! - values[1]!;
      column = { name: 'difference', type: values.every(Number.isInteger) ? 'Int' : 'Float' };
      explanation = `${values[0]} ${phrases[0]} minus ${values[1]} ${phrases[1]} = ${cell}.`;
      break;
    }
    case 'compare-than': {
      const [a, b] = values as [number, number];
      cell = plan.fewer ? a < b : a > b;
      column = { name: 'answer', type: 'Boolean' };
      kind = 'BOOLEAN';
      explanation = `Compared the counts: ${listed}, so ${cell ? 'yes' : 'no'}.`;
      break;
    }
    case 'compare-which': {
      const [a, b] = values as [number, number];
      const winner = a === b ? null : (a > b) !== plan.fewer ? 0 : 1;
      cell = winner === null ? `neither: ${a} of each` : phrases[winner]!;
      column = { name: 'answer', type: 'String' };
      explanation = `Compared the counts: ${listed}; ${winner === null ? 'they are equal' : `${plan.fewer ? 'fewer' : 'more'} ${phrases[winner]}`}.`;
      break;
    }
  }
  const answer = combinedAnswer(runs, { kind, columns: [column], rows: [[cell]], weights: [confidence], confidence, explanation, support: [] });
  return assemble(question, answer, runs, { kind: plan.kind, explanation });
}

async function mentionedPlan(question: string, plan: Extract<RetrievalPlan, { kind: 'mentioned-in' }>, context: PlanContext): Promise<(AskResult & { plan: PlanReport }) | null> {
  const [main, facts] = await Promise.all([
    runStep(plan.main, context, (answer) => (answer ? `${answer.rows.length} row(s) from ${answer.source}` : 'no answer')),
    context.facts(plan.facts),
  ]);
  const answer = main.result.answer;
  if (!answer || answer.rows.length === 0) return null;
  const nameColumn = labelColumn(answer.columns);
  const names = answer.rows.map((row) => String(row[nameColumn] ?? ''));
  // A name shared by more than two candidates is too ambiguous to keep ("Queen Victoria" among many Victorias).
  const mentions = findMentions(names, facts).filter((mention) => mention.weight >= MIN_MENTION_WEIGHT);
  // main & mentioned: the rows, weighted by the sub-answer's confidence times how unambiguous their mention is.
  const mainSet = WeightedSet.of(answer.rows.map((row, i) => ({ key: memberKey(names[i]!), value: row, weight: answer.confidence, sources: [answer.source] })));
  const mentioned = WeightedSet.of(mentions.map((mention) => ({ key: memberKey(names[mention.name]!), value: mention.facts, weight: mention.weight, sources: [plan.facts] })));
  const kept = mainSet.intersect(mentioned).toArray().slice(0, context.limit);
  const support = [...new Map(mentions.flatMap((mention) => mention.facts).map((fact) => [fact.id, fact])).values()];
  const factStep: PlanStep = {
    question: `Which of them do the facts of '${plan.facts}' mention?`,
    routedTo: [plan.facts],
    answeredBy: plan.facts,
    confidence: mentioned.size > 0 ? mentioned.mass() / mentioned.size : 1,
    summary: `${mentioned.size} of ${mainSet.size} mentioned in ${facts.length} fact(s)`,
  };
  const combined = combinedAnswer([main], {
    kind: kept.length === 0 ? 'EMPTY' : answer.kind,
    columns: answer.columns,
    rows: kept.map((member) => member.value),
    weights: kept.map((member) => member.weight),
    confidence: setAnswerConfidence(kept.map((member) => member.weight), answer.confidence),
    explanation: `${answer.explanation} Kept those that the facts of '${plan.facts}' mention (${kept.length} of ${mainSet.size}).`,
    support,
  }, [plan.facts]);
  return assemble(question, combined, [main], { kind: plan.kind, explanation: combined.explanation }, [factStep]);
}

/** Least share of an ambiguous mention a candidate needs to be kept (1/2: at most two-way ambiguous). */
const MIN_MENTION_WEIGHT = 0.5;

/** Most members followed from a set: each is one more question to a source. */
const MAX_FOLLOWED = 50;

async function followPlan(question: string, plan: Extract<RetrievalPlan, { kind: 'follow' }>, context: PlanContext): Promise<(AskResult & { plan: PlanReport }) | null> {
  const set = await runStep(plan.set, context, (answer) => (answer ? `${answer.rows.length} ${plan.memberNoun}(s) from ${answer.source}` : 'no answer'));
  const setAnswer = set.result.answer;
  if (!setAnswer || setAnswer.rows.length === 0) return null;
  let members = setAnswer.rows.map((row) => String(row[labelColumn(setAnswer.columns)] ?? '')).filter((name) => name !== '');
  // Following into fact collections: only members the facts mention can lead anywhere.
  const collections = plan.templateSources ?? [];
  const facts = (await Promise.all(collections.map((id) => context.facts(id).catch(() => [] as readonly Fact[])))).flat();
  // The facts that name each member, found once: they filter the members and, below, the rows.
  const factsOf = new Map<string, readonly Fact[]>();
  if (facts.length > 0) {
    const mentions = findMentions(members, facts);
    for (const mention of mentions) factsOf.set(members[mention.name]!, mention.facts);
    members = mentions.map((mention) => members[mention.name]!);
  }
  members = members.slice(0, MAX_FOLLOWED);

  const memberSet = WeightedSet.of(members.map((name) => ({ key: memberKey(name), value: name, weight: setAnswer.confidence, sources: [setAnswer.source] })));
  const steps: StepRun[] = [];
  const reached = await memberSet.follow(async (member) => {
    const sub = { question: plan.template.replace('{member}', member.value), sources: plan.templateSources };
    const run = await runStep(sub, context, (answer) => (answer ? `${answer.rows.length} row(s) from ${answer.source}` : 'no answer'));
    steps.push(run);
    const answer = run.result.answer;
    if (!answer || answer.rows.length === 0) return WeightedSet.empty<readonly JsonValue[]>();
    const column = labelColumn(answer.columns);
    // In fact collections a row can only be related to the member if some fact names both.
    const memberFacts = facts.length > 0 ? (factsOf.get(member.value) ?? []) : null;
    const related = memberFacts ? answer.rows.filter((row) => findMentions([String(row[column])], memberFacts).length > 0) : answer.rows;
    return WeightedSet.of(
      related.map((row) => ({ key: memberKey(String(row[column])), value: [row[column] ?? null, member.value] as readonly JsonValue[], weight: answer.confidence, sources: [answer.source] })),
    );
  });
  const firstAnswer = steps.find((run) => run.result.answer && run.result.answer.rows.length > 0)?.result.answer;
  const found = reached.toArray().slice(0, context.limit);
  const rows = found.map((member) => member.value);
  const support = [...new Map(steps.flatMap((run) => run.result.answer?.support ?? []).map((fact) => [fact.id, fact])).values()];
  const answer = combinedAnswer([set, ...steps], {
    kind: rows.length === 0 ? 'EMPTY' : 'TABLE',
    columns: [firstAnswer?.columns[labelColumn(firstAnswer.columns)] ?? { name: 'answer', type: 'String' }, { name: plan.memberNoun, type: 'String' }],
    rows,
    weights: found.map((member) => member.weight),
    confidence: setAnswerConfidence(found.map((member) => member.weight), setAnswer.confidence),
    explanation: `Followed ${members.length} ${plan.memberNoun}(s) from ${setAnswer.source} (${setAnswer.explanation}) by asking: ${plan.template}`,
    support,
  });
  return assemble(question, answer, [set, ...steps], { kind: plan.kind, explanation: answer.explanation });
}

/** The column that names each row: the first text column, else the first. */
function labelColumn(columns: readonly Column[]): number {
  const text = columns.findIndex((column) => column.type === 'String' || column.type === 'ID');
  return text >= 0 ? text : 0;
}

function combinedAnswer(
  runs: readonly StepRun[],
  parts: Pick<Answer, 'kind' | 'columns' | 'rows' | 'weights' | 'confidence' | 'explanation' | 'support'>,
  extraSources: readonly string[] = [],
): Answer {
  const used = runs.map((run) => run.result.answer).filter((answer): answer is Answer => answer !== null);
  const sources = [...new Set([...used.map((answer) => answer.source), ...extraSources])];
  return {
    ...parts,
    source: sources[0] ?? '',
    sources,
    query: null,
    queryGraph: null,
  };
}

function assemble(
  question: string,
  answer: Answer,
  runs: readonly StepRun[],
  report: { kind: RetrievalPlan['kind']; explanation: string },
  extraSteps: readonly PlanStep[] = [],
): AskResult & { plan: PlanReport } {
  const interpretations: Interpretation[] = runs.flatMap((run) => run.result.interpretations);
  return {
    question,
    answer,
    interpretations,
    sources: mergeOutcomes(runs.flatMap((run) => run.result.sources)),
    plan: { ...report, steps: [...runs.map((run) => run.step), ...extraSteps] },
  };
}

const RANK: Record<SourceOutcome['status'], number> = { ANSWERED: 5, TIMED_OUT: 4, FAILED: 3, UNAVAILABLE: 2, UNSUPPORTED: 1, NOT_RELEVANT: 0 };

/** One outcome per source over all steps: the most telling status, the time summed. */
function mergeOutcomes(outcomes: readonly SourceOutcome[]): readonly SourceOutcome[] {
  const bySource = new Map<string, SourceOutcome>();
  for (const outcome of outcomes) {
    const seen = bySource.get(outcome.source);
    if (!seen) bySource.set(outcome.source, outcome);
    else {
      const best = RANK[outcome.status] > RANK[seen.status] ? outcome : seen;
      bySource.set(outcome.source, { ...best, durationMs: Math.round((seen.durationMs + outcome.durationMs) * 10) / 10 });
    }
  }
  return [...bySource.values()];
}
