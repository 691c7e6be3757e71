// The out-of-memory panel's page, built from data: everything from the message, the traceback and
// the file system is escaped; the page loads nothing from outside and runs only its nonce'd script;
// the memory bar says in text what it draws; a click can only name a frame or finding in the data.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { currentGpusOf } from '../client/src/explain/current-gpus';
import { buildExplainHtml, escapeHtml, resolveTarget, type ExplainPanelView } from '../client/src/explain/explain-html';
import { formatSize as formatBytes } from '../server/src/explain/format-size';
import { explainOutOfMemory } from '../server/src/lsp/explain-out-of-memory';
import type { ExplainedOutOfMemory } from '../server/src/lsp/explain-protocol';
import { english, type Translate } from '../client/src/translate';
import { FIXTURES_DIR, REPO_ROOT } from './support/paths';

const PAGE = { nonce: 'bm9uY2UtdmFsdWU=' };
const GIB = 1024 ** 3;
const MIB = 1024 ** 2;

async function explained(fixture: string, uri?: string): Promise<ExplainedOutOfMemory[]> {
  const text = readFileSync(join(FIXTURES_DIR, 'oom-messages', fixture), 'utf8');
  const { explanations } = await explainOutOfMemory(
    { text },
    { workspaceFolders: () => ['/ws'], isFile: (path) => uri !== undefined && path.endsWith('train.py'), findingsIn: async () => ({ findings: [{ code: 'OOM003', message: 'Running total of `loss` keeps graphs', line: 230 }] }) },
  );
  return explanations;
}

function hostile(): ExplainedOutOfMemory {
  return {
    framework: 'pytorch',
    backend: 'cuda',
    form: '2023-process',
    exception: 'torch.OutOfMemoryError<script>alert(1)</script>',
    gpu: 0,
    truncated: false,
    messageText: 'CUDA out of memory. <img src=x onerror="alert(2)"> & more',
    messageLine: 3,
    occurrences: 1,
    lines: [3],
    cause: 'own-tensors',
    headline: "It's <b>yours</b>",
    evidence: ['Requested `<x>`.', 'Process <1> has it.'],
    notes: ['Process <1> has it.'],
    remedies: ['Use `torch.no_grad()` & <i>less</i>.'],
    breakdown: { capacity: 10 * GIB, requested: 2 * GIB, free: 1 * GIB, allocatedByPyTorch: 7 * GIB, reservedUnallocated: 1 * GIB, outsidePyTorch: 1 * GIB },
    frames: [
      {
        file: '/home/x/"><svg onload=alert(3)>.py',
        line: 12,
        function: '<lambda>',
        code: 'y = f(x) if a < b else "c"',
        uri: 'file:///ws/%22%3E%3Csvg%20onload%3Dalert(3)%3E.py',
        findings: [{ code: 'OOM001', message: 'eval <without> no_grad', line: 4 }],
        failing: true,
      },
    ],
    fromThisMachine: false,
  };
}

/** The page's text with its own style and script taken out: what came from the data. */
function dataPart(html: string): string {
  return html.replace(/<style nonce="[^"]*">[\s\S]*?<\/style>/, '').replace(/<script nonce="[^"]*">[\s\S]*?<\/script>/, '');
}

