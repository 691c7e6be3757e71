// Fixes must settle: a fix that does not remove its own diagnostic is withheld and reported as
// oomlint's bug, instead of being applied again pass after pass until the file breaks.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { applyFixes, fixUntilStable } from '../server/src/core/fixes';
import type { Diagnostic } from '../server/src/core/types';
import { fixText } from '../server/src/cli/fix-file';
import { indentationErrorRow } from '../server/src/parser/indentation';
import { sharedAnalyzer } from './support/analyzer';
import { REPO_ROOT } from './support/paths';

/** A stand-in rule: flags every line `x = 1`; its fix prepends a comment line and leaves the line as it was. */
function brokenRule(text: string): Diagnostic[] {
  const start = text.indexOf('x = 1');
  if (start < 0) return [];
  return [{
    code: 'OOM001', message: 'x is one', start, end: start + 5, severity: 'warning', noqaLine: 0,
    fixes: [{ title: 'Add a comment', applicability: 'safe', edits: [{ start: 0, end: 0, newText: '# note\n' }] }],
  }];
}

/** Flags `y = 1` and fixes it properly, so one rule's bug does not stop the others' fixes. */
function goodRule(text: string): Diagnostic[] {
  const start = text.indexOf('y = 1');
  if (start < 0) return [];
  return [{
    code: 'OOM003', message: 'y is one', start, end: start + 5, severity: 'warning', noqaLine: 0,
    fixes: [{ title: 'Make y two', applicability: 'safe', edits: [{ start: start + 4, end: start + 5, newText: '2' }] }],
  }];
}

describe('fixing until stable', () => {
  test('a fix that does not remove its diagnostic is withheld, reported, and never piled up', () => {
    const result = fixUntilStable('x = 1\ny = 1\n', (t) => [...brokenRule(t), ...goodRule(t)], { unsafe: false });
    assert.equal(result.text, 'x = 1\ny = 2\n', 'the good fix lands; the broken one adds nothing');
    assert.deepEqual(result.failures, [{ code: 'OOM001', title: 'Add a comment', reason: 'not-removed' }]);
    assert.equal(result.applied, 1);
  });

  test('fixes that never run out are reported as not converging', () => {
    // Each pass flags a fresh line and fixes it, forever: a rule that chases its own output.
    let n = 0;
    const endless = (text: string): Diagnostic[] => [{
      code: 'OOM002', message: `pass ${n++}`, start: 0, end: 0, severity: 'warning', noqaLine: 0,
      fixes: [{ title: 'Add a line', applicability: 'safe', edits: [{ start: text.length, end: text.length, newText: 'z = 0\n' }] }],
    }];
    const result = fixUntilStable('', endless, { unsafe: false }, 3);
    assert.ok(result.failures.some((f) => f.code === 'OOM002'), 'the rule is named');
  });
});

describe('OOM001 after module-level model.eval()', () => {
  const header = 'import torch\nmodel = torch.nn.Linear(2, 2)\nmodel.eval()\n';

  test('a function defined after model.eval() is not evaluation code run there', async () => {
    const analyzer = await sharedAnalyzer();
    // `run` is only defined here; its callers are elsewhere, so nothing says its output is unused.
    const text = `${header}\ndef run(x):\n    return model(x)\n`;
    assert.deepEqual(analyzer.analyzeText(text, {}).map((d) => d.code), []);
  });

  test('the fix wraps the forward that runs there and leaves the def alone', async () => {
    const analyzer = await sharedAnalyzer();
    // The whole test set, run once: a forward over data, not a demo on a constructed tensor.
    const text = `${header}y = model(test_x)\n\ndef run(x):\n    return model(x)\n\nprint(y, run(test_x))\n`;
    const outcome = fixText({ text, analyse: (t) => analyzer.analyzeText(t, {}), parse: (t) => analyzer.parser.parseToSyntax(t), selection: { unsafe: true } });
    assert.equal(outcome.kind, 'fixed');
    if (outcome.kind !== 'fixed') return;
    assert.deepEqual(outcome.failures, []);
    // `run`'s output is only printed: it gets its own guard, as a decorator, never a `with` around the def.
    assert.match(outcome.text, /with torch\.no_grad\(\):\n {4}y = model\(test_x\)\n\n@torch\.no_grad\(\)\ndef run\(x\):\n {4}return model\(x\)\n/);
  });
});

