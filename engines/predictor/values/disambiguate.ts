/**
 * When several stored values fit one mention ("Albert" of three Alberts, "King George V" of two
 * kings), the question's other words choose between them, and what they cannot choose between
 * stays visible as alternatives (Mention.ambiguous) instead of a silent pick:
 * - rankByQuestion (while mentions are found, from the value memory alone): the titles the
 *   question gives ("King") against each thing's titles, and the question's other words against
 *   each value's own words;
 * - disambiguateByRows (at serving, through the source's engine): the rows of the values still
 *   tied, each scored by how many of the question's other words and numbers its other columns
 *   hold ("King George V, the one born 1865"; "Albert ... in Prussia").
 */
import { queryGraph } from '../../query-graph/build.js';
import type { QueryGraphEngine } from '../../query-graph/engine.js';
import type { Mention } from './mentions.js';
import { fold, key, words } from '../../english/normalize.js';
import { ValueMemory, type ValueCandidate } from './value-memory.js';

/** Comparable form of a stored value: "Sweden " and "sweden" are one value written twice (bind.ts takes both). */
const spelling = (value: string) => fold(value);

/** Whether the question's own words can say nothing for or against a value. */
const contentWord = (word: string) => word.length >= 3 && !ValueMemory.isStopword(word) && /\p{L}/u.test(word);

/**
 * The candidates ordered by the question: per attribute, values whose titles the mention writes
 * and whose own words the rest of the question uses come first (stable otherwise); `tied` when
 * the first of some attribute has a rival of the same attribute and match, spelt otherwise and
 * scored the same.
 */
export function rankByQuestion(candidates: readonly ValueCandidate[], mentionWords: readonly string[], otherWords: readonly string[], memory: ValueMemory): { ranked: ValueCandidate[]; tied: boolean } {
  const said = new Set(mentionWords);
  const others = new Set(otherWords.filter(contentWord));
  const score = (c: ValueCandidate) => {
    const titles = memory.titlesOf(c.value).filter((t) => said.has(t.toLowerCase())).length;
    const own = new Set(key(c.value).split(' ').filter((w) => !said.has(w)));
    const echoed = [...others].filter((w) => own.has(w)).length;
    return titles * 2 + echoed;
  };
  const scored = candidates.map((c, i) => ({ c, i, s: score(c) }));
  const ranked = scored.sort((a, b) => b.s - a.s || a.i - b.i);
  return { ranked: ranked.map((r) => r.c), tied: hasTie(ranked.map((r) => ({ candidate: r.c, score: r.s }))) };
}

function hasTie(scored: readonly { candidate: ValueCandidate; score: number }[]): boolean {
  const firsts = new Map<string, { candidate: ValueCandidate; score: number }>();
  for (const entry of scored) {
    const id = `${entry.candidate.classId}\u0000${entry.candidate.attributeId}`;
    const first = firsts.get(id);
    if (!first) {
      firsts.set(id, entry);
      continue;
    }
    if (first.score === entry.score && first.candidate.match === entry.candidate.match && spelling(first.candidate.value) !== spelling(entry.candidate.value)) return true;
  }
  return false;
}

/** Most rows read per ambiguous mention. */
const MAX_ROWS = 50;

/**
 * The mentions with their tied values ordered by their rows (see the file's comment). A mention
 * whose rows single out one value is no longer ambiguous; one whose rows cannot be read stays as
 * it was. Each ambiguous mention costs one read of at most MAX_ROWS rows.
 */
export async function disambiguateByRows(question: string, mentions: readonly Mention[], engine: QueryGraphEngine, timeoutMs: number): Promise<Mention[]> {
  const out: Mention[] = [];
  for (const mention of mentions) {
    out.push(mention.ambiguous ? await byRows(question, mention, mentions, engine, timeoutMs) : mention);
  }
  return out;
}

async function byRows(question: string, mention: Mention, mentions: readonly Mention[], engine: QueryGraphEngine, timeoutMs: number): Promise<Mention> {
  const first = mention.candidates[0];
  if (!first) return mention;
  const rivals = [first, ...(mention.alternatives ?? []).filter((a) => a.classId === first.classId && a.attributeId === first.attributeId)];
  const schema = engine.schema();
  const owner = schema.classes.find((c) => c.id === first.classId);
  if (!owner || rivals.length < 2) return mention;
  const shown = owner.attributes.filter((a) => a.id !== first.attributeId && ['text', 'integer', 'decimal', 'float', 'date', 'datetime'].includes(a.type));
  if (shown.length === 0) return mention;
  // The question's words and numbers outside every mention of a stored text.
  const texts = mentions.filter((m) => m.kind === 'text');
  const outside = words(question).filter((w) => !texts.some((m) => w.start < m.end && m.start < w.end));
  const asked = new Set(outside.map((w) => w.text).filter(contentWord));
  const numbers = new Set(mentions.filter((m) => m.number !== null && m !== mention).map((m) => m.number as number));
  let rows: readonly (readonly unknown[])[];
  try {
    const graph = queryGraph({
      select: [first.attributeId, ...shown.map((a) => a.id)].map((attributeId) => ({ target: { classId: first.classId, attributeId }, aggregate: null })),
      where: [{ target: { classId: first.classId, attributeId: first.attributeId }, operator: 'in', values: rivals.map((r) => ({ kind: 'string' as const, value: r.value })) }],
      limit: MAX_ROWS,
    });
    rows = (await engine.run(graph, { limit: MAX_ROWS, timeoutMs })).result.rows;
  } catch {
    return mention;
  }
  const best = new Map<string, number>();
  for (const row of rows) {
    const value = row[0];
    if (typeof value !== 'string') continue;
    let score = 0;
    for (const cell of row.slice(1)) {
      if (typeof cell === 'number' && numbers.has(cell)) score += 1;
      else if (typeof cell === 'string') {
        const year = /^(\d{4})-\d{2}-\d{2}/.exec(cell);
        if (year && numbers.has(Number(year[1]))) score += 1;
        else score += key(cell).split(' ').filter((w) => asked.has(w)).length;
      }
    }
    best.set(value, Math.max(best.get(value) ?? 0, score));
  }
  const scoreOf = (c: ValueCandidate) => best.get(c.value) ?? 0;
  const ordered = rivals.map((c, i) => ({ c, i })).sort((a, b) => scoreOf(b.c) - scoreOf(a.c) || a.i - b.i).map(({ c }) => c);
  const top = ordered[0] as ValueCandidate;
  const stillTied = ordered.slice(1).some((c) => scoreOf(c) === scoreOf(top) && spelling(c.value) !== spelling(top.value));
  const candidates = mention.candidates.map((c) => (c === first ? top : c));
  const alternatives = [...ordered.slice(1), ...(mention.alternatives ?? []).filter((a) => !rivals.includes(a))];
  return { ...mention, candidates, alternatives, ambiguous: stillTied };
}