describe('buildExplainHtml', () => {
  test('escapes file names, function names, messages, findings and remedies', () => {
    const html = buildExplainHtml({ source: 'the <editor> selection', explanations: [hostile()] }, PAGE);
    const data = dataPart(html);
    assert.doesNotMatch(data, /<script|<img|<svg onload|<b>|<i>|<lambda>|<without>/);
    assert.match(data, /torch\.OutOfMemoryError&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.match(data, /&lt;img src=x onerror=&quot;alert\(2\)&quot;&gt; &amp; more/);
    assert.match(data, /\/home\/x\/&quot;&gt;&lt;svg onload=alert\(3\)&gt;\.py:12/);
    assert.match(data, /<code>&lt;lambda&gt;<\/code>/);
    assert.match(data, /eval &lt;without&gt; no_grad/);
    assert.match(data, /Process &lt;1&gt; has it\./);
    assert.match(data, /Use <code>torch\.no_grad\(\)<\/code> &amp; &lt;i&gt;less&lt;\/i&gt;\./);
    assert.match(data, /the &lt;editor&gt; selection/);
    // The only script and style elements are the page's own, with the nonce.
    assert.deepEqual(html.match(/<script[^>]*>/g), [`<script nonce="${PAGE.nonce}">`]);
    assert.deepEqual(html.match(/<style[^>]*>/g), [`<style nonce="${PAGE.nonce}">`]);
  });

  test('has a strict Content-Security-Policy and loads nothing from outside', () => {
    const html = buildExplainHtml({ source: 'the clipboard', explanations: [hostile()] }, PAGE);
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];
    assert.ok(csp, 'no CSP');
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, new RegExp(`script-src 'nonce-${PAGE.nonce}'`));
    assert.match(csp, new RegExp(`style-src 'nonce-${PAGE.nonce}'`));
    assert.equal(csp, `default-src 'none'; style-src 'nonce-${PAGE.nonce}'; script-src 'nonce-${PAGE.nonce}'`);
    assert.doesNotMatch(html, /\s(?:src|href)="(?!#)/);
    assert.doesNotMatch(html, /\sstyle="/, 'inline style attributes would need unsafe-inline');
    assert.doesNotMatch(html.replace(/"[^"]*"/g, '""'), /<[^>]*\son[a-z]+=/, 'no inline event handlers');
    assert.match(html, /var\(--vscode-charts-blue\)/);
  });

  test('draws one bar per GPU with the numbers in its accessible label and legend', async () => {
    const explanations = await explained('2023-process-llama-cookbook-cut.txt');
    const html = buildExplainHtml({ source: 'the editor selection', explanations }, PAGE);
    const bars = [...html.matchAll(/<svg class="bar" id="([^"]+)" role="img" aria-label="([^"]*)"/g)];
    assert.deepEqual(bars.map((m) => m[1]), ['bar-0']);
    const label = bars[0]![2]!;
    for (const part of ['CUDA GPU 0 when it ran out: 22.20 GiB in all', 'Allocated by PyTorch 9.71 GiB', 'Reserved by PyTorch, unallocated 10.61 GiB', 'Free 687.12 MiB', 'requested 10.08 GiB']) {
      assert.ok(label.includes(part), `${part} missing from: ${label}`);
    }
    assert.match(html, /Requested: <strong>10\.08 GiB<\/strong>, 9\.41 GiB more than is free/);
    assert.match(html, /<span class="cause-name">Fragmentation<\/span>/);
    assert.match(html, /seg-allocated/);
    assert.match(html, /rect class="requested"/);
  });

  test('a message cut before a number shows the rest of the device as not stated, not as free', () => {
    const explanation: ExplainedOutOfMemory = { ...hostile(), breakdown: { capacity: 10 * GIB, requested: 1 * GIB, allocatedByPyTorch: 6 * GIB } };
    const html = buildExplainHtml({ source: 'the clipboard', explanations: [explanation] }, PAGE);
    assert.match(html, /Not stated in the message: <strong>4\.00 GiB<\/strong>/);
    assert.doesNotMatch(dataPart(html), /seg-free/);
    assert.match(dataPart(html), /seg-unknown/);
  });

  test('without the capacity there is no bar, and the page says why', () => {
    const explanation: ExplainedOutOfMemory = { ...hostile(), breakdown: { requested: 1 * GIB } };
    const html = buildExplainHtml({ source: 'the clipboard', explanations: [explanation] }, PAGE);
    assert.doesNotMatch(html, /<svg class="bar"/);
    assert.match(html, /does not give the device's capacity/);
  });

  test("shows the readout's current state of the message's GPU beside the message's", () => {
    const view: ExplainPanelView = {
      source: 'the terminal',
      explanations: [hostile()],
      currentGpus: [
        { index: 1, name: 'other', usedMiB: 1, totalMiB: 2, readAt: 0 },
        { index: 0, name: 'NVIDIA H100 80GB HBM3', usedMiB: 19180, totalMiB: 81559, readAt: Date.UTC(2026, 0, 1, 12, 30, 5) },
      ],
    };
    const html = buildExplainHtml({ ...view, fromThisMachine: true }, PAGE);
    assert.match(html, /<svg class="bar" id="now-0"/);
    assert.doesNotMatch(html, /<details class="current">/);
    assert.match(html, /GPU 0 now \(NVIDIA H100 80GB HBM3, nvidia-smi at 12:30:05 UTC\)/);
    assert.match(html, new RegExp(`In use \\(all processes\\): <strong>${formatBytes(19180 * MIB).replace('.', '\\.')}</strong>`));
    const missing = buildExplainHtml({ ...view, fromThisMachine: true, currentGpus: [view.currentGpus![0]!] }, PAGE);
    assert.doesNotMatch(missing, /id="now-0"/);
    assert.match(missing, /shows no GPU 0 on this machine now/);
    assert.doesNotMatch(buildExplainHtml({ source: 'x', explanations: [hostile()] }, PAGE), /id="now-0"|shows no GPU/);
    // A log that may come from another machine: the comparison is there to open, and says so.
    const elsewhere = buildExplainHtml(view, PAGE);
    assert.match(elsewhere, /<details class="current"><summary>Compare with this machine's GPU 0 now \(the log may come from another machine\)<\/summary><figure/);
    assert.doesNotMatch(buildExplainHtml({ ...view, currentGpus: [view.currentGpus![0]!] }, PAGE), /shows no GPU/);
    assert.match(buildExplainHtml({ ...view, explanations: [{ ...hostile(), fromThisMachine: true }] }, PAGE), /<svg class="bar" id="now-0"/);
  });

  test('beside the bar, the list leaves out the figures its legend gives', () => {
    const html = buildExplainHtml({ source: 'x', explanations: [hostile()] }, PAGE);
    const list = /<ul class="evidence">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
    assert.doesNotMatch(list, /Requested/);
    assert.match(list, /Process &lt;1&gt; has it/);
    const noBar = buildExplainHtml({ source: 'x', explanations: [{ ...hostile(), breakdown: {} }] }, PAGE);
    assert.match(/<ul class="evidence">([\s\S]*?)<\/ul>/.exec(noBar)?.[1] ?? '', /Requested/);
  });

  test('a repeated message says how often; messages beyond the limit are counted; the page opens at the top', () => {
    const html = buildExplainHtml({ source: 'x', explanations: [{ ...hostile(), occurrences: 2000, lines: [2, 4] }], omitted: 7 }, PAGE);
    assert.match(html, /The same message appears 2000 times \(lines 2, 4, \.\.\.\)\./);
    assert.match(html, /7 more out-of-memory messages are not shown\./);
    assert.match(html, /window\.scrollTo\(0, 0\)/);
  });

  test("every cause has its name, and no cause's name is repeated by its headline", async () => {
    for (const fixture of ['2018-cached-traceback-train.txt', '2023-process-llama-cookbook-cut.txt', 'cuda-error-iim-2022.txt', 'vllm-no-cache-blocks-compose.txt', 'cpu-allocator-fang-cpuallocator.txt']) {
      const [explanation] = await explained(fixture);
      const html = buildExplainHtml({ source: 'x', explanations: [explanation!] }, PAGE);
      const name = /<span class="cause-name">([^<]+)<\/span>/.exec(html)?.[1];
      assert.ok(name, fixture);
      assert.ok(!explanation!.headline.toLowerCase().includes(name.toLowerCase().replace('&#39;', "'")), `${name}: ${explanation!.headline}`);
    }
  });

  test('frames with a workspace file and their findings are links; the others are not', async () => {
    const linked = await explained('2018-cached-traceback-train.txt', 'file:///ws/train.py');
    const html = buildExplainHtml({ source: 'x', explanations: linked }, PAGE);
    assert.deepEqual([...html.matchAll(/data-open="([^"]+)"/g)].map((m) => m[1]), ['f:0:0', 'f:0:1', 'd:0:1:0']);
    assert.match(html, /the line that led to the allocation/);
    const unlinked = buildExplainHtml({ source: 'x', explanations: await explained('2018-cached-traceback-train.txt') }, PAGE);
    assert.doesNotMatch(unlinked, /data-open=/);
    assert.match(unlinked, /Not found in this workspace/);
  });

  test("the page's own words follow the translator and the display language; the data is left as it is", async () => {
    const bundle = JSON.parse(readFileSync(join(REPO_ROOT, 'l10n', 'bundle.l10n.zh-cn.json'), 'utf8')) as Record<string, string>;
    const t: Translate = (message, ...args) => english(bundle[message] ?? message, ...args);
    const linked = await explained('2018-cached-traceback-train.txt', 'file:///ws/train.py');
    const view: ExplainPanelView = {
      source: '剪贴板',
      explanations: [...linked, { ...hostile(), truncated: true }],
      currentGpus: [{ index: 3, name: 'NVIDIA H100 80GB HBM3', usedMiB: 19180, totalMiB: 81559, readAt: Date.UTC(2026, 0, 1, 12, 30, 5) }],
    };
    const html = buildExplainHtml(view, { ...PAGE, t, lang: 'zh-cn' });
    assert.match(html, /<html lang="zh-cn">/);
    assert.match(html, /<h1>oomlint：2 个显存不足错误的解释<\/h1>/);
    for (const words of ['怎么办（最可能有效的在前）', '你的代码（从最外层开始）', '本程序自己的张量', '与本机 GPU 3 的当前状态比较', 'GPU 3 当前状态', '已使用（所有进程）', 'PyTorch 已分配', '导致这次分配的代码行', '已截断', '显存耗尽发生在反向传播中', '来自剪贴板。']) {
      assert.ok(html.includes(words), words);
    }
    // The evidence and the remedies come from the server (in its language; English here).
    const pageText = html.replace(/<(style|script|pre)[^>]*>[\s\S]*?<\/\1>|<ul class="evidence">[\s\S]*?<\/ul>|<ol class="remedies">[\s\S]*?<\/ol>/g, '');
    assert.doesNotMatch(pageText, /What to do|In your code|GPU 3 now|In use|Allocated by|Free|Requested|the line that led|cut off|It ran out|Open line|in all/);
    assert.match(html, /Running total of <code>loss<\/code> keeps graphs/);
  });

  test('refuses a nonce that could break out of the policy', () => {
    assert.throws(() => buildExplainHtml({ source: 'x', explanations: [] }, { nonce: `a' 'unsafe-inline` }), /base64/);
  });

  test('an empty result says no message was found', () => {
    assert.match(buildExplainHtml({ source: 'the clipboard', explanations: [] }, PAGE), /No out-of-memory message was found/);
  });
});

describe('resolveTarget', () => {
  const explanations = [hostile()];
  test('names frames and findings by index, in the data', () => {
    assert.deepEqual(resolveTarget(explanations, 'f:0:0'), { uri: explanations[0]!.frames[0]!.uri, line: 12 });
    assert.deepEqual(resolveTarget(explanations, 'd:0:0:0'), { uri: explanations[0]!.frames[0]!.uri, line: 4 });
  });
  test('refuses anything else', () => {
    for (const id of ['f:0:1', 'd:0:0:1', 'f:1:0', 'd:0:0', 'f:0:0:0', 'file:///etc/passwd', '', 3, null, { uri: 'file:///x' }]) {
      assert.equal(resolveTarget(explanations, id), undefined, String(id));
    }
    const noUri = [{ ...hostile(), frames: [{ ...hostile().frames[0]!, uri: undefined }] }];
    assert.equal(resolveTarget(noUri as ExplainedOutOfMemory[], 'f:0:0'), undefined);
  });
});

test('escapeHtml and formatBytes', () => {
  assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  assert.equal(formatBytes(512), '512 bytes');
  assert.equal(formatBytes(1.5 * GIB), '1.50 GiB');
});

test("currentGpusOf passes on the readout's reading only when it has one", () => {
  const gpus = [{ index: 0, name: 'NVIDIA H100 80GB HBM3', memoryUsedMiB: 19180, memoryTotalMiB: 81559 }, { index: 1, name: 'B' }];
  assert.deepEqual(currentGpusOf({ state: 'ok', gpus, at: 5 }), [
    { index: 0, name: 'NVIDIA H100 80GB HBM3', usedMiB: 19180, totalMiB: 81559, readAt: 5 },
    { index: 1, name: 'B', readAt: 5 },
  ]);
  assert.equal(currentGpusOf(undefined), undefined);
  assert.equal(currentGpusOf({ state: 'ok', gpus: [], at: 5 }), undefined);
  for (const state of ['starting', 'missing', 'error'] as const) assert.equal(currentGpusOf({ state, gpus, at: 5 }), undefined, state);
});