describe('every fix in the examples removes its own diagnostic', () => {
  const dir = join(REPO_ROOT, 'examples');
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.py'))) {
    test(name, async () => {
      const analyzer = await sharedAnalyzer();
      const path = join(dir, name);
      const text = readFileSync(path, 'utf8');
      const diagnostics = analyzer.analyzeText(text, { path });
      for (const d of diagnostics) {
        for (const fix of d.fixes.filter((f) => f.applicability !== 'display-only' && f.edits.length)) {
          const after = analyzer.analyzeText(applyFixes(text, [fix]), { path }).filter((a) => a.code === d.code);
          assert.ok(after.length < diagnostics.filter((b) => b.code === d.code).length, `${name}: "${fix.title}" removes its diagnostic`);
        }
      }
      const all = fixUntilStable(text, (t) => analyzer.analyzeText(t, { path }), { unsafe: true });
      assert.deepEqual(all.failures, []);
    });
  }
});

describe('no fixes for blocks Python would refuse', () => {
  // From `npm run fuzz`: a statement dedented in the middle of a block. The parser reads it without
  // an error node, Python refuses it ("unexpected indent"), and wrapping it made a real parse error.
  const misaligned = [
    'import torch',
    '',
    'def train(model, loader, opt, test_x):',
    '    for x, y in loader:',
    '        loss = model(x).sum()',
    '        loss.backward()',
    '        opt.step()',
    '        if x is None:',
    '            gathered = [None]',
    '    probe = model(test_x)',
    '        print(probe.shape)',
    '',
  ].join('\n');

  test('a block whose statements start in different columns gets findings but no fixes', async () => {
    const analyzer = await sharedAnalyzer();
    const diagnostics = analyzer.analyzeText(misaligned);
    assert.ok(diagnostics.length > 0, 'the finding is still reported');
    assert.deepEqual(diagnostics.flatMap((d) => d.fixes), []);
  });

  test('statements sharing a line with `;` and comments at any column are not misalignment', async () => {
    const analyzer = await sharedAnalyzer();
    const aligned = misaligned.replace('    probe = model(test_x)', '        a = 1; b = 2\n# a comment at column 0\n        probe = model(test_x)');
    const diagnostics = analyzer.analyzeText(aligned);
    assert.ok(diagnostics.some((d) => d.fixes.length > 0), JSON.stringify(diagnostics.map((d) => d.message)));
  });
});

// Found by fuzzing (seed 3): indentation Python refuses but tree-sitter parses without an ERROR node.
// The OOM001 guard then wrapped statements whose tree changed shape once shifted, so its diagnostic
// moved instead of going away. Such a file is not the program Python would run: no fixes in it.
describe('indentation Python refuses counts as a syntax error', () => {
  const header = 'import torch\nmodel = torch.nn.Linear(2, 2)\nx = torch.zeros(2)\n';
  const cases: [string, string, number][] = [
    ['an indented statement at module level', `${header}model.eval()\n\n       y = model(x)\nprint(y.sum())\n`, 6],
    ['a block body dedented past its header', `${header}for i in range(3):\n    model.eval()\n    with open('f') as f:\n  names = f.readlines()\n    y = model(x)\n    print(y, names)\n`, 7],
    ['a dedent to no enclosing level', `${header}def train():\n    model.train()\n    out = model(x)\n loss = out.sum()\n    loss.backward()\n\ndef test():\n    model.eval()\n    y = model(x)\n    print(y)\n`, 7],
  ];
  for (const [name, text, line] of cases) {
    for (const [breakName, lineBreak] of [['LF', '\n'], ['CR', '\r']] as const) {
      test(`${name} (${breakName})`, async () => {
        const analyzer = await sharedAnalyzer();
        const source = text.replace(/\n/g, lineBreak);
        const root = analyzer.parser.parseToSyntax(source);
        assert.equal(indentationErrorRow(root, source), line - 1, 'the line Python names');
        const diagnostics = analyzer.analyzeText(source, {});
        assert.ok(diagnostics.every((d) => d.fixes.length === 0), 'no fixes offered');
        const result = fixUntilStable(source, (t) => analyzer.analyzeText(t, {}), { unsafe: true });
        assert.deepEqual(result.failures, []);
        assert.equal(result.text, source);
      });
    }
  }

  test('indentation Python accepts is not flagged', async () => {
    const analyzer = await sharedAnalyzer();
    const text = 'if True:\n\tx = (1,\n  2)\n\ty = 1  # tab is 8 columns\nclass A:\n  def f(self): return 1\n  z = """\nnot code\n"""\n';
    assert.equal(indentationErrorRow(analyzer.parser.parseToSyntax(text), text), null);
  });
});
