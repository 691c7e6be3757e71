// `oomlint check` on Jupyter notebooks, run from the built `dist/cli.js` as a user runs it: real
// notebooks from public repositories (test/fixtures/notebooks/README.md) and made-up edge cases.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { readNotebook, withNewSources } from '../server/src/notebooks/notebook-json';
import { FIXTURES_DIR, REPO_ROOT } from './support/paths';

const CLI = join(REPO_ROOT, 'dist', 'cli.js');
const REAL_DIR = join(FIXTURES_DIR, 'notebooks', 'real');
const REAL = readdirSync(REAL_DIR).filter((name) => name.endsWith('.ipynb'));
const real = (part: string) => REAL.find((name) => name.includes(part))!;

const folders: string[] = [];
after(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

/** A fresh folder holding `files`: a name from the real fixtures is copied, anything else written as given. */
function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'oomlint-notebook-'));
  folders.push(root);
  for (const [name, content] of Object.entries(files)) {
    const path = join(root, name);
    mkdirSync(dirname(path), { recursive: true });
    if (REAL.includes(content)) copyFileSync(join(REAL_DIR, content), path);
    else writeFileSync(path, content);
  }
  return root;
}

function oomlint(cwd: string, args: string[]) {
  const env: Record<string, string | undefined> = { ...process.env };
  delete env.NO_COLOR;
  delete env.FORCE_COLOR;
  const result = spawnSync(process.execPath, [CLI, ...args, '--no-color'], { cwd, env, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A notebook as nbformat writes it (keys sorted, indent 1); a markdown cell first, so code cells start at 2. */
function notebook(sources: (string | string[])[]): string {
  const cells = [
    { cell_type: 'markdown', metadata: {}, source: ['# Evaluation'] },
    ...sources.map((source, i) => ({ cell_type: 'code', execution_count: i + 1, metadata: { tags: ['t'] }, outputs: [{ name: 'stdout', output_type: 'stream', text: ['out\n'] }], source })),
  ];
  return JSON.stringify({ cells, metadata: { kernelspec: { display_name: 'Python 3', language: 'python', name: 'python3' } }, nbformat: 4, nbformat_minor: 5 }, null, 1) + '\n';
}

const EVAL_CELL = ['model.eval()\n', 'outputs = []\n', 'for x in loader:\n', '    %time y = model(x)\n', '    outputs.append(model(x).argmax(1).tolist())'];

interface JsonFinding {
  cell: number | null;
  code: string;
  filename: string;
  location: { column: number; row: number };
  fix: { edits: { cell?: number | null; content: string; location: { row: number } }[] } | null;
}

const sources = (text: string) => (JSON.parse(text) as { cells: { source: unknown }[] }).cells.map((c) => c.source);
/** The notebook with every code cell's source left out: what --fix must not change. */
const withoutSources = (text: string) => {
  const parsed = JSON.parse(text) as { cells: Record<string, unknown>[] };
  return JSON.stringify({ ...parsed, cells: parsed.cells.map(({ source: _source, ...rest }) => rest) });
};

describe('real notebooks', () => {
  test('findings name the cell and the row within it, as ruff does, and the code frame numbers rows the same way', () => {
    const root = project({ 'rnn.ipynb': real('Simple_RNN'), 'denoise.ipynb': real('Denoising'), 'bn.ipynb': real('Batch_Normalization') });
    const run = oomlint(root, ['check']);
    assert.equal(run.status, 1, run.stderr);
    const headings = run.stdout.split('\n').filter((line) => /^\S+\.ipynb:/.test(line));
    assert.deepEqual(
      headings.map((line) => line.split(' ').slice(0, 3).join(' ')),
      // The RNN notebook's shape check on a constructed sine wave, and the denoising notebook's
      // reconstruction of the first test batch (`dataiter.next()`), run once: not warnings.
      ['bn.ipynb:cell 18:20:18: OOM001'],
    );
    assert.match(run.stdout, /^20 \| {9}output = model\(data\)$/m);
    assert.match(run.stdout, /Found 1 problem/);
  });

  test('JSON carries the cell, rows within it, and each fix edit with its own cell', () => {
    const root = project({ 'bn.ipynb': real('Batch_Normalization') });
    const findings = JSON.parse(oomlint(root, ['check', '--format', 'json']).stdout) as JsonFinding[];
    assert.equal(findings.length, 1);
    const [finding] = findings;
    assert.equal(finding!.cell, 18);
    assert.deepEqual(finding!.location, { column: 18, row: 20 });
    assert.ok(finding!.fix!.edits.length > 0);
    assert.ok(finding!.fix!.edits.every((edit) => edit.cell === 18));
  });

  test('SARIF regions count rows within the cell and name it', () => {
    const root = project({ 'bn.ipynb': real('Batch_Normalization') });
    const log = JSON.parse(oomlint(root, ['check', '--format', 'sarif']).stdout) as {
      runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string }; region: Record<string, unknown> } }[] }[] }[];
    };
    const location = log.runs[0]!.results[0]!.locations[0]!.physicalLocation;
    assert.equal(location.artifactLocation.uri, 'bn.ipynb');
    assert.deepEqual(location.region, { startLine: 20, startColumn: 18, endLine: 20, endColumn: 29, properties: { cell: 18 } });
  });

  test('GitHub annotations count lines within the cell and name it in the title', () => {
    const root = project({ 'bn.ipynb': real('Batch_Normalization') });
    const run = oomlint(root, ['check', '--format', 'github']);
    assert.match(run.stdout, /^::warning title=oomlint \(OOM001\) cell 18,file=bn\.ipynb,line=20,col=18,endLine=20,endColumn=29::/m);
  });

  test('--fix changes only the fixed cells\' source; everything else keeps its bytes, and a second --fix changes nothing', () => {
    const root = project(Object.fromEntries(REAL.map((name) => [name, name])));
    const before = new Map(REAL.map((name) => [name, readFileSync(join(root, name), 'utf8')]));
    const run = oomlint(root, ['check', '--fix', '--unsafe-fixes']);
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /Found 1 problem \(1 fixed, 0 remaining\)/);
    for (const name of REAL) {
      const original = before.get(name)!;
      const fixed = readFileSync(join(root, name), 'utf8');
      // The RNN and denoising notebooks have no finding (their forwards run once): nothing to write.
      if (name === real('Simple_RNN') || name === real('Denoising')) {
        assert.equal(fixed, original, name);
        continue;
      }
      assert.notEqual(fixed, original, name);
      assert.equal(withoutSources(fixed), withoutSources(original), name);
      // Putting the original sources back gives the original file, byte for byte.
      const reread = readNotebook(fixed);
      const first = readNotebook(original);
      assert.ok(reread.ok && first.ok);
      assert.equal(withNewSources(fixed, reread.notebook, new Map(first.notebook.codeCells.map((c, i) => [i, c.source]))), original, name);
      const changed = sources(fixed).filter((source, i) => JSON.stringify(source) !== JSON.stringify(sources(original)[i]));
      assert.equal(changed.length, 1, name);
      assert.ok(Array.isArray(changed[0]));
      assert.ok((changed[0] as string[]).some((line) => line.includes('torch.no_grad()')), name);
    }
    const after = new Map(REAL.map((name) => [name, readFileSync(join(root, name), 'utf8')]));
    const again = oomlint(root, ['check', '--fix', '--unsafe-fixes']);
    assert.equal(again.status, 0, again.stdout);
    assert.match(again.stdout, /All checks passed!/);
    for (const name of REAL) assert.equal(readFileSync(join(root, name), 'utf8'), after.get(name), name);
  });

  test('--diff shows each changed cell on its own, headed by the cell', () => {
    const root = project({ 'bn.ipynb': real('Batch_Normalization') });
    const run = oomlint(root, ['check', '--diff', '--unsafe-fixes']);
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stdout, /^--- a\/bn\.ipynb:cell 18\n\+\+\+ b\/bn\.ipynb:cell 18\n@@ -1,3 \+1,4 @@\n\+@torch\.no_grad\(\)\n def test\(model, train\):$/m);
    assert.equal(readFileSync(join(root, 'bn.ipynb'), 'utf8'), readFileSync(join(REAL_DIR, real('Batch_Normalization')), 'utf8'));
  });
});

