// The language server's `oomlint/explainOutOfMemory` request: frames linked to the workspace's files
// (tracebacks from another machine included), oomlint's findings there (an open document as the editor
// has it), and the request's answer as a client gets it over LSP.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { explainOutOfMemory, locateFrameFile, workspaceFolderPaths, type ExplainEnvironment } from '../server/src/lsp/explain-out-of-memory';
import { EXPLAIN_OUT_OF_MEMORY_METHOD, type ExplainOutOfMemoryResult } from '../server/src/lsp/explain-protocol';
import { LspTestClient } from './lsp-client';
import { FIXTURES_DIR, REPO_ROOT } from './support/paths';

const OOM_FIXTURES = join(FIXTURES_DIR, 'oom-messages');
const E2E_WORKSPACE = join(FIXTURES_DIR, 'e2e-workspace');
/** A real traceback whose user frames are `train.py` (relative, as `python train.py` prints them). */
const TRAIN_TRACEBACK = readFileSync(join(OOM_FIXTURES, '2018-cached-traceback-train.txt'), 'utf8');

function environment(files: readonly string[], folders: readonly string[], findings: ExplainEnvironment['findingsIn'] = async () => ({ findings: [] })): ExplainEnvironment {
  const set = new Set(files);
  return { workspaceFolders: () => folders, isFile: (path) => set.has(path), findingsIn: findings };
}

describe('locateFrameFile', () => {
  const env = environment(['/work/proj/train.py', '/work/proj/src/model.py', '/elsewhere/run.py'], ['/work/proj']);

  test('an absolute path that exists here is taken as it is', () => {
    assert.equal(locateFrameFile('/elsewhere/run.py', env), '/elsewhere/run.py');
  });

  test('a relative path is looked for under the workspace folders', () => {
    assert.equal(locateFrameFile('train.py', env), '/work/proj/train.py');
    assert.equal(locateFrameFile('./src/model.py', env), '/work/proj/src/model.py');
  });

  test("another machine's path finds the workspace file with the longest matching tail", () => {
    assert.equal(locateFrameFile('/home/someone/checkout/src/model.py', env), '/work/proj/src/model.py');
    assert.equal(locateFrameFile('/mnt/cluster/job/train.py', env), '/work/proj/train.py');
    assert.equal(locateFrameFile('C:\\Users\\me\\proj\\src\\model.py', env), '/work/proj/src/model.py');
  });

  test('paths that climb out, and files the workspace lacks, are not linked', () => {
    assert.equal(locateFrameFile('../train.py', env), undefined);
    assert.equal(locateFrameFile('/home/someone/evaluate.py', env), undefined);
    assert.equal(locateFrameFile('', env), undefined);
  });
});

test('workspaceFolderPaths: the folders, else the root; local files only', () => {
  const folder = join(REPO_ROOT, 'test');
  assert.deepEqual(workspaceFolderPaths([{ uri: pathToFileURL(folder).href, name: 'test' }, { uri: 'vscode-vfs://github/x/y', name: 'remote' }], 'file:///ignored'), [folder]);
  assert.deepEqual(workspaceFolderPaths(null, pathToFileURL(REPO_ROOT).href), [REPO_ROOT]);
  assert.deepEqual(workspaceFolderPaths(undefined, null), []);
});

