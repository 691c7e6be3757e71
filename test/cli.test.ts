// The built `dist/cli.js`, run as a user runs it, in temporary project folders.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { FIXTURES_DIR, REPO_ROOT } from './support/paths';

const CLI = join(REPO_ROOT, 'dist', 'cli.js');
const PACKAGE = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };

const folders: string[] = [];
after(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

/** A fresh project folder holding `files` (name -> fixture name under test/fixtures/cli, or literal text). */
function project(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(join(tmpdir(), 'oomlint-cli-'));
  folders.push(root);
  for (const [name, content] of Object.entries(files)) {
    const path = join(root, name);
    mkdirSync(dirname(path), { recursive: true });
    if (typeof content === 'string' && content.endsWith('.py') && !content.includes('\n')) copyFileSync(join(FIXTURES_DIR, 'cli', content), path);
    else writeFileSync(path, content);
  }
  return root;
}

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function oomlint(cwd: string, args: string[], extraEnv: Record<string, string> = {}): Run {
  const env: Record<string, string | undefined> = { ...process.env, ...extraEnv };
  // The outcome must not depend on the colour settings of whoever runs the tests.
  if (!('NO_COLOR' in extraEnv)) delete env.NO_COLOR;
  if (!('FORCE_COLOR' in extraEnv)) delete env.FORCE_COLOR;
  // Nor on their language: English unless a test sets one.
  for (const name of ['LC_ALL', 'LC_MESSAGES', 'LANG']) if (!(name in extraEnv)) delete env[name];
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, env, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const read = (root: string, name: string) => readFileSync(join(root, name), 'utf8');

describe('exit status and text output', () => {
  test('0 and "All checks passed!" when clean', () => {
    const root = project({ 'clean.py': 'clean.py' });
    const run = oomlint(root, ['check']);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, 'All checks passed!\n');
  });

  test('1 with each problem, its code frame and the summary', () => {
    const root = project({ 'src/train.py': 'train_loop.py', 'clean.py': 'clean.py' });
    const run = oomlint(root, ['check']);
    assert.equal(run.status, 1, run.stderr);
    const lines = run.stdout.split('\n');
    assert.match(lines[0]!, /^src\/train\.py:10:9: OOM003 \[\*\] /);
    assert.equal(lines[1], '10 |         total_loss += loss');
    assert.equal(lines[2], `   | ${' '.repeat(8)}${'^'.repeat(18)}`);
    assert.equal(lines.at(-2), 'Found 1 problem (1 fixable with --fix).');
    assert.equal(run.stderr, '');
  });

  test('2 with the usage on an unknown option or command', () => {
    const root = project({});
    for (const args of [['check', '--frobnicate'], ['lint'], []]) {
      const run = oomlint(root, args);
      assert.equal(run.status, 2, args.join(' '));
      assert.match(run.stderr, /^oomlint: .+\n\nUsage: oomlint/);
      assert.equal(run.stdout, '');
    }
  });

  test('--version and --help', () => {
    const root = project({});
    assert.deepEqual(oomlint(root, ['--version']), { status: 0, stdout: `oomlint ${PACKAGE.version}\n`, stderr: '' });
    const help = oomlint(root, ['check', '--help']);
    assert.equal(help.status, 0);
    assert.match(help.stdout, /--unsafe-fixes/);
  });

  test('--exit-zero, --quiet and --statistics', () => {
    const root = project({ 'a.py': 'train_loop.py', 'b.py': 'train_loop.py', 'p.py': 'predict.py' });
    assert.equal(oomlint(root, ['check', '--exit-zero']).status, 0);
    const quiet = oomlint(root, ['check', '--quiet']);
    assert.equal(quiet.status, 1);
    assert.doesNotMatch(quiet.stdout, /Found/);
    const statistics = oomlint(root, ['check', '--statistics']);
    assert.equal(statistics.status, 1);
    assert.equal(statistics.stdout, '2  OOM003  [*] loss-accumulated-with-graph\n1  OOM001      eval-without-no-grad\n');
  });

  test('colour on a forced terminal only, never with NO_COLOR or --no-color', () => {
    const root = project({ 'train.py': 'train_loop.py' });
    const coloured = (args: string[], env: Record<string, string> = {}) => oomlint(root, args, env).stdout.includes('\u001b[');
    assert.equal(coloured(['check'], { FORCE_COLOR: '1' }), true);
    assert.equal(coloured(['check'], { FORCE_COLOR: '1', NO_COLOR: '1' }), false);
    assert.equal(coloured(['check', '--no-color'], { FORCE_COLOR: '1' }), false);
    assert.equal(coloured(['check']), false);
  });
});

describe('formats', () => {
  const root = project({ 'train.py': 'train_loop.py', 'pkg/p.py': 'predict.py' });

  test('json', () => {
    const run = oomlint(root, ['check', '--format', 'json']);
    assert.equal(run.status, 1);
    const entries = JSON.parse(run.stdout) as { code: string; filename: string; location: { row: number; column: number } }[];
    assert.deepEqual(
      entries.map((e) => [e.code, e.filename, e.location.row]),
      [
        ['OOM001', join(root, 'pkg', 'p.py'), 6],
        ['OOM003', join(root, 'train.py'), 10],
      ],
    );
  });

  test('sarif', () => {
    const run = oomlint(root, ['check', '--format=sarif']);
    assert.equal(run.status, 1);
    const log = JSON.parse(run.stdout);
    assert.equal(log.version, '2.1.0');
    assert.equal(log.runs[0].tool.driver.version, PACKAGE.version);
    const uris = log.runs[0].results.map((r: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) => r.locations[0]!.physicalLocation.artifactLocation.uri);
    assert.deepEqual(uris, ['pkg/p.py', 'train.py']);
  });

  test('github', () => {
    const run = oomlint(root, ['check', '--format', 'github']);
    assert.equal(run.status, 1);
    const lines = run.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 2);
    assert.match(lines[0]!, /^::warning title=oomlint \(OOM001\),file=pkg\/p\.py,line=6,col=12,endLine=6,endColumn=20::/);
    assert.match(lines[1]!, /^::warning title=oomlint \(OOM003\),file=train\.py,line=10,col=9,endLine=10,endColumn=27::/);
  });
});

