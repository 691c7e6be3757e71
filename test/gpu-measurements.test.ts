// The GPU measurements recorded on an H200 (test/fixtures/gpu-measurements) against what
// docs/evidence.md says about them: every number in its GPU tables is computed here from the JSON, and
// the claims the page and the rule docs make (flagged never below fixed, what the training-loop cases
// did not cost) are checked on the recording, so neither can drift from it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { OOM002 } from '../server/src/rules/autograd/OOM002-graph-tensor-stored';
import { OOM003 } from '../server/src/rules/autograd/OOM003-loss-accumulated-with-graph';
import { OOM011 } from '../server/src/rules/device/OOM011-empty-cache-in-loop';
import { translatedRuleDocs } from '../server/src/rules/l10n';
import { FIXTURES_DIR, REPO_ROOT } from './support/paths';

interface LoopReading {
  loop: string;
  baseline_bytes: number;
  allocated_bytes: number[];
  peak_over_baseline_bytes: number;
  graph_nodes_kept_at_end: number;
}
interface MemoryCase {
  rule: string;
  name: string;
  description: string;
  bad: LoopReading;
  fixed: LoopReading;
}
interface MemoryReport {
  environment: { gpu: string; driver: string; torch: string; cuda: string; date_utc: string };
  settings: { iterations: number };
  cases: MemoryCase[];
}
interface EmptyCacheRun {
  seconds_per_iteration: number;
  cuda_malloc_calls: number;
  cuda_free_calls: number;
  peak_reserved_bytes: number;
}
interface ExtraReport {
  environment: { gpu: string; driver: string; torch: string; date_utc: string };
  OOM008: { bad_state_carried: { growth_bytes_after_each_iteration: number[] }; fixed_state_detached: { growth_bytes_after_each_iteration: number[] } };
  OOM009: {
    checkpoint_file_bytes: number;
    without_map_location: { gpu_bytes_held: number; device_of_first_tensor: string };
    map_location_cpu: { gpu_bytes_held: number; device_of_first_tensor: string };
  };
  OOM011: { bad_empty_cache_every_iteration: EmptyCacheRun; fixed_no_empty_cache: EmptyCacheRun };
}

const DIR = join(FIXTURES_DIR, 'gpu-measurements');
const memory = JSON.parse(readFileSync(join(DIR, 'h200.json'), 'utf8')) as MemoryReport;
const extra = JSON.parse(readFileSync(join(DIR, 'h200-extra.json'), 'utf8')) as ExtraReport;
// Line breaks read as spaces: a number and its unit may be wrapped onto two lines.
const evidence = readFileSync(join(REPO_ROOT, 'docs', 'evidence.md'), 'utf8').replace(/\s+/g, ' ');
const MIB = 2 ** 20;

const mib = (bytes: number) => (bytes / MIB).toFixed(1);
const afterLast = (loop: LoopReading) => loop.allocated_bytes.at(-1)! - loop.baseline_bytes;
const caseOf = (loop: string) => {
  const found = memory.cases.find((c) => c.bad.loop === loop);
  assert.ok(found, loop);
  return found;
};

/** The table row docs/evidence.md must hold for one case: MiB above the baseline, after the last iteration and at the peak. */
function row(c: MemoryCase): string {
  const { bad, fixed } = c;
  return `| ${c.rule} | ${c.description} | ${mib(afterLast(bad))} / ${mib(bad.peak_over_baseline_bytes)} | ${mib(afterLast(fixed))} / ${mib(fixed.peak_over_baseline_bytes)} | ${bad.graph_nodes_kept_at_end} / ${fixed.graph_nodes_kept_at_end} |`;
}

test('the recording is from the H200 the page names', () => {
  for (const environment of [memory.environment, extra.environment]) {
    assert.equal(environment.gpu, 'NVIDIA H200');
    assert.equal(environment.driver, '580.159.04');
    assert.equal(environment.torch, '2.11.0+cu130');
    assert.match(environment.date_utc, /^2026-11-26T/);
  }
  assert.ok(evidence.includes('NVIDIA H200, driver 580.159.04, CUDA 13.0, PyTorch 2.11.0+cu130'), 'the environment line');
  assert.equal(memory.cases.length, 8);
});

test('every case of the recording is a row of the GPU table, with its numbers', () => {
  for (const c of memory.cases) assert.ok(evidence.includes(row(c)), `missing or changed row:\n${row(c)}`);
});

test('for every case the flagged loop holds at least what the fixed one holds, after the loop and at the peak', () => {
  for (const { description, bad, fixed } of memory.cases) {
    assert.ok(afterLast(bad) >= afterLast(fixed), description);
    assert.ok(bad.peak_over_baseline_bytes >= fixed.peak_over_baseline_bytes, description);
  }
});

