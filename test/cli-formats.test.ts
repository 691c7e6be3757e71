// The output formats, fed with the report of a real check over the CLI fixtures.
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createPaint } from '../server/src/cli/ansi';
import type { CheckOptions } from '../server/src/cli/args';
import { checkFiles } from '../server/src/cli/check-files';
import type { CheckReport } from '../server/src/cli/check-report';
import { escapeData, escapeProperty, formatGithub } from '../server/src/cli/format-github';
import { formatJson, type JsonDiagnostic } from '../server/src/cli/format-json';
import { formatSarif, SARIF_SCHEMA } from '../server/src/cli/format-sarif';
import { formatStatisticsText, ruleStatistics } from '../server/src/cli/format-statistics';
import { writeTextReport } from '../server/src/cli/format-text';
import { toolInfoFromPackageJson } from '../server/src/cli/tool-info';
import { summaryLines } from '../server/src/cli/summary';
import { ruleDocUrl } from '../server/src/rules/docs';
import { ruleByCode } from '../server/src/rules/index';
import { sharedAnalyzer } from './support/analyzer';
import { FIXTURES_DIR, REPO_ROOT } from './support/paths';

/** Start of an ANSI escape sequence. */
const ESCAPE = '\u001b[';
const TOOL = toolInfoFromPackageJson(JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')));
const FIXTURES = ['train_loop.py', 'predict.py', 'clean.py', 'wide_characters.py', 'crlf_tabs.py'];
const cwd = mkdtempSync(join(tmpdir(), 'oomlint-formats-'));
let report: CheckReport;

const OPTIONS: CheckOptions = {
  paths: ['.'],
  format: 'text',
  fix: false,
  unsafeFixes: false,
  diff: false,
  select: undefined,
  ignore: undefined,
  configFile: undefined,
  exitZero: false,
  quiet: false,
  statistics: false,
  noColor: true,
};

before(async () => {
  for (const name of FIXTURES) copyFileSync(join(FIXTURES_DIR, 'cli', name), join(cwd, name));
  writeFileSync(join(cwd, 'latin1.py'), Buffer.concat([Buffer.from('x = 1\n# caf'), Buffer.from([0xe9]), Buffer.from('\n')]));
  report = checkFiles({ options: OPTIONS, cwd, analyzer: await sharedAnalyzer() });
});
after(() => rmSync(cwd, { recursive: true, force: true }));

function collect(write: (out: { stdout(t: string): void; stderr(t: string): void }) => void) {
  let stdout = '';
  let stderr = '';
  write({ stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) });
  return { stdout, stderr };
}

describe('the check report', () => {
  test('holds the expected problems per file and the undecodable file as a failure', () => {
    const found = report.files.flatMap((f) => f.diagnostics.map((d) => `${f.displayPath}:${f.source.position(d.start).line + 1} ${d.code}`));
    assert.deepEqual(found, ['crlf_tabs.py:10 OOM003', 'predict.py:6 OOM001', 'train_loop.py:10 OOM003', 'wide_characters.py:10 OOM003']);
    assert.deepEqual(
      report.failures.map((f) => [f.displayPath, f.message]),
      [['latin1.py', 'could not decode as UTF-8: invalid byte 0xE9 at line 2, column 6']],
    );
  });
});

describe('json', () => {
  test('is ruff-shaped, with 1-based rows and code point columns', () => {
    const entries = JSON.parse(formatJson(report, TOOL.repositoryUrl)) as JsonDiagnostic[];
    assert.deepEqual(entries.map((e) => `${e.filename}:${e.code}`), [
      `${join(cwd, 'crlf_tabs.py')}:OOM003`,
      `${join(cwd, 'latin1.py')}:E902`,
      `${join(cwd, 'predict.py')}:OOM001`,
      `${join(cwd, 'train_loop.py')}:OOM003`,
      `${join(cwd, 'wide_characters.py')}:OOM003`,
    ]);
    for (const entry of entries) {
      assert.deepEqual(Object.keys(entry), ['cell', 'code', 'end_location', 'filename', 'fix', 'location', 'message', 'noqa_row', 'url']);
    }

    const wide = entries.find((e) => e.filename.endsWith('wide_characters.py'))!;
    // `        总损失 += loss`: three CJK characters are three columns, not six cells or UTF-8 bytes.
    assert.deepEqual(wide.location, { column: 9, row: 10 });
    assert.deepEqual(wide.end_location, { column: 20, row: 10 });
    assert.equal(wide.noqa_row, 10);
    assert.equal(wide.url, ruleDocUrl(ruleByCode('OOM003')!.meta, TOOL.repositoryUrl));
    assert.ok(wide.fix);
    assert.equal(wide.fix.applicability, 'safe');
    assert.deepEqual(wide.fix.edits, [{ content: '.detach()', end_location: { column: 20, row: 10 }, location: { column: 20, row: 10 } }]);

    const tabs = entries.find((e) => e.filename.endsWith('crlf_tabs.py'))!;
    assert.deepEqual(tabs.location, { column: 3, row: 10 });

    const undecodable = entries.find((e) => e.code === 'E902')!;
    assert.deepEqual(undecodable.location, { column: 6, row: 2 });
    assert.equal(undecodable.fix, null);
    assert.equal(undecodable.url, null);
  });
});