describe('fixing', () => {
  test('--fix writes safe fixes; a second run finds nothing left to do', () => {
    const root = project({ 'train.py': 'train_loop.py', 'p.py': 'predict.py' });
    const run = oomlint(root, ['check', '--fix']);
    assert.equal(run.status, 1, 'the unsafe-only OOM001 remains');
    assert.match(run.stdout, /Found 2 problems \(1 fixed, 1 remaining, 1 fixable with --unsafe-fixes\)\./);
    const fixed = read(root, 'train.py');
    assert.equal(fixed, readFileSync(join(FIXTURES_DIR, 'cli', 'train_loop.py'), 'utf8').replace('total_loss += loss\n', 'total_loss += loss.detach()\n'));
    assert.equal(read(root, 'p.py'), readFileSync(join(FIXTURES_DIR, 'cli', 'predict.py'), 'utf8'));

    const again = oomlint(root, ['check', '--fix', '--select', 'OOM003']);
    assert.equal(again.status, 0);
    assert.equal(again.stdout, 'All checks passed!\n');
    assert.equal(read(root, 'train.py'), fixed);
  });

  test('--unsafe-fixes also applies unsafe fixes', () => {
    const root = project({ 'p.py': 'predict.py' });
    const run = oomlint(root, ['check', '--unsafe-fixes']);
    assert.equal(run.status, 0, run.stdout);
    assert.match(read(root, 'p.py'), /@torch\.no_grad\(\)\ndef predict/);
  });

  test('fixing keeps a BOM, CRLF line ends and tabs', () => {
    const crlf = readFileSync(join(FIXTURES_DIR, 'cli', 'crlf_tabs.py'));
    const root = project({ 'w.py': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), crlf]) });
    assert.equal(oomlint(root, ['check', '--fix']).status, 0);
    const bytes = readFileSync(join(root, 'w.py'));
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    assert.equal(bytes.subarray(3).toString('utf8'), crlf.toString('utf8').replace('total_loss += loss\r\n', 'total_loss += loss.detach()\r\n'));
  });

  test('--diff prints what --fix would change, writes nothing, and exits 1', () => {
    const root = project({ 'train.py': 'train_loop.py', 'clean.py': 'clean.py' });
    const before = read(root, 'train.py');
    const run = oomlint(root, ['check', '--diff']);
    assert.equal(run.status, 1);
    assert.equal(
      run.stdout,
      [
        '--- a/train.py',
        '+++ b/train.py',
        '@@ -7,5 +7,5 @@',
        '         loss = criterion(model(x), y)',
        '         loss.backward()',
        '         optimizer.step()',
        '-        total_loss += loss',
        '+        total_loss += loss.detach()',
        '     return total_loss',
        '',
      ].join('\n'),
    );
    assert.equal(run.stderr, 'Would fix 1 problem.\n');
    assert.equal(read(root, 'train.py'), before);
    const clean = oomlint(root, ['check', '--diff', 'clean.py']);
    assert.deepEqual([clean.status, clean.stdout], [0, '']);
  });
});

