// Runs the PyTorch check scripts in test/torch/ and holds the rules' claims to their numbers:
// the flagged pattern keeps autograd graphs (and, where nothing releases them, activations)
// alive across iterations; the fixed code keeps nothing. Skipped when no Python has torch
// (scripts/install-torch.sh installs Debian's CPU build).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { findPythonWithTorch, type PythonWithTorch } from './torch/find-python-with-torch';
import { REPO_ROOT } from './support/paths';

const run = promisify(execFile);
const SCRIPTS_DIR = join(REPO_ROOT, 'test', 'torch');
const ITERATIONS = 12;

const python = findPythonWithTorch();
const skip = python
  ? false
  : 'no Python that can import torch (set OOMLINT_PYTHON, or run scripts/install-torch.sh)';
if (python) console.log(`torch claims: ${python.command} from ${python.origin}, torch ${python.torchVersion}`);
else console.log(`torch claims skipped: ${skip}`);

type Series = Record<string, number[]>;

async function runCheck(interpreter: PythonWithTorch, script: string): Promise<Record<string, unknown>> {
  const { stdout } = await run(interpreter.command, [join(SCRIPTS_DIR, script), '--iterations', String(ITERATIONS)], {
    cwd: SCRIPTS_DIR,
    env: { ...process.env, PATH: interpreter.pathEnv, PYTHONDONTWRITEBYTECODE: '1' },
    timeout: 120_000,
  });
  const lines = stdout.trim().split('\n');
  const parsed: unknown = JSON.parse(lines[lines.length - 1] ?? '');
  assert.ok(parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed), `${script} printed no JSON object`);
  return parsed as Record<string, unknown>;
}

function series(result: Record<string, unknown>, variant: string): Series {
  const value = result[variant];
  assert.ok(value !== null && typeof value === 'object', `missing variant ${variant}`);
  const out: Series = {};
  for (const [key, numbers] of Object.entries(value)) {
    if (Array.isArray(numbers) && numbers.every((n): n is number => typeof n === 'number')) out[key] = numbers;
  }
  return out;
}

function numberField(result: Record<string, unknown>, variant: string, key: string): number {
  const value: unknown = result[variant];
  assert.ok(value !== null && typeof value === 'object', `missing variant ${variant}`);
  const field: unknown = (value as Record<string, unknown>)[key];
  assert.equal(typeof field, 'number', `${variant}.${key} should be a number`);
  return field as number;
}

function measure(s: Series, name: string): number[] {
  const numbers = s[name];
  assert.ok(numbers, `missing measure ${name}`);
  assert.equal(numbers.length, ITERATIONS, `${name} has one value per iteration`);
  return numbers;
}

/** Grows by the same positive amount every iteration: one iteration's worth kept per iteration. */
function assertGrowsEveryIteration(numbers: number[], label: string): void {
  const steps = numbers.slice(1).map((n, i) => n - numbers[i]!);
  assert.ok(steps[0]! > 0, `${label} should grow: ${numbers.join(', ')}`);
  assert.ok(steps.every((d) => d === steps[0]), `${label} should grow by the same amount each time: ${numbers.join(', ')}`);
}

function assertAllZero(numbers: number[], label: string): void {
  assert.deepEqual(numbers, numbers.map(() => 0), `${label} should stay at zero: ${numbers.join(', ')}`);
}

function assertFlatPositive(numbers: number[], label: string): void {
  assert.ok(numbers[0]! > 0, `${label} should be above zero`);
  assert.ok(numbers.every((n) => n === numbers[0]), `${label} should stay flat: ${numbers.join(', ')}`);
}

test('OOM001: an eval loop without no_grad keeps each batch\'s activations; no_grad keeps none', { skip }, async () => {
  const result = await runCheck(python!, 'oom001_eval_without_no_grad.py');
  const bad = series(result, 'bad');
  const fixed = series(result, 'fixed');
  assertFlatPositive(measure(bad, 'saved_bytes'), 'bad saved_bytes');
  assertFlatPositive(measure(bad, 'graph_nodes'), 'bad graph_nodes');
  assertAllZero(measure(fixed, 'saved_bytes'), 'fixed saved_bytes');
  assertAllZero(measure(fixed, 'graph_nodes'), 'fixed graph_nodes');
  // Same model, same batches: the guard changes what is kept, not the answer.
  assert.equal(numberField(result, 'bad', 'correct'), numberField(result, 'fixed', 'correct'));
});

