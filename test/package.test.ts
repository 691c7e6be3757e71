// The .vsix as users install it: `npm run package` runs in a scratch copy of the sources (so this
// repository's dist/ is not rebuilt under other tests), then the archive's contents are checked and
// the language server is started from the unpacked files, with no node_modules anywhere near them.
// Set OOMLINT_VSIX to check an existing package instead (for example the one CI publishes).
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { after, before, test } from 'node:test';
import { inflateRawSync } from 'node:zlib';
import { REPO_ROOT } from './support/paths';

/** What `npm run package` reads: the manifest, the files that ship, and the sources of the bundles. */
const PACKAGING_INPUTS = [
  'package.json',
  'package.nls.json',
  'package.nls.zh-cn.json',
  'package.nls.ru.json',
  'l10n',
  '.vscodeignore',
  'README.md',
  'CHANGELOG.md',
  'docs',
  'LICENSE',
  'images',
  'grammars',
  'scripts/build.mjs',
  'scripts/sync-manifest.mjs',
  'server/src',
  'client/src',
  'tsconfig.json',
  'tsconfig.base.json',
  'server/tsconfig.json',
  'client/tsconfig.json',
];

const SHIPPED = [
  'extension/package.json',
  'extension/package.nls.json',
  'extension/package.nls.zh-cn.json',
  'extension/package.nls.ru.json',
  'extension/l10n/bundle.l10n.zh-cn.json',
  'extension/l10n/bundle.l10n.ru.json',
  'extension/readme.md',
  'extension/changelog.md',
  'extension/LICENSE.txt',
  'extension/images/icon.png',
  'extension/dist/extension.js',
  'extension/dist/server.js',
  'extension/dist/cli.js',
  'extension/grammars/tree-sitter-python.wasm',
  'extension/grammars/web-tree-sitter.wasm',
  'extension/grammars/provenance.json',
  // The README's pictures, and the pages its links lead to (with theirs).
  ...readmeImages().map((path) => `extension/${path}`),
  ...filesUnder('docs').filter((path) => path.endsWith('.md') || (path.startsWith('docs/images/') && path.endsWith('.png'))).map((path) => `extension/${path}`),
];

/** The relative links and image paths of the README, as paths from the repository root. */
function readmeTargets(): { images: string[]; links: string[] } {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const images: string[] = [];
  const links: string[] = [];
  for (const m of readme.matchAll(/(!?)\[(?:[^\]]*)\]\(([^)\s]+)\)/g)) {
    const target = m[2]!.split('#')[0]!;
    if (!target || /^[a-z]+:/i.test(target)) continue;
    (m[1] ? images : links).push(target);
  }
  return { images, links };
}

function readmeImages(): string[] {
  return [...new Set(readmeTargets().images)];
}

/** Every file under `dir` of the repository, as paths from its root. */
function filesUnder(dir: string): string[] {
  return readdirSync(join(REPO_ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(REPO_ROOT, join(entry.parentPath, entry.name)).split(sep).join('/'));
}
/** vsce's own bookkeeping at the archive root. */
const VSIX_METADATA = ['[Content_Types].xml', 'extension.vsixmanifest'];
const MAX_VSIX_BYTES = 5 * 1024 * 1024;
const SERVER_ANSWER_TIMEOUT_MS = 20_000;

// ---- reading the archive (a .vsix is a zip) ----

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  dataStart: number;
}

/** Entries from the zip's central directory; vsce writes no zip64 or multi-disk archives. */
function readZipEntries(zip: Buffer): ZipEntry[] {
  const endSignature = 0x06054b50;
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== endSignature) end--;
  assert.ok(end >= 0, 'no end-of-central-directory record: not a zip');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    assert.equal(zip.readUInt32LE(at), 0x02014b50, 'corrupt central directory');
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localHeader = zip.readUInt32LE(at + 42);
    // The local header repeats name and extra field, with lengths of its own.
    const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      dataStart,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function entryContents(zip: Buffer, entry: ZipEntry): Buffer {
  const data = zip.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  if (entry.method === 0) return data;
  assert.equal(entry.method, 8, `${entry.name}: unsupported compression method ${entry.method}`);
  return inflateRawSync(data);
}

// ---- speaking LSP to the unpacked server over stdio ----

interface LspMessage {
  id?: number;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: unknown;
}

