/**
 * Ambiguity made visible: when the chosen reading and the best other one return different things
 * and are about as likely, say so in English, naming the question's words neither reading
 * repeats (the words the readings took in different senses) and what each reading made of them
 * (the words where their explanations part):
 * "'largest' is ambiguous: read as unit price (48%); units in stock is the runner-up (41%)."
 */

/** Two readings within this many points of probability are "about as likely". */
export const AMBIGUITY_MARGIN = 0.15;

/** What the check needs of a reading. */
export interface ReadingForAmbiguity {
  readonly probability: number;
  readonly explanation: string;
  readonly queryGraph: string | null;
  /** Its rows as returned, or null when it was not run. */
  readonly rows: readonly (readonly unknown[])[] | null;
}

const STOPWORDS = new Set(
  'a an the of in on at to for from by with and or is are was were be been what which who whom whose how many much does do did has have had there their its it that this these those me show list give tell find all any each every than more most less least'.split(' '),
);

const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
const stem = (word: string) => word.replace(/(ies|es|s)$/, '');
const pct = (p: number) => `${Math.round(p * 100)}%`;

/** Whether the two readings return different things (different rows, or different graphs when one did not run). */
function differ(a: ReadingForAmbiguity, b: ReadingForAmbiguity): boolean {
  if (a.rows && b.rows) return JSON.stringify(a.rows) !== JSON.stringify(b.rows);
  return a.queryGraph !== b.queryGraph || a.explanation !== b.explanation;
}

/** What each explanation says that the other does not: the words between their common beginning and common end. */
function differingParts(a: string, b: string): [string, string] {
  const wa = words(a);
  const wb = words(b);
  let start = 0;
  while (start < wa.length && start < wb.length && wa[start] === wb[start]) start += 1;
  let end = 0;
  while (end < wa.length - start && end < wb.length - start && wa[wa.length - 1 - end] === wb[wb.length - 1 - end]) end += 1;
  return [wa.slice(start, wa.length - end).join(' '), wb.slice(start, wb.length - end).join(' ')];
}

/** The sentence, or null when the readings are not close or return the same. */
export function describeAmbiguity(question: string, chosen: ReadingForAmbiguity, runnerUp: ReadingForAmbiguity | undefined): string | null {
  if (!runnerUp || chosen.probability - runnerUp.probability > AMBIGUITY_MARGIN || !differ(chosen, runnerUp)) return null;
  const said = new Set([...words(chosen.explanation), ...words(runnerUp.explanation)].map(stem));
  const unexplained = [...new Set(words(question).filter((w) => w.length > 2 && !STOPWORDS.has(w) && !said.has(stem(w))))];
  const [partA, partB] = differingParts(chosen.explanation, runnerUp.explanation);
  const readA = partA || chosen.explanation;
  const readB = partB || runnerUp.explanation;
  const subject = unexplained.length > 0 ? `${unexplained.map((w) => `'${w}'`).join(', ')} ${unexplained.length > 1 ? 'are' : 'is'} ambiguous` : 'The question reads two ways';
  return `${subject}: read as ${readA} (${pct(chosen.probability)}); ${readB} is the runner-up (${pct(runnerUp.probability)}).`;
}
