/**
 * Progress on the terminal: a redrawn bar on a TTY, a few plain lines otherwise (CI logs).
 */
import type { Progress } from '../engines/progress.js';

export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  const tty = Boolean(stream.isTTY);
  let label = '';
  let total = 0;
  let done = 0;
  let lastDecile = -1;
  let started = Date.now();

  const draw = () => {
    if (total <= 0) return;
    const fraction = Math.min(1, done / total);
    if (tty) {
      const width = 28;
      const filled = Math.round(fraction * width);
      stream.write(`\r  ${'█'.repeat(filled)}${'░'.repeat(width - filled)} ${String(Math.round(fraction * 100)).padStart(3)}% ${done}/${total} ${label}`.slice(0, 120));
    } else {
      const decile = Math.floor(fraction * 10);
      if (decile !== lastDecile) {
        lastDecile = decile;
        stream.write(`  ${label}: ${decile * 10}% (${done}/${total})\n`);
      }
    }
  };

  return {
    phase(name, size) {
      label = name;
      total = size ?? 0;
      done = 0;
      lastDecile = -1;
      started = Date.now();
      if (total <= 0) stream.write(`${name}\n`);
      else draw();
    },
    advance(count = 1) {
      done += count;
      draw();
    },
    finish(summary) {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (tty && total > 0) stream.write('\n');
      stream.write(`  done${summary ? `: ${summary}` : ''} (${seconds} s)\n`);
      total = 0;
    },
  };
}
