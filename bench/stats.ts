/** Figures benchmarks print: percentiles of samples and rates. */

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

/** `p50 1.2 ms, p95 …, p99 …, max …` for a list of durations in milliseconds. */
export function latencySummary(samples: readonly number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
  return `n=${sorted.length} p50 ${fmt(percentile(sorted, 50))}, p95 ${fmt(percentile(sorted, 95))}, p99 ${fmt(percentile(sorted, 99))}, max ${fmt(sorted[sorted.length - 1] ?? Number.NaN)}`;
}

/** Times `fn` `runs` times (after `warmup` untimed runs); returns milliseconds per run. */
export async function sample(runs: number, fn: () => Promise<unknown>, warmup = Math.min(10, runs)): Promise<number[]> {
  for (let i = 0; i < warmup; i += 1) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  return samples;
}