describe('explainOutOfMemory', () => {
  test('links the user frames to workspace files, reads each file once, and lists the findings near each frame', async () => {
    const train = join(E2E_WORKSPACE, 'train.py');
    const asked: string[] = [];
    const env = environment([train], [E2E_WORKSPACE], async (path) => {
      asked.push(path);
      return { findings: [{ code: 'OOM003', message: 'far', line: 8 }, { code: 'OOM001', message: 'near', line: 230 }, { code: 'OOM002', message: 'nearer the other', line: 249 }] };
    });
    const result = await explainOutOfMemory({ text: TRAIN_TRACEBACK }, env);
    assert.equal(result.explanations.length, 1);
    const [explanation] = result.explanations;
    assert.equal(explanation!.cause, 'own-tensors');
    assert.equal(explanation!.gpu, 3);
    assert.equal(explanation!.phase, 'backward');
    assert.match(explanation!.messageText, /^CUDA out of memory\. Tried to allocate 86\.00 MiB/);
    assert.deepEqual(
      explanation!.frames.map((f) => [f.file, f.line, f.function, f.failing, f.uri]),
      [
        ['train.py', 251, '<module>', false, pathToFileURL(train).href],
        ['train.py', 228, 'main', true, pathToFileURL(train).href],
      ],
    );
    assert.deepEqual(asked, [train]);
    // Each finding under its nearest frame, within reach; the rest is counted at the innermost frame.
    assert.deepEqual(explanation!.frames.map((f) => f.findings?.map((x) => x.line)), [[249], [230]]);
    assert.equal(explanation!.frames[1]!.moreFindings, 1);
    assert.equal(explanation!.fromThisMachine, false);
    assert.equal(explanation!.breakdown.requested, 86 * 1024 * 1024);
  });

  test('frames outside the workspace keep their path and get no link; files it could not read say why', async () => {
    const env = environment([join(E2E_WORKSPACE, 'train.py')], [E2E_WORKSPACE], async () => ({ unread: 'could not read: permission denied' }));
    const text = TRAIN_TRACEBACK.replace('File "train.py", line 251', 'File "/home/someone/launch.py", line 251');
    const [explanation] = (await explainOutOfMemory({ text }, env)).explanations;
    assert.equal(explanation!.frames[0]!.uri, undefined);
    assert.equal(explanation!.frames[0]!.findings, undefined);
    assert.equal(explanation!.frames[1]!.unread, 'could not read: permission denied');
  });

  test('a text without a message gives no explanations; a request without text is refused', async () => {
    const env = environment([], []);
    assert.deepEqual(await explainOutOfMemory({ text: 'Epoch 3: loss 0.12' }, env), { explanations: [] });
    await assert.rejects(explainOutOfMemory({}, env), /expects \{ text: string \}/);
    await assert.rejects(explainOutOfMemory(null, env), /expects \{ text: string \}/);
  });
});

