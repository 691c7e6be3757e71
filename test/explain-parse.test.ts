// The parser's edges: units and exact sizes, logs as they really look (prefixes of ranks, containers
// and loggers, lines a terminal or a logger wrapped, colour codes, carriage returns, UTF-16), the forms
// that are not the caching allocator's, frames of every traceback format, and inputs built to be slow.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { diagnoseOom } from '../server/src/explain/diagnose-oom';
import { explainLog, explainLogReport, MAX_EXPLANATIONS } from '../server/src/explain/explain-oom';
import { decodeLogBytes, sanitizeLogText, sniffLogEncoding } from '../server/src/explain/log-text';
import { SIZE_FIELDS } from '../server/src/explain/oom-message';
import { parseOomMessages, parseSize } from '../server/src/explain/parse-oom';
import { exactBytes } from '../server/src/explain/sizes';
import { isUserFrame } from '../server/src/explain/user-frames';

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
const MESSAGE_2023 =
  'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 23.65 GiB of which 3.06 MiB is free. Including non-PyTorch memory, this process has 23.62 GiB memory in use. Of the allocated memory 22.90 GiB is allocated by PyTorch, and 194.87 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)';

describe('sizes', () => {
  test('from bytes to TiB, in powers of 1024 (GB and MB on MPS too), exactly', () => {
    assert.equal(parseSize('0', 'bytes'), 0);
    assert.equal(parseSize('256', 'B'), 256);
    assert.equal(parseSize('60.00', 'KiB'), 60 * 1024);
    assert.equal(parseSize('1.5', 'MiB'), 1.5 * MiB);
    assert.equal(parseSize('2.00', 'GiB'), 2 * GiB);
    assert.equal(parseSize('1.50', 'TiB'), 1.5 * 1024 ** 4);
    assert.equal(parseSize('18.13', 'GB'), 19466939269);
    assert.equal(exactBytes('67109892.10', 'GiB'), 72058697951897190n);
    assert.equal(exactBytes('17179869184.00', 'GiB'), 2n ** 64n);
  });

  test('a figure past any device is kept digit for digit, and diagnosed as no real size', () => {
    const [message] = parseOomMessages('torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 17179869184.00 GiB. GPU 0 has a total capacity of 79.14 GiB of which 1.06 GiB is free.');
    assert.equal(message?.exactSizes?.requested, '18446744073709551616');
    const diagnosis = diagnoseOom(message!);
    assert.equal(diagnosis.cause, 'invalid-size');
    // The breakdown holds no figure that is not a size, and no sentence prints Infinity or NaN.
    assert.equal(diagnosis.breakdown.requested, undefined);
    assert.doesNotMatch([diagnosis.headline, ...diagnosis.evidence.map((e) => e.text)].join('\n'), /Infinity|NaN|undefined/);
  });

  test('a run of 160,000 digits is no size: nothing is read from it', () => {
    const digits = '7'.repeat(160_000);
    const [message] = parseOomMessages(`RuntimeError: CUDA out of memory. Tried to allocate ${digits} GiB (GPU 0; ${digits}`);
    assert.equal(message?.requested, undefined);
    assert.equal(message?.truncated, true);
  });

  test('free above the total, and more allocated than the card, are named as such', () => {
    const [unified] = parseOomMessages('torch.OutOfMemoryError: HIP out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 15.49 GiB of which 84.98 GiB is free. Of the allocated memory 1.67 GiB is allocated by PyTorch, and 8.08 GiB is reserved by PyTorch but unallocated.');
    const diagnosis = diagnoseOom(unified!);
    assert.equal(diagnosis.cause, 'undetermined');
    assert.equal(diagnosis.breakdown.outsidePyTorch, undefined);
    assert.ok(diagnosis.evidence.some((e) => /above the total/.test(e.text)));
    const [windows] = parseOomMessages('torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 64.00 MiB. GPU 0 has a total capacty of 8.00 GiB of which 0 bytes is free. Of the allocated memory 22.44 GiB is allocated by PyTorch, and 1.03 GiB is reserved by PyTorch but unallocated.');
    assert.equal(diagnoseOom(windows!).cause, 'own-tensors');
  });
});

