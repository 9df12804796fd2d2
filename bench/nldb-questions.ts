/**
 * Question sets for the text-fact benchmarks (facts-dev, facts-others, the hand-written paraphrases,
 * generated held-out worlds) and their scoring, as the datasets' READMEs say: set, argmin and
 * argmax by set F1 after case-folding and whitespace normalisation (empty vs empty = 1); count and
 * bool by exact match; min/max by numeric equality. For measuring only: never for training.
 */
import { readFileSync } from 'node:fs';
import type { JsonValue } from '../types.js';

export interface FactQuestion {
  readonly id: string;
  readonly question: string;
  readonly type: string;
  readonly join: boolean;
  readonly answer: readonly (string | number | boolean)[];
  /** Support sets as 1-based lines of the core facts file. */
  readonly support: readonly (readonly number[])[];
}

/** A questions.jsonl file; lines without a question (a licence or header record) are skipped. */
export function readFactQuestions(file: string): FactQuestion[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Partial<FactQuestion>)
    .filter((q): q is FactQuestion => typeof q.question === 'string' && typeof q.type === 'string');
}

/** The lines of a facts file, blank lines left out. */
export function readFactLines(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim());
}

const norm = (v: JsonValue | undefined): string => String(v).trim().replace(/\s+/g, ' ').toLowerCase();

/** The score of one answer's rows (first column) against the question's gold answer, 0..1. */
export function scoreRows(q: FactQuestion, rows: readonly (readonly JsonValue[])[]): number {
  const first = rows[0]?.[0];
  switch (q.type) {
    case 'set':
    case 'argmin':
    case 'argmax': {
      const predicted = new Set(rows.map((r) => norm(r[0])));
      const gold = new Set(q.answer.map((a) => norm(a)));
      if (predicted.size === 0 && gold.size === 0) return 1;
      const tp = [...predicted].filter((p) => gold.has(p)).length;
      if (tp === 0) return 0;
      const p = tp / predicted.size;
      const r = tp / gold.size;
      return (2 * p * r) / (p + r);
    }
    case 'count':
    case 'bool':
      if (q.answer.length === 0) return rows.length === 0 ? 1 : 0;
      return first === q.answer[0] ? 1 : 0;
    default: // min, max
      if (q.answer.length === 0) return rows.length === 0 ? 1 : 0;
      return typeof first === 'number' && first === Number(q.answer[0]) ? 1 : 0;
  }
}

/** Scores kept per type (and 'join'), printed as `accuracy: 80.0% over 60 questions` (the mean score: set answers earn part credit) and by type. */
export class ScoreSheet {
  private readonly by = new Map<string, number[]>();

  add(q: FactQuestion, score: number): void {
    for (const key of ['all', q.type, ...(q.join ? ['join'] : [])]) this.by.set(key, [...(this.by.get(key) ?? []), score]);
  }

  /** Mean score over every question, 0..100. */
  get accuracy(): number {
    const all = this.by.get('all') ?? [];
    return (100 * all.reduce((a, b) => a + b, 0)) / Math.max(1, all.length);
  }

  /**
   * Share of questions answered exactly right (score 1: every member of a set and nothing else),
   * 0..100: what bench trust counts as right, since calibration says whether an answer is right.
   */
  get exact(): number {
    const all = this.by.get('all') ?? [];
    return (100 * all.filter((s) => s === 1).length) / Math.max(1, all.length);
  }

  get size(): number {
    return this.by.get('all')?.length ?? 0;
  }

  /** `set 70.0% (n=16), count ...` */
  byType(): string {
    return [...this.by.entries()]
      .filter(([k]) => k !== 'all')
      .map(([k, v]) => `${k} ${pct(v)} (n=${v.length})`)
      .join(', ');
  }
}

export const pct = (xs: readonly number[]): string => `${((100 * xs.reduce((a, b) => a + b, 0)) / Math.max(1, xs.length)).toFixed(1)}%`;
