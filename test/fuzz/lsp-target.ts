// The built language server (dist/server.js) over stdio, driven as a careless editor would: a
// mutated real file opened, then random incremental edits (ranges past the end, reversed, half-typed
// code, whole-text replacements), version numbers that jump ahead or go back, hovers and code
// actions anywhere, closes and reopens, and garbage (bodies that are not JSON, unknown methods,
// parameters of the wrong shape). Checked: the server stays up, every request gets its response
// within a bounded wait, every published diagnostic lies inside the document at the version it
// names, every code-action edit lies inside the current document, and the last version is published.
// Timing is part of a case (what the server coalesces), so a replayed case may pass where the run
// failed: the failure file holds every message sent, in order, to reproduce it by hand.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { REPO_ROOT } from '../support/paths';
import { mutate, seedTexts } from './analysis-target';
import type { Random } from './random';
import type { FuzzFailure, FuzzTarget } from './target';

const SERVER = join(REPO_ROOT, 'dist', 'server.js');

interface Position {
  line: number;
  character: number;
}
interface Range {
  start: Position;
  end: Position;
}
interface Message {
  id?: number | string | null;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

const TYPED = ['out = model(x)', 'with torch.no_grad():\n    ', 'model.eval()\n', 'for x in loader:\n    ', 'loss.backward()', '(', ')', '"""', "'", ':', '\n', '\r\n', '\r', '\t', '    ', '# noqa', '中文', '🚀', '\\'];

/** Reads `Content-Length` framed messages from a byte stream. */
class FrameReader {
  private buffer = Buffer.alloc(0);

  constructor(private readonly onMessage: (message: Message) => void) {}

  push(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = /Content-Length: *(\d+)/i.exec(this.buffer.subarray(0, headerEnd).toString('ascii'));
      const bodyStart = headerEnd + 4;
      const size = length ? Number(length[1]) : 0;
      if (this.buffer.length < bodyStart + size) return;
      const body = this.buffer.subarray(bodyStart, bodyStart + size).toString('utf8');
      this.buffer = this.buffer.subarray(bodyStart + size);
      try {
        this.onMessage(JSON.parse(body) as Message);
      } catch {
        // The server wrote something that is not JSON: the checks on responses will notice.
      }
    }
  }
}

/** Whether `position` is inside `document` (a line that exists, a character within it or at its end). */
function inside(document: TextDocument, position: Position): boolean {
  if (!(Number.isInteger(position.line) && Number.isInteger(position.character))) return false;
  if (position.line < 0 || position.line >= document.lineCount || position.character < 0) return false;
  const start = document.offsetAt({ line: position.line, character: 0 });
  const next = position.line + 1 < document.lineCount ? document.offsetAt({ line: position.line + 1, character: 0 }) : document.getText().length;
  const line = document.getText().slice(start, next).replace(/(\r\n|\r|\n)$/, '');
  return position.character <= line.length;
}

function rangeInside(document: TextDocument, range: Range): boolean {
  return inside(document, range.start) && inside(document, range.end);
}

export class ServerProcess {
  readonly child: ChildProcess;
  private nextId = 1;
  private readonly pending = new Map<number, (message: Message) => void>();
  exited: string | null = null;
  /** Diagnostics as published, in order. */
  readonly publications: { uri: string; version?: number; diagnostics: { range: Range; code?: unknown }[] }[] = [];
  private waiters = new Set<() => void>();

  /** What the server wrote to stderr. */
  stderr = '';