describe('logs as they really look', () => {
  test('one message per rank, each with the frames of its own rank, even interleaved', () => {
    const log = [
      '[rank1]: Traceback (most recent call last):',
      '[rank0]: Traceback (most recent call last):',
      '[rank1]:   File "/home/me/project/train.py", line 40, in <module>',
      '[rank0]:   File "/home/me/project/train.py", line 41, in <module>',
      '[rank1]:     loss.backward()',
      '[rank0]:     out = model(x)',
      '[rank1]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 1 has a total capacity of 79.14 GiB of which 4.75 MiB is free. Including non-PyTorch memory, this process has 79.13 GiB memory in use. Of the allocated memory 77.50 GiB is allocated by PyTorch, and 1.12 GiB is reserved by PyTorch but unallocated.',
      '[rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 79.14 GiB of which 2.75 MiB is free.',
    ].join('\n');
    const messages = parseOomMessages(log);
    assert.deepEqual(messages.map((m) => [m.gpu, m.line, m.truncated, m.source]), [[1, 7, false, 'rank 1'], [0, 8, true, 'rank 0']]);
    assert.deepEqual(messages.map((m) => m.frames.map((f) => [f.line, f.code])), [[[40, 'loss.backward()']], [[41, 'out = model(x)']]]);
  });

  test('a message a logger wrapped under its prefix is read whole', () => {
    const words = MESSAGE_2023.split(' ');
    const lines: string[] = [];
    for (let i = 0; i < words.length; i += 12) lines.push(`SUBPROCESS: ${words.slice(i, i + 12).join(' ')}`);
    const [message] = parseOomMessages(lines.join('\n'));
    assert.equal(message?.reservedUnallocated, Math.round(194.87 * MiB));
    assert.equal(message?.hint, 'expandable_segments');
    assert.equal(message?.truncated, false);
    assert.equal(message?.source, 'subprocess');
  });

  test("rich's logging handler: the first line carries the caller at the right, the rest is indented", () => {
    const log = [
      '[05/01/24 12:00:00] ERROR    CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a         train.py:42',
      '                             total capacity of 23.65 GiB of which 3.06 MiB is free. Of the',
      '                             allocated memory 22.90 GiB is allocated by PyTorch, and 194.87',
      '                             MiB is reserved by PyTorch but unallocated.',
      '[05/01/24 12:00:01] INFO     saving checkpoint                                               train.py:90',
    ].join('\n');
    const [message] = parseOomMessages(log);
    assert.equal(message?.total, Math.round(23.65 * GiB));
    assert.equal(message?.allocated, Math.round(22.9 * GiB));
    assert.equal(message?.reservedUnallocated, Math.round(194.87 * MiB));
    assert.equal(message?.truncated, false);
  });

  test('lines a terminal cut at its width, mid-word, are joined without a space; so are the frames', () => {
    const width = 80;
    const cut = (text: string) => text.match(new RegExp(`.{1,${width}}`, 'g'))!;
    const log = [
      'Traceback (most recent call last):',
      ...cut('  File "D:\\apps\\stable-diffusion\\Forge_2024\\system\\python\\lib\\site-packages\\gradio\\queueing.py", line 536, in process_events'),
      '    response = await route_utils.call_process_api(',
      ...cut('  File "D:\\apps\\stable-diffusion\\Forge_2024\\webui\\modules\\processing.py", line 845, in process_images_inner'),
      '    samples_ddim = p.sample(conditioning=p.c, unconditional_conditioning=p.uc)',
      ...cut(MESSAGE_2023),
    ].join('\n');
    const [message] = parseOomMessages(log);
    assert.equal(message?.reservedUnallocated, Math.round(194.87 * MiB));
    assert.equal(message?.truncated, false);
    assert.deepEqual(
      message?.frames.map((f) => [f.file, f.line]),
      [
        ['D:\\apps\\stable-diffusion\\Forge_2024\\system\\python\\lib\\site-packages\\gradio\\queueing.py', 536],
        ['D:\\apps\\stable-diffusion\\Forge_2024\\webui\\modules\\processing.py', 845],
      ],
    );
  });

  test('a message a terminal cut once is read the same wherever the cut falls, under a rank prefix too', () => {
    const messages = [
      'RuntimeError: MPS backend out of memory (MPS allocated: 5.56 GB, other allocations: 1.10 GB, max allowed: 6.80 GB). Tried to allocate 768.00 MB on private pool. Use PYTORCH_MPS_HIGH_WATERMARK_RATIO=0.0',
      'RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 7.93 GiB total capacity; 6.50 GiB already allocated; 3.06 MiB free; 7.20 GiB cached)',
      'RuntimeError: CUDA out of memory. Tried to allocate 16.00 GiB (GPU 0; 47.54 GiB total capacity; 23.76 GiB already allocated; 6.30 GiB free; 39.59 GiB reserved in total by PyTorch) If reserved memory is >> allocated memory try setting max_split_size_mb to avoid fragmentation.  See documentation for Memory Management and PYTORCH_CUDA_ALLOC_CONF',
      'torch.OutOfMemoryError: HIP out of memory. Tried to allocate 2.00 MiB. GPU 0 has a total capacity of 255.98 GiB of which 244.65 GiB is free. 1.05 GiB allowed; Of the allocated memory 1017.01 MiB is allocated by PyTorch, with 17.00 MiB allocated in private pools (e.g., HIP Graphs), and 54.99 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)',
    ];
    const reading = (log: string) => {
      const [message] = parseOomMessages(log);
      return message && { ...Object.fromEntries(SIZE_FIELDS.map((field) => [field, message[field]])), form: message.form, pool: message.pool, hint: message.hint, truncated: message.truncated };
    };
    // A terminal's cut that leaves a single row at its width (at least 60 columns, and no shorter than what follows).
    const cutOnce = (text: string) => Array.from({ length: text.length }, (_, width) => [text.slice(0, width), text.slice(width)]).filter(([first, rest]) => first!.length >= 60 && rest!.length > 0 && rest!.length <= first!.length);
    for (const message of messages) {
      const expected = reading(message);
      const layouts = [
        ...cutOnce(message),
        // A launcher that prefixed the rows of a program that wrapped its own lines.
        ...cutOnce(message).map((rows) => rows.map((row) => `[rank1]: ${row}`)),
        // A rank's prefix that came before the terminal's cut: the second row has none.
        ...cutOnce(`[rank1]: ${message}`),
      ];
      for (const rows of layouts) assert.deepEqual(reading(`${rows.join('\n')}\nnext line\n`), expected, JSON.stringify(rows));
    }
  });

  test('colour codes inside the message and around the frames are taken out', () => {
    const log = `\x1b[31m  File "train.py", line 12, in main\x1b[0m\n    loss.backward()\n\x1b[1;31mtorch.OutOfMemoryError\x1b[0m: CUDA out of memory. Tried to allocate \x1b[1m20.00 MiB\x1b[0m. GPU 0 has a total capacity of 23.65 GiB of which 3.06 MiB is free.`;
    const [message] = parseOomMessages(log);
    assert.equal(message?.requested, 20 * MiB);
    assert.equal(message?.exception, 'torch.OutOfMemoryError');
    assert.deepEqual(message?.frames.map((f) => f.file), ['train.py']);
    assert.ok(!message!.text.includes('\x1b') && !message!.text.includes('[1m'), message!.text);
    assert.equal(sanitizeLogText('a\x1b]0;title\x07b\u2190[33mc\x9bd'), 'abcd');
  });

  test("a progress bar's carriage returns do not count as lines; Windows line endings count once", () => {
    const bar = Array.from({ length: 50 }, (_, i) => `\r 45%|████      | ${i}/100 [00:0${i % 10}<00:10]`).join('');
    const log = `epoch 1\r\n${bar}\r\nTraceback (most recent call last):\r\n  File "train.py", line 9, in <module>\r\n${MESSAGE_2023}\r\n`;
    const [message] = parseOomMessages(log);
    assert.equal(message?.line, 5);
    assert.equal(message?.frames[0]?.logLine, 4);
  });

  test('a message after a progress bar on the same line is found, and ends where the bar takes over', () => {
    const [message] = parseOomMessages(` 12%|█▏        | 12/100\r${MESSAGE_2023}\r 13%|█▎        | 13/100`);
    assert.equal(message?.line, 1);
    assert.equal(message?.truncated, false);
    assert.doesNotMatch(message!.text, /13\/100/);
  });

  test('UTF-16 logs, with a byte-order mark or without, and UTF-8 with one', () => {
    const text = `Traceback (most recent call last):\n${MESSAGE_2023}\n`;
    const le = Buffer.from(text, 'utf16le');
    const be = Buffer.from(le).swap16();
    for (const [bytes, encoding] of [
      [Buffer.concat([Buffer.from([0xff, 0xfe]), le]), 'utf-16le'],
      [le, 'utf-16le'],
      [Buffer.concat([Buffer.from([0xfe, 0xff]), be]), 'utf-16be'],
      [be, 'utf-16be'],
      [Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), 'utf-8'],
    ] as const) {
      const sniffed = sniffLogEncoding(bytes);
      assert.equal(sniffed.encoding, encoding);
      const decoded = decodeLogBytes(bytes, sniffed.encoding, sniffed.bomLength);
      assert.equal(decoded, text);
      assert.equal(parseOomMessages(decoded)[0]?.requested, 20 * MiB);
    }
    // Zeros in both lanes (a device, a binary) are not UTF-16.
    assert.equal(sniffLogEncoding(new Uint8Array(4096)).encoding, 'utf-8');
  });

  test('prose that names the error, and the source line of a raise, are not messages', () => {
    assert.deepEqual(parseOomMessages('I always get CUDA out of memory errors when training, and HIP out of memory on the AMD box.'), []);
    const vllm = [
      'ERROR 11-18 18:07:28 engine.py:366]     raise ValueError("No available memory for the cache blocks. "',
      'ERROR 11-18 18:07:28 engine.py:366] ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine.',
    ].join('\n');
    const messages = parseOomMessages(vllm);
    assert.deepEqual(messages.map((m) => [m.line, m.exception, m.vllmKind]), [[2, 'ValueError', 'no-cache-blocks']]);
  });
});

