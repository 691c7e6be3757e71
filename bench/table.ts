// The results as a plain-text table for the terminal (and the README).
import { machineLine } from './machine';
import { WARM_UP_EDITS, WARM_UP_MS, type EditorSizeResult } from './measure/editor-latency';
import type { ReadoutCost } from './measure/gpu-readout';
import type { BenchResults } from './results';

function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
}

const ms = (value: number) => `${value.toFixed(value < 100 ? 1 : 0)} ms`;
const ratio = (value: number) => `${value.toFixed(2)}x`;
const thousands = (value: number) => value.toLocaleString('en-US');

export function formatResults(results: BenchResults): string {
  const out: string[] = [`oomlint benchmark (${results.mode}), ${results.startedAt}`, `machine: ${machineLine(results.machine)}`, ''];
  const { corpus, cli, ruleTimes, editor, editorFloor, memory, coldStart, gpuReadout, workspace } = results;
  if (cli && corpus) {
    out.push(`CLI throughput: ${thousands(corpus.files)} files, ${thousands(corpus.lines)} lines, whole processes, median of ${cli.rounds} rounds`);
    const row = (name: string, t: { medianMs: number; cpuMs: number | undefined; linesPerSecond: number }, vsRuff: string, vsParse: string) => [
      name,
      ms(t.medianMs),
      t.cpuMs === undefined ? '-' : ms(t.cpuMs),
      thousands(t.linesPerSecond),
      vsRuff,
      vsParse,
    ];
    out.push(
      ...table(['command', 'wall', 'cpu', 'lines/s', 'vs ruff', 'vs parse'], [
        row(`oomlint check (default, ${cli.oomlint.jobs} cores)`, cli.oomlint, ratio(cli.ratios.oomlintToRuff), ratio(cli.ratios.oomlintToParse)),
        row('oomlint check --jobs 1', cli.oomlintSingleThread, ratio(cli.ratios.oomlintSingleThreadToRuff), ratio(cli.ratios.oomlintSingleThreadToParse)),
        row('oomlint check . --jobs 1 (summaries)', cli.oomlintFolder, ratio(cli.oomlintFolder.medianMs / cli.ruff.medianMs), ratio(cli.ratios.oomlintFolderToParse)),
        row(`ruff-wasm check (${cli.ruff.select.join(',')})`, cli.ruff, '1.00x', ratio(cli.ruff.medianMs / cli.parse.medianMs)),
        row('web-tree-sitter parse only', cli.parse, ratio(cli.parse.medianMs / cli.ruff.medianMs), '1.00x'),
      ]),
      `after start-up (runtime loaded, WebAssembly compiled): ruff-wasm ${ms(cli.ruff.workMedianMs)}, parse ${ms(cli.parse.workMedianMs)}`,
      `findings: oomlint ${cli.oomlint.findings} (check . ${cli.oomlintFolder.findings}), ruff ${cli.ruff.findings}`,
      '',
    );
  }
  if (ruleTimes && corpus) {
    out.push(`Time per rule: each rule alone over the same ${thousands(corpus.lines)} lines, parsed once, median of ${ruleTimes.rounds} rounds;`);
    out.push(`baseline with no rule (semantic model indexes, suppressions): ${ms(ruleTimes.baselineMs)}`);
    out.push(...table(['rule', 'run', 'own cost', 'findings'], ruleTimes.rules.map((r) => [r.code, ms(r.medianMs), ms(r.ownMs), thousands(r.findings)])), '');
  }
  if (editor?.length) {
    out.push('Editor latency: one-character didChange -> publishDiagnostics of that version, over stdio;');
    const passes = editor[0]!.passes;
    out.push(passes === 1
      ? 'the timed edits are one more pass over the same edits after the warm-up passes; first edit: the first change after the open;'
      : `the timed edits are ${passes} more passes over the same edits after the warm-up passes; first edit: the first change after the open;`);
    out.push('first pass: the first pass over the edits, just after the open (the server compiles their code then);');
    out.push(`warm-up: passes before the timed ones (until ${WARM_UP_EDITS} edits or ${WARM_UP_MS / 1000} s; ruff checks the edited texts as often first);`);
    out.push('references: ruff-wasm full check of the edited text; web-tree-sitter incremental reparse of the whole text alone');
    out.push('(the server reparses only the top-level statement an edit stays inside, so its whole edit can take less)');
    out.push(
      ...table(
        ['file', 'edits', 'open', 'first edit', 'first pass p95', 'warm-up', 'p50', 'p95', 'ruff p50', 'ruff p95', 'p95 vs ruff', 'reparse p50', 'reparse p95'],
        editor.map((e) => [
          fileName(e),
          String(e.edits),
          ms(e.openMs),
          ms(e.firstEditMs),
          ms(e.firstPass.p95),
          String(e.warmUpPasses),
          ms(e.oomlint.p50),
          ms(e.oomlint.p95),
          ms(e.ruff.p50),
          ms(e.ruff.p95),
          ratio(e.p95ToRuffP95),
          ms(e.reparse.p50),
          ms(e.reparse.p95),
        ]),
      ),
      '',
    );
    out.push('Like for like with ruff, both in this process: the same edits applied to an open document, reparsed and');
    out.push('analysed as the server does it (no protocol), after as many warm-up passes as the server had:');
    out.push(
      ...table(
        ['file', 'in process p50', 'in process p95', 'ruff p50', 'ruff p95'],
        editor.map((e) => [fileName(e), ms(e.inProcess.p50), ms(e.inProcess.p95), ms(e.ruff.p50), ms(e.ruff.p95)]),
      ),
      '',
    );
    if (editorFloor) {
      out.push(`Protocol floor: the same round trip for a one-line document (\`x = 1\`), ${editorFloor.edits} edits after as many of warm-up:`);
      out.push(`p50 ${ms(editorFloor.oomlint.p50)}, p95 ${ms(editorFloor.oomlint.p95)} (in every size's latency; not in ruff's check, which runs in this process)`, '');
    }
    out.push('The same edits by where they are and whether the edited text parses cleanly (a letter typed after a line\'s');
    out.push('first word: `forq x in y:` or `defq f():` leave a syntax error, `lossq = ...` does not):');
    out.push(
      ...table(
        ['file', 'edits in', 'parses', 'edits', 'p50', 'p95', 'reparse p50', 'reparse p95'],
        editor.flatMap((e) => e.byClass.map((c) => [
          fileName(e),
          c.place,
          c.clean ? 'cleanly' : 'with errors',
          String(c.edits),
          ms(c.oomlint.p50),
          ms(c.oomlint.p95),
          ms(c.reparse.p50),
          ms(c.reparse.p95),
        ])),
      ),
      '',
    );
  }
  if (memory) {
    out.push(`Server memory (resident): ${memory.documents} documents of ${thousands(memory.linesPerDocument)} lines`);
    out.push(
      ...table(['baseline', 'open (settled)', 'open (peak)', 'after closing', 'closed / baseline'], [
        [`${memory.baselineMB} MB`, `${memory.openMB} MB`, `${memory.openPeakMB} MB`, `${memory.closedMB} MB`, ratio(memory.closedToBaseline)],
      ]),
      '',
    );
    out.push(`One ${thousands(memory.editedLines)}-line document typed into at ${memory.editedPlaces} places (a letter typed, then deleted, at each; settled):`);
    out.push(...table(['just opened', 'after the edits', 'after / opened'], [[`${memory.editedOpenMB} MB`, `${memory.editedAfterMB} MB`, ratio(memory.editedToOpen)]]), '');
  }
  if (coldStart) {
    out.push(`Cold start (${thousands(coldStart.lines)}-line file, median of ${coldStart.runs}): server spawn -> first diagnostics ${ms(coldStart.serverMedianMs)}; \`oomlint check FILE\` ${ms(coldStart.cliMedianMs)}`, '');
  }
  if (gpuReadout) {
    out.push(`GPU readout: CPU per minute, ${gpuReadout.intervalMs} ms interval, stand-in nvidia-smi (${gpuReadout.scenario}), ${gpuReadout.durationMs / 1000} s`);
    const row = (name: string, c: ReadoutCost) => [
      name,
      String(c.readings),
      ms(c.cpuMsPerMinute),
      ms(c.ownCpuMsPerMinute),
      c.nvidiaSmiCpuMsPerMinute === null ? '-' : ms(c.nvidiaSmiCpuMsPerMinute),
    ];
    out.push(
      ...table(['reader', 'readings', 'cpu/min', 'reader', 'nvidia-smi'], [
        row('one long-lived nvidia-smi -lms', gpuReadout.longLived),
        row('one nvidia-smi per interval', gpuReadout.spawnPerInterval),
      ]),
      `spawning per interval costs ${gpuReadout.spawnToLongLived}x the CPU`,
      '',
    );
  }
  if (workspace) {
    out.push(`Workspace index: ${thousands(workspace.files)} files of real modules, ${thousands(workspace.lines)} lines`);
    out.push(
      ...table(['spawn -> indexed', 'server cpu', 'progress begin -> end', 'reports', 'hover wait (median, p95, max)', 'edit -> dependent (median)', 'edit -> dependent (p95)'], [
        [
          ms(workspace.spawnToIndexedMs),
          workspace.serverCpuAtIndexedMs === undefined ? '-' : ms(workspace.serverCpuAtIndexedMs),
          ms(workspace.indexingMs),
          String(workspace.progressReports),
          `${ms(workspace.hoverMedianMs)}, ${ms(workspace.hoverP95Ms)}, ${ms(workspace.longestHoverMs)} (${workspace.hovers})`,
          ms(workspace.refreshMedianMs),
          ms(workspace.refreshP95Ms),
        ],
      ]),
      `progress at the end: ${workspace.progressEnd ?? 'none'}; ${workspace.refreshMs.length} edits that change a summary`,
      '',
    );
  }
  if (results.targets.length) {
    out.push('Targets');
    out.push(...table(['target', 'limit', 'measured', 'met'], results.targets.map((t) => [t.name, t.target, t.measured, t.met ? 'yes' : 'NO'])));
  }
  return out.join('\n') + '\n';
}

/** A row's file: its size, and for the file of real modules, that it is one. */
function fileName(e: EditorSizeResult): string {
  return e.code === 'real' ? `${thousands(e.lines)} lines, real` : `${thousands(e.lines)} lines`;
}
