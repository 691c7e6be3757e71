// The command line's file-existence test from folder listings (project/layout.ts): the same answers
// as `existsSync` for files, folders and missing names, a symbolic link asked of its target, and
// names compared exactly.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { existenceFromListings } from '../server/src/project/layout';

const root = mkdtempSync(join(tmpdir(), 'oomlint-listings-'));
after(() => rmSync(root, { recursive: true, force: true }));

test('answers from one listing per folder what existsSync answers', () => {
  mkdirSync(join(root, 'pkg'));
  writeFileSync(join(root, 'pkg', '__init__.py'), '');
  writeFileSync(join(root, 'pkg', 'models.py'), 'x = 1\n');
  symlinkSync(join(root, 'pkg', 'models.py'), join(root, 'pkg', 'linked.py'));
  symlinkSync(join(root, 'pkg', 'gone.py'), join(root, 'pkg', 'dangling.py'));
  const exists = existenceFromListings();
  const paths = ['pkg', 'pkg/__init__.py', 'pkg/models.py', 'pkg/linked.py', 'pkg/dangling.py', 'pkg/missing.py', 'nowhere/x.py', 'pkg/models.py/x'];
  for (const path of paths) assert.equal(exists(join(root, path)), existsSync(join(root, path)), path);
  // Listed once: a file added afterwards is not seen by this run's answers.
  writeFileSync(join(root, 'pkg', 'later.py'), '');
  assert.equal(exists(join(root, 'pkg', 'later.py')), false);
  assert.equal(existenceFromListings()(join(root, 'pkg', 'later.py')), true);
});

test('names compare exactly, as Python imports them on every file system', () => {
  mkdirSync(join(root, 'case'));
  writeFileSync(join(root, 'case', 'Models.py'), '');
  const exists = existenceFromListings();
  assert.equal(exists(join(root, 'case', 'Models.py')), true);
  assert.equal(exists(join(root, 'case', 'models.py')), false);
});
