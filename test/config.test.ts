import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { isRuleEnabled, resolveSettings } from '../server/src/core/settings';
import { findProjectConfig, invalidateProjectConfig, loadProjectConfigFile } from '../server/src/config/discover';
import { isExcluded, parseProjectConfig, settingsForFile } from '../server/src/config/pyproject';
import { sharedAnalyzer } from './support/analyzer';
import { en } from '../server/src/l10n/en';
import { closestKey } from '../server/src/config/key-suggestion';

const ROOT = join(tmpdir(), 'oomlint-config-project');
const PYPROJECT = join(ROOT, 'pyproject.toml');

const problemsAt = (text: string) => parseProjectConfig(text, PYPROJECT).problems.map((p) => `${p.line}: ${en.configProblem(p.detail)}`);

describe('parseProjectConfig', () => {
  test('reads every key of [tool.oomlint] into settings', () => {
    const config = parseProjectConfig(
      [
        '[project]',
        'name = "demo"',
        '',
        '[tool.oomlint]',
        'select = ["oom00", "OOM003"]',
        'ignore = ["OOM002"]',
        'max-batch-size = 1024',
        'max-pinned-workers = 4',
        'eval-function-names = ["score_*", "benchmark"]',
        'exclude = ["./build/", "data/generated"]',
        '',
        '[tool.oomlint.per-file-ignores]',
        '"tests/**" = ["OOM004"]',
        '"scripts/*.py" = ["OOM001", "OOM005"]',
        '',
        '[tool.oomlint.severity]',
        'OOM003 = "error"',
        'OOM005 = "off"',
      ].join('\n'),
      PYPROJECT,
    );
    assert.deepEqual(config.problems, []);
    assert.equal(config.file, PYPROJECT);
    assert.equal(config.root, ROOT);
    assert.deepEqual(config.settings, {
      select: ['OOM00', 'OOM003'],
      ignore: ['OOM002'],
      maxBatchSize: 1024,
      maxPinnedWorkers: 4,
      evalFunctionNames: ['score_*', 'benchmark'],
      severity: { OOM003: 'error', OOM005: 'off' },
    });
    assert.deepEqual(config.perFileIgnores, [
      { pattern: 'tests/**', codes: ['OOM004'] },
      { pattern: 'scripts/*.py', codes: ['OOM001', 'OOM005'] },
    ]);
    assert.deepEqual(config.exclude, ['build', 'data/generated']);
  });

  test('a pyproject.toml without [tool.oomlint] configures nothing and is not a problem', () => {
    const config = parseProjectConfig('[project]\nname = "demo"\n[tool.ruff]\nline-length = 100\n', PYPROJECT);
    assert.deepEqual(config.settings, {});
    assert.deepEqual(config.problems, []);
  });

  test('reports a TOML syntax error at its line and falls back to defaults', () => {
    const config = parseProjectConfig('[tool.oomlint]\nselect = ["OOM001"\nignore = []\n', PYPROJECT);
    assert.deepEqual(config.settings, {});
    assert.equal(config.problems.length, 1);
    assert.equal(config.problems[0]!.file, PYPROJECT);
    assert.equal(config.problems[0]!.line, 3);
    assert.match(en.configProblem(config.problems[0]!.detail), /^invalid TOML: /);
  });

  test('reports wrong types and unknown keys at their lines and keeps the valid keys', () => {
    const text = [
      '[tool.oomlint]', // 1
      'select = "OOM001"', // 2
      'ignore = ["OOM002", "E501"]', // 3
      'max-batch-size = 0', // 4
      'max_pinned_workers = 4', // 5
      'eval-function-names = ["ok"]', // 6
      'severity = { OOM003 = "loud", OOM001 = "hint" }', // 7
      '', // 8
      '[tool.oomlint.per-file-ignores]', // 9
      '"tests/*" = "OOM003"', // 10
    ].join('\n');
    assert.deepEqual(problemsAt(text), [
      '2: `select` must be a list of strings, not `"OOM001"`; the default is used',
      '3: `E501` in `ignore` is not a rule code or prefix (such as OOM003, OOM or ALL); it is left out',
      '4: `max-batch-size` must be a positive integer, not `0`; the default is used',
      '5: unknown key `max_pinned_workers`; did you mean `max-pinned-workers`?',
      '7: severity of OOM003 must be one of error, warning, information, hint, off, not `"loud"`',
      '10: `per-file-ignores.tests/*` must be a list of strings, not `"OOM003"`; the default is used',
    ]);
    const { settings, perFileIgnores } = parseProjectConfig(text, PYPROJECT);
    assert.deepEqual(settings, { ignore: ['OOM002'], evalFunctionNames: ['ok'], severity: { OOM001: 'hint' } });
    assert.deepEqual(perFileIgnores, []);
  });

  test('finds keys written as dotted keys or under [tool]', () => {
    assert.deepEqual(problemsAt('[tool]\nblack = 1\noomlint.max-batch-size = -3\n'), ['3: `max-batch-size` must be a positive integer, not `-3`; the default is used']);
    assert.deepEqual(problemsAt('tool.oomlint.bogus = 1\n'), [
      '1: unknown key `bogus` (known keys: select, ignore, severity, max-batch-size, gpu-memory, max-pinned-workers, eval-function-names, per-file-ignores, exclude, extend-include, max-file-size)',
    ]);
    assert.deepEqual(problemsAt('x = 1\n[tool]\noomlint = 5\n'), ['3: `tool.oomlint` must be a table; the defaults are used']);
  });

  test('a dedicated configuration file holds the keys at its top level', () => {
    const file = join(ROOT, 'oomlint.toml');
    const config = parseProjectConfig('select = ["OOM003"]\nmax-batch-size = 64\n', file);
    assert.deepEqual(config.problems, []);
    assert.deepEqual(config.settings, { select: ['OOM003'], maxBatchSize: 64 });
  });
});

