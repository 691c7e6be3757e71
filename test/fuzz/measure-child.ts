// Preloaded (`node --require`) into a process the budget harness runs: when the process exits it
// writes its peak memory and the longest its event loop was held to the file the harness names, so
// the harness measures the child itself rather than timing a unit test. SIGUSR2 restarts the count of
// the event loop's holds.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const target = process.env.OOMLINT_MEASURE_FILE;
if (target && isMainThread) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  // The harness sends SIGUSR2 when the part it measures begins (after start-up's loading).
  process.on('SIGUSR2', () => delay.reset());
  process.on('exit', () => {
    delay.disable();
    const measured = { maxRssKb: process.resourceUsage().maxRSS, maxLoopDelayMs: Math.round(delay.max / 1e6) };
    try {
      writeFileSync(target, JSON.stringify(measured));
    } catch {
      // The harness then reports the measurement as missing.
    }
  });
}
