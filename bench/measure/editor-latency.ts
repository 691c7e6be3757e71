// Editor latency over the real LSP: the time from sending a one-character didChange to receiving the
// publishDiagnostics of that version, at several places in files of each size. Every edit waits for
// its diagnostics before the next is sent, as when someone types slower than the linter. The
// reference is ruff's WebAssembly build checking each edited text in full, in this process.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { analyze } from '../../server/src/analysis/analyze';
import { OpenDocument } from '../../server/src/lsp/open-document';
import { editForChange } from '../../server/src/lsp/tree-edit';
import { hasSyntaxErrors } from '../../server/src/parser/indentation';
import { PythonParser } from '../../server/src/parser/parser';
import type { SyntaxNode } from '../../server/src/parser/syntax';
import { AnalysisSession } from '../../server/src/analysis/session';
import { largeFile } from '../corpus/large-file';
import { realModulesFile } from '../corpus/real-modules';
import { countLines } from '../corpus/corpus';
import { LspSession } from '../lsp/lsp-session';
import { GRAMMAR_DIR } from '../paths';
import { ruffCheck, ruffWorkspace } from '../references/ruff-settings';
import { median, percentile, round } from '../stats';

export interface LatencySummary {
  p50: number;
  p95: number;
  max: number;
}

/** Where an edit is: inside a function's body, or anywhere else (module level, a `def` line, a class body). */
export type EditPlace = 'function body' | 'elsewhere';

/** The latencies of the edits of one kind. */
export interface EditClassResult {
  place: EditPlace;
  /** Whether the edited text parses without errors. */
  clean: boolean;
  edits: number;
  oomlint: LatencySummary;
  reparse: LatencySummary;
}

export interface EditorSizeResult {
  lines: number;
  /** Generated modules merged into one file, or real modules joined (see bench/corpus/real-modules.ts). */
  code: 'generated' | 'real';
  edits: number;
  /** Timed passes over the edits after the warm-up pass: each latency figure is over edits × passes samples. */
  passes: number;
  /** The same measurements split by where the edit is and whether the edited text parses cleanly. */
  byClass: EditClassResult[];
  /** Split by where the edit is only. */
  byPlace: { place: EditPlace; edits: number; oomlint: LatencySummary; reparse: LatencySummary }[];
  /** didChange -> publishDiagnostics of that version, in ms. */
  oomlint: LatencySummary;
  /** ruff-wasm `check` of the same edited texts, in ms. */
  ruff: LatencySummary;
  /**
   * Like for like with ruff: the same edits applied to an open document in this process, its incremental
   * reparse and the analysis as the server runs them, without the protocol. Warmed up with as many passes
   * as the server, then as many timed passes.
   */
  inProcess: LatencySummary;
  /**
   * web-tree-sitter's incremental reparse of the whole text after each edit (`Tree.edit` +
   * `parse(text, oldTree)`), in this process, nothing else. Not a floor: the server reparses the one
   * top-level statement an edit stays inside, and tree-sitter-python's whole reparse takes 60 to 70 ms
   * after some one-letter edits of the 10,000-line file (2 ms after others).
   */
  reparse: LatencySummary;
  /** didOpen -> first diagnostics, in ms. */
  openMs: number;
  /** The first edit after the open (the first of the warm-up passes): didChange -> its diagnostics, in ms. */
  firstEditMs: number;
  /** Passes over the edits before the timed ones (see WARM_UP_EDITS). */
  warmUpPasses: number;
  /**
   * The first warm-up pass: the same edits, just after the open, before the server has compiled the
   * code they take. What someone sees on their first keystrokes into a server that has just started.
   */
  firstPass: LatencySummary;
  p95ToRuffP95: number;
}

/**
 * The same round trip for a one-line document (`x = 1`, a letter typed after `x` and deleted): what the
 * protocol, the two processes and the server's scheduling cost with next to no analysis. Every size's
 * latency includes it; ruff's check, run in this process, does not.
 */
export interface ProtocolFloor {
  edits: number;
  oomlint: LatencySummary;
}

export interface EditorLatency {
  sizes: EditorSizeResult[];
  floor: ProtocolFloor;
}