describe('made-up notebooks', () => {
  test('a message that names a loop names its cell and its line there, not a line of the cells joined', () => {
    const root = project({ 'train.ipynb': readFileSync(join(FIXTURES_DIR, 'notebooks', 'cifar10-resnet.ipynb'), 'utf8') });
    const run = oomlint(root, ['check', '--format', 'json', '--exit-zero']);
    const findings = JSON.parse(run.stdout) as { code: string; message: string }[];
    const checkpoint = findings.find((f) => f.code === 'OOM009');
    assert.ok(checkpoint, run.stdout);
    // The training loop is the second line of cell 8 (line 24 of the code cells joined).
    assert.match(checkpoint.message, /while the loop in cell 8, line 2 runs\.$/);
    for (const [lang, place] of [['ru', /в ячейке 8, строка 2/], ['zh-cn', /第 8 个单元格第 2 行/]] as const) {
      const translated = JSON.parse(oomlint(root, ['check', '--format', 'json', '--exit-zero', '--lang', lang]).stdout) as { code: string; message: string }[];
      assert.match(translated.find((f) => f.code === 'OOM009')!.message, place);
    }
  });

  test('magics and shell lines are skipped without moving what follows them', () => {
    const root = project({ 'nb.ipynb': notebook([['%matplotlib inline\n', '!pip install torch\n', 'import torch'], EVAL_CELL]) });
    const findings = JSON.parse(oomlint(root, ['check', '--format', 'json']).stdout) as JsonFinding[];
    assert.deepEqual(
      findings.map((f) => [f.code, f.cell, f.location.row, f.location.column]),
      [['OOM001', 3, 5, 20]],
    );
  });

  test('a cell magic and the lines of a shell command stay as they were when the loop around them is fixed', () => {
    const root = project({ 'nb.ipynb': notebook([['import torch'], ['%%bash\n', 'ls -l'], EVAL_CELL]) });
    const run = oomlint(root, ['check', '--fix']);
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.deepEqual(sources(readFileSync(join(root, 'nb.ipynb'), 'utf8')), [
      ['# Evaluation'],
      ['import torch'],
      ['%%bash\n', 'ls -l'],
      ['model.eval()\n', 'outputs = []\n', 'with torch.no_grad():\n', '    for x in loader:\n', '        %time y = model(x)\n', '        outputs.append(model(x).argmax(1).tolist())'],
    ]);
  });

  test('`import torch` goes to the first code cell when no cell imports torch, and nowhere when an earlier cell does', () => {
    const root = project({
      'with.ipynb': notebook([['import torch\n', 'from torch import nn'], ['model = nn.Linear(2, 2)'], EVAL_CELL]),
      'without.ipynb': notebook([['%matplotlib inline\n', 'from torch import nn'], ['model = nn.Linear(2, 2)'], EVAL_CELL]),
      'string.ipynb': notebook(['from torch import nn\n', 'model = nn.Linear(2, 2)\n' + EVAL_CELL.join('')]),
    });
    const run = oomlint(root, ['check', '--fix']);
    assert.equal(run.status, 0, run.stdout + run.stderr);
    const withImport = sources(readFileSync(join(root, 'with.ipynb'), 'utf8'));
    assert.equal(withImport.flat().filter((line) => typeof line === 'string' && line.startsWith('import torch')).length, 1);
    assert.deepEqual(withImport[1], ['import torch\n', 'from torch import nn']);
    const without = sources(readFileSync(join(root, 'without.ipynb'), 'utf8'));
    assert.deepEqual(without[1], ['import torch\n', '%matplotlib inline\n', 'from torch import nn']);
    assert.deepEqual(without[2], ['model = nn.Linear(2, 2)']);
    // A source written as one string stays one string.
    const asString = sources(readFileSync(join(root, 'string.ipynb'), 'utf8'));
    assert.equal(asString[1], 'import torch\nfrom torch import nn\n');
    assert.equal(typeof asString[2], 'string');
    assert.match(asString[2] as string, /with torch\.no_grad\(\):\n {4}for x in loader:\n/);
  });

  test('malformed notebooks are reported as E902 with exit status 2, and the other files are still checked', () => {
    const root = project({
      'bad-json.ipynb': '{"cells": [',
      'old.ipynb': JSON.stringify({ nbformat: 3, worksheets: [] }),
      'markdown-only.ipynb': JSON.stringify({ nbformat: 4, cells: [{ cell_type: 'markdown', source: ['# Notes'] }] }),
      'no-source.ipynb': JSON.stringify({ nbformat: 4, cells: [{ cell_type: 'code', outputs: [] }] }),
      'good.ipynb': notebook([['import torch'], EVAL_CELL]),
    });
    const run = oomlint(root, ['check']);
    assert.equal(run.status, 2);
    const errors = run.stderr.split('\n').filter(Boolean).sort();
    // A notebook of markdown alone is valid: it has nothing to check, which is no error.
    assert.equal(errors.length, 3, run.stderr);
    assert.match(errors[0]!, /^bad-json\.ipynb: E902 not a valid notebook: invalid JSON/);
    assert.match(errors[1]!, /^no-source\.ipynb: E902 not a valid notebook: code cell 1 has no `source`/);
    assert.match(errors[2]!, /^old\.ipynb: E902 unsupported notebook: nbformat 3/);
    assert.match(run.stdout, /^good\.ipynb:cell 3:5:20: OOM001 /m);
    const findings = JSON.parse(oomlint(root, ['check', '--format', 'json']).stdout) as JsonFinding[];
    assert.deepEqual(findings.filter((f) => f.code === 'E902').map((f) => [f.filename.endsWith('.ipynb'), f.cell]), [
      [true, null],
      [true, null],
      [true, null],
    ]);
  });

  test('a notebook of another kernel language is skipped, not read as Python', () => {
    const r = JSON.stringify({ nbformat: 4, metadata: { language_info: { name: 'R' } }, cells: [{ cell_type: 'code', source: ['%>% filter(x)\n', 'model.eval()'] }] });
    const root = project({ 'analysis.ipynb': r });
    const run = oomlint(root, ['check']);
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.equal(run.stdout, 'All checks passed!\n');
  });

  test('the size limit is the code\'s: outputs may make a notebook larger than it', () => {
    const big = JSON.parse(notebook([['import torch'], EVAL_CELL])) as { cells: { outputs?: { text: string[] }[] }[] };
    big.cells[1]!.outputs![0]!.text = ['x'.repeat(8192)];
    const root = project({ 'big.ipynb': JSON.stringify(big, null, 1), 'code.ipynb': notebook([['import torch'], ['x = 1\n'.repeat(1000)]]) });
    const run = oomlint(root, ['check', '--max-file-size', '3KB']);
    assert.equal(run.status, 2);
    assert.match(run.stdout, /^big\.ipynb:cell 3:5:20: OOM001 /m);
    assert.match(run.stderr, /^code\.ipynb: E902 could not read: [\d.]+ KiB of code in cells, larger than the [\d.]+ KiB limit \(max-file-size\): skipped$/m);
  });

  test('folders are walked for notebooks; `exclude`, .gitignore and Jupyter\'s checkpoints leave them out', () => {
    const nb = notebook([['import torch'], EVAL_CELL]);
    const root = project({
      'pyproject.toml': '[tool.oomlint]\nexclude = ["drafts/", "*-scratch.ipynb"]\n',
      '.gitignore': 'ignored/\n',
      'analysis/eval.ipynb': nb,
      'analysis/.ipynb_checkpoints/eval-checkpoint.ipynb': nb,
      'analysis/model-scratch.ipynb': nb,
      'drafts/old.ipynb': nb,
      'ignored/gen.ipynb': nb,
      'train.py': 'x = 1\n',
    });
    const run = oomlint(root, ['check', '--format', 'json']);
    const files = [...new Set((JSON.parse(run.stdout) as JsonFinding[]).map((f) => f.filename.slice(root.length + 1)))];
    assert.deepEqual(files, [join('analysis', 'eval.ipynb')]);
    // Named on the command line, an excluded notebook is checked all the same.
    const named = oomlint(root, ['check', 'drafts/old.ipynb']);
    assert.match(named.stdout, /^drafts\/old\.ipynb:cell 3:5:20: OOM001 /m);
  });

  test('`extend-include` adds files that walks check besides .py files and notebooks; `exclude` still wins', () => {
    const script = 'import torch\nmodel.eval()\nouts = []\nfor x in loader:\n    outs.append(model(x).tolist())\n';
    const root = project({
      'pyproject.toml': '[tool.oomlint]\nextend-include = ["*.pyw", "bin/*"]\nexclude = ["bin/old-*"]\n',
      'app.pyw': script,
      'bin/evaluate': script,
      'bin/old-evaluate': script,
      'notes.txt': script,
      'nb.ipynb': notebook([['import torch'], EVAL_CELL]),
    });
    const findings = JSON.parse(oomlint(root, ['check', '--format', 'json']).stdout) as JsonFinding[];
    const files = [...new Set(findings.map((f) => f.filename.slice(root.length + 1)))];
    assert.deepEqual(files, ['app.pyw', join('bin', 'evaluate'), 'nb.ipynb']);
  });
});