describe('files that cannot be checked', () => {
  test('missing, dangling and non-UTF-8 files are reported while the rest are checked', () => {
    const root = project({
      'train.py': 'train_loop.py',
      'latin1.py': Buffer.concat([Buffer.from('x = 1\n# caf'), Buffer.from([0xe9]), Buffer.from('\n')]),
    });
    symlinkSync(join(root, 'gone.py'), join(root, 'dangling.py'));
    const run = oomlint(root, ['check', '.', 'missing.py']);
    assert.equal(run.status, 2);
    assert.match(run.stdout, /^train\.py:10:9: OOM003 /);
    assert.match(run.stdout, /Found 1 problem \(1 fixable with --fix\)\.\n3 files could not be checked\.\n$/);
    assert.equal(
      run.stderr,
      [
        'dangling.py: E902 could not read: symbolic link to a missing file (ENOENT)',
        'latin1.py: E902 could not decode as UTF-8: invalid byte 0xE9 at line 2, column 6',
        'missing.py: E902 could not read: no such file or directory (ENOENT)',
        '',
      ].join('\n'),
    );

    const json = oomlint(root, ['check', '.', 'missing.py', '--format', 'json']);
    assert.equal(json.status, 2);
    const codes = (JSON.parse(json.stdout) as { code: string; filename: string }[]).map((e) => `${e.code} ${e.filename.slice(root.length + 1)}`);
    assert.deepEqual(codes, ['E902 dangling.py', 'E902 latin1.py', 'E902 missing.py', 'OOM003 train.py']);
    assert.equal(json.stderr, '');

    const sarif = JSON.parse(oomlint(root, ['check', '--format', 'sarif']).stdout);
    assert.deepEqual(
      sarif.runs[0].results.map((r: { ruleId: string }) => r.ruleId),
      ['OOM003', 'E902', 'E902'],
    );
  });
});