export interface EditorLatencyOptions {
  sizes: readonly number[];
  /** Lines of the file of real modules measured after the generated sizes; none when 0. */
  realLines: number;
  /** Places in each file where characters are typed. */
  places: number;
  /** Type-and-delete pairs at each place. */
  repeats: number;
  /**
   * Timed passes over the edits, after the warm-up passes (1 by default, as the targets were set). More
   * passes give percentiles over more samples: one pass's p95 is the second slowest of 40 edits.
   */
  passes?: number;
  nodeArgs: readonly string[];
}

interface Edit {
  change: TextDocumentContentChangeEvent;
  place?: EditPlace;
  clean?: boolean;
  /** The whole text after the change, for the references. */
  text: string;
  /** The change as offsets into the text before it. */
  start: number;
  end: number;
  inserted: string;
}

/** Lines of the text parsed a few times before the whole-text reparse is measured. */
const WARM_UP_PARSE_LINES = 20_000;

/**
 * The timed edits stand for a server that has been running a while, one whose V8 has compiled the code
 * that edits take. One pass over the edits does that where each edit is much work (10,000 lines and
 * more), not where it is little: at 1,000 lines, from a fresh server (four runs), a pass's p50 was 3.3 to
 * 4.2 ms on the second pass and 2.1 to 2.4 ms on the sixth, its p95 9.0 to 11.3 ms against 5.5 to 8.8 ms on
 * the sixth to eighth. So the warm-up passes go on until they have made this many edits or taken
 * WARM_UP_MS, whichever comes first. The reference checks the edited texts as many times first: ruff's
 * WebAssembly tiers up too. At 1,000 lines its check took 9.5 to 11 ms (p50) over the first 120 and 1.9 to
 * 2.1 ms from about the 160th on; at 10,000 lines it reached 18 ms within the first 40. With two checks of
 * warm-up, as before, the 1,000-line reference was a check that no long-running process makes.
 */
export const WARM_UP_EDITS = 200;
export const WARM_UP_MS = 1000;

function summarise(samples: readonly number[]): LatencySummary {
  return { p50: round(median(samples)), p95: round(percentile(samples, 0.95)), max: round(Math.max(...samples)) };
}

/** Single-character edits: type a letter after the first word of a code line, then delete it. */
export function plannedEdits(text: string, places: number, repeats: number): Edit[] {
  const lines = text.split('\n');
  const edits: Edit[] = [];
  for (let place = 0; place < places; place++) {
    let row = Math.floor(((place + 0.5) / places) * lines.length);
    while (row < lines.length - 1 && !/\w/.test(lines[row]!)) row++;
    const line = lines[row]!;
    const word = /\w+/.exec(line);
    const column = word ? word.index + word[0].length : 0;
    const typed = [...lines.slice(0, row), line.slice(0, column) + 'q' + line.slice(column), ...lines.slice(row + 1)].join('\n');
    const at = { line: row, character: column };
    let offset = column;
    for (let r = 0; r < row; r++) offset += lines[r]!.length + 1;
    for (let r = 0; r < repeats; r++) {
      edits.push({ change: { range: { start: at, end: at }, text: 'q' }, text: typed, start: offset, end: offset, inserted: 'q' });
      edits.push({ change: { range: { start: at, end: { line: row, character: column + 1 } }, text: '' }, text, start: offset, end: offset + 1, inserted: '' });
    }
  }
  return edits;
}

/** Marks each edit with where it is in the text before it and whether the text after it parses cleanly. */
function classifyEdits(parser: PythonParser, text: string, edits: Edit[]): void {
  const root = parser.parseToSyntax(text);
  const cleanTexts = new Map<string, boolean>();
  for (const edit of edits) {
    edit.place = inFunctionBody(root, edit.start) ? 'function body' : 'elsewhere';
    let clean = cleanTexts.get(edit.text);
    if (clean === undefined) cleanTexts.set(edit.text, (clean = !hasSyntaxErrors(parser.parseToSyntax(edit.text), edit.text)));
    edit.clean = clean;
  }
}

