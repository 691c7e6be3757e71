// The parser and the diagnosis against real messages, quoted from public issues or recorded on a GPU,
// whose numbers and causes were written down by reading them (test/fixtures/oom-messages).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { diagnoseOom } from '../server/src/explain/diagnose-oom';
import { parseOomMessages, type OomMessage } from '../server/src/explain/parse-oom';
import { userFrames } from '../server/src/explain/user-frames';
import { FIXTURES_DIR } from './support/paths';

const DIR = join(FIXTURES_DIR, 'oom-messages');

interface ExpectedMessage {
  [field: string]: unknown;
  processes?: { pid: number; used: string }[];
  userFrames?: { file: string; line: number; function: string }[];
}
interface Sidecar {
  source: string;
  form: string;
  messages: ExpectedMessage[];
  diagnosis: string;
  note?: string;
}

// The test's own reading of a written size, independent of the parser's.
const POWERS: Record<string, number> = { bytes: 0, B: 0, KiB: 1, KB: 1, MiB: 2, MB: 2, GiB: 3, GB: 3, TiB: 4, TB: 4 };
function bytesOf(written: string): number {
  const [value, unit] = written.split(' ');
  const power = POWERS[unit!];
  assert.ok(power !== undefined && value !== undefined, `a size: ${written}`);
  return Math.round(Number(value) * 1024 ** power);
}

const SIZE_FIELDS = ['requested', 'total', 'free', 'allocated', 'cached', 'reservedTotal', 'reservedUnallocated', 'processInUse', 'allowed', 'privatePools', 'mpsAllocated', 'otherAllocations', 'maxAllowed'] as const;
const PLAIN_FIELDS = ['exception', 'backend', 'gpu', 'hint', 'pool'] as const;

const fixtures = readdirSync(DIR)
  .filter((name) => name.endsWith('.txt'))
  .sort()
  .map((name) => {
    const base = name.slice(0, -'.txt'.length);
    return { base, text: readFileSync(join(DIR, name), 'utf8'), sidecar: JSON.parse(readFileSync(join(DIR, `${base}.json`), 'utf8')) as Sidecar };
  });

function compareMessage(base: string, index: number, actual: OomMessage, expected: ExpectedMessage): void {
  const where = `${base} message ${index + 1}`;
  for (const field of SIZE_FIELDS) {
    const written = expected[field];
    assert.equal(actual[field], written === undefined ? undefined : bytesOf(written as string), `${where}: ${field}`);
  }
  for (const field of PLAIN_FIELDS) assert.equal(actual[field], expected[field], `${where}: ${field}`);
  assert.equal(actual.truncated, expected.truncated === true, `${where}: truncated`);
  assert.deepEqual(
    actual.processes,
    (expected.processes ?? []).map((p) => ({ pid: p.pid, used: bytesOf(p.used) })),
    `${where}: processes`,
  );
  if (expected.userFrames) {
    assert.deepEqual(
      userFrames(actual.frames).map(({ file, line, function: fn }) => ({ file, line, function: fn })),
      expected.userFrames,
      `${where}: user frames`,
    );
  }
}

test('at least 40 real messages, every form of the issue among them', () => {
  assert.ok(fixtures.length >= 40, `${fixtures.length} fixtures`);
  const forms = new Set(fixtures.map((f) => f.sidecar.form));
  for (const form of ['2018-cached', '2020-reserved', 'max-split-hint', '2023-process', 'expandable-segments-hint', 'allowed', 'private-pools+allowed+hip', 'hip', 'mps', 'cut-off']) {
    assert.ok(forms.has(form), form);
  }
  assert.ok(fixtures.some((f) => f.sidecar.messages.length > 1), 'a log with several messages');
});

test("the folder's README counts its quoted and recorded messages; recordings name no path of the machine that made them", () => {
  const recorded = fixtures.filter((f) => f.base.startsWith('recorded-'));
  const readme = readFileSync(join(DIR, 'README.md'), 'utf8');
  assert.match(readme, new RegExp(`^${fixtures.length - recorded.length} files are \\*\\*quotations of public posts`, 'm'));
  assert.match(readme, new RegExp(`^${recorded.length} files, \`recorded-h200-\\*\\.txt\`, are \\*\\*recordings`, 'm'));
  for (const { base, text, sidecar } of recorded) {
    assert.doesNotMatch(text, /\/tmp\/|\/opt\//, base);
    assert.match(sidecar.source, /^Recorded by scripts\/gpu-evidence\.sh /, base);
  }
});

for (const { base, text, sidecar } of fixtures) {
  test(`reads every number: ${base}`, () => {
    const messages = parseOomMessages(text);
    assert.equal(messages.length, sidecar.messages.length, 'messages found');
    messages.forEach((message, index) => compareMessage(base, index, message, sidecar.messages[index]!));
  });
}

// Where the rules and the reading disagree, with the reason. The test fails when this list is not
// exactly the set of disagreements, so neither a new one nor a fixed one goes unnoticed.
const DISAGREEMENTS: Record<string, string> = {
  // The reading missed that 554 MiB is free against a 124 MiB request; by the fixtures' own criteria
  // the numbers then do not decide the cause. The written value is kept as it was written.
  'hip-two-in-log-autotrain': 'undetermined (written: own-tensors)',
};

test('the diagnosis matches the one written down for at least 90% of the messages', () => {
  const disagreements: Record<string, string> = {};
  for (const { base, text, sidecar } of fixtures) {
    const first = parseOomMessages(text)[0];
    assert.ok(first, base);
    const cause = diagnoseOom(first).cause;
    if (cause !== sidecar.diagnosis) disagreements[base] = `${cause} (written: ${sidecar.diagnosis})`;
  }
  assert.deepEqual(disagreements, DISAGREEMENTS);
  const agreeing = fixtures.length - Object.keys(disagreements).length;
  assert.ok(agreeing / fixtures.length >= 0.9, `${agreeing} of ${fixtures.length}`);
});