describe('the forms beside the caching allocator', () => {
  test('raw CUDA errors, torch.AcceleratorError, cuBLAS and cuDNN have no sizes but a meaning', () => {
    for (const [text, form] of [
      ['RuntimeError: CUDA error: out of memory\nCUDA kernel errors might be asynchronously reported at some other API call', 'cuda-error'],
      ['torch.AcceleratorError: CUDA error: out of memory', 'cuda-error'],
      ['RuntimeError: CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`', 'cublas'],
      ['RuntimeError: cuDNN error: CUDNN_STATUS_ALLOC_FAILED', 'cudnn'],
      ['RuntimeError: Unable to find a valid cuDNN algorithm to run convolution', 'cudnn'],
    ] as const) {
      const [explanation] = explainLog(text);
      assert.equal(explanation?.message.form, form, text);
      assert.equal(explanation?.diagnosis.cause, 'outside-allocator', text);
    }
    assert.equal(parseOomMessages('E tensorflow/stream_executor/cuda/cuda_blas.cc:372] failed to create cublas handle: CUBLAS_STATUS_ALLOC_FAILED')[0]?.framework, 'tensorflow');
  });

  test("PyTorch before 1.0: the THCudaCheck line and the RuntimeError after the traceback are one failure", () => {
    const log = [
      'THCudaCheck FAIL file=/pytorch/torch/lib/THC/generic/THCStorage.cu line=58 error=2 : out of memory',
      'Traceback (most recent call last):',
      '  File "main.py", line 357, in train',
      '    loss.backward()',
      'RuntimeError: cuda runtime error (2) : out of memory at /pytorch/torch/lib/THC/generic/THCStorage.cu:58',
    ].join('\n');
    const [explanation, ...rest] = explainLog(log);
    assert.equal(rest.length, 0);
    assert.equal(explanation?.message.form, 'thc');
    assert.equal(explanation?.diagnosis.cause, 'undetermined');
    assert.equal(explanation?.phase, 'backward');
  });

  test('host memory, TensorFlow and JAX are named as what they are', () => {
    const host = explainLog("RuntimeError: [enforce fail at alloc_cpu.cpp:114] data. DefaultCPUAllocator: not enough memory: you tried to allocate 11520000000 bytes.")[0]!;
    assert.deepEqual([host.message.backend, host.message.requested, host.diagnosis.cause], ['cpu', 11520000000, 'host-memory']);
    const tensorflow = explainLog('ResourceExhaustedError: OOM when allocating tensor with shape[32,64,256,256] and type half on /job:localhost/replica:0/task:0/device:GPU:1 by allocator GPU_1_bfc')[0]!;
    assert.deepEqual([tensorflow.message.framework, tensorflow.message.gpu, tensorflow.message.requested], ['tensorflow', 1, 32 * 64 * 256 * 256 * 2]);
    assert.match(tensorflow.diagnosis.evidence.map((e) => e.text).join('\n'), /TensorFlow's message, not PyTorch's/);
    assert.match(tensorflow.diagnosis.remedies[0]!, /TensorFlow/);
    const jax = explainLog('jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 17179869184 bytes.')[0]!;
    assert.deepEqual([jax.message.framework, jax.message.requested], ['jax', 16 * GiB]);
    assert.match(jax.diagnosis.remedies[0]!, /XLA_PYTHON_CLIENT_PREALLOCATE/);
  });

  test("vLLM's budget: the KV cache's tokens or memory, no room at all, the start-up check", () => {
    const cases = [
      ["ValueError: The model's max seq len (32768) is larger than the maximum number of tokens that can be stored in KV cache (20000). Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.", 'kv-cache-tokens', 'kv-cache'],
      ["ValueError: To serve at least one request with the models's max seq len (131072), (16.00 GiB KV cache is needed, which is larger than the available KV cache memory (9.21 GiB). Based on the available memory, the estimated maximum model length is 75424. Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.", 'kv-cache-memory', 'kv-cache'],
      ['ValueError: Free memory on device (3.20/23.60 GiB) on startup is less than desired GPU memory utilization (0.9, 21.24 GiB). Decrease GPU memory utilization or reduce GPU memory used by other processes.', 'startup-free-memory', 'outside-pytorch'],
      ['RuntimeError: CUDA out of memory occurred when warming up sampler with 1024 dummy requests. Please try lowering `max_num_seqs` or `gpu_memory_utilization` when initializing the engine.', 'sampler-warmup', 'kv-cache'],
    ] as const;
    for (const [text, kind, cause] of cases) {
      const [explanation] = explainLog(text);
      assert.equal(explanation?.message.vllmKind, kind, text);
      assert.equal(explanation?.diagnosis.cause, cause, text);
    }
    const memory = parseOomMessages(cases[1][0])[0]!;
    assert.deepEqual([memory.maxModelLen, memory.kvCacheNeeded, memory.kvCacheAvailable], [131072, 16 * GiB, Math.round(9.21 * GiB)]);
    const startup = parseOomMessages(cases[2][0])[0]!;
    assert.deepEqual([startup.free, startup.total, startup.memoryUtilization], [Math.round(3.2 * GiB), Math.round(23.6 * GiB), 0.9]);
  });

  test('Intel XPU: the IPEX form without free memory, and its block limit', () => {
    const [block, plain] = parseOomMessages(
      'RuntimeError: Current platform can NOT allocate memory block with size larger than 4GB! Tried to allocate 6.85 GiB (GPU  0; 15.56 GiB total capacity; 0 bytes already allocated; 0 bytes reserved in total by PyTorch)\nRuntimeError: XPU out of memory. Tried to allocate 1.71 GiB (GPU 0; 15.56 GiB total capacity; 176.00 MiB already allocated; 176.00 MiB reserved in total by PyTorch)',
    );
    assert.deepEqual([block?.backend, block?.requested, block?.free], ['xpu', Math.round(6.85 * GiB), undefined]);
    assert.equal(plain?.allocated, 176 * MiB);
    assert.match(diagnoseOom(block!).remedies[0]!, /Intel GPUs limit a single allocation/);
  });
});

