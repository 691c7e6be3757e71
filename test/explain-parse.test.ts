// The parser's edges on made-up lines: units, several messages per log, cut-off messages, frames.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnoseOom } from '../server/src/explain/diagnose-oom';
import { explainLog } from '../server/src/explain/explain-oom';
import { parseOomMessages, parseSize } from '../server/src/explain/parse-oom';
import { isUserFrame } from '../server/src/explain/user-frames';

const GiB = 1024 ** 3;

test('sizes from bytes to TiB, in powers of 1024 (GB and MB on MPS too)', () => {
  assert.equal(parseSize('0', 'bytes'), 0);
  assert.equal(parseSize('256', 'B'), 256);
  assert.equal(parseSize('60.00', 'KiB'), 60 * 1024);
  assert.equal(parseSize('1.5', 'MiB'), 1.5 * 1024 ** 2);
  assert.equal(parseSize('2.00', 'GiB'), 2 * GiB);
  assert.equal(parseSize('1.50', 'TiB'), 1.5 * 1024 ** 4);
  assert.equal(parseSize('18.13', 'GB'), Math.round(18.13 * GiB));
  const [message] = parseOomMessages('torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.50 TiB. GPU 0 has a total capacity of 79.14 GiB of which 1.06 GiB is free.');
  assert.equal(message?.requested, 1.5 * 1024 ** 4);
  assert.equal(diagnoseOom(message!).cause, 'huge-allocation');
});

test('one message per rank in a log, each with the frames printed before it', () => {
  const log = [
    '[rank1]: Traceback (most recent call last):',
    '[rank1]:   File "/home/me/project/train.py", line 40, in <module>',
    '[rank1]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 1 has a total capacity of 79.14 GiB of which 4.75 MiB is free. Including non-PyTorch memory, this process has 79.13 GiB memory in use. Of the allocated memory 77.50 GiB is allocated by PyTorch, and 1.12 GiB is reserved by PyTorch but unallocated.',
    '[rank0]: Traceback (most recent call last):',
    '[rank0]:   File "/home/me/project/train.py", line 41, in <module>',
    '[rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 79.14 GiB of which 2.75 MiB is free.',
  ].join('\n');
  const messages = parseOomMessages(log);
  assert.deepEqual(messages.map((m) => [m.gpu, m.line, m.truncated]), [[1, 3, false], [0, 6, true]]);
  assert.deepEqual(messages.map((m) => m.frames.map((f) => f.line)), [[40], [41]]);
});

test('a message cut inside a number keeps what came before and reads nothing from the stub', () => {
  const [message] = parseOomMessages('RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0; 7.7');
  assert.equal(message?.requested, 2 * GiB);
  assert.equal(message?.total, undefined);
  assert.equal(message?.truncated, true);
  assert.equal(diagnoseOom(message!).cause, 'undetermined');
});

test('Windows line endings and wrapped lines do not hide a message', () => {
  const messages = parseOomMessages('x\r\nRuntimeError: CUDA out of memory. Tried to allocate 1.00 GiB (GPU 0; 8.00 GiB total capacity; 6.00 GiB already allocated; 10.00 MiB free; 6.20 GiB reserved in total by PyTorch)\r\n');
  assert.equal(messages.length, 1);
  assert.equal(messages[0]?.line, 2);
  assert.equal(messages[0]?.reservedTotal, Math.round(6.2 * GiB));
});

test('no message: an empty result, also for other CUDA errors', () => {
  assert.deepEqual(parseOomMessages(''), []);
  assert.deepEqual(parseOomMessages('RuntimeError: CUDA error: out of memory\nRuntimeError: CUDA error: an illegal memory access was encountered'), []);
});

test('user frames leave out installed packages, the standard library and PyTorch', () => {
  const frame = (file: string) => ({ file, line: 1, function: 'f', logLine: 1 });
  assert.equal(isUserFrame(frame('train.py')), true);
  assert.equal(isUserFrame(frame('/home/me/project/model.py')), true);
  assert.equal(isUserFrame(frame('D:\\Projects\\x\\Train_one_epoch.py')), true);
  assert.equal(isUserFrame(frame('/opt/conda/lib/python3.10/site-packages/torch/nn/modules/module.py')), false);
  assert.equal(isUserFrame(frame('/usr/local/lib/python3.12/dist-packages/torch/_tensor.py')), false);
  assert.equal(isUserFrame(frame('C:\\Python38\\lib\\site-packages\\torch\\_tensor.py')), false);
  assert.equal(isUserFrame(frame('/usr/lib/python3.10/runpy.py')), false);
  assert.equal(isUserFrame(frame('<frozen runpy>')), false);
});

test('the phase: backward from any frame, evaluation or training from the innermost user function that says', () => {
  const oom = 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 7.79 GiB of which 2.00 MiB is free.';
  const log = (frames: string[]) => [...frames, oom].join('\n');
  const evaluation = explainLog(log(['  File "run.py", line 9, in main', '    evaluate(model)', '  File "run.py", line 30, in evaluate', '    out = model(x)']))[0];
  assert.equal(evaluation?.phase, 'evaluation');
  assert.equal(evaluation?.failingFrame?.code, 'out = model(x)');
  const backward = explainLog(log(['  File "run.py", line 12, in validate', '    loss.backward()']))[0];
  assert.equal(backward?.phase, 'backward');
  const training = explainLog(log(['  File "run.py", line 20, in train_one_epoch', '    out = model(x)']))[0];
  assert.equal(training?.phase, 'training');
  assert.match(backward?.diagnosis.remedies[0] ?? '', /smaller batch/);
  assert.match(evaluation?.diagnosis.remedies[0] ?? '', /no_grad/);
  const unknown = explainLog(log(['  File "run.py", line 20, in forward', '    return self.net(x)']))[0];
  assert.equal(unknown?.phase, undefined);
});

test('a listed process that holds what PyTorch reserved, with no "this process" clause, is named as probably this one', () => {
  const [message] = parseOomMessages(
    'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 496.00 MiB. GPU 0 has a total capacity of 14.75 GiB of which 235.06 MiB is free. Process 20398 has 14.52 GiB memory in use. Of the allocated memory 14.06 GiB is allocated by PyTorch, and 330.42 MiB is reserved by PyTorch but unallocated.',
  );
  const diagnosis = diagnoseOom(message!);
  assert.equal(diagnosis.cause, 'own-tensors');
  assert.ok(diagnosis.evidence.some((line) => /Process 20398 .*most likely this process/.test(line)), diagnosis.evidence.join('\n'));
});