describe('configuration', () => {
  const PYPROJECT = [
    '[project]', // 1
    'name = "demo"', // 2
    '', // 3
    '[tool.oomlint]', // 4
    'max_batch_size = 64', // 5
    'exclude = ["generated"]', // 6
    '', // 7
    '[tool.oomlint.per-file-ignores]', // 8
    '"tests/**" = ["OOM003"]', // 9
    '', // 10
  ].join('\n');

  test('problems are reported with file and line, the rest still applies, exit 2', () => {
    const root = project({
      'pyproject.toml': PYPROJECT,
      'train.py': 'train_loop.py',
      'tests/test_train.py': 'train_loop.py',
      'generated/g.py': 'train_loop.py',
    });
    const run = oomlint(root, ['check']);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /^pyproject\.toml:5:1: configuration error: unknown key `max_batch_size`; did you mean `max-batch-size`\?/);
    // per-file-ignores and exclude still worked: only train.py is reported.
    assert.deepEqual(run.stdout.split('\n').filter((l) => /^\S+:\d+:\d+: /.test(l)).map((l) => l.split(':')[0]), ['train.py']);

    const github = oomlint(root, ['check', '--format', 'github']);
    assert.match(github.stdout, /^::error title=oomlint configuration,file=pyproject\.toml,line=5,col=1,endColumn=15::unknown key/);
  });

  test('a TOML syntax error is reported at its line', () => {
    const root = project({ 'pyproject.toml': '[tool.oomlint]\nselect = ["OOM003"\n\n', 'train.py': 'train_loop.py' });
    const run = oomlint(root, ['check']);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /^pyproject\.toml:4:\d+: configuration error: invalid TOML: /);
    assert.match(run.stdout, /^train\.py:10:9: OOM003/);
  });

  test('--select and --ignore override the configuration', () => {
    const root = project({ 'pyproject.toml': '[tool.oomlint]\nignore = ["OOM003"]\n', 'train.py': 'train_loop.py', 'p.py': 'predict.py' });
    const codes = (args: string[]) => {
      const run = oomlint(root, ['check', '--format', 'json', ...args]);
      return (JSON.parse(run.stdout) as { code: string }[]).map((e) => e.code);
    };
    assert.deepEqual(codes([]), ['OOM001']);
    assert.deepEqual(codes(['--select', 'OOM003']), ['OOM003']);
    assert.deepEqual(codes(['--select', 'OOM001,OOM003']), ['OOM001', 'OOM003']);
    assert.deepEqual(codes(['--ignore', 'OOM001']), []);
    assert.deepEqual(codes(['--select', 'OOM', '--ignore', 'OOM001']), ['OOM003']);
  });

  test('--config names the file to use; a missing one is a usage error', () => {
    const root = project({ 'ci.toml': 'select = ["OOM003"]\n', 'train.py': 'train_loop.py', 'p.py': 'predict.py' });
    const run = oomlint(root, ['check', '--config', 'ci.toml', '--format', 'json']);
    assert.deepEqual((JSON.parse(run.stdout) as { code: string }[]).map((e) => e.code), ['OOM003']);
    const missing = oomlint(root, ['check', '--config', 'nope.toml']);
    assert.equal(missing.status, 2);
    assert.equal(missing.stderr, 'oomlint: --config: no such file: nope.toml\n');
  });

  test('.gitignore files are respected in walks', () => {
    const root = project({ '.gitignore': 'scratch/\n', 'scratch/s.py': 'train_loop.py', 'clean.py': 'clean.py' });
    assert.equal(oomlint(root, ['check']).status, 0);
    assert.equal(oomlint(root, ['check', 'scratch/s.py']).status, 1);
  });
});