describe('frames', () => {
  test("Jupyter's `Cell In[7], line 12` and `File ~/x.py:45, in f(...)` are the user's code", () => {
    const log = [
      '---------------------------------------------------------------------------',
      'OutOfMemoryError                          Traceback (most recent call last)',
      'Cell In[7], line 12',
      '     10 for x, y in loader:',
      '     11     x = x.cuda()',
      '---> 12     out = model(x)',
      '',
      'File ~/project/model.py:45, in Net.forward(self, x)',
      '     44 def forward(self, x):',
      '---> 45     return self.head(self.body(x))',
      '',
      'File ~/.venv/lib/python3.11/site-packages/torch/nn/modules/module.py:1553, in Module._wrapped_call_impl(self, *args, **kwargs)',
      '-> 1553     return self._call_impl(*args, **kwargs)',
      '',
      'OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 14.75 GiB of which 3.06 MiB is free. Process 2670 has 14.74 GiB memory in use. Of the allocated memory 14.40 GiB is allocated by PyTorch, and 194.87 MiB is reserved by PyTorch but unallocated.',
    ].join('\n');
    const [explanation] = explainLog(log);
    assert.deepEqual(
      explanation?.userFrames.map((f) => [f.file, f.line, f.function, f.code]),
      [
        ['Cell In[7]', 12, '<module>', 'out = model(x)'],
        ['~/project/model.py', 45, 'Net.forward', 'return self.head(self.body(x))'],
      ],
    );
    assert.equal(explanation?.facts.notebook, true);
    assert.match(explanation!.diagnosis.remedies[0]!, /In a notebook/);
  });

  test('the older IPython: `<ipython-input-...> in <module>` with its arrow line', () => {
    const log = [
      '<ipython-input-116-11ebb3420695> in <module>',
      '     28         landmarks = landmarks.view(landmarks.size(0),-1).cuda()',
      '---> 30         predictions = network(images)',
      '',
      'RuntimeError: CUDA out of memory. Tried to allocate 12.50 MiB (GPU 0; 10.92 GiB total capacity; 8.57 GiB already allocated; 9.28 MiB free; 4.68 MiB cached)',
    ].join('\n');
    const [message] = parseOomMessages(log);
    assert.deepEqual(message?.frames.map((f) => [f.file, f.line, f.code]), [['<ipython-input-116-11ebb3420695>', 30, 'predictions = network(images)']]);
  });

  test('user frames leave out installed packages, the standard library and PyTorch', () => {
    const frame = (file: string) => ({ file, line: 1, function: 'f', logLine: 1 });
    assert.equal(isUserFrame(frame('train.py')), true);
    assert.equal(isUserFrame(frame('/home/me/project/model.py')), true);
    assert.equal(isUserFrame(frame('D:\\Projects\\x\\Train_one_epoch.py')), true);
    assert.equal(isUserFrame(frame('Cell In[3]')), true);
    assert.equal(isUserFrame(frame('/opt/conda/lib/python3.10/site-packages/torch/nn/modules/module.py')), false);
    assert.equal(isUserFrame(frame('/usr/local/lib/python3.12/dist-packages/torch/_tensor.py')), false);
    assert.equal(isUserFrame(frame('C:\\Python38\\lib\\site-packages\\torch\\_tensor.py')), false);
    assert.equal(isUserFrame(frame('/usr/lib/python3.10/runpy.py')), false);
    assert.equal(isUserFrame(frame('<frozen runpy>')), false);
  });
});

