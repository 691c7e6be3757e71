// The terminal link on out-of-memory lines, and the text it explains: the message with the traceback
// above it, taken from the terminal's buffer.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { messageAroundLine, oomLinkSpan } from '../client/src/explain/terminal-oom';
import { FIXTURES_DIR } from './support/paths';

const fixture = (name: string) => readFileSync(join(FIXTURES_DIR, 'oom-messages', name), 'utf8');
const TRAIN = fixture('2018-cached-traceback-train.txt');
const MESSAGE_LINE = TRAIN.split('\n').find((line) => line.startsWith('RuntimeError: CUDA out of memory'))!;

describe('oomLinkSpan', () => {
  test('covers the exception name and the opening words of every backend', () => {
    const link = (line: string) => {
      const span = oomLinkSpan(line);
      return span && line.slice(span.startIndex, span.startIndex + span.length);
    };
    assert.equal(link(MESSAGE_LINE), 'RuntimeError: CUDA out of memory');
    assert.equal(link('[rank1]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.'), 'torch.OutOfMemoryError: CUDA out of memory');
    assert.equal(link('torch.cuda.OutOfMemoryError: HIP out of memory. Tried'), 'torch.cuda.OutOfMemoryError: HIP out of memory');
    assert.equal(link('RuntimeError: MPS backend out of memory (MPS allocated: 1 GB'), 'RuntimeError: MPS backend out of memory');
    assert.equal(link('    CUDA out of memory. Tried to allocate'), 'CUDA out of memory');
  });

  test('no link on other lines', () => {
    for (const line of ['Epoch 1: loss 0.3', 'RuntimeError: CUDA error: device-side assert triggered', 'out of memory', '']) {
      assert.equal(oomLinkSpan(line), undefined, line);
    }
  });
});

describe('messageAroundLine', () => {
  test('takes the traceback above the message from the buffer', () => {
    const buffer = `$ python train.py\nEpoch 1\n${TRAIN}\n$ `;
    const text = messageAroundLine(buffer, MESSAGE_LINE);
    assert.ok(text.startsWith('$ python train.py\nEpoch 1\nTraceback (most recent call last):'), text);
    assert.ok(text.endsWith(MESSAGE_LINE), text);
  });

  test('stops at the previous message, and takes the latest copy of the clicked one', () => {
    const other = fixture('2023-process-other-pid.txt');
    const buffer = `${TRAIN}\n${other}\n$ python train.py\n${TRAIN}\n`;
    const text = messageAroundLine(buffer, MESSAGE_LINE);
    assert.ok(text.startsWith('$ python train.py\nTraceback'), text);
    assert.equal(text.split('RuntimeError: CUDA out of memory').length, 2);
  });

  test('a message the terminal wrapped differently is still found by its opening', () => {
    const wrapped = MESSAGE_LINE.replace('(GPU 3; ', '(GPU 3;\n');
    const text = messageAroundLine(`${TRAIN.replace(MESSAGE_LINE, wrapped)}\n`, MESSAGE_LINE);
    assert.match(text, /^Traceback/);
    assert.match(text, /RuntimeError: CUDA out of memory\. Tried to allocate 86\.00 MiB \(GPU 3;$/);
  });

  test('a message no longer in the buffer is explained from the line alone', () => {
    assert.equal(messageAroundLine('$ clear\n$ ', MESSAGE_LINE), MESSAGE_LINE);
    assert.equal(messageAroundLine('anything', 'no message here'), 'no message here');
  });
});