/** Frames outgoing messages, and resolves waits on incoming ones that match. */
class LspStdioPeer {
  private buffered = Buffer.alloc(0);
  private readonly received: LspMessage[] = [];
  private readonly waiters: { accept: (m: LspMessage) => boolean; resolve: (m: LspMessage) => void }[] = [];

  constructor(private readonly server: ChildProcessWithoutNullStreams) {
    server.stdout.on('data', (chunk: Buffer) => this.onData(chunk));
  }

  send(message: LspMessage): void {
    const body = JSON.stringify({ jsonrpc: '2.0', ...message });
    this.server.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }

  waitFor(accept: (m: LspMessage) => boolean, what: string): Promise<LspMessage> {
    const seen = this.received.find(accept);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${what} within ${SERVER_ANSWER_TIMEOUT_MS} ms`)), SERVER_ANSWER_TIMEOUT_MS);
      const exited = () => reject(new Error(`the server exited before sending ${what}`));
      this.server.once('exit', exited);
      this.waiters.push({
        accept,
        resolve: (m) => {
          clearTimeout(timer);
          this.server.off('exit', exited);
          resolve(m);
        },
      });
    });
  }

  private onData(chunk: Buffer): void {
    this.buffered = Buffer.concat([this.buffered, chunk]);
    for (;;) {
      const headerEnd = this.buffered.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = /Content-Length: (\d+)/i.exec(this.buffered.toString('latin1', 0, headerEnd));
      assert.ok(length, 'LSP header without Content-Length');
      const bodyStart = headerEnd + 4;
      const bodyEnd = bodyStart + Number(length[1]);
      if (this.buffered.length < bodyEnd) return;
      const message = JSON.parse(this.buffered.toString('utf8', bodyStart, bodyEnd)) as LspMessage;
      this.buffered = this.buffered.subarray(bodyEnd);
      this.received.push(message);
      for (const waiter of this.waiters.filter((w) => w.accept(message))) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  }
}

// ---- building the package ----

const scratch = mkdtempSync(join(tmpdir(), 'oomlint-package-'));
let vsix: Buffer;
let entries: ZipEntry[];

/** `npm run package` in a copy of the packaging inputs, sharing this checkout's node_modules. */
function packageInScratchCopy(): string {
  const source = join(scratch, 'source');
  for (const input of PACKAGING_INPUTS) {
    assert.ok(existsSync(join(REPO_ROOT, input)), `${input} is missing; packaging needs it`);
    cpSync(join(REPO_ROOT, input), join(source, input), { recursive: true });
  }
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(source, 'node_modules'), 'junction');
  const run = spawnSync('npm', ['run', 'package'], { cwd: source, encoding: 'utf8', shell: process.platform === 'win32' });
  assert.equal(run.status, 0, `npm run package failed:\n${run.stdout}\n${run.stderr}`);
  const { version } = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as { version: string };
  const packaged = join(source, `oomlint-${version}.vsix`);
  assert.ok(existsSync(packaged), `npm run package wrote no ${packaged}`);
  return packaged;
}

const unpacked = join(scratch, 'unpacked');

before(() => {
  vsix = readFileSync(process.env.OOMLINT_VSIX || packageInScratchCopy());
  entries = readZipEntries(vsix);
  for (const entry of entries) {
    const target = join(unpacked, entry.name);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, entryContents(vsix, entry));
  }
});

after(() => rmSync(scratch, { recursive: true, force: true }));

// ---- the checks ----

test('the package is small', () => {
  assert.ok(vsix.length < MAX_VSIX_BYTES, `${vsix.length} bytes`);
});

test('the package holds the bundles, grammars, docs and icon, and nothing else', () => {
  const names = entries.map((e) => e.name).sort();
  assert.deepEqual(names, [...VSIX_METADATA, ...SHIPPED].sort());
});

test("the Details page works offline: the packaged README's pictures and links are in the package, its links relative", () => {
  const names = new Set(entries.map((e) => e.name));
  const packaged = readFileSync(join(unpacked, 'extension', 'readme.md'), 'utf8');
  const { images, links } = readmeTargets();
  assert.ok(images.length >= 2, 'the README has pictures');
  for (const target of [...images, ...links]) {
    assert.ok(packaged.includes(`](${target}`), `vsce rewrote the link to ${target}`);
    assert.ok(names.has(`extension/${target}`), `${target} is not in the package`);
  }
});

test('no sources, tests, source maps or node_modules slip in', () => {
  for (const { name } of entries) {
    assert.doesNotMatch(name, /\.ts$|\.map$|(^|\/)node_modules\/|(^|\/)(test|out)\//, name);
  }
});

test('the shipped manifest names the shipped entry point and icon', () => {
  const manifestEntry = entries.find((e) => e.name === 'extension/package.json');
  assert.ok(manifestEntry);
  const manifest = JSON.parse(entryContents(vsix, manifestEntry).toString('utf8')) as { main: string; icon: string };
  const shipped = new Set(entries.map((e) => e.name));
  assert.ok(shipped.has(join('extension', manifest.main).replaceAll('\\', '/')), manifest.main);
  assert.ok(shipped.has(`extension/${manifest.icon}`), manifest.icon);
});

test('the bundles require only Node built-ins (and the extension also `vscode`)', () => {
  const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
  for (const bundle of ['extension/dist/extension.js', 'extension/dist/server.js', 'extension/dist/cli.js']) {
    const entry = entries.find((e) => e.name === bundle);
    assert.ok(entry, bundle);
    const code = entryContents(vsix, entry).toString('utf8');
    const required = [...code.matchAll(/\brequire\((["'])([^"']+)\1\)/g)].map((m) => m[2]!);
    const foreign = required.filter((r) => !builtins.has(r) && !(bundle.endsWith('extension.js') && r === 'vscode'));
    assert.deepEqual([...new Set(foreign)], [], bundle);
  }
});

test('the extension bundle carries the rule pages but not the rules or the analysis behind them', () => {
  const entry = entries.find((e) => e.name === 'extension/dist/extension.js');
  assert.ok(entry);
  const code = entryContents(vsix, entry).toString('utf8');
  // The pages' text is there (generated from the rules), their diagnostics' messages are not.
  assert.match(code, /eval-without-no-grad/);
  for (const message of ['records an autograd graph that is never used', 'still carries its autograd graph', 'runs a forward pass']) {
    assert.ok(!code.includes(message), `the client bundles rule code (found "${message}")`);
  }
});

test('the unpacked command-line tool runs without node_modules', () => {
  const run = spawnSync(process.execPath, [join(unpacked, 'extension', 'dist', 'cli.js'), '--version'], {
    cwd: unpacked,
    encoding: 'utf8',
    env: { ...process.env, NODE_PATH: '' },
  });
  const { version } = JSON.parse(readFileSync(join(unpacked, 'extension', 'package.json'), 'utf8')) as { version: string };
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout.trim(), `oomlint ${version}`);
});

test('the unpacked language server starts without node_modules and lints a document', async () => {
  const server = spawn(process.execPath, [join(unpacked, 'extension', 'dist', 'server.js'), '--stdio'], {
    cwd: unpacked,
    env: { ...process.env, NODE_PATH: '' },
  });
  let stderr = '';
  server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const peer = new LspStdioPeer(server);
  try {
    peer.send({ id: 1, method: 'initialize', params: { processId: process.pid, rootUri: null, capabilities: {} } });
    const initialized = await peer.waitFor((m) => m.id === 1, 'answer to initialize');
    assert.equal(initialized.error, undefined, JSON.stringify(initialized.error));
    const result = initialized.result as { capabilities: object; serverInfo?: { name: string } };
    assert.equal(result.serverInfo?.name, 'oomlint');
    assert.ok(result.capabilities);

    // Linting needs the grammar .wasm files found next to the unpacked bundle.
    peer.send({ method: 'initialized', params: {} });
    const uri = 'file:///packaged/evaluate.py';
    const text = 'import torch\n\n\ndef evaluate(model, loader):\n    model.eval()\n    for x, y in loader:\n        out = model(x)\n    return 0\n';
    peer.send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'python', version: 1, text } } });
    const published = await peer.waitFor(
      (m) => m.method === 'textDocument/publishDiagnostics' && (m.params as { uri: string }).uri === uri,
      'diagnostics for the opened document',
    );
    const codes = (published.params as { diagnostics: { code: string }[] }).diagnostics.map((d) => d.code);
    assert.ok(codes.includes('OOM001'), `codes: ${JSON.stringify(codes)}; server stderr: ${stderr}`);

    peer.send({ id: 2, method: 'shutdown' });
    await peer.waitFor((m) => m.id === 2, 'answer to shutdown');
    peer.send({ method: 'exit' });
  } finally {
    server.kill();
  }
});
