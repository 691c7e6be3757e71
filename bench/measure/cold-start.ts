// Cold start: from spawning a process to the first diagnostics for one file. For the language
// server that is spawn -> initialize -> didOpen -> publishDiagnostics; for the CLI, `oomlint check
// FILE` from spawn to exit.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { largeFile } from '../corpus/large-file';
import { LspSession } from '../lsp/lsp-session';
import { CLI_BUNDLE } from '../paths';
import { median, round } from '../stats';
import { runProcess } from './processes';

export interface ColdStartResult {
  lines: number;
  runs: number;
  /** Language server: spawn to first publishDiagnostics, in ms. */
  serverMs: number[];
  serverMedianMs: number;
  /** CLI: spawn to exit for `oomlint check FILE`, in ms. */
  cliMs: number[];
  cliMedianMs: number;
}

export async function measureColdStart(options: { runs: number; lines: number; nodeArgs: readonly string[] }): Promise<ColdStartResult> {
  const folder = mkdtempSync(join(tmpdir(), 'oomlint-bench-cold-'));
  try {
    return await coldStartIn(folder, options);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function coldStartIn(folder: string, options: { runs: number; lines: number; nodeArgs: readonly string[] }): Promise<ColdStartResult> {
  const path = join(folder, 'train.py');
  const text = largeFile(options.lines, 5);
  writeFileSync(path, text);
  const uri = pathToFileURL(path).href;
  const serverMs: number[] = [];
  const cliMs: number[] = [];
  for (let run = 0; run < options.runs; run++) {
    const { session, startedAt } = await LspSession.start(folder, options.nodeArgs);
    try {
      const first = session.diagnosticsOf(uri, 1);
      await session.open(uri, text, 1);
      serverMs.push((await first).at - startedAt);
    } finally {
      await session.stop();
    }
    const cli = await runProcess(process.execPath, [...options.nodeArgs, CLI_BUNDLE, 'check', '--no-color', '--exit-zero', path], { cwd: folder });
    if (cli.code !== 0) throw new Error(`oomlint check exited with ${String(cli.code)}: ${cli.stderr}`);
    cliMs.push(cli.wallMs);
  }
  return {
    lines: text.split('\n').length - 1,
    runs: options.runs,
    serverMs: serverMs.map((m) => round(m)),
    serverMedianMs: round(median(serverMs)),
    cliMs: cliMs.map((m) => round(m)),
    cliMedianMs: round(median(cliMs)),
  };
}
