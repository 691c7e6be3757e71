// Gives memory back once the server has been idle for a moment. V8 grows its heap during a burst
// of work (opening a folder's worth of files) and keeps the pages afterwards: without this, closing
// 200 documents left the resident size where it peaked. V8 hands emptied pages back over several
// full collections, so a few run, spaced out, as long as no new work arrives.

/** After this long without work, collect. */
const IDLE_MS = 1500;
/** Pauses before the later collections, which return the pages the earlier ones emptied. */
const LATER_PASSES_MS = [500, 1000, 2000];

type Collect = () => void;

/**
 * The global `gc` function that Node provides when started with --expose-gc (the VS Code client
 * passes it, see SERVER_NODE_FLAGS); without it there is nothing to do. V8 flags are never changed
 * after start-up, which Node documents as unsafe.
 */
function obtainCollector(): Collect | undefined {
  const existing: unknown = (globalThis as Record<string, unknown>)['gc'];
  return typeof existing === 'function' ? (existing as Collect) : undefined;
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