describe('settingsForFile and isExcluded', () => {
  const config = parseProjectConfig(
    [
      '[tool.oomlint]',
      'ignore = ["OOM002"]',
      'exclude = ["build", "data/generated/*.py"]',
      '[tool.oomlint.per-file-ignores]',
      '"tests/**" = ["OOM003"]',
      '"conftest.py" = ["OOM001"]',
      '"notebooks" = ["OOM004"]',
    ].join('\n'),
    PYPROJECT,
  );

  test('adds the ignores of every matching per-file pattern to ignore', () => {
    assert.deepEqual(settingsForFile(config, join(ROOT, 'tests', 'unit', 'test_train.py')).ignore, ['OOM002', 'OOM003']);
    assert.deepEqual(settingsForFile(config, join(ROOT, 'pkg', 'conftest.py')).ignore, ['OOM002', 'OOM001']);
    assert.deepEqual(settingsForFile(config, join(ROOT, 'notebooks', 'demo.py')).ignore, ['OOM002', 'OOM004']);
    assert.deepEqual(settingsForFile(config, join(ROOT, 'train.py')).ignore, ['OOM002']);
    // Outside the configuration's folder nothing matches.
    assert.deepEqual(settingsForFile(config, join(tmpdir(), 'elsewhere', 'tests', 'x.py')).ignore, ['OOM002']);
  });

  test('per-file ignores turn the rule off for those files only', () => {
    const inTests = resolveSettings(settingsForFile(config, join(ROOT, 'tests', 'test_a.py')));
    const elsewhere = resolveSettings(settingsForFile(config, join(ROOT, 'src', 'a.py')));
    assert.equal(isRuleEnabled('OOM003', inTests), false);
    assert.equal(isRuleEnabled('OOM003', elsewhere), true);
  });

  test('a rule that is off by default runs only when select names its code or severity sets its level', () => {
    assert.equal(isRuleEnabled('OOM011', resolveSettings({}), true), false);
    assert.equal(isRuleEnabled('OOM011', resolveSettings({ select: ['OOM'] }), true), false);
    assert.equal(isRuleEnabled('OOM011', resolveSettings({ select: ['ALL'] }), true), false);
    assert.equal(isRuleEnabled('OOM011', resolveSettings({ select: ['oom011'] }), true), true);
    assert.equal(isRuleEnabled('OOM011', resolveSettings({ severity: { OOM011: 'hint' } }), true), true);
    assert.equal(isRuleEnabled('OOM011', resolveSettings({ severity: { OOM011: 'off' } }), true), false);
    assert.equal(isRuleEnabled('OOM011', resolveSettings({ select: ['OOM011'], ignore: ['OOM011'] }), true), false);
    assert.equal(isRuleEnabled('OOM011', resolveSettings({}), false), true);
  });

  test('excludes matching files and everything in matching folders', () => {
    assert.equal(isExcluded(config, join(ROOT, 'build')), true);
    assert.equal(isExcluded(config, join(ROOT, 'build', 'lib', 'x.py')), true);
    assert.equal(isExcluded(config, join(ROOT, 'src', 'build', 'x.py')), true);
    assert.equal(isExcluded(config, join(ROOT, 'data', 'generated', 'x.py')), true);
    assert.equal(isExcluded(config, join(ROOT, 'data', 'x.py')), false);
    assert.equal(isExcluded(config, join(ROOT, 'builder.py')), false);
  });

  test('per-file ignores reach the analysis', async () => {
    const analyzer = await sharedAnalyzer();
    const text = 'def train(model, loader, opt, crit):\n    total = 0\n    for x, y in loader:\n        loss = crit(model(x), y)\n        loss.backward()\n        opt.step()\n        total += loss\n';
    const codes = (path: string) => analyzer.analyzeText(text, { settings: settingsForFile(config, path), path }).map((d) => d.code);
    assert.deepEqual(codes(join(ROOT, 'src', 'train.py')), ['OOM003']);
    assert.deepEqual(codes(join(ROOT, 'tests', 'test_train.py')), []);
  });
});