  /** `nodeArgs` come before the script (a preload); `env` replaces the environment; `script`: another build's server. */
  constructor(options: { nodeArgs?: string[]; env?: NodeJS.ProcessEnv; cwd?: string; script?: string } = {}) {
    this.child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.script ?? SERVER, '--stdio'], {
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(options.env ? { env: options.env } : {}),
      ...(options.cwd ? { cwd: options.cwd } : {}),
    });
    const reader = new FrameReader((m) => this.receive(m));
    this.child.stdout!.on('data', (chunk: Buffer) => reader.push(chunk));
    this.child.stderr!.on('data', (chunk: Buffer) => {
      if (this.stderr.length < 100_000) this.stderr += chunk.toString('utf8');
    });
    this.child.stdin!.on('error', () => undefined);
    this.child.on('exit', (code, signal) => {
      this.exited = `server exited (code ${code}, signal ${signal})`;
      this.notify();
    });
  }

  private notify(): void {
    for (const w of [...this.waiters]) w();
  }

  private receive(message: Message): void {
    if (message.method && message.id !== undefined && message.id !== null) {
      // A request from the server: answer what a minimal editor would.
      const items = (message.params as { items?: unknown[] } | undefined)?.items;
      this.write({ jsonrpc: '2.0', id: message.id, result: message.method === 'workspace/configuration' ? (items ?? []).map(() => null) : null });
      return;
    }
    if (message.method === 'textDocument/publishDiagnostics') {
      this.publications.push(message.params as ServerProcess['publications'][number]);
      this.notify();
      return;
    }
    if (typeof message.id === 'number') {
      this.pending.get(message.id)?.(message);
      this.pending.delete(message.id);
    }
  }

  writeRaw(body: string): void {
    if (this.exited) return;
    this.child.stdin!.write(`Content-Length: ${Buffer.byteLength(body, 'utf8')}\r\n\r\n${body}`);
  }

  write(message: object): void {
    this.writeRaw(JSON.stringify(message));
  }

  notifyServer(method: string, params: unknown): void {
    this.write({ jsonrpc: '2.0', method, params });
  }

  /** The response, or a string saying why none came within `waitMs`. */
  request(method: string, params: unknown, waitMs: number): Promise<Message | string> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      if (this.exited) return resolve(this.exited);
      const timer = setTimeout(() => {
        this.pending.delete(id);
        this.waiters.delete(onExit);
        resolve(`no response to ${method} within ${waitMs} ms`);
      }, waitMs);
      const onExit = () => {
        if (!this.exited) return;
        clearTimeout(timer);
        this.waiters.delete(onExit);
        resolve(this.exited);
      };
      this.waiters.add(onExit);
      this.pending.set(id, (message) => {
        clearTimeout(timer);
        this.waiters.delete(onExit);
        resolve(message);
      });
      this.write({ jsonrpc: '2.0', id, method, params });
    });
  }

  /** Waits until `done()` holds, the server exits, or `waitMs` passes; says which. */
  waitFor(done: () => boolean, waitMs: number): Promise<'done' | 'exited' | 'timeout'> {
    return new Promise((resolve) => {
      const check = () => {
        if (done()) finish('done');
        else if (this.exited) finish('exited');
      };
      const timer = setTimeout(() => finish('timeout'), waitMs);
      const finish = (how: 'done' | 'exited' | 'timeout') => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(how);
      };
      this.waiters.add(check);
      check();
    });
  }

  kill(): void {
    if (!this.exited) this.child.kill('SIGKILL');
  }
}

export class LspTarget implements FuzzTarget {
  readonly name = 'lsp';
  private server: ServerProcess | undefined;
  private seeds: string[] = [];

  /** `waitMs` bounds every wait for a response or a publication. */
  constructor(private readonly waitMs = 15_000) {}

