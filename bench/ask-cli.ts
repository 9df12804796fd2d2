/**
 * What one `nlq ask` costs (it opens the sources and loads their models, answers, and exits): wall
 * time and the process's peak RSS, with every source of the default world and with `--source`
 * naming one, three runs each, run as a user runs it (the built CLI in its own process). The README's
 * Limits quote these figures with the day they were measured.
 */
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataDir } from '../world/data-dir.js';
import { percentile } from './stats.js';
import { scratchWorld } from './world.js';

const QUESTION = "Who was Queen Victoria's father?";
const RUNS = 3;

export async function askCliBenchmark(): Promise<void> {
  const { dir, config } = await scratchWorld();
  const cli = join(dataDir(), '..', 'dist', 'cli', 'nlq.js');
  // The child reports its own peak RSS as it exits (process.resourceUsage, in KB).
  const reporter = join(dir, 'report-rss.cjs');
  writeFileSync(reporter, "process.on('exit', () => require('node:fs').writeSync(2, `\\nmaxRSS ${process.resourceUsage().maxRSS}\\n`));\n");
  try {
    for (const [label, extra] of [
      ['every source', []],
      ['--source royals', ['--source', 'royals']],
    ] as const) {
      const seconds: number[] = [];
      const rss: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const started = performance.now();
        const child = spawnSync(process.execPath, ['--require', reporter, cli, 'ask', QUESTION, ...extra, '--config', config.file], { encoding: 'utf8' });
        seconds.push((performance.now() - started) / 1000);
        const peak = /maxRSS (\d+)/.exec(child.stderr)?.[1];
        if (child.status !== 0 || !peak) throw new Error(`nlq ask failed (${child.status}): ${child.stderr.slice(-500)}`);
        rss.push(Number(peak) / 1024);
      }
      const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
      console.log(`  nlq ask, ${label}: wall p50 ${percentile(sorted(seconds), 50).toFixed(1)} s (max ${Math.max(...seconds).toFixed(1)}), peak RSS p50 ${percentile(sorted(rss), 50).toFixed(0)} MB (max ${Math.max(...rss).toFixed(0)}) over ${RUNS} runs`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