test('where backward() runs each iteration, a kept loss or output cost the GPU no more than its fix (what the docs say)', () => {
  // The loss kept or summed: less than a kilobyte per iteration (the scalar tensors themselves), the same peak.
  for (const loop of ['train_keep_losses', 'train_sum_loss']) {
    const { bad, fixed } = caseOf(loop);
    const slack = 1024 * memory.settings.iterations;
    assert.ok(afterLast(bad) - afterLast(fixed) <= slack, loop);
    assert.ok(bad.peak_over_baseline_bytes - fixed.peak_over_baseline_bytes <= slack, loop);
    assert.ok(bad.graph_nodes_kept_at_end > 0, `${loop}: the graph nodes are what it keeps`);
  }
  // The outputs kept with their graph cost exactly what the same outputs detached cost.
  const outputs = caseOf('train_keep_outputs');
  assert.deepEqual(outputs.bad.allocated_bytes, outputs.fixed.allocated_bytes);
  assert.match(evidence, /\| OOM002 \| training loop keeps every loss: losses\.append\(loss\) vs loss\.item\(\) \| 11\.0 \/ 364\.4 \| 10\.9 \/ 364\.4 \|/);
});

test('where nothing frees the graph, every iteration keeps its activations: about 10 GiB against a few hundred MiB', () => {
  for (const loop of ['retained_keep_losses', 'validate_sum_loss']) {
    const { bad, fixed } = caseOf(loop);
    assert.ok(afterLast(bad) > 10 * 1024 * MIB && afterLast(fixed) < 300 * MIB, loop);
    const perIteration = (bad.allocated_bytes.at(-1)! - bad.allocated_bytes[0]!) / (bad.allocated_bytes.length - 1);
    assert.ok(evidence.includes(`${mib(perIteration)} MiB per iteration`), `${loop}: ${mib(perIteration)} MiB per iteration`);
  }
});

test('OOM008: the carried state grows by the same amount every iteration, the detached one stays flat', () => {
  const bad = extra.OOM008.bad_state_carried.growth_bytes_after_each_iteration;
  const fixed = extra.OOM008.fixed_state_detached.growth_bytes_after_each_iteration;
  assert.equal(bad.length, 20);
  for (let i = 1; i < bad.length; i++) assert.ok(bad[i]! > bad[i - 1]!, `iteration ${i + 1}`);
  assert.equal(new Set(fixed).size, 1);
  const perIteration = (bad.at(-1)! - bad[1]!) / (bad.length - 2);
  for (const text of [`${mib(bad[0]!)} MiB`, `${mib(bad.at(-1)!)} MiB`, `${mib(perIteration)} MiB per iteration`, `${mib(fixed[0]!)} MiB`]) {
    assert.ok(evidence.includes(text), text);
  }
});

test('OOM009: without map_location the checkpoint is rebuilt on the GPU in full; with map_location="cpu" nothing is', () => {
  const { without_map_location: without, map_location_cpu: cpu, checkpoint_file_bytes: fileBytes } = extra.OOM009;
  const tensorBytes = 8 * 4096 * 4096 * 4; // eight float32 4096x4096 weights
  assert.ok(without.gpu_bytes_held >= tensorBytes);
  assert.equal(without.device_of_first_tensor, 'cuda:0');
  assert.equal(cpu.gpu_bytes_held, 0);
  assert.equal(cpu.device_of_first_tensor, 'cpu');
  for (const text of [`${without.gpu_bytes_held} bytes`, `${fileBytes} bytes`]) assert.ok(evidence.includes(text), text);
});

test('OOM011: empty_cache() every step made the allocator call cudaMalloc again and returned no peak memory', () => {
  const { bad_empty_cache_every_iteration: bad, fixed_no_empty_cache: fixed } = extra.OOM011;
  assert.ok(bad.cuda_malloc_calls > 0);
  assert.equal(fixed.cuda_malloc_calls, 0);
  assert.equal(bad.peak_reserved_bytes, fixed.peak_reserved_bytes);
  const seconds = (run: EmptyCacheRun) => run.seconds_per_iteration.toFixed(4);
  const rowText = `| \`torch.cuda.empty_cache()\` every iteration | ${seconds(bad)} | ${bad.cuda_malloc_calls} | ${bad.cuda_free_calls} | ${mib(bad.peak_reserved_bytes)} |`;
  const fixedText = `| no call | ${seconds(fixed)} | ${fixed.cuda_malloc_calls} | ${fixed.cuda_free_calls} | ${mib(fixed.peak_reserved_bytes)} |`;
  assert.ok(evidence.includes(rowText), rowText);
  assert.ok(evidence.includes(fixedText), fixedText);
});