describe('sarif', () => {
  test('has the structure SARIF 2.1.0 requires, with rules, results, regions and fixes', () => {
    const log = JSON.parse(formatSarif(report, cwd, TOOL));
    assert.equal(log.$schema, SARIF_SCHEMA);
    assert.equal(log.version, '2.1.0');
    assert.equal(log.runs.length, 1);
    const [run] = log.runs;
    assert.equal(run.columnKind, 'unicodeCodePoints');
    const driver = run.tool.driver;
    assert.equal(driver.name, 'oomlint');
    assert.match(driver.version, /^\d+\.\d+\.\d+/);
    assert.equal(driver.informationUri, TOOL.repositoryUrl);
    for (const rule of driver.rules) {
      assert.equal(typeof rule.id, 'string');
      assert.equal(typeof rule.name, 'string');
      assert.equal(typeof rule.shortDescription.text, 'string');
      assert.equal(typeof rule.fullDescription.text, 'string');
      assert.match(rule.helpUri, /^https:\/\//);
      assert.ok(['error', 'warning', 'note'].includes(rule.defaultConfiguration.level));
    }
    assert.equal(run.results.length, 5);
    for (const result of run.results) {
      assert.equal(driver.rules[result.ruleIndex].id, result.ruleId);
      assert.ok(['error', 'warning', 'note'].includes(result.level));
      assert.equal(typeof result.message.text, 'string');
      const location = result.locations[0].physicalLocation;
      assert.doesNotMatch(location.artifactLocation.uri, /^\/|^file:/);
      assert.equal(location.artifactLocation.uriBaseId, '%SRCROOT%');
      assert.ok(location.region.startLine >= 1 && location.region.startColumn >= 1);
    }
    assert.equal(run.originalUriBaseIds['%SRCROOT%'].uri.endsWith('/'), true);

    const wide = run.results.find((r: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) =>
      r.locations[0]!.physicalLocation.artifactLocation.uri === 'wide_characters.py',
    );
    assert.deepEqual(wide.locations[0].physicalLocation.region, { startLine: 10, startColumn: 9, endLine: 10, endColumn: 20 });
    assert.equal(wide.fixes.length, 2);
    assert.deepEqual(wide.fixes[0].artifactChanges[0].replacements[0], {
      deletedRegion: { startLine: 10, startColumn: 20, endLine: 10, endColumn: 20 },
      insertedContent: { text: '.detach()' },
    });
    const undecodable = run.results.find((r: { ruleId: string }) => r.ruleId === 'E902');
    assert.equal(undecodable.level, 'error');
    assert.equal(run.invocations[0].executionSuccessful, false);
  });

  test('percent-encodes paths in URIs', async () => {
    const spaced = mkdtempSync(join(tmpdir(), 'oomlint-sarif-'));
    try {
      copyFileSync(join(FIXTURES_DIR, 'cli', 'train_loop.py'), join(spaced, 'my train%.py'));
      const log = JSON.parse(formatSarif(checkFiles({ options: OPTIONS, cwd: spaced, analyzer: await sharedAnalyzer() }), spaced, TOOL));
      assert.equal(log.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri, 'my%20train%25.py');
    } finally {
      rmSync(spaced, { recursive: true, force: true });
    }
  });
});

describe('github', () => {
  test('escapes what would break a workflow command', () => {
    assert.equal(escapeData('100% sure\r\nnext: a, b'), '100%25 sure%0D%0Anext: a, b');
    assert.equal(escapeProperty('dir,with:odd%name'), 'dir%2Cwith%3Aodd%25name');
  });

  test('writes one annotation per problem, with level, title, file and range', () => {
    const lines = formatGithub(report, cwd).trimEnd().split('\n');
    assert.equal(lines.length, 5);
    assert.equal(lines[0], '::error title=oomlint (E902),file=latin1.py,line=2,col=6::could not decode as UTF-8: invalid byte 0xE9 at line 2, column 6');
    assert.ok(lines[4]!.startsWith('::warning title=oomlint (OOM003),file=wide_characters.py,line=10,col=9,endLine=10,endColumn=20::`总损失` accumulates'));
  });
});

describe('text', () => {
  test('prints location, code, fix marker and a code frame whose carets line up on screen', () => {
    const { stdout, stderr } = collect((out) => writeTextReport(report, out, { paint: createPaint(false), quiet: false }));
    assert.equal(stderr, 'latin1.py: E902 could not decode as UTF-8: invalid byte 0xE9 at line 2, column 6\n');
    const blocks = stdout.split('\n\n');
    const wide = blocks.find((b) => b.startsWith('wide_characters.py'))!;
    const [heading, line, carets] = wide.split('\n');
    assert.match(heading!, /^wide_characters\.py:10:9: OOM003 \[\*\] `总损失` accumulates/);
    assert.equal(line, '10 |         总损失 += loss  # 🚀');
    // Each CJK character takes two cells: 8 spaces, then 6 + 8 carets.
    assert.equal(carets, `   | ${' '.repeat(8)}${'^'.repeat(14)}`);
    const tabs = blocks.find((b) => b.startsWith('crlf_tabs.py'))!.split('\n');
    assert.equal(tabs[1], '10 |         total_loss += loss');
    assert.equal(tabs[2], `   | ${' '.repeat(8)}${'^'.repeat(18)}`);
    const predict = blocks.find((b) => b.startsWith('predict.py'))!;
    assert.doesNotMatch(predict, /\[\*\]/);
    assert.match(stdout, /\nFound 4 problems \(3 fixable with --fix, 1 with --unsafe-fixes\)\.\n1 file could not be checked\.\n$/);
  });

  test('colours only when asked, and --quiet drops the summary', () => {
    const plain = collect((out) => writeTextReport(report, out, { paint: createPaint(false), quiet: true }));
    assert.equal((plain.stdout + plain.stderr).includes(ESCAPE), false);
    assert.doesNotMatch(plain.stdout, /Found/);
    const coloured = collect((out) => writeTextReport(report, out, { paint: createPaint(true), quiet: false }));
    // Yellow for a warning, bold code.
    assert.ok(coloured.stdout.includes(`${ESCAPE}33m${ESCAPE}1mOOM003${ESCAPE}22m${ESCAPE}39m`));
  });
});

describe('summary and statistics', () => {
  test('summaries for a clean run, a fix run and a diff run', () => {
    const files = report.files;
    assert.deepEqual(summaryLines({ ...report, failures: [], files: files.filter((f) => !f.diagnostics.length) }), ['All checks passed!']);
    const fixed = files.map((f) => (f.displayPath === 'train_loop.py' ? { ...f, diagnostics: [], fixesApplied: 1 } : f));
    assert.deepEqual(summaryLines({ ...report, failures: [], mode: 'fix', files: fixed }), [
      'Found 4 problems (1 fixed, 3 remaining, 1 fixable with --unsafe-fixes).',
    ]);
    assert.deepEqual(summaryLines({ ...report, failures: [], mode: 'diff', files: fixed }), ['Would fix 1 problem (1 fixable with --unsafe-fixes).']);
    assert.deepEqual(summaryLines({ ...report, files: [] }), ['No problems found, but 1 file could not be checked.']);
  });

  test('--statistics counts per rule, most frequent first', () => {
    const statistics = ruleStatistics(report.files.flatMap((f) => f.diagnostics), report.selection);
    assert.deepEqual(statistics.map((s) => [s.code, s.count, s.fixable]), [
      ['OOM003', 3, true],
      ['OOM001', 1, false],
    ]);
    assert.equal(formatStatisticsText(statistics), '3  OOM003  [*] loss-accumulated-with-graph\n1  OOM001      eval-without-no-grad\n');
  });
});
