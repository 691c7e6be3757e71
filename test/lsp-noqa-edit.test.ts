// Where "Ignore OOMxxx on this line" writes its comment, on real parse trees.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyEdits } from '../server/src/core/fixes';
import { SourceText } from '../server/src/core/source';
import { noqaEdit } from '../server/src/lsp/noqa-edit';
import { sharedAnalyzer } from './support/analyzer';

/** The text after ignoring `code` reported on the line that contains `marker`; null when not offered. */
async function ignoreAt(text: string, marker: string, code = 'OOM003'): Promise<{ text: string; line: number } | null> {
  const { parser } = await sharedAnalyzer();
  const source = new SourceText(text);
  const line = source.lineOf(text.indexOf(marker));
  const noqa = noqaEdit(source, parser.parseToSyntax(text), line, code);
  return noqa ? { text: applyEdits(text, [noqa.edit]), line: noqa.line } : null;
}

test('appends a noqa comment at the end of the code, before trailing spaces', async () => {
  assert.deepEqual(await ignoreAt('x = 1\ntotal += loss   \ny = 2\n', 'total'), {
    text: 'x = 1\ntotal += loss  # noqa: OOM003   \ny = 2\n',
    line: 1,
  });
});

test('extends the first directive of an existing comment', async () => {
  assert.equal((await ignoreAt('total += loss  # noqa: OOM001\n', 'total'))?.text, 'total += loss  # noqa: OOM001, OOM003\n');
  assert.equal((await ignoreAt('total += loss  # noqa:E501 why\n', 'total'))?.text, 'total += loss  # noqa:E501, OOM003 why\n');
  assert.equal(
    (await ignoreAt('total += loss  # oomlint: ignore[OOM001]\n', 'total'))?.text,
    'total += loss  # oomlint: ignore[OOM001, OOM003]\n',
  );
  assert.equal((await ignoreAt('total += loss  # oomlint: ignore[]\n', 'total'))?.text, 'total += loss  # oomlint: ignore[OOM003]\n');
  assert.equal((await ignoreAt('total += loss  # type: ignore\n', 'total'))?.text, 'total += loss  # type: ignore  # noqa: OOM003\n');
});

test('offers nothing where a blanket directive already silences everything', async () => {
  assert.equal(await ignoreAt('total += loss  # noqa\n', 'total'), null);
  assert.equal(await ignoreAt('total += loss  # oomlint: ignore\n', 'total'), null);
});

test('a # inside a string is not a comment', async () => {
  assert.equal((await ignoreAt('total += loss; s = "# noqa: OOM001"\n', 'total'))?.text, 'total += loss; s = "# noqa: OOM001"  # noqa: OOM003\n');
});

test('never inside a multi-line string: the comment goes where the string closes', async () => {
  const text = 'total += f(loss, """first\nsecond\n""")\nnext_line()\n';
  assert.deepEqual(await ignoreAt(text, 'total'), {
    text: 'total += f(loss, """first\nsecond\n""")  # noqa: OOM003\nnext_line()\n',
    line: 2,
  });
});

test('never after a backslash continuation: the comment goes where the statement ends', async () => {
  const text = 'total += loss + \\\n    other + \\\n    more\nnext_line()\n';
  assert.deepEqual(await ignoreAt(text, 'total'), {
    text: 'total += loss + \\\n    other + \\\n    more  # noqa: OOM003\nnext_line()\n',
    line: 2,
  });
  // A backslash in a comment continues nothing.
  assert.equal((await ignoreAt('total += loss  # see C:\\\nx = 1\n', 'total'))?.line, 0);
});

test('inside brackets a comment is fine on the reported line itself', async () => {
  const text = 'total += f(loss,\n           1)\n';
  assert.deepEqual(await ignoreAt(text, 'total'), { text: 'total += f(loss,  # noqa: OOM003\n           1)\n', line: 0 });
});

test('keeps CRLF line endings', async () => {
  assert.equal((await ignoreAt('x = 1\r\ntotal += loss\r\ny = 2\r\n', 'total'))?.text, 'x = 1\r\ntotal += loss  # noqa: OOM003\r\ny = 2\r\n');
});
