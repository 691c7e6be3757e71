// Mutated real Python through the analysis and every fix: no crash, ranges inside the document,
// fixes that settle, and fixes that never turn a file that parsed cleanly into one that does not.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Analyzer } from '../../server/src/analysis/analyzer';
import { fixUntilStable } from '../../server/src/core/fixes';
import { hasSyntaxErrors } from '../../server/src/parser/indentation';
import { sharedAnalyzer } from '../support/analyzer';
import { FIXTURES_DIR, REPO_ROOT } from '../support/paths';
import type { Random } from './random';
import type { FuzzFailure, FuzzTarget } from './target';

/** Pieces that move a file between training and evaluation, or break it half way. */
const SNIPPETS = [
  'with torch.no_grad():', 'model.eval()', 'model.train()', 'loss.backward()', 'optimizer.step()', 'out = model(x)',
  'outputs.append(out)', 'total_loss += loss', 'losses.append(loss)', 'for x, y in val_loader:', 'for x, y in train_loader:',
  'def evaluate(model, loader):', '@torch.no_grad()', 'return out', 'loss = criterion(model(x), y)', 'if step % 50 == 0:',
  'loader = DataLoader(ds, batch_size=1024, num_workers=16, pin_memory=True)', 'loss.backward(retain_graph=True)',
  'import torch', 'from __future__ import annotations', '# noqa', '# oomlint: noqa', '"""', "'", '(', ')', ':', '\\',
  '中文注释', '🚀', 'x = (', '    ', '\t',
];
const BREAKS = ['\n', '\r\n', '\r'];

function pythonFiles(dir: string): string[] {
  let out: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out = out.concat(pythonFiles(path));
    else if (name.endsWith('.py')) out.push(path);
  }
  return out;
}

/**
 * The real files that mutation starts from: examples, rule fixtures and the tuned accuracy sets.
 * The held-out sets (accuracy/heldout/, accuracy/heldout-2/) are left out: nothing but a set's closing measurement analyses it.
 */
export function seedFiles(): string[] {
  const dirs = [join(REPO_ROOT, 'examples'), join(FIXTURES_DIR, 'rules'), join(FIXTURES_DIR, 'clean'), join(REPO_ROOT, 'accuracy', 'files'), join(REPO_ROOT, 'accuracy', 'commits')];
  return dirs.flatMap(pythonFiles).sort();
}

export function seedTexts(): string[] {
  return seedFiles().map((f) => readFileSync(f, 'utf8'));
}

export function mutate(text: string, random: Random): string {
  let lines = text.split('\n');
  const steps = 1 + random.int(4);
  for (let s = 0; s < steps; s++) {
    const at = random.int(lines.length + 1);
    switch (random.int(8)) {
      case 0:
        lines.splice(at, 1 + random.int(3));
        break;
      case 1:
        if (lines[at] !== undefined) lines.splice(at, 0, lines[at]!);
        break;
      case 2:
        lines.splice(at, 0, ' '.repeat(4 * random.int(4)) + random.pick(SNIPPETS));
        break;
      case 3: {
        const line = lines[at] ?? '';
        const col = random.int(line.length + 1);
        lines[at] = line.slice(0, col) + random.pick(SNIPPETS) + line.slice(col);
        break;
      }
      case 4: {
        // Half-typed: the text stops somewhere.
        const joined = lines.join('\n');
        lines = joined.slice(0, random.int(joined.length + 1)).split('\n');
        break;
      }
      case 5: {
        const other = random.int(lines.length);
        [lines[at], lines[other]] = [lines[other] ?? '', lines[at] ?? ''];
        break;
      }
      case 6:
        lines[at] = ' '.repeat(random.int(9)) + (lines[at] ?? '').trimStart();
        break;
      default:
        break;
    }
  }
  // Line breaks of every kind, sometimes mixed.
  const mode = random.int(4);
  if (mode === 3) return lines.map((l) => l + random.pick(BREAKS)).join('');
  return lines.join(BREAKS[mode] ?? '\n');
}

export class AnalysisTarget implements FuzzTarget {
  readonly name = 'analysis';
  private analyzer: Analyzer | undefined;
  private seeds: string[] = [];

  constructor(private readonly timeBudgetMs = 10_000) {}

  async prepare(): Promise<void> {
    this.analyzer = await sharedAnalyzer();
    this.seeds = seedTexts();
  }

  run(random: Random): FuzzFailure[] {
    const analyzer = this.analyzer!;
    const input = mutate(random.pick(this.seeds), random);
    const failures: FuzzFailure[] = [];
    const fail = (kind: string, detail: string) => failures.push({ kind, detail, input });
    try {
      const started = performance.now();
      const diagnostics = analyzer.analyzeText(input, {});
      const took = performance.now() - started;
      if (took > this.timeBudgetMs) fail('hang', `analysis took ${Math.round(took)} ms`);
      for (const d of diagnostics) {
        if (!(d.start >= 0 && d.start <= d.end && d.end <= input.length)) fail('range', `${d.code} at ${d.start}-${d.end} of ${input.length}`);
        for (const fix of d.fixes) {
          for (const e of fix.edits) if (!(e.start >= 0 && e.start <= e.end && e.end <= input.length)) fail('range', `${d.code} fix edit ${e.start}-${e.end}`);
        }
      }
      const parsedCleanly = !hasSyntaxErrors(analyzer.parser.parseToSyntax(input), input);
      const fixed = fixUntilStable(input, (t) => analyzer.analyzeText(t, {}), { unsafe: true });
      for (const f of fixed.failures) fail('not-converged', `${f.code}: ${f.title} (${f.reason})`);
      if (parsedCleanly && fixed.text !== input && hasSyntaxErrors(analyzer.parser.parseToSyntax(fixed.text), fixed.text)) fail('broke-parse', 'fixes turned a clean parse into one with errors');
    } catch (error) {
      fail('crash', error instanceof Error ? (error.stack ?? error.message) : String(error));
    }
    return failures;
  }
}