test("the rule pages quote the recording's numbers, in every language", () => {
  const gib = (bytes: number, digits: number) => `${(bytes / 2 ** 30).toFixed(digits)} GiB`;
  const retained = caseOf('retained_keep_losses');
  const validation = caseOf('validate_sum_loss');
  const keptLosses = caseOf('train_keep_losses');
  const perLoss = (afterLast(keptLosses.bad) - afterLast(keptLosses.fixed)) / (memory.settings.iterations - 1);
  const emptyCache = extra.OOM011.bad_empty_cache_every_iteration;
  const slower = emptyCache.seconds_per_iteration / extra.OOM011.fixed_no_empty_cache.seconds_per_iteration - 1;
  const quoted: Record<string, string[]> = {
    OOM002: [`${memory.settings.iterations} `, gib(afterLast(retained.bad), 1), gib(afterLast(retained.fixed), 2), `${perLoss} `],
    OOM003: [`${memory.settings.iterations} `, gib(afterLast(validation.bad), 1), gib(afterLast(validation.fixed), 2)],
    // gpu_extra_checks.py runs every check with the same --iterations: OOM008's readings count them.
    OOM011: [`${Math.round(emptyCache.cuda_malloc_calls / extra.OOM008.bad_state_carried.growth_bytes_after_each_iteration.length)} `, `${Math.round(slower * 100)}%`],
  };
  const pages = [OOM002, OOM003, OOM011].map((rule) => ({ code: rule.meta.code, english: rule.meta.doc.whyIsThisBad }));
  for (const { code, english } of pages) {
    const texts = [english, translatedRuleDocs('zh-cn')[code]?.whyIsThisBad ?? '', translatedRuleDocs('ru')[code]?.whyIsThisBad ?? ''];
    for (const [index, text] of texts.entries()) {
      for (const number of quoted[code]!) assert.ok(text.replace(/\s+/g, ' ').includes(number), `${code} (${['en', 'zh-cn', 'ru'][index]}): ${number}`);
    }
  }
});

interface LoaderReport {
  OOM005: { workers: number; host_allocator: Record<string, number> | null; main_process_rss_mib: number }[];
  OOM004: { batch_size: number; peak_above_start_bytes: number }[];
}

test('the DataLoader and batch-size tables are the recording, and show what OOM004 and OOM005 say', () => {
  const loader = JSON.parse(readFileSync(join(FIXTURES_DIR, 'gpu-measurements', 'h200-loader.json'), 'utf8')) as LoaderReport;
  const evidence = readFileSync(join(REPO_ROOT, 'docs', 'evidence.md'), 'utf8');
  const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
  const pinned = loader.OOM005.map((run) => mib(run.host_allocator!['allocated_bytes.current']!));
  for (const [index, run] of loader.OOM005.entries()) {
    const row = `| ${run.workers} | ${pinned[index]} | ${Math.round(run.main_process_rss_mib)} |`;
    assert.ok(evidence.includes(row), row);
  }
  // More workers, more pinned memory: never less, and several times more at 16 than at 2.
  for (let i = 1; i < pinned.length; i++) assert.ok(pinned[i]! >= pinned[i - 1]!, `pinned memory at ${loader.OOM005[i]!.workers} workers`);
  assert.ok(pinned.at(-1)! >= 4 * pinned[0]!, 'pinned memory grows with the worker count');
  for (const step of loader.OOM004) {
    const row = `| ${step.batch_size} | ${(step.peak_above_start_bytes / 2 ** 30).toFixed(2)} |`;
    assert.ok(evidence.includes(row), row);
  }
  // Linear in the batch: each doubling doubles the peak, within a tenth.
  for (let i = 1; i < loader.OOM004.length; i++) {
    const ratio = loader.OOM004[i]!.peak_above_start_bytes / loader.OOM004[i - 1]!.peak_above_start_bytes;
    assert.ok(Math.abs(ratio - 2) < 0.2, `peak ratio ${ratio.toFixed(2)} between batch ${loader.OOM004[i - 1]!.batch_size} and ${loader.OOM004[i]!.batch_size}`);
  }
  const first = loader.OOM004[0]!;
  const last = loader.OOM004.at(-1)!;
  const perImage = Math.round((last.peak_above_start_bytes - first.peak_above_start_bytes) / (last.batch_size - first.batch_size) / 2 ** 20);
  assert.ok(evidence.includes(`about ${perImage} MiB per image`), `about ${perImage} MiB per image`);
});
