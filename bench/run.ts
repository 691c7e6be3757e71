// `npm run bench` (node out/bench/run.js): measures oomlint against ruff's WebAssembly build and a
// bare web-tree-sitter parse on the same files in the same run, plus editor latency, server memory,
// cold start and the GPU readout's cost; prints a table and writes the figures as JSON.
//
//   --short            a small corpus and few samples, for CI (under a minute); figures are not judged
//   --only LIST        some of: cli,rules,editor,memory,cold,gpu (comma-separated)
//   --out FILE         where the JSON goes (default bench/results/latest.json, latest-short.json)
//   --corpus-dir DIR   where the generated corpus lives (default bench/.corpus/LINES-SEED)
//   --profile          run the measured oomlint processes under --cpu-prof (bench/results/profiles/)
//   --passes N         time N passes over the editor's edits instead of one (percentiles over N times
//                      the samples; the targets were set on one pass)
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { describeMachine } from './machine';
import { measureCliThroughput } from './measure/cli-throughput';
import { measureColdStart } from './measure/cold-start';
import { measureEditorLatency } from './measure/editor-latency';
import { measureGpuReadout } from './measure/gpu-readout';
import { measureRuleTimes } from './measure/rule-times';
import { prepareCorpus } from './measure/prepare-corpus';
import { measureServerMemory } from './measure/server-memory';
import { BENCH_ROOT, CLI_BUNDLE, SERVER_BUNDLE } from './paths';
import { checkTargets, type BenchResults } from './results';
import { formatResults } from './table';

const SECTIONS = ['cli', 'rules', 'editor', 'memory', 'cold', 'gpu'] as const;
type Section = (typeof SECTIONS)[number];

/** How much of everything each mode measures. */
const PLANS = {
  full: {
    corpusLines: 150_000,
    cliRounds: 5,
    ruleRounds: 5,
    editorSizes: [1_000, 10_000, 50_000],
    editorRealLines: 10_000,
    editorPlaces: 10,
    editorRepeats: 2,
    memoryDocuments: 200,
    memoryLines: 1_000,
    memorySettleMs: 9_000,
    memoryEditedLines: 10_000,
    memoryEditedPlaces: 400,
    coldRuns: 10,
    coldLines: 1_000,
    gpuDurationMs: 60_000,
    gpuIntervalMs: 2_000,
  },
  short: {
    corpusLines: 6_000,
    cliRounds: 1,
    ruleRounds: 1,
    editorSizes: [500, 2_000],
    editorRealLines: 2_000,
    editorPlaces: 3,
    editorRepeats: 1,
    memoryDocuments: 10,
    memoryLines: 300,
    memorySettleMs: 6_000,
    memoryEditedLines: 1_000,
    memoryEditedPlaces: 10,
    coldRuns: 2,
    coldLines: 300,
    gpuDurationMs: 3_000,
    gpuIntervalMs: 500,
  },
} as const;

const CORPUS_SEED = 1;

function parseSections(value: string | undefined): Set<Section> {
  if (!value) return new Set(SECTIONS);
  const chosen = value.split(',').map((s) => s.trim());
  const unknown = chosen.filter((s) => !(SECTIONS as readonly string[]).includes(s));
  if (unknown.length) throw new Error(`--only: unknown section(s) ${unknown.join(', ')}; choose from ${SECTIONS.join(', ')}`);
  return new Set(chosen as Section[]);
}

function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      short: { type: 'boolean', default: false },
      only: { type: 'string' },
      out: { type: 'string' },
      'corpus-dir': { type: 'string' },
      profile: { type: 'boolean', default: false },
      passes: { type: 'string', default: '1' },
    },
  });
  const passes = Number(values.passes);
  if (!Number.isInteger(passes) || passes < 1) throw new Error(`--passes: a whole number of at least 1, not "${values.passes}"`);
  for (const bundle of [CLI_BUNDLE, SERVER_BUNDLE]) {
    if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run \`node scripts/build.mjs --tests\` first`);
  }
  const mode = values.short ? 'short' : 'full';
  const plan = PLANS[mode];
  const sections = parseSections(values.only);
  const resultsDir = join(BENCH_ROOT, 'results');
  const outFile = values.out ?? join(resultsDir, mode === 'full' ? 'latest.json' : 'latest-short.json');
  const profileDir = join(resultsDir, 'profiles');
  if (values.profile) mkdirSync(profileDir, { recursive: true });
  const nodeArgs = values.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];

  const started = performance.now();
  const machine = describeMachine();
  const partial: Omit<BenchResults, 'targets'> = { schema: 1, mode, startedAt: new Date().toISOString(), durationS: 0, machine };

  if (sections.has('cli') || sections.has('rules')) {
    const corpusRoot = values['corpus-dir'] ?? join(BENCH_ROOT, '.corpus', `${plan.corpusLines}-${CORPUS_SEED}`);
    mkdirSync(dirname(outFile), { recursive: true });
    const corpus = prepareCorpus(corpusRoot, { lines: plan.corpusLines, seed: CORPUS_SEED }, `${outFile}.files.txt`);
    log(`corpus: ${corpus.files.length} files, ${corpus.lines} lines${corpus.generated ? ' (generated)' : ''} in ${corpus.root}`);
    partial.corpus = { seed: corpus.seed, files: corpus.files.length, lines: corpus.lines, bytes: corpus.bytes };
    if (sections.has('cli')) {
      log(`CLI throughput, ${plan.cliRounds} round(s)...`);
      partial.cli = await measureCliThroughput(corpus, { rounds: plan.cliRounds, nodeArgs });
    }
    if (sections.has('rules')) {
      log(`time per rule, ${plan.ruleRounds} round(s)...`);
      partial.ruleTimes = await measureRuleTimes(corpus, { rounds: plan.ruleRounds });
    }
  }
  if (sections.has('editor')) {
    log(`editor latency at ${plan.editorSizes.join(', ')} lines and ${plan.editorRealLines} lines of real modules, ${passes} timed pass(es)...`);
    const editor = await measureEditorLatency({ sizes: plan.editorSizes, realLines: plan.editorRealLines, places: plan.editorPlaces, repeats: plan.editorRepeats, passes, nodeArgs });
    partial.editor = editor.sizes;
    partial.editorFloor = editor.floor;
  }
  if (sections.has('memory')) {
    log(`server memory with ${plan.memoryDocuments} documents...`);
    partial.memory = await measureServerMemory({
      documents: plan.memoryDocuments,
      linesPerDocument: plan.memoryLines,
      settleMs: plan.memorySettleMs,
      editedLines: plan.memoryEditedLines,
      editedPlaces: plan.memoryEditedPlaces,
      nodeArgs,
    });
  }
  if (sections.has('cold')) {
    log(`cold start, ${plan.coldRuns} runs...`);
    partial.coldStart = await measureColdStart({ runs: plan.coldRuns, lines: plan.coldLines, nodeArgs });
  }
  if (sections.has('gpu')) {
    log(`GPU readout, ${plan.gpuDurationMs / 1000} s...`);
    partial.gpuReadout = await measureGpuReadout({ durationMs: plan.gpuDurationMs, intervalMs: plan.gpuIntervalMs });
  }
  partial.durationS = Math.round((performance.now() - started) / 100) / 10;
  const results: BenchResults = { ...partial, targets: checkTargets(partial) };
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, JSON.stringify(results, null, 2) + '\n');
  process.stdout.write(formatResults(results));
  log(`wrote ${outFile}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`[bench] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
