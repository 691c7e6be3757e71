// `oomlint estimate`: for each training setup in the files, the estimated peak memory of one step, its
// parts, what it used and assumed, and with a GPU size whether it fits and what batch does.
import { statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { Analyzer } from '../analysis/analyzer';
import { resolveSettings } from '../core/settings';
import { findProjectConfig } from '../config/discover';
import { formatGiB, parseGpuMemory } from '../estimate/gpu-size';
import type { TrainingEstimate } from '../estimate/estimate';
import { trainingEstimatesOf } from '../rules/data/training-estimates';
import { SemanticModel } from '../semantic/model';
import { SourceText } from '../core/source';
import { discoverPythonFiles } from '../project/discover-files';
import { EXIT_CLEAN, EXIT_ERROR } from './exit-codes';
import type { OutputStreams } from './output';
import { printable } from './printable';
import { readSource } from '../files/read-source';
import type { EstimateOptions } from './args';


export interface EstimateEnvironment {
  cwd: string;
  analyzer: () => Promise<Analyzer>;
  out: OutputStreams;
}

interface FileEstimate extends TrainingEstimate {
  file: string;
}

export async function runEstimateCommand(options: EstimateOptions, env: EstimateEnvironment): Promise<number> {
  const files = options.paths.flatMap((path) => {
    const absolute = resolve(env.cwd, path);
    return isFolder(absolute) ? discoverPythonFiles([absolute], env.cwd, { isExcluded: () => false }).filter((f) => f.endsWith('.py')) : [absolute];
  });
  const analyzer = await env.analyzer();
  const estimates: FileEstimate[] = [];
  let failed = false;
  for (const file of files) {
    const read = readSource(file);
    const shown = relative(env.cwd, file) || file;
    if (!read.ok) {
      env.out.stderr(`oomlint: ${printable(shown)}: ${read.message}\n`);
      failed = true;
      continue;
    }
    const settings = resolveSettings(findProjectConfig(dirname(file)).settings);
    const written = options.targetGpuMemory ?? settings.targetGpuMemory;
    const gpuBytes = written ? (parseGpuMemory(written) ?? null) : null;
    if (written && gpuBytes === null) {
      env.out.stderr(`oomlint: gpu-memory must be a size such as 24GB or 80GiB (got \`${printable(written)}\`)\n`);
      return EXIT_ERROR;
    }
    const root = analyzer.parser.parseToSyntax(read.text);
    const model = new SemanticModel(root, new SourceText(read.text), settings, file);
    try {
      for (const { estimate } of trainingEstimatesOf(model, { gpuBytes, device: options.device })) estimates.push({ file: shown, ...estimate });
    } finally {
      model.db.release();
    }
  }
  env.out.stdout(options.format === 'json' ? formatEstimatesJson(estimates) : formatEstimatesText(estimates));
  return failed ? EXIT_ERROR : EXIT_CLEAN;
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

export function formatEstimatesJson(estimates: readonly FileEstimate[]): string {
  return `${JSON.stringify({
    version: 1,
    estimates: estimates.map((e) => ({
      file: e.file,
      line: e.line,
      model: e.model,
      batchSize: e.batchSize,
      peakBytes: e.peakBytes,
      parts: e.parts,
      phase: e.phase,
      inputs: e.inputs,
      assumptions: e.assumptions,
      unknown: e.unknown,
      outsidePeak: e.outsidePeak,
      perSample: e.setup ? { savedBytes: e.setup.footprint.savedBytesPerSample, inputBytes: e.setup.footprint.inputBytesPerSample } : null,
      fit: e.fit,
    })),
  }, null, 2)}\n`;
}

const PART_NAMES: Record<string, string> = {
  weights: 'weights',
  gradients: 'gradients',
  optimizerState: 'optimizer state',
  activations: 'activations',
  batch: 'input batch',
  backwardTransient: 'backward transient',
};

export function formatEstimatesText(estimates: readonly FileEstimate[]): string {
  if (!estimates.length) return 'No training setup found (a model passed to an optimizer, or a training DataLoader).\n';
  const lines: string[] = [];
  for (const e of estimates) {
    const where = `${printable(e.file)}:${e.line}`;
    const head = e.peakBytes === null ? 'peak memory unknown' : `≈ ${formatGiB(e.peakBytes)} peak per training step${e.phase ? ` (in the ${e.phase.replace('-', ' ')})` : ''}`;
    lines.push(`${where}: ${printable(e.model ?? 'unknown model')}, batch ${e.batchSize ?? '?'}: ${head}`);
    if (e.parts) for (const [key, bytes] of Object.entries(e.parts)) lines.push(`  ${(PART_NAMES[key] ?? key).padEnd(20)}${formatGiB(bytes).padStart(10)}`);
    lines.push(`  outside the peak: CUDA context ≈ ${formatGiB(e.outsidePeak.cudaContextBytes)}, allocator headroom ≈ ${Math.round(e.outsidePeak.allocatorHeadroom * 100)}% of the peak`);
    if (e.fit) {
      const gpu = formatGiB(e.fit.gpuBytes);
      if (e.fit.fits === true) lines.push(`  fits a ${gpu} GPU (needs ≈ ${formatGiB(e.fit.requiredBytes!)}); the largest batch that fits: ${e.fit.largestBatch}`);
      else if (e.fit.fits === false) {
        const plan = e.fit.accumulation;
        const advice = e.fit.largestBatch < 1 ? 'not even a batch of 1 fits'
          : plan ? `batch ${plan.microBatch} fits; accumulate gradients over ${plan.steps} steps to keep the effective batch of ${plan.effectiveBatch}`
            : `the largest batch that fits: ${e.fit.largestBatch}`;
        lines.push(`  does not fit a ${gpu} GPU (needs ≈ ${formatGiB(e.fit.requiredBytes!)}): ${advice}`);
      } else lines.push(`  the largest batch that fits a ${gpu} GPU: ${e.fit.largestBatch}`);
    }
    lines.push('  inputs:');
    for (const input of e.inputs) lines.push(`    ${input.name}: ${printable(input.value)} ${input.line === null ? '(assumed)' : `(line ${input.line})`}`);
    if (e.assumptions.length) {
      lines.push('  assumed:');
      for (const a of e.assumptions) lines.push(`    ${printable(a)}`);
    }
    if (e.unknown.length) {
      lines.push('  unknown:');
      for (const u of e.unknown) lines.push(`    ${printable(u)}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}