/** Whether `offset` lies inside the body of a function (its block, past the `def` line). */
function inFunctionBody(root: SyntaxNode, offset: number): boolean {
  let node = root;
  for (;;) {
    const child = node.children.find((c) => c.start <= offset && offset < c.end);
    if (!child) break;
    node = child;
  }
  for (let n: SyntaxNode | null = node; n; n = n.parent) {
    if (n.type === 'block' && n.parent?.type === 'function_definition') return true;
  }
  return false;
}

/** Times of `inProcess` (see EditorSizeResult): each edit's change applied, the text reparsed and analysed. */
function inProcessTimes(parser: PythonParser, text: string, edits: readonly Edit[], warmUpPasses: number, timedPasses: number): number[] {
  const document = new OpenDocument(pathToFileURL(join(tmpdir(), 'oomlint-bench-in-process.py')).href, 'python', 1, text);
  const session = new AnalysisSession();
  const analyse = () => analyze(document.syntax(parser), document.text, { session, source: document.source });
  const times: number[] = [];
  try {
    analyse();
    let version = 1;
    for (let pass = 0; pass < warmUpPasses + timedPasses; pass++) {
      for (const edit of edits) {
        const started = performance.now();
        document.applyChanges([edit.change], ++version);
        analyse();
        if (pass >= warmUpPasses) times.push(performance.now() - started);
      }
    }
  } finally {
    document.freeTree();
  }
  return times;
}

/**
 * Times of web-tree-sitter's incremental reparse for each edit. The sequence runs twice and only the
 * second pass counts: the first lets the WebAssembly tier up, as it has in a long-running server.
 */
function reparseTimes(parser: PythonParser, text: string, edits: readonly Edit[]): number[] {
  let current = text;
  let tree = parser.parse(current);
  const times: number[] = [];
  try {
    for (const [index, edit] of [...edits, ...edits].entries()) {
      tree.edit(editForChange(current, edit.start, edit.end, edit.inserted));
      const started = performance.now();
      const next = parser.parse(edit.text, tree);
      if (index >= edits.length) times.push(performance.now() - started);
      tree.delete();
      tree = next;
      current = edit.text;
    }
  } finally {
    tree.delete();
  }
  return times;
}

/** Type-and-delete edits of the floor's one-line document, after as many of warm-up. */
const FLOOR_EDITS = 200;

async function measureProtocolFloor(session: LspSession, folder: string): Promise<ProtocolFloor> {
  const uri = pathToFileURL(join(folder, 'editor_floor.py')).href;
  await session.openAndWait(uri, 'x = 1\n');
  const at = { line: 0, character: 1 };
  const times: number[] = [];
  for (let index = 0; index < 2 * FLOOR_EDITS; index++) {
    const change: TextDocumentContentChangeEvent = index % 2 === 0
      ? { range: { start: at, end: at }, text: 'q' }
      : { range: { start: at, end: { line: 0, character: 2 } }, text: '' };
    const latency = await session.changeAndWait(uri, index + 2, [change]);
    if (index >= FLOOR_EDITS) times.push(latency);
  }
  await session.close(uri);
  return { edits: times.length, oomlint: summarise(times) };
}

export async function measureEditorLatency(options: EditorLatencyOptions): Promise<EditorLatency> {
  const folder = join(tmpdir(), 'oomlint-bench-editor');
  const { session } = await LspSession.start(folder, options.nodeArgs);
  try {
    const sizes = await measureSizes(session, folder, options);
    return { sizes, floor: await measureProtocolFloor(session, folder) };
  } finally {
    await session.stop();
  }
}

