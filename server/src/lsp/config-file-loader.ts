// Reads pyproject.toml files on a worker thread when they are large, so that a cloned repository's
// megabyte of TOML keys (about a second to parse) never holds the server's event loop: hovers, edits
// and other documents go on meanwhile. Files of ordinary size (a few milliseconds to parse) are read
// on the event loop, without a worker's start-up. The worker starts when first needed and stops when idle.
import { statSync } from 'node:fs';
import { Worker, type MessagePort } from 'node:worker_threads';
import { loadProjectFile, type LoadedFile } from '../config/discover';

/** Marks the worker data of a configuration worker, so the server entry knows to serve instead of listen. */
export const CONFIG_WORKER_ROLE = 'oomlint-config-worker';

export interface ConfigFileLoader {
  /**
   * Reads `files` (nearest first) until one declares `[tool.oomlint]`: the files a lookup needs.
   * null for a file that does not exist.
   */
  read(files: readonly string[]): Promise<Map<string, LoadedFile | null>>;
  dispose(): void;
}

function readInOrder(files: readonly string[]): Map<string, LoadedFile | null> {
  const loaded = new Map<string, LoadedFile | null>();
  for (const file of files) {
    const result = loadProjectFile(file);
    loaded.set(file, result);
    if (result?.declaresSection) break;
  }
  return loaded;
}

/** Reads on the calling thread (tests, and clients of the library without a worker script). */
export const inThreadConfigLoader: ConfigFileLoader = {
  read: (files) => Promise.resolve(readInOrder(files)),
  dispose: () => undefined,
};

interface ReadRequest {
  id: number;
  files: string[];
}

interface ReadReply {
  id: number;
  entries: [string, LoadedFile | null][];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export function isConfigWorkerData(value: unknown): boolean {
  return isRecord(value) && value.role === CONFIG_WORKER_ROLE;
}

/** The worker's side: read what it is asked for, reply with the results. */
export function serveConfigWorker(port: MessagePort): void {
  port.on('message', (message: unknown) => {
    if (!isRecord(message) || typeof message.id !== 'number' || !Array.isArray(message.files)) return;
    const files = message.files.filter((f): f is string => typeof f === 'string');
    const reply: ReadReply = { id: message.id, entries: [...readInOrder(files)] };
    port.postMessage(reply);
  });
}

/** Files up to this size are parsed on the event loop: at most about 20 ms of the slowest TOML (keys). */
export const IN_THREAD_MAX_BYTES = 64 * 1024;

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** How long the worker waits for the next read before it stops. */
const IDLE_STOP_MS = 30_000;
/** A worker that parses more than this is stopped: the configuration file is at most 1 MiB. */
const WORKER_HEAP_MB = 256;

export class WorkerConfigLoader implements ConfigFileLoader {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, { resolve: (loaded: Map<string, LoadedFile | null>) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private disposed = false;

  constructor(
    /** The script the worker runs: the server's own entry, which serves when started as this worker. */
    private readonly script: string,
    private readonly idleStopMs = IDLE_STOP_MS,
  ) {}

  read(files: readonly string[]): Promise<Map<string, LoadedFile | null>> {
    if (this.disposed) return Promise.reject(new Error('the server is shutting down'));
    // A special file (a FIFO) reports its size as 0: it is refused unread by the reader either way.
    if (files.every((file) => sizeOf(file) <= IN_THREAD_MAX_BYTES)) return Promise.resolve(readInOrder(files));
    clearTimeout(this.idleTimer);
    const worker = this.started();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const request: ReadRequest = { id, files: [...files] };
      worker.postMessage(request);
    });
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.idleTimer);
    this.stop(new Error('the server is shutting down'));
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.script, { workerData: { role: CONFIG_WORKER_ROLE }, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    // The worker must not keep the server's process alive after `exit`.
    worker.unref();
    worker.on('message', (message: unknown) => this.settle(message));
    worker.on('error', (error) => this.failed(worker, error));
    worker.on('exit', (code) => this.failed(worker, new Error(`the configuration reader stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private settle(message: unknown): void {
    if (!isRecord(message) || typeof message.id !== 'number' || !Array.isArray(message.entries)) return;
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    waiting.resolve(new Map((message as unknown as ReadReply).entries));
    if (!this.pending.size) {
      this.idleTimer = setTimeout(() => this.stop(), this.idleStopMs);
      this.idleTimer.unref();
    }
  }

  private failed(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  private stop(error?: Error): void {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    for (const waiting of this.pending.values()) waiting.reject(error ?? new Error('stopped'));
    this.pending.clear();
    void worker.terminate();
  }
}
