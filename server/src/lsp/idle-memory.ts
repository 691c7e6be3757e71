// Gives memory back once the server has been idle for a moment. V8 grows its heap during a burst
// of work (opening a folder's worth of files) and keeps the pages afterwards: without this, closing
// 200 documents left the resident size where it peaked. V8 hands emptied pages back over several
// full collections, so a few run, spaced out, as long as no new work arrives.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** After this long without work, collect. */
const IDLE_MS = 1500;
/** Pauses before the later collections, which return the pages the earlier ones emptied. */
const LATER_PASSES_MS = [500, 1000, 2000];

type Collect = () => void;

/** The `gc` function: the global one when Node runs with --expose-gc, otherwise exposed now. */
function obtainCollector(): Collect | undefined {
  const existing: unknown = (globalThis as Record<string, unknown>)['gc'];
  if (typeof existing === 'function') return existing as Collect;
  try {
    setFlagsFromString('--expose-gc');
    const exposed: unknown = runInNewContext('gc');
    return typeof exposed === 'function' ? (exposed as Collect) : undefined;
  } catch {
    return undefined;
  }
}

export class IdleMemoryRelease {
  private timer: NodeJS.Timeout | undefined;
  private dirty = false;

  constructor(private readonly collect: Collect | undefined = obtainCollector()) {}

  /** Work happened (a lint, a document closed): collect once things are quiet again. */
  noteWork(): void {
    if (!this.collect) return;
    this.dirty = true;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.release(), IDLE_MS);
    // Never keep the process alive for this.
    this.timer.unref();
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private release(pass = 0): void {
    if (!this.collect) return;
    if (pass === 0) {
      if (!this.dirty) return;
      this.dirty = false;
    }
    this.collect();
    const pause = LATER_PASSES_MS[pass];
    if (pause === undefined) return;
    // noteWork() replaces this timer, so new work stops the remaining passes.
    this.timer = setTimeout(() => this.release(pass + 1), pause);
    this.timer.unref();
  }
}
