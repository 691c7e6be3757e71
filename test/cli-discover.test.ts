import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, test } from 'node:test';
import { discoverInFolders, discoverPythonFiles, isDiscoverable, type DiscoveryOptions } from '../server/src/project/discover-files';
import { parseProjectConfig, isExcluded } from '../server/src/config/pyproject';

const root = mkdtempSync(join(tmpdir(), 'oomlint-discover-'));
after(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text = ''): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

const nothingExcluded: DiscoveryOptions = { isExcluded: () => false };
const found = (paths: string[], options: DiscoveryOptions = nothingExcluded, cwd = root) =>
  discoverPythonFiles(paths, cwd, options).map((p) => relative(root, p));

// A small project with everything a walk has to skip.
write('.git/HEAD', 'ref: refs/heads/main\n');
write('.gitignore', 'generated/\n*_pb2.py\n!keep_pb2.py\n');
write('train.py');
write('notes.txt');
write('model_pb2.py');
write('keep_pb2.py');
write('generated/out.py');
write('pkg/__init__.py');
write('pkg/.gitignore', 'local_*.py\n');
write('pkg/local_settings.py');
write('pkg/__pycache__/x.py');
write('node_modules/lib/x.py');
write('.venv/lib/site.py');
write('env/pyvenv.cfg', 'home = /usr/bin\n');
write('env/lib/python3.11/site-packages/torch/x.py');
write('vendor/site-packages/x.py');
write('build/lib/x.py');
write('generated/inner/y.py');
write('sub/model_pb2.py');
write('sub/ok.py');
write('nested/.git/HEAD', 'ref: refs/heads/main\n');
write('nested/api_pb2.py');
symlinkSync(join(root, 'nowhere.py'), join(root, 'dangling.py'));
symlinkSync(join(root, 'pkg'), join(root, 'pkg_link'));

test('walks folders for .py files, skipping ignored files, virtualenvs and caches', () => {
  assert.deepEqual(found(['.']), ['build/lib/x.py', 'dangling.py', 'keep_pb2.py', 'pkg/__init__.py', 'sub/ok.py', 'train.py']);
});

test('a file alone is discoverable exactly when the walk finds it (the editor asks so of files created later)', () => {
  const walked = found(['.']);
  const everyFile = [
    ...['train.py', 'notes.txt', 'model_pb2.py', 'keep_pb2.py', 'generated/out.py', 'pkg/__init__.py', 'pkg/local_settings.py', 'pkg/__pycache__/x.py'],
    ...['node_modules/lib/x.py', '.venv/lib/site.py', 'env/lib/python3.11/site-packages/torch/x.py', 'vendor/site-packages/x.py', 'build/lib/x.py'],
    ...['generated/inner/y.py', 'sub/model_pb2.py', 'sub/ok.py', 'nested/api_pb2.py', 'dangling.py', 'pkg_link/__init__.py'],
  ];
  for (const file of everyFile) assert.equal(isDiscoverable(root, join(root, file), nothingExcluded), walked.includes(file), file);
  assert.equal(isDiscoverable(join(root, 'sub'), join(root, 'train.py'), nothingExcluded), false, 'outside the folder');
});

test('the walk in steps (the editor pauses between folders) finds what the walk in one go finds', async () => {
  let pauses = 0;
  const stepped = await discoverInFolders([root, join(root, 'sub')], nothingExcluded, () => (pauses++ % 2 ? Promise.resolve() : undefined));
  assert.deepEqual(stepped.map((p) => relative(root, p)), found(['.', 'sub']));
  assert.ok(pauses > 1, `paused ${pauses} times`);
});

test('.gitignore files above the folder walked apply up to the repository root', () => {
  assert.deepEqual(found(['sub']), ['sub/ok.py']);
  // A repository of its own does not inherit the enclosing one's rules.
  assert.deepEqual(found(['nested']), ['nested/api_pb2.py']);
});

test('a file named explicitly is checked whatever it is called and wherever it is', () => {
  assert.deepEqual(found(['notes.txt', 'generated/out.py', 'missing.py', 'train.py', './train.py']), [
    'generated/out.py',
    'missing.py',
    'notes.txt',
    'train.py',
  ]);
});

test("the configuration's exclude leaves out files and folders in walks only", () => {
  const config = parseProjectConfig('[tool.oomlint]\nexclude = ["build", "keep_*.py"]\n', join(root, 'pyproject.toml'));
  const options = { isExcluded: (path: string) => isExcluded(config, path) };
  assert.deepEqual(found(['.'], options), ['dangling.py', 'pkg/__init__.py', 'sub/ok.py', 'train.py']);
  assert.deepEqual(found(['build/lib/x.py'], options), ['build/lib/x.py']);
});

test('paths are resolved against the working folder given', () => {
  assert.deepEqual(found(['__init__.py'], nothingExcluded, join(root, 'pkg')), ['pkg/__init__.py']);
});

test('a folder named explicitly is walked even when .gitignore leaves it out; its other rules still apply', () => {
  write('generated/inner/z_pb2.py');
  try {
    assert.deepEqual(found(['generated']), ['generated/inner/y.py', 'generated/out.py']);
    assert.deepEqual(found(['generated/inner']), ['generated/inner/y.py']);
    // Walking from above, the folder stays ignored.
    assert.ok(!found(['.']).some((path) => path.startsWith('generated/')));
  } finally {
    rmSync(join(root, 'generated/inner/z_pb2.py'));
  }
});

test('a folder that cannot be listed is named, not skipped in silence', () => {
  // Seventeen folders of 250 characters: the last ones lie beyond the longest path the system opens.
  const chain = mkdtempSync(join(tmpdir(), 'oomlint-long-'));
  const cwd = process.cwd();
  try {
    process.chdir(chain);
    for (let i = 0; i < 17; i++) {
      mkdirSync('d'.repeat(250));
      process.chdir('d'.repeat(250));
    }
    writeFileSync('deep.py', '');
  } finally {
    process.chdir(cwd);
  }
  try {
    const unlisted = new Map<string, string>();
    assert.deepEqual(discoverPythonFiles([chain], cwd, { isExcluded: () => false, unlistedFolders: unlisted }), []);
    assert.equal(unlisted.size, 1);
    assert.match([...unlisted.values()][0]!, /longer than the system allows \(ENAMETOOLONG\); the files below it are not checked/);
  } finally {
    // rmSync cannot reach below the longest path either: take the chain down from inside, bottom up.
    try {
      process.chdir(join(chain, ...Array.from({ length: 8 }, () => 'd'.repeat(250))));
      rmSync('d'.repeat(250), { recursive: true, force: true });
    } finally {
      process.chdir(cwd);
    }
    rmSync(chain, { recursive: true, force: true });
  }
});
