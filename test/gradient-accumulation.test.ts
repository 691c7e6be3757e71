// OOM004's accumulation rewrite on loops of several shapes: what it writes where the loop is plain, and
// that it leaves alone (null) every loop whose update it would have to guess.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resolveSettings } from '../server/src/core/settings';
import { SourceText } from '../server/src/core/source';
import type { TextEdit } from '../server/src/core/types';
import { accumulationEdits } from '../server/src/rules/data/gradient-accumulation';
import { SemanticModel } from '../server/src/semantic/model';
import { sharedAnalyzer } from './support/analyzer';

function apply(text: string, edits: readonly TextEdit[]): string {
  return [...edits].reverse().reduce((t, e) => t.slice(0, e.start) + e.newText + t.slice(e.end), text);
}

/** The file with its first for-loop made to accumulate over 4 steps, or null where the rewrite declines. */
async function rewritten(lines: string[]): Promise<string | null> {
  const analyzer = await sharedAnalyzer();
  const text = `${lines.join('\n')}\n`;
  const model = new SemanticModel(analyzer.parser.parseToSyntax(text), new SourceText(text), resolveSettings({}), 'train.py');
  try {
    const loop = model.nodesOfKind('for_statement')[0]!;
    const edits = accumulationEdits(model, loop, 4);
    return edits ? apply(text, edits) : null;
  } finally {
    model.db.release();
  }
}

test('a plain loop: counted, the loss divided, step and zero_grad once every 4 batches', async () => {
  assert.equal(await rewritten([
    'for x, y in loader:',
    '\tloss = model(x, y)',
    '\tloss.backward()',
    '\ttorch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)',
    '\toptimizer.step()',
    '\tscheduler.step()',
    '\toptimizer.zero_grad()',
    '\tlog(loss)',
  ]), [
    'for batch_index, (x, y) in enumerate(loader):',
    '\tloss = model(x, y)',
    '\t(loss / 4).backward()',
    '\tif (batch_index + 1) % 4 == 0:',
    '\t\ttorch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)',
    '\t\toptimizer.step()',
    '\t\tscheduler.step()',
    '\t\toptimizer.zero_grad()',
    '\tlog(loss)',
    '',
  ].join('\n'));
});

test('a name already used is not taken for the counter', async () => {
  const out = await rewritten([
    'batch_index = 0',
    'for batch in loader:',
    '    optimizer.zero_grad()',
    '    model(batch).loss.backward()',
    '    optimizer.step()',
  ]);
  assert.match(out ?? '', /for micro_step, batch in enumerate\(loader\):\n {4}if micro_step % 4 == 0:\n {8}optimizer\.zero_grad\(\)\n {4}\(model\(batch\)\.loss \/ 4\)\.backward\(\)\n {4}if \(micro_step \+ 1\) % 4 == 0:\n {8}optimizer\.step\(\)\n/);
});

test('loops whose update would have to be guessed are left alone', async () => {
  const shapes: Record<string, string[]> = {
    'two backward passes': ['for x in loader:', '    a(x).backward()', '    b(x).backward()', '    opt.step()', '    opt.zero_grad()'],
    'a counter that starts elsewhere': ['for i, x in enumerate(loader, 1):', '    f(x).backward()', '    opt.step()', '    opt.zero_grad()'],
    'no zero_grad': ['for x in loader:', '    f(x).backward()', '    opt.step()'],
    'a step under a condition': ['for x in loader:', '    f(x).backward()', '    if ok:', '        opt.step()', '    opt.zero_grad()'],
    'updates split by other code': ['for x in loader:', '    f(x).backward()', '    opt.step()', '    log(x)', '    opt.zero_grad()'],
    'a step before the backward': ['for x in loader:', '    opt.step()', '    f(x).backward()', '    opt.zero_grad()'],
    'an else clause': ['for x in loader:', '    f(x).backward()', '    opt.step()', '    opt.zero_grad()', 'else:', '    pass'],
  };
  for (const [shape, lines] of Object.entries(shapes)) assert.equal(await rewritten(lines), null, shape);
});
