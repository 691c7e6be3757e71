// `npm run fuzz -- [--seconds N] [--seed S] [--target analysis,gpu-output,lsp,explain,budgets,notebook] [--out DIR]`: runs each
// target on generated cases until the time is up, prints the seed and every failure with the command
// that replays it, and writes failing inputs to DIR (default test-output/fuzz). Exit 1 on failures.
// To add a target: implement FuzzTarget in a module of this folder and list it in TARGETS.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AnalysisTarget } from './analysis-target';
import { ExplainTarget } from './explain-target';
import { BudgetTarget } from './budget-target';
import { GpuOutputTarget } from './gpu-target';
import { LspTarget } from './lsp-target';
import { NotebookTarget } from './notebook-target';
import { Random } from './random';
import type { FuzzFailure, FuzzTarget } from './target';

export const TARGETS: Record<string, () => FuzzTarget> = {
  analysis: () => new AnalysisTarget(),
  'gpu-output': () => new GpuOutputTarget(),
  lsp: () => new LspTarget(),
  explain: () => new ExplainTarget(),
  budgets: () => new BudgetTarget(),
  notebook: () => new NotebookTarget(),
};

export interface FuzzOptions {
  seconds: number;
  seed: number;
  targets: string[];
  out: string | undefined;
  /** Run exactly this case of each target (from a failure report) instead of running for `seconds`. */
  replayCase?: number;
}

export interface FuzzSummary {
  seed: number;
  cases: Record<string, number>;
  failures: (FuzzFailure & { target: string; caseNumber: number })[];
}

/** Case `n` of a target always gets the same generator, whatever ran before it. */
function caseRandom(seed: number, target: string, n: number): Random {
  let h = seed >>> 0;
  for (const c of `${target}:${n}`) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return new Random(h);
}

export async function runFuzz(options: FuzzOptions, log: (line: string) => void = () => undefined): Promise<FuzzSummary> {
  const summary: FuzzSummary = { seed: options.seed, cases: {}, failures: [] };
  const targets = options.targets.map((name) => {
    const make = TARGETS[name];
    if (!make) throw new Error(`unknown fuzz target ${name}; known: ${Object.keys(TARGETS).join(', ')}`);
    return make();
  });
  for (const target of targets) await target.prepare();
  const deadline = performance.now() + options.seconds * 1000;
  const perTarget = (options.seconds * 1000) / targets.length;
  for (const target of targets) {
    const targetDeadline = Math.min(deadline, performance.now() + perTarget);
    let n = options.replayCase ?? 0;
    summary.cases[target.name] = 0;
    do {
      for (const failure of await target.run(caseRandom(options.seed, target.name, n), n)) {
        summary.failures.push({ ...failure, target: target.name, caseNumber: n });
        log(`FAIL ${target.name} case ${n}: ${failure.kind}: ${failure.detail.split('\n')[0]}`);
        log(`  replay: npm run fuzz -- --seed ${options.seed} --target ${target.name} --case ${n}`);
        if (options.out) {
          mkdirSync(options.out, { recursive: true });
          writeFileSync(join(options.out, `${target.name}-${options.seed}-${n}.txt`), failure.input);
        }
      }
      summary.cases[target.name]! += 1;
      n++;
    } while (options.replayCase === undefined && performance.now() < targetDeadline);
  }
  for (const target of targets) {
    for (const line of target.measurements ?? []) log(`  ${target.name}: ${line}`);
    target.dispose?.();
  }
  return summary;
}

function parseArgs(argv: string[]): FuzzOptions {
  const options: FuzzOptions = { seconds: 60, seed: Date.now() % 1_000_000, targets: Object.keys(TARGETS), out: join('test-output', 'fuzz') };
  for (let i = 0; i < argv.length; i++) {
    const value = argv[i + 1];
    switch (argv[i]) {
      case '--seconds': options.seconds = Number(value); i++; break;
      case '--seed': options.seed = Number(value); i++; break;
      case '--target': options.targets = (value ?? '').split(','); i++; break;
      case '--out': options.out = value; i++; break;
      case '--case': options.replayCase = Number(value); i++; break;
      default: throw new Error(`unknown option ${argv[i]}`);
    }
  }
  if (!(options.seconds > 0) || !Number.isInteger(options.seed)) throw new Error('--seconds must be positive and --seed a whole number');
  return options;
}

if (require.main === module) {
  const options = parseArgs(process.argv.slice(2));
  console.log(`fuzzing ${options.targets.join(', ')} for ${options.seconds} s with seed ${options.seed}`);
  runFuzz(options, (line) => console.log(line)).then(
    (summary) => {
      const kinds = new Map<string, number>();
      for (const f of summary.failures) kinds.set(`${f.target}/${f.kind}`, (kinds.get(`${f.target}/${f.kind}`) ?? 0) + 1);
      console.log(`cases: ${Object.entries(summary.cases).map(([t, n]) => `${t} ${n}`).join(', ')}`);
      console.log(`failures: ${summary.failures.length}${kinds.size ? ` (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')})` : ''}`);
      process.exit(summary.failures.length ? 1 : 0);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(2);
    },
  );
}