describe('rule command', () => {
  const root = project({});

  test('prints a rule\'s documentation', () => {
    const run = oomlint(root, ['rule', 'oom003']);
    assert.equal(run.status, 0);
    assert.match(run.stdout, /^# loss-accumulated-with-graph \(OOM003\)\n/);
    assert.match(run.stdout, /\n## Fix safety\n/);
  });

  test('lists every rule', () => {
    const run = oomlint(root, ['rule', '--all']);
    assert.equal(run.status, 0);
    assert.match(run.stdout, /^OOM001 +eval-without-no-grad +\S/m);
    assert.match(run.stdout, /^OOM003 +loss-accumulated-with-graph +\S/m);
  });

  test('an unknown code exits 2 and says how to list the rules', () => {
    const run = oomlint(root, ['rule', 'OOM999']);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /^oomlint: unknown rule `OOM999`\. Known rules: OOM001, .*Run `oomlint rule --all` to list them\.\n$/);
  });
});

describe('languages', () => {
  const root = project({ 'train.py': 'train_loop.py' });
  const message = (run: Run) => run.stdout.split('\n')[0]!.replace(/^.*OOM003 \[\*\] /, '');

  test('--lang picks the language of messages; the environment gives the default', () => {
    const english = message(oomlint(root, ['check', '--no-color']));
    assert.match(english, /^`total_loss` accumulates/);
    const chinese = message(oomlint(root, ['check', '--no-color', '--lang', 'zh-cn']));
    assert.match(chinese, /^`total_loss` 累加了带 autograd 计算图的 `loss`/);
    assert.equal(message(oomlint(root, ['check', '--no-color'], { LANG: 'zh_CN.UTF-8' })), chinese);
    const russian = message(oomlint(root, ['check', '--no-color'], { LC_ALL: 'ru_RU.UTF-8', LANG: 'zh_CN.UTF-8' }));
    assert.match(russian, /^`total_loss` накапливает `loss` вместе с графом autograd/);
    assert.equal(message(oomlint(root, ['check', '--no-color', '--lang', 'en'], { LANG: 'ru_RU.UTF-8' })), english);
  });

  test('the summary line is in the language too', () => {
    const summary = (args: string[]) => oomlint(root, ['check', '--no-color', ...args]).stdout.trimEnd().split('\n').at(-1);
    assert.equal(summary([]), 'Found 1 problem (1 fixable with --fix).');
    assert.equal(summary(['--lang', 'zh-cn']), '发现 1 个问题（1 个可用 --fix 修复）。');
    assert.equal(summary(['--lang', 'ru']), 'Найдено проблем: 1 (исправимо с --fix: 1).');
  });

  test('json and sarif stay English whatever the environment, unless --lang asks', () => {
    const jsonMessage = (env: Record<string, string>, args: string[] = []) =>
      (JSON.parse(oomlint(root, ['check', '--format', 'json', ...args], env).stdout) as { message: string }[])[0]!.message;
    assert.match(jsonMessage({ LANG: 'ru_RU.UTF-8' }), /^`total_loss` accumulates/);
    assert.match(jsonMessage({}, ['--lang', 'ru']), /накапливает/);
    const sarif = JSON.parse(oomlint(root, ['check', '--format', 'sarif'], { LANG: 'zh_CN.UTF-8' }).stdout) as { runs: { results: { message: { text: string } }[] }[] };
    assert.match(sarif.runs[0]!.results[0]!.message.text, /accumulates/);
  });

  test('rule pages and the rule list in the chosen language', () => {
    const page = oomlint(root, ['rule', 'OOM003', '--lang', 'ru']);
    assert.equal(page.status, 0);
    assert.match(page.stdout, /^# loss-accumulated-with-graph \(OOM003\)\n/);
    assert.match(page.stdout, /\n## Безопасность исправления\n/);
    assert.match(oomlint(root, ['rule', 'OOM003'], { LANG: 'zh_CN.UTF-8' }).stdout, /\n## 修复安全性\n/);
  });

  test('an unknown language is a usage error', () => {
    const run = oomlint(root, ['check', '--lang', 'fr']);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /--lang must be one of en, zh-cn, ru \(got `fr`\)/);
  });
});

describe('nothing to check', () => {
  test('a folder without Python files says so on stderr instead of passing silently', () => {
    const root = project({ 'notes/readme.txt': 'nothing here\n', 'docs/.venv/lib/x.py': 'import torch\n' });
    const run = oomlint(root, ['check', 'notes', 'docs', '--no-color']);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, 'All checks passed!\n');
    assert.equal(run.stderr, 'warning: no Python files found under notes, docs (.gitignore, `exclude` and virtualenvs are skipped)\n');
    const quiet = oomlint(root, ['check', 'notes', '--quiet']);
    assert.equal(quiet.stderr, '');
  });
});

describe('output to a closed pipe', () => {
  test('a reader that stops early (| head) ends the run quietly, without a stack trace', async () => {
    // Enough problems that the output outgrows the pipe's buffer long after the reader has gone.
    const body = Array.from(
      { length: 3000 },
      (_, i) => `def train_${i}(model, loader):\n    total = 0\n    for x in loader:\n        loss = model(x).sum()\n        loss.backward()\n        total += loss\n    return total\n`,
    ).join('\n');
    const root = project({ 'train.py': `import torch\n\n${body}` });
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, [CLI, 'check', '--no-color'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    // Read the first chunk, then close our end as `head -1` does.
    const first = await new Promise<string>((resolve) => child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8'))));
    assert.match(first, /OOM003/);
    child.stdout.destroy();
    const status = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    assert.equal(stderr, '', 'nothing on stderr');
    assert.ok(status === 0 || status === 1, `a normal exit status (got ${String(status)})`);
  });
});
