// Gives memory back once the server has been idle for a moment. V8 grows its heap during a burst
// of work (opening a folder's worth of files) and keeps the pages afterwards: without this, closing
// 200 documents left the resident size where it peaked. V8 hands emptied pages back over several
// full collections, so a few run, spaced out, as long as no new work arrives.
//
// The young generation is a separate case. A burst grows it to its largest (about 33 MB on 64-bit
// Node), and V8 shrinks it again only at a collection where little was allocated over the last five
// seconds or so; the collections of the burst itself count in that window. The first idle passes come
// too early for that, so the last one waits until five quiet seconds have passed since the first.
// Measured with 200 documents of 1,000 lines open: the young generation was 34 MB and empty at every
// earlier pass, and this pass gives it back.

/** After this long without work, collect. */
const IDLE_MS = 1500;
/**
 * Pauses before the later collections, which return the pages the earlier ones emptied. They add up to
 * just over five seconds, so that the last pass finds the quiet window V8 needs before it shrinks the
 * young generation (see above).
 */
const LATER_PASSES_MS = [500, 1000, 2000, 1600];

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