describe('over LSP', () => {
  let client: LspTestClient;
  before(async () => {
    client = await LspTestClient.start();
  });
  after(async () => {
    await client.stop();
  });

  // The server's workspace is the repository; the traceback names the fixture from another machine.
  const train = join(REPO_ROOT, 'test', 'fixtures', 'e2e-workspace', 'train.py');
  const remoteTraceback = TRAIN_TRACEBACK.replaceAll('File "train.py"', 'File "/home/someone/oomlint/test/fixtures/e2e-workspace/train.py"');
  const explain = (text: string) => client.connection.sendRequest<ExplainOutOfMemoryResult>(EXPLAIN_OUT_OF_MEMORY_METHOD, { text });

  test("the answer links the frames to the file here and carries oomlint's findings near them", async () => {
    const { explanations } = await explain(remoteTraceback);
    const frame = explanations[0]!.frames[1]!;
    assert.equal(frame.uri, pathToFileURL(train).href);
    // The traceback's lines (228, 251) are far from the file's findings: they are counted, not listed.
    assert.deepEqual(frame.findings, []);
    assert.ok((frame.moreFindings ?? 0) >= 1);
    const near = await explain(remoteTraceback.replace('line 228, in main', 'line 9, in train'));
    assert.ok(near.explanations[0]!.frames[1]!.findings?.some((f) => f.code === 'OOM003' && f.line === 8), JSON.stringify(near.explanations[0]!.frames[1]));
  });

  test("line numbers count from the document's line where the selection starts", async () => {
    const { explanations } = await client.connection.sendRequest<ExplainOutOfMemoryResult>(EXPLAIN_OUT_OF_MEMORY_METHOD, {
      text: TRAIN_TRACEBACK,
      documentLines: [{ textLine: 1, documentLine: 25 }],
    });
    assert.equal(explanations[0]!.messageLine, 34);
    assert.deepEqual(explanations[0]!.lines, [34]);
  });

  test('an open document is read as the editor has it, unsaved edits included', async () => {
    const uri = pathToFileURL(train).href;
    const edited = readFileSync(train, 'utf8').replace('total_loss += loss\n', 'total_loss += loss.item()\n');
    await client.open(uri, edited);
    try {
      const { explanations } = await explain(remoteTraceback.replace('line 228, in main', 'line 9, in train'));
      const codes = explanations[0]!.frames[1]!.findings!.map((f) => f.code);
      assert.ok(!codes.includes('OOM003'), codes.join(', '));
    } finally {
      await client.close(uri);
    }
  });

  test('a traceback recorded on an H200 links to the script that produced it and to the findings on its evaluation loop', async () => {
    // The recording names the script under /home/user/project/; here it lies in the fixtures.
    const script = join(REPO_ROOT, 'test', 'fixtures', 'explain-workspace', 'eval-keeps-outputs.py');
    const recorded = readFileSync(join(OOM_FIXTURES, 'recorded-h200-eval-keeps-outputs.txt'), 'utf8');
    const text = recorded.replaceAll('/home/user/project/eval-keeps-outputs.py', '/home/user/project/test/fixtures/explain-workspace/eval-keeps-outputs.py');
    const [explanation] = (await explain(text)).explanations;
    assert.equal(explanation!.cause, 'memory-fraction');
    assert.equal(explanation!.phase, 'evaluation');
    assert.deepEqual(
      explanation!.frames.map((f) => [f.line, f.function, f.failing, f.uri]),
      [
        [33, '<module>', false, pathToFileURL(script).href],
        [28, 'main', false, pathToFileURL(script).href],
        [19, 'evaluate', false, pathToFileURL(script).href],
        [12, 'forward', true, pathToFileURL(script).href],
      ],
    );
    // The frame on `logits = model(images)` lists the findings there first: the forward pass without
    // no_grad (OOM001) on its own line, then the output kept on the GPU (OOM007) on the next.
    const evaluate = explanation!.frames[2]!;
    assert.equal(evaluate.code, 'logits = model(images)');
    assert.deepEqual(evaluate.findings?.map((f) => [f.code, f.line]), [
      ['OOM001', 19],
      ['OOM007', 20],
    ]);
  });

  test('a request without text gets an InvalidParams error', async () => {
    await assert.rejects(client.connection.sendRequest(EXPLAIN_OUT_OF_MEMORY_METHOD, { log: 'x' }), (error: { code?: number }) => error.code === -32602);
  });
});

describe("over LSP, in the client's language", () => {
  let client: LspTestClient;
  before(async () => {
    client = await LspTestClient.start({ locale: 'zh-cn' });
  });
  after(async () => {
    await client.stop();
  });

  test("the headline, the evidence, the remedies and the findings follow initialize's locale; the cause and the numbers do not", async () => {
    const remoteTraceback = TRAIN_TRACEBACK.replaceAll('File "train.py"', 'File "/home/someone/oomlint/test/fixtures/e2e-workspace/train.py"');
    const { explanations } = await client.connection.sendRequest<ExplainOutOfMemoryResult>(EXPLAIN_OUT_OF_MEMORY_METHOD, { text: remoteTraceback.replace('line 228, in main', 'line 9, in train') });
    const [explanation] = explanations;
    const english = (await explainOutOfMemory({ text: remoteTraceback.replace('line 228, in main', 'line 9, in train') }, environment([], []))).explanations[0]!;
    assert.equal(explanation!.cause, english.cause);
    assert.deepEqual(explanation!.breakdown, english.breakdown);
    const han = /\p{Script=Han}/u;
    for (const text of [explanation!.headline, ...explanation!.evidence, ...explanation!.remedies]) assert.match(text, han, text);
    assert.equal(explanation!.remedies.length, english.remedies.length);
    const finding = explanation!.frames[1]!.findings!.find((f) => f.code === 'OOM003');
    assert.match(finding!.message, han, finding!.message);
  });
});
