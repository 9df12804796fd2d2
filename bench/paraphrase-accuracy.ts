/**
 * Part of `npm run bench -- querygraph`: execution accuracy of the dev questions as worded in
 * questions-dev against the same questions in other people's words (bench/data/paraphrases-*),
 * asked as an outside client (GraphQL over HTTP to `nlq serve`), one source at a time, top-3,
 * scored by questions-dev's rule (dev-questions.ts). Issue 18's target: paraphrases within 5
 * points of the originals.
 */
import { askOverHttp } from './ask-client.js';
import { matchesGold, type DevQuestion } from './dev-questions.js';
import { originalsOf, PARAPHRASE_STYLES, readParaphrases, type ParaphraseSet } from './paraphrases.js';
import { latencySummary } from './stats.js';

/** Which source each paraphrase set is asked of, and how the report names it. */
const SETS: readonly { readonly set: ParaphraseSet; readonly source: string; readonly label: string }[] = [
  { set: 'northwind', source: 'northwind', label: 'Northwind (SQL source northwind)' },
  { set: 'royals', source: 'royals', label: 'royals (source royals)' },
];

const pct = (right: number, all: number) => `${right}/${all} = ${all === 0 ? 'n/a' : `${((right / all) * 100).toFixed(1)}%`}`;

/** Asks each of `questions` of `source` at `url`; returns whether each was answered right, in order. */
async function score(url: string, source: string, questions: readonly DevQuestion[], latencies: number[]): Promise<boolean[]> {
  const right: boolean[] = [];
  for (const q of questions) {
    const answer = await askOverHttp(url, q.question, { source, topK: 3, limit: 1000 });
    latencies.push(answer.ms);
    right.push(answer.rows !== null && matchesGold(q, answer.rows));
  }
  return right;
}

/** Prints originals against paraphrases for each set, through the gateway served at `url`. */
export async function paraphraseBenchmarks(url: string): Promise<void> {
  console.log('\nparaphrases (bench/data/paraphrases-*.jsonl), asked through GraphQL over HTTP as an outside client, one source, top-3:');
  for (const { set, source, label } of SETS) {
    const paraphrases = readParaphrases(set);
    const originals = originalsOf(paraphrases);
    const latencies: number[] = [];
    const originalRight = await score(url, source, originals, latencies);
    const paraphraseRight = await score(url, source, paraphrases, latencies);
    const rightOriginal = new Set(originals.filter((_, i) => originalRight[i]).map((q) => q.id));
    const o = rightOriginal.size;
    const p = paraphraseRight.filter(Boolean).length;
    const byStyle = PARAPHRASE_STYLES.map((style) => {
      const of = paraphrases.map((q, i) => ({ q, right: paraphraseRight[i] })).filter((x) => x.q.style === style);
      return `${style} ${pct(of.filter((x) => x.right).length, of.length)}`;
    });
    // Robustness proper: of the questions answered right as worded, how many rewordings still are.
    const kept = paraphrases.map((q, i) => ({ q, right: paraphraseRight[i] })).filter((x) => rightOriginal.has(x.q.id));
    const gap = (p / paraphrases.length - o / originals.length) * 100;
    console.log(`  ${label}:`);
    console.log(`    originals   ${pct(o, originals.length)}`);
    console.log(`    paraphrases ${pct(p, paraphrases.length)} (${byStyle.join(', ')}); ${gap >= 0 ? '+' : ''}${gap.toFixed(1)} points against the originals`);
    console.log(`    paraphrases of the originals answered right: ${pct(kept.filter((x) => x.right).length, kept.length)}`);
    console.log(`    originals wrong: ${originals.filter((q) => !rightOriginal.has(q.id)).map((q) => q.id).join(' ') || '-'}`);
    console.log(`    paraphrases wrong: ${paraphrases.filter((_, i) => !paraphraseRight[i]).map((q) => `${q.id}/${q.style}`).join(' ') || '-'}`);
    console.log(`    ask round trip: ${latencySummary(latencies)}`);
  }
}