test('OOM002: a list of losses with graphs grows a graph per iteration; .item() keeps none', { skip }, async () => {
  const result = await runCheck(python!, 'oom002_graph_tensor_stored.py');
  assertGrowsEveryIteration(measure(series(result, 'bad'), 'graph_nodes'), 'bad graph_nodes');
  // backward() has released the activations: what the list keeps is the graph itself.
  assertAllZero(measure(series(result, 'bad'), 'saved_bytes'), 'bad saved_bytes');
  assertAllZero(measure(series(result, 'fixed'), 'graph_nodes'), 'fixed graph_nodes');
  assertGrowsEveryIteration(measure(series(result, 'bad_retained'), 'saved_bytes'), 'bad_retained saved_bytes');
  assertGrowsEveryIteration(measure(series(result, 'bad_retained'), 'graph_nodes'), 'bad_retained graph_nodes');
  assertAllZero(measure(series(result, 'fixed_retained'), 'saved_bytes'), 'fixed_retained saved_bytes');
});

test('OOM003: total_loss += loss chains every graph; += loss.item() keeps none', { skip }, async () => {
  const result = await runCheck(python!, 'oom003_loss_accumulated_with_graph.py');
  assertGrowsEveryIteration(measure(series(result, 'bad'), 'graph_nodes'), 'bad graph_nodes');
  assertAllZero(measure(series(result, 'bad'), 'saved_bytes'), 'bad saved_bytes');
  assertAllZero(measure(series(result, 'fixed'), 'graph_nodes'), 'fixed graph_nodes');
  assertGrowsEveryIteration(measure(series(result, 'bad_without_backward'), 'saved_bytes'), 'bad_without_backward saved_bytes');
  assertAllZero(measure(series(result, 'fixed_without_backward'), 'saved_bytes'), 'fixed_without_backward saved_bytes');
  assertAllZero(measure(series(result, 'fixed_without_backward'), 'graph_nodes'), 'fixed_without_backward graph_nodes');
});

test('OOM006: retain_graph=True keeps the activations past backward and raises the peak', { skip }, async () => {
  const result = await runCheck(python!, 'oom006_retain_graph_in_loop.py');
  const bad = series(result, 'bad');
  const fixed = series(result, 'fixed');
  assertFlatPositive(measure(bad, 'saved_bytes_after_backward'), 'bad saved_bytes_after_backward');
  assertAllZero(measure(fixed, 'saved_bytes_after_backward'), 'fixed saved_bytes_after_backward');
  const badPeak = measure(bad, 'peak_saved_bytes');
  const fixedPeak = measure(fixed, 'peak_saved_bytes');
  // From the second iteration on, the bad loop's forward runs beside the previous graph.
  for (let i = 1; i < ITERATIONS; i++) {
    assert.ok(badPeak[i]! > fixedPeak[i]!, `iteration ${i}: ${badPeak[i]} > ${fixedPeak[i]}`);
  }
});

test('OOM008: a state fed back undetached fails the second backward, or with retain_graph keeps every batch\'s graph; detaching keeps one', { skip }, async () => {
  const result = await runCheck(python!, 'oom008_hidden_state_carried.py');
  // Without retain_graph the second backward walks into the first batch's freed graph.
  assert.equal(numberField(result, 'bad', 'failed_at'), 1);
  assert.equal((result.bad as Record<string, unknown>).failure, 'freed');
  // With retain_graph and an optimizer, the weights' in-place update stops the second backward instead.
  assert.equal(numberField(result, 'bad_retained', 'failed_at'), 1);
  assert.equal((result.bad_retained as Record<string, unknown>).failure, 'inplace');
  // With updates autograd does not see, it runs: every batch's graph and activations stay attached to the state.
  const growing = series(result, 'bad_retained_data_update');
  assertGrowsEveryIteration(measure(growing, 'graph_nodes'), 'bad_retained_data_update graph_nodes');
  assertGrowsEveryIteration(measure(growing, 'saved_bytes'), 'bad_retained_data_update saved_bytes');
  const fixed = series(result, 'fixed');
  assertFlatPositive(measure(fixed, 'graph_nodes'), 'fixed graph_nodes');
  assertAllZero(measure(fixed, 'saved_bytes'), 'fixed saved_bytes');
});
