/**
 * Evidence about an answer beyond its score: what the answering reading makes of the question's
 * words, and whether the source's other readings agree with it. Read from what federation has of
 * a source's readings (question, explanation, query graph, rows) and equally from what a GraphQL
 * client sees of them (`Interpretation.explanation`, `queryGraph`, `score`, `status`, the answer's
 * rows), so `bench trust --evidence` measures exactly what serving would compute.
 */

/** What is read of one reading. */
export interface EvidenceReading {
  readonly score: number;
  readonly explanation: string;
  readonly queryGraph: string | null;
}

/** The answering reading, its source's other readings, and the question. */
export interface AnswerEvidenceInput {
  readonly question: string;
  readonly chosen: EvidenceReading;
  /** Rows the answer returned. */
  readonly rows: number;
  /** The source's other readings (any order). */
  readonly others: readonly EvidenceReading[];
}

/** Function words of questions and explanations: what is left says what the question is about. */
const FUNCTION_WORDS = new Set(
  [
    'a an the of to in on for and or by with from at is are was were be been what which who whom whose how many much list show give me all each every there their our your my its it that this these those do does did have has had i we you they any some as than more less most least per please tell find name names number',
    // pronouns, request verbs, and what contractions leave ("what's": s)
    'he she him her his hers them theirs us also only return returns display get provide named called s t re ve ll d m',
  ]
    .join(' ')
    .split(' '),
);

/**
 * Words that say an operation rather than a name: each is accounted for by a reading whose query
 * graph has one of the operations (canonical.ts's items), whatever its explanation words it as.
 */
const OPERATION_WORDS: readonly { readonly words: readonly string[]; readonly graph: RegExp }[] = [
  { words: ['not', 'no', 'never', 'without', 'nor', 'neither', 'except', 'excluding'], graph: /!=|\bnot_in\b|\bnone \(|\bnot_null\b|\bis_null\b/ },
  { words: ['average', 'mean'], graph: /\bavg\b/ },
  { words: ['total', 'sum'], graph: /\bsum\b/ },
  { words: ['different', 'distinct', 'unique'], graph: /\bdistinct\b|\bcount_distinct\b/ },
  {
    words: ['largest', 'highest', 'greatest', 'biggest', 'maximum', 'max', 'top', 'smallest', 'lowest', 'fewest', 'minimum', 'min', 'oldest', 'youngest', 'earliest', 'latest', 'best', 'worst', 'longest', 'shortest', 'cheapest', 'expensive'],
    graph: /\border (asc|desc)\b|\bmax\b|\bmin\b|\bextreme\b/,
  },
  { words: ['greater', 'larger', 'bigger', 'higher', 'above', 'over', 'exceed', 'fewer', 'smaller', 'lower', 'below', 'under', 'older', 'younger', 'before', 'after', 'between'], graph: /[<>]|\bbetween\b|\bhaving\b/ },
];

/** A word's crude base (plural endings off), so 'customers' meets 'customer'. */
function base(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && word.endsWith('es')) return word.slice(0, -1);
  if (word.length >= 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

/** Words of a text, identifiers split where case changes or at underscores ('UnitPrice', 'unit_price': unit, price). */
function wordsOf(text: string): string[] {
  const split = text.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2').replace(/_/g, ' ');
  return split.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

/** The question's content words (function words out, plurals off), in order, each once. */
export function contentWords(text: string): string[] {
  return [...new Set(wordsOf(text).filter((w) => !FUNCTION_WORDS.has(w)).map(base))];
}

/** Whether `word` is among `said` (a word of five letters or more also by its first five: 'priced' for 'price'). */
export function among(word: string, said: readonly string[]): boolean {
  return said.includes(word) || (word.length >= 5 && said.some((s) => s.startsWith(word.slice(0, 5))));
}

/**
 * The question's content words that nothing of the reading accounts for: not named by its
 * explanation, nor by its query graph (class and attribute names split into words, the values it
 * binds). A reading that leaves 'Germany' or 'discontinued' unread was not about the question asked.
 */
export function unaccountedWords(question: string, reading: Pick<EvidenceReading, 'explanation' | 'queryGraph'>): string[] {
  const graph = reading.queryGraph ?? '';
  const said = [...new Set([...wordsOf(reading.explanation), ...wordsOf(graph)].map(base))];
  // names written as one word ('Highschooler', 'PetID'): a question's word of four letters or more inside one
  const glued = (graph.match(/[A-Za-z0-9_]+/g) ?? []).map((n) => n.toLowerCase());
  const operation = (w: string) => OPERATION_WORDS.some((o) => o.words.includes(w) && o.graph.test(graph));
  return contentWords(question).filter((w) => !among(w, said) && !(w.length >= 4 && glued.some((n) => n.includes(w))) && !operation(w));
}

/** The parts of a canonical query graph (`show ... ; where ... ; ...`), each once. */
function graphParts(queryGraph: string): Set<string> {
  return new Set(queryGraph.split(' ; ').map((p) => p.trim()).filter(Boolean));
}

/**
 * How much the best other reading agrees with the answering one: the share of their query graphs'
 * parts they have in common (Jaccard; their explanations' words when there are no query graphs,
 * text facts); 1 with no other reading.
 */
export function runnerUpAgreement(chosen: EvidenceReading, others: readonly EvidenceReading[]): number {
  const best = [...others].sort((a, b) => b.score - a.score)[0];
  if (!best) return 1;
  const a = chosen.queryGraph !== null && best.queryGraph !== null ? graphParts(chosen.queryGraph) : new Set(wordsOf(chosen.explanation));
  const b = chosen.queryGraph !== null && best.queryGraph !== null ? graphParts(best.queryGraph) : new Set(wordsOf(best.explanation));
  const union = new Set([...a, ...b]).size;
  if (union === 0) return 1;
  return [...a].filter((x) => b.has(x)).length / union;
}

/** The evidence features, in vector order. */
export const EVIDENCE_NAMES = ['unaccounted', 'unaccountedShare', 'questionWords', 'runnerUpAgreement', 'scoreShare', 'noRows', 'readByRival', 'readByNone'] as const;
export type EvidenceName = (typeof EVIDENCE_NAMES)[number];

/** The evidence of an answer, by name. */
export function answerEvidence(input: AnswerEvidenceInput): Record<EvidenceName, number> {
  const asked = contentWords(input.question);
  const unread = unaccountedWords(input.question, input.chosen);
  const total = input.chosen.score + input.others.reduce((sum, o) => sum + Math.max(0, o.score), 0);
  const readByOther = (w: string) => input.others.some((o) => !unaccountedWords(w, o).includes(w));
  const byRival = unread.filter((w) => readByOther(w)).length;
  return {
    readByRival: Math.log1p(byRival),
    readByNone: Math.log1p(unread.length - byRival),
    unaccounted: Math.log1p(unread.length),
    unaccountedShare: asked.length === 0 ? 0 : unread.length / asked.length,
    questionWords: Math.log1p(asked.length),
    runnerUpAgreement: runnerUpAgreement(input.chosen, input.others),
    scoreShare: total > 0 ? Math.max(0, input.chosen.score) / total : 1,
    noRows: input.rows === 0 ? 1 : 0,
  };
}