  async prepare(): Promise<void> {
    if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: run \`node scripts/build.mjs\` first`);
    this.seeds = seedTexts();
    await this.start();
  }

  private async start(): Promise<string | undefined> {
    this.server?.kill();
    const server = new ServerProcess();
    this.server = server;
    const init = await server.request('initialize', { processId: process.pid, rootUri: null, capabilities: { textDocument: { publishDiagnostics: { versionSupport: true } } } }, this.waitMs);
    if (typeof init === 'string') return `initialize: ${init}`;
    server.notifyServer('initialized', {});
    return undefined;
  }

  dispose(): void {
    this.server?.kill();
  }

  async run(random: Random): Promise<FuzzFailure[]> {
    if (!this.server || this.server.exited) await this.start();
    const server = this.server!;
    const log: string[] = [];
    const failures: FuzzFailure[] = [];
    const fail = (kind: string, detail: string) => failures.push({ kind, detail, input: log.join('\n') });
    const send = (method: string, params: unknown) => {
      log.push(JSON.stringify({ method, params }));
      server.notifyServer(method, params);
    };
    const uri = `file:///fuzz/case-${random.int(1_000_000)}.py`;
    let document = TextDocument.create(uri, 'python', 1, mutate(random.pick(this.seeds), random));
    /** Text by version number sent; every number is used once. */
    const texts = new Map<number, TextDocument>([[1, document]]);
    let version = 1;
    let open = true;
    const nextVersion = () => {
      let v = random.int(5) === 0 && version > 2 ? 1 + random.int(version - 1) : version + 1 + (random.int(4) === 0 ? random.int(1000) : 0);
      while (texts.has(v)) v++;
      return v;
    };
    server.publications.length = 0;
    const published = 0;
    send('textDocument/didOpen', { textDocument: { uri, languageId: 'python', version, text: document.getText() } });

    const ask = async (method: string, params: unknown): Promise<Message | undefined> => {
      log.push(JSON.stringify({ request: method, params }));
      const answer = await server.request(method, params, this.waitMs);
      if (typeof answer === 'string') {
        fail(server.exited ? 'crash' : 'hang', answer);
        return undefined;
      }
      return answer;
    };
    const randomPosition = (): Position => {
      const far = random.int(10) === 0;
      const line = far ? document.lineCount + random.int(5) : random.int(document.lineCount);
      return { line, character: far || random.int(8) === 0 ? random.int(200) : random.int(40) };
    };

    const steps = 3 + random.int(15);
    for (let step = 0; step < steps && !failures.length; step++) {
      const choice = random.int(20);
      if (!open) {
        version = nextVersion();
        document = TextDocument.create(uri, 'python', version, mutate(random.pick(this.seeds), random));
        texts.set(version, document);
        send('textDocument/didOpen', { textDocument: { uri, languageId: 'python', version, text: document.getText() } });
        open = true;
        continue;
      }
      if (choice < 9) {
        // Incremental edits, one to three in a message; the range may be reversed or past the end.
        const changes: { range?: Range; text: string }[] = [];
        for (let k = 1 + random.int(3); k > 0; k--) {
          if (random.int(12) === 0) {
            changes.push({ text: mutate(document.getText(), random) });
          } else {
            const a = randomPosition();
            const b = random.int(3) === 0 ? randomPosition() : { line: a.line, character: a.character + random.int(10) };
            const typed = random.int(3) === 0 ? '' : random.pick(TYPED);
            changes.push({ range: { start: a, end: b }, text: typed });
          }
        }
        version = nextVersion();
        // One change at a time on a fresh document: TextDocument.update's line table goes wrong for
        // ranges past the end, and the text to check against must be the one LSP defines.
        let text = document.getText();
        for (const change of changes) text = TextDocument.update(TextDocument.create(uri, 'python', 0, text), [change as Parameters<typeof TextDocument.update>[1][number]], 0).getText();
        document = TextDocument.create(uri, 'python', version, text);
        texts.set(version, document);
        send('textDocument/didChange', { textDocument: { uri, version }, contentChanges: changes });
      } else if (choice < 12) {
        const answer = await ask('textDocument/hover', { textDocument: { uri }, position: randomPosition() });
        if (answer?.error && answer.error.code !== -32602 && answer.error.code !== -32803) fail('error-response', `hover: ${answer.error.message}`);
      } else if (choice < 16) {
        const start = randomPosition();
        const current = document;
        const diagnostics = [...server.publications].reverse().find((p) => p.uri === uri)?.diagnostics ?? [];
        const answer = await ask('textDocument/codeAction', {
          textDocument: { uri },
          range: { start, end: random.int(2) ? start : randomPosition() },
          context: { diagnostics: random.int(4) === 0 ? [] : diagnostics, ...(random.int(3) === 0 ? { only: [random.pick(['quickfix', 'source.fixAll', 'source'])] } : {}) },
        });
        if (answer?.error && answer.error.code !== -32602 && answer.error.code !== -32803) fail('error-response', `codeAction: ${answer.error.message}`);
        for (const action of (answer?.result as { edit?: { changes?: Record<string, { range: Range }[]>; documentChanges?: { textDocument?: { uri: string }; edits?: { range: Range }[] }[] } }[] | null) ?? []) {
          const edits = [
            ...Object.entries(action.edit?.changes ?? {}).filter(([u]) => u === uri).flatMap(([, e]) => e),
            ...(action.edit?.documentChanges ?? []).filter((c) => c.textDocument?.uri === uri).flatMap((c) => c.edits ?? []),
          ];
          for (const edit of edits) {
            if (!rangeInside(current, edit.range)) fail('out-of-range', `code action edit ${JSON.stringify(edit.range)} outside a document of ${current.lineCount} lines`);
          }
        }
      } else if (choice < 18) {
        // Garbage: a body that is not JSON, an unknown method, parameters of the wrong shape.
        const kind = random.int(4);
        if (kind === 0) {
          log.push('raw: {"jsonrpc": "2.0", "method": ');
          server.writeRaw('{"jsonrpc": "2.0", "method": ');
        } else if (kind === 1) {
          const answer = await ask('oomlint/noSuchMethod', { uri });
          if (answer && !answer.error) fail('error-response', 'an unknown method got a result');
        } else if (kind === 2) {
          await ask('textDocument/hover', random.int(2) ? null : { textDocument: 42, position: 'here' });
        } else {
          send('textDocument/didChange', { textDocument: { uri: 7 }, contentChanges: 'nothing' });
        }
      } else {
        send('textDocument/didClose', { textDocument: { uri } });
        open = false;
      }
    }

    if (!failures.length && open) {
      // The last version is published in the end, and the server still answers.
      const finalVersion = version;
      const how = await server.waitFor(() => server.publications.slice(published).some((p) => p.uri === uri && p.version === finalVersion), this.waitMs);
      if (how !== 'done') fail(how === 'exited' ? 'crash' : 'hang', `version ${finalVersion} was not published (${how})`);
    }
    for (const p of server.publications.slice(published)) {
      if (p.uri !== uri || p.version === undefined) continue;
      const text = texts.get(p.version);
      if (!text) {
        fail('range', `diagnostics for version ${p.version}, which was never sent`);
        continue;
      }
      for (const d of p.diagnostics) {
        if (!rangeInside(text, d.range)) {
          const fits = [...texts].filter(([, t]) => rangeInside(t, d.range)).map(([v]) => v);
          fail('out-of-range', `${String(d.code)} at ${JSON.stringify(d.range)} outside version ${p.version} (${text.lineCount} lines); inside versions ${fits.join(', ') || 'none'} of ${[...texts.keys()].join(', ')}`);
        }
      }
    }
    if (open) send('textDocument/didClose', { textDocument: { uri } });
    if (server.exited) fail('crash', server.exited);
    if (failures.length) await this.start();
    return failures;
  }
}