describe('many messages', () => {
  test('the same failure printed again is one explanation, with how often and where', () => {
    const log = Array.from({ length: 2000 }, (_, i) => `step ${i}\n${MESSAGE_2023}`).join('\n');
    const [explanation, ...rest] = explainLog(log);
    assert.equal(rest.length, 0);
    assert.equal(explanation?.occurrences, 2000);
    assert.deepEqual(explanation?.lines.slice(0, 3), [2, 4, 6]);
  });

  test('distinct messages beyond the limit are counted, not explained', () => {
    const log = Array.from({ length: MAX_EXPLANATIONS + 7 }, (_, i) => MESSAGE_2023.replace('20.00 MiB', `${i + 1}.00 MiB`)).join('\n');
    const report = explainLogReport(log);
    assert.equal(report.explanations.length, MAX_EXPLANATIONS);
    assert.equal(report.omitted, 7);
  });

  test('a message repeated on one long line, with no line break, is read once per copy', () => {
    const log = Array.from({ length: 3000 }, () => MESSAGE_2023).join('\r');
    const messages = parseOomMessages(log);
    assert.equal(messages.length, 3000);
    assert.ok(messages.every((m) => m.line === 1 && !m.truncated));
  });
});

test('no message: an empty result, also for other CUDA errors', () => {
  assert.deepEqual(parseOomMessages(''), []);
  assert.deepEqual(parseOomMessages('RuntimeError: CUDA error: device-side assert triggered\nRuntimeError: CUDA error: an illegal memory access was encountered'), []);
});