describe('findProjectConfig', () => {
  const base = mkdtempSync(join(tmpdir(), 'oomlint-config-'));
  after(() => rmSync(base, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(join(base, path, '..'), { recursive: true });
    writeFileSync(join(base, path), text);
  };

  test('takes the nearest pyproject.toml with [tool.oomlint], skipping ones without it', () => {
    write('pyproject.toml', '[tool.oomlint]\nmax-batch-size = 64\n');
    write('pkg/pyproject.toml', '[project]\nname = "pkg"\n');
    write('pkg/src/train.py', '');
    const config = findProjectConfig(join(base, 'pkg', 'src', 'train.py'));
    assert.equal(config.file, join(base, 'pyproject.toml'));
    assert.equal(config.root, base);
    assert.deepEqual(config.settings, { maxBatchSize: 64 });
  });

  test('falls back to the nearest pyproject.toml, then to defaults', () => {
    const project = mkdtempSync(join(tmpdir(), 'oomlint-config-plain-'));
    try {
      mkdirSync(join(project, 'src'));
      assert.equal(findProjectConfig(join(project, 'src', 'a.py')).file, null);
      assert.equal(findProjectConfig(join(project, 'src', 'a.py')).root, join(project, 'src'));
      writeFileSync(join(project, 'pyproject.toml'), '[project]\nname = "x"\n');
      invalidateProjectConfig(join(project, 'pyproject.toml'));
      const config = findProjectConfig(join(project, 'src', 'a.py'));
      assert.equal(config.file, join(project, 'pyproject.toml'));
      assert.deepEqual(config.settings, {});
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });

  test('serves cached results until the file is invalidated', () => {
    write('cache/pyproject.toml', '[tool.oomlint]\nmax-batch-size = 10\n');
    const file = join(base, 'cache', 'a.py');
    assert.equal(findProjectConfig(file).settings.maxBatchSize, 10);
    write('cache/pyproject.toml', '[tool.oomlint]\nmax-batch-size = 20\n');
    assert.equal(findProjectConfig(file).settings.maxBatchSize, 10);
    invalidateProjectConfig(join(base, 'cache', 'pyproject.toml'));
    assert.equal(findProjectConfig(file).settings.maxBatchSize, 20);
  });

  test('a broken pyproject.toml that mentions [tool.oomlint] is still chosen, so its problem is seen', () => {
    write('broken/pyproject.toml', '[tool.oomlint]\nselect = [\n');
    write('broken/sub/a.py', '');
    const config = findProjectConfig(join(base, 'broken', 'sub', 'a.py'));
    assert.equal(config.file, join(base, 'broken', 'pyproject.toml'));
    assert.equal(config.problems.length, 1);
    assert.match(en.configProblem(config.problems[0]!.detail), /invalid TOML/);
  });

  test('loadProjectConfigFile reports a missing file', () => {
    const config = loadProjectConfigFile(join(base, 'nope.toml'));
    assert.deepEqual(config.problems.map((p) => en.configProblem(p.detail)), ['file not found']);
  });
});

describe('findProjectConfig over nested projects', () => {
  test('a folder gets the same answer whichever folders were asked first', () => {
    const base = mkdtempSync(join(tmpdir(), 'oomlint-config-order-'));
    try {
      mkdirSync(join(base, 'a', 'b', 'c', 'd'), { recursive: true });
      mkdirSync(join(base, 'plain', 'deeper'), { recursive: true });
      writeFileSync(join(base, 'a', 'pyproject.toml'), '[tool.oomlint]\nmax-batch-size = 7\n');
      writeFileSync(join(base, 'a', 'b', 'pyproject.toml'), '[project]\nname = "b"\n');
      writeFileSync(join(base, 'plain', 'pyproject.toml'), '[project]\nname = "plain"\n');
      const folders = ['a/b/c/d', 'a/b/c', 'a/b', 'a', 'plain/deeper', 'plain', '.'].map((f) => join(base, f, 'x.py'));
      const answers = (order: string[]) => {
        invalidateProjectConfig();
        const byFolder = new Map(order.map((f) => [f, findProjectConfig(f).file]));
        return folders.map((f) => byFolder.get(f));
      };
      const deepestFirst = answers(folders);
      assert.deepEqual(deepestFirst, [
        join(base, 'a', 'pyproject.toml'),
        join(base, 'a', 'pyproject.toml'),
        join(base, 'a', 'pyproject.toml'),
        join(base, 'a', 'pyproject.toml'),
        join(base, 'plain', 'pyproject.toml'),
        join(base, 'plain', 'pyproject.toml'),
        null,
      ]);
      assert.deepEqual(answers([...folders].reverse()), deepestFirst);
    } finally {
      rmSync(base, { recursive: true, force: true });
      invalidateProjectConfig();
    }
  });
});

describe('where problems are placed, and how many are listed', () => {
  const at = (text: string) =>
    parseProjectConfig(text, PYPROJECT).problems.map((p) => `${p.line}:${p.column}-${p.endLine}:${p.endColumn} ${p.detail.kind}${p.replacement ? ` -> ${p.replacement}` : ''}`);

  test('a misspelt key is placed on the key alone, with its likely spelling', () => {
    assert.deepEqual(at('[tool.oomlint]\nmax-pined-workers = 4  # comment\n"Max_Batch_Size" = 8\nselct = []\n'), [
      '2:1-2:18 unknown-key -> max-pinned-workers',
      '3:1-3:17 unknown-key -> max-batch-size',
      '4:1-4:6 unknown-key -> select',
    ]);
  });

  test('a wrong value is placed on the value, an array entry on that entry, an inline table key on that key', () => {
    const text = [
      '[tool.oomlint]',
      'max-batch-size = -3 # too small',
      'select = [',
      '  "OOM001",',
      '  "E501",  # not ours',
      ']',
      'severity = { OOM003 = "loud", X1 = "error" }',
      'max-file-size = "ten"',
    ].join('\n');
    assert.deepEqual(at(text), [
      '2:18-2:20 not-positive-integer',
      '5:3-5:9 not-selector',
      '7:23-7:29 bad-severity',
      '7:31-7:33 not-rule-code',
      '8:17-8:22 not-size',
    ]);
  });

  test('no suggestion when no key is close, or two are equally close', () => {

    assert.equal(closestKey('bogus', ['select', 'ignore']), null);
    assert.equal(closestKey('ab', ['ac', 'ad']), null);
    assert.equal(closestKey('igonre', ['select', 'ignore']), 'ignore');
  });

  test('thousands of unknown keys list ten problems and count the rest in one more', () => {
    const text = '[tool.oomlint]\n' + Array.from({ length: 5000 }, (_, i) => `k${i} = 1\n`).join('');
    const { problems } = parseProjectConfig(text, PYPROJECT);
    assert.equal(problems.length, 11);
    assert.deepEqual(problems.at(-1)!.detail, { kind: 'more-problems', count: 4990 });
    assert.equal(problems.at(-1)!.line, 12);
    assert.equal(en.configProblem(problems.at(-1)!.detail), 'and 4,990 more problems in this file');
  });

  test('a pattern longer than any path, and patterns beyond the total, are refused with a problem', () => {
    const long = parseProjectConfig(`[tool.oomlint]\nexclude = ["build", "${'{'.repeat(5000)}"]\n`, PYPROJECT);
    assert.deepEqual(long.exclude, ['build']);
    assert.deepEqual(long.problems.map((p) => p.detail), [{ kind: 'pattern-too-long', key: 'exclude', length: 5000, limit: 4096 }]);
    const many = parseProjectConfig(`[tool.oomlint]\nexclude = [${Array.from({ length: 40 }, () => `"${'a'.repeat(4000)}"`).join(', ')}]\n`, PYPROJECT);
    assert.equal(many.exclude.length, 16);
    assert.deepEqual(many.problems.map((p) => p.detail.kind), ['patterns-too-long']);
  });

  test("a project's own max-file-size above the default is a warning kept aside for the command line to apply", () => {
    const raised = parseProjectConfig('[tool.oomlint]\nmax-file-size = "100GB"\n', PYPROJECT);
    assert.equal(raised.maxFileSize, 100 * 1024 ** 3);
    assert.deepEqual(raised.problems, []);
    assert.deepEqual(raised.limitWarnings.map((p) => [p.severity, p.line, p.column, p.detail]), [
      ['warning', 2, 17, { kind: 'limit-not-raised', key: 'max-file-size', value: '"100GB"', limit: '10 MiB' }],
    ]);
    assert.deepEqual(parseProjectConfig('[tool.oomlint]\nmax-file-size = "1MB"\n', PYPROJECT).limitWarnings, []);
  });
});
