import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import fc from 'fast-check';
import { decodeSource, firstInvalidUtf8Byte, readSource } from '../server/src/files/read-source';

const dir = mkdtempSync(join(tmpdir(), 'oomlint-read-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('decodes UTF-8 and removes a BOM, remembering it', () => {
  const plain = decodeSource(Buffer.from('x = "é🚀"\n'));
  assert.deepEqual(plain, { ok: true, text: 'x = "é🚀"\n', hasBom: false });
  const bom = decodeSource(Buffer.from('\ufeffx = 1\n'));
  assert.deepEqual(bom, { ok: true, text: 'x = 1\n', hasBom: true });
});

test('points at the first byte that is not UTF-8', () => {
  // "é" in Latin-1 on the second line, after two characters.
  const result = decodeSource(Buffer.concat([Buffer.from('x = 1\nab'), Buffer.from([0xe9]), Buffer.from('t = 2\n')]));
  assert.equal(result.ok, false);
  assert.ok(!result.ok);
  assert.equal(result.line, 2);
  assert.equal(result.column, 3);
  assert.match(result.message, /could not decode as UTF-8: invalid byte 0xE9 at line 2, column 3/);
});

test('the validator agrees with a strict TextDecoder on arbitrary bytes', () => {
  const strict = new TextDecoder('utf-8', { fatal: true });
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 24 }), (bytes) => {
      let valid = true;
      try {
        strict.decode(bytes);
      } catch {
        valid = false;
      }
      assert.equal(firstInvalidUtf8Byte(bytes) === -1, valid);
    }),
    { numRuns: 3000 },
  );
  fc.assert(
    fc.property(fc.string({ unit: 'binary' }), (text) => {
      assert.equal(firstInvalidUtf8Byte(Buffer.from(text, 'utf8')), -1);
    }),
  );
});

test('missing files, dangling symlinks and folders are reported, not thrown', () => {
  const missing = readSource(join(dir, 'missing.py'));
  assert.ok(!missing.ok);
  assert.equal(missing.message, 'could not read: no such file or directory (ENOENT)');

  symlinkSync(join(dir, 'nowhere.py'), join(dir, 'dangling.py'));
  const dangling = readSource(join(dir, 'dangling.py'));
  assert.ok(!dangling.ok);
  assert.equal(dangling.message, 'could not read: symbolic link to a missing file (ENOENT)');

  const folder = readSource(dir);
  assert.ok(!folder.ok);
  assert.equal(folder.message, 'could not read: is a directory (EISDIR)');

  writeFileSync(join(dir, 'ok.py'), 'x = 1\n');
  const ok = readSource(join(dir, 'ok.py'));
  assert.ok(ok.ok);
  assert.deepEqual({ text: ok.text, hasBom: ok.hasBom, bytes: Buffer.from(ok.snapshot!.bytes).toString('utf8') }, { text: 'x = 1\n', hasBom: false, bytes: 'x = 1\n' });
});

test('UTF-16 and NUL bytes are reported, never checked as if they were clean', () => {
  const source = 'import torch\nmodel.eval()\nfor x in val_loader:\n    out = model(x)\n';
  const utf16le = Buffer.from(source, 'utf16le');
  const utf16be = Buffer.from(utf16le).swap16();
  const cases: [string, Buffer, RegExp][] = [
    ['UTF-16LE without a BOM', utf16le, /looks like UTF-16LE without a byte-order mark; oomlint reads Python source as UTF-8/],
    ['UTF-16BE without a BOM', utf16be, /looks like UTF-16BE without a byte-order mark/],
    ['UTF-16LE with a BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), utf16le]), /looks like UTF-16LE with a byte-order mark/],
    ['a NUL byte', Buffer.from('x = 1\ny = "a\0b"\n'), /a NUL byte at line 2, column 7 \(Python refuses source with null bytes\)/],
  ];
  for (const [what, bytes, message] of cases) {
    const read = decodeSource(bytes);
    assert.equal(read.ok, false, what);
    assert.match(read.ok ? '' : read.message, message, what);
  }
});