async function measureSizes(session: LspSession, folder: string, options: EditorLatencyOptions): Promise<EditorSizeResult[]> {
  const timedPasses = options.passes ?? 1;
  const workspace = ruffWorkspace();
  const parser = await PythonParser.create({ grammarDir: GRAMMAR_DIR });
  // Let the parser's WebAssembly tier up before anything is timed, as in a long-running server.
  const warmUp = largeFile(WARM_UP_PARSE_LINES, 999);
  for (let i = 0; i < 3; i++) parser.parse(warmUp).delete();
  const results: EditorSizeResult[] = [];
  try {
    const documents = [
      ...options.sizes.map((size, index) => ({ code: 'generated' as const, name: `editor_${size}.py`, text: largeFile(size, 1000 + index) })),
      ...(options.realLines ? [{ code: 'real' as const, name: `editor_real_${options.realLines}.py`, text: realModulesFile(options.realLines) }] : []),
    ];
    for (const { code, name, text } of documents) {
      const uri = pathToFileURL(join(folder, name)).href;
      const openMs = await session.openAndWait(uri, text);

      const edits = plannedEdits(text, options.places, options.repeats);
      classifyEdits(parser, text, edits);
      let version = 1;
      // didChange -> publishDiagnostics of each edit, one pass over the planned edits (which leaves the
      // text as it was).
      const pass = async (): Promise<number[]> => {
        const times: number[] = [];
        for (const edit of edits) times.push(await session.changeAndWait(uri, ++version, [edit.change]));
        return times;
      };
      // A long-running server has compiled the code that edits take; one that has just opened a file has
      // compiled the code of a whole analysis. The first pass over the edits is when V8 compiles most of
      // the rest: in process at 10,000 lines, 24 ms per edit on it against 12 ms on the second, and 13 ms
      // on the first pass over a second document. It is reported on its own; more warm-up passes follow
      // where the edits are little work (see WARM_UP_EDITS), then the timed ones.
      const warmUpStarted = performance.now();
      const warmUp = await pass();
      const firstEditMs = warmUp[0]!;
      const firstPass = summarise(warmUp);
      let warmUpPasses = 1;
      while (warmUpPasses * edits.length < WARM_UP_EDITS && performance.now() - warmUpStarted < WARM_UP_MS) {
        await pass();
        warmUpPasses++;
      }
      // Each timed pass's latencies in turn: sample i is edit i modulo the number of edits.
      const latencies: number[] = [];
      for (let timed = 0; timed < timedPasses; timed++) latencies.push(...(await pass()));
      const editOf = (sample: number) => edits[sample % edits.length]!;
      await session.close(uri);

      // The reference, warmed up as the server was: on the text, then as many passes over the edits.
      ruffCheck(workspace, text);
      for (let warm = 0; warm < warmUpPasses; warm++) for (const edit of edits) ruffCheck(workspace, edit.text);
      const ruffTimes = edits.map((edit) => {
        const started = performance.now();
        ruffCheck(workspace, edit.text);
        return performance.now() - started;
      });
      const oomlint = summarise(latencies);
      const ruff = summarise(ruffTimes);
      const inProcess = summarise(inProcessTimes(parser, text, edits, warmUpPasses, timedPasses));
      const reparseEach = reparseTimes(parser, text, edits);
      const reparse = summarise(reparseEach);
      // The latencies and reparse times of the edits that `keep` picks, or null when it picks none.
      const summariseEdits = (keep: (edit: Edit) => boolean) => {
        const picked = edits.map((_, i) => i).filter((i) => keep(edits[i]!));
        const samples = latencies.filter((_, sample) => keep(editOf(sample)));
        return picked.length ? { edits: picked.length, oomlint: summarise(samples), reparse: summarise(picked.map((i) => reparseEach[i]!)) } : null;
      };
      const places = ['function body', 'elsewhere'] as const;
      const byClass: EditClassResult[] = places.flatMap((place) => [true, false].flatMap((clean) => {
        const summary = summariseEdits((edit) => edit.place === place && edit.clean === clean);
        return summary ? [{ place, clean, ...summary }] : [];
      }));
      const byPlace = places.flatMap((place) => {
        const summary = summariseEdits((edit) => edit.place === place);
        return summary ? [{ place, ...summary }] : [];
      });
      results.push({ lines: countLines(text), code, edits: edits.length, passes: timedPasses, byClass, byPlace, oomlint, ruff, inProcess, reparse, openMs: round(openMs), firstEditMs: round(firstEditMs), warmUpPasses, firstPass, p95ToRuffP95: round(oomlint.p95 / ruff.p95, 2) });
    }
  } finally {
    parser.delete();
    workspace.free();
  }
  return results;
}
