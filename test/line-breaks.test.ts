// Python ends a line at "\r\n", "\n" or a lone "\r"; so must the parser, suppressions and fixes.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fixUntilStable } from '../server/src/core/fixes';
import { hasErrors } from '../server/src/parser/syntax';
import { sharedAnalyzer } from './support/analyzer';
import { pythonAvailable, pythonCompileError } from './support/python';

const EVAL_LOOP = ['import torch', 'model = torch.nn.Linear(2, 2)', 'model.eval()', 'for x in val_loader:', '    out = model(x)', ''];

describe('lone carriage returns are line breaks', () => {
  test('a file whose lines end in a lone CR is checked like any other', async () => {
    const analyzer = await sharedAnalyzer();
    const text = EVAL_LOOP.join('\r');
    assert.equal(hasErrors(analyzer.parser.parseToSyntax(text)), false);
    const found = analyzer.analyzeText(text, {});
    assert.deepEqual(found.map((d) => d.code), ['OOM001']);
    assert.equal(text.slice(found[0]!.start, found[0]!.end), 'model(x)');
  });

  test('code after a comment that ends in a lone CR is checked', async () => {
    const analyzer = await sharedAnalyzer();
    // Only the comment's line ends in a CR: a file edited on two systems.
    const text = ['import torch', 'model = torch.nn.Linear(2, 2)', 'model.eval()', 'for x in val_loader:  # held-out data\r    out = model(x)', ''].join('\n');
    assert.deepEqual(analyzer.analyzeText(text, {}).map((d) => d.code), ['OOM001']);
  });

  test('a noqa comment on a line ending in a lone CR suppresses it', async () => {
    const analyzer = await sharedAnalyzer();
    const lines = [...EVAL_LOOP];
    lines[4] = '    out = model(x)  # noqa: OOM001';
    assert.deepEqual(analyzer.analyzeText(lines.join('\r'), {}), []);
  });

  test('an import added by a fix goes below __future__ imports and uses the file\'s line break', async () => {
    const analyzer = await sharedAnalyzer();
    const text = ['"""Evaluate."""', 'from __future__ import annotations', 'from torch import nn', 'model = nn.Linear(2, 2)', 'model.eval()', 'for x in val_loader:', '    out = model(x)', ''].join('\r');
    const result = fixUntilStable(text, (t) => analyzer.analyzeText(t, {}), { unsafe: true });
    assert.ok(result.applied > 0);
    assert.deepEqual(result.failures, []);
    const lines = result.text.split('\r');
    assert.ok(lines.indexOf('import torch') > lines.indexOf('from __future__ import annotations'), result.text);
    assert.ok(!result.text.includes('\n'), 'no other line break is mixed in');
    if (pythonAvailable()) assert.equal(pythonCompileError(result.text, 'cr.py'), null);
  });
});

describe('long runs of comment lines', () => {
  test('8,000 comment lines after a statement parse within the parse limit, and the code after them is checked', async () => {
    const analyzer = await sharedAnalyzer();
    // The grammar's scanner made this quadratic: about 8 s, past the limit, so the file went unchecked.
    const text = ['import torch', 'model = torch.nn.Linear(2, 2)', 'model.eval()', ...Array(8000).fill('# an old experiment, commented out'), 'for x in val_loader:', '    out = model(x)', ''].join('\n');
    assert.deepEqual(analyzer.analyzeText(text, {}).map((d) => d.code), ['OOM001']);
  });

  test('suppression comments on lines of their own still count', async () => {
    const analyzer = await sharedAnalyzer();
    const text = ['# oomlint: noqa', 'import torch', 'model = torch.nn.Linear(2, 2)', 'model.eval()', 'for x in val_loader:', '    out = model(x)', ''].join('\n');
    assert.deepEqual(analyzer.analyzeText(text, {}), []);
  });

  test('a comment-looking line inside a string is left alone', async () => {
    const analyzer = await sharedAnalyzer();
    const text = 's = """\n# not a comment """ + "x"\nt = 1\n';
    assert.equal(hasErrors(analyzer.parser.parseToSyntax(text)), false);
  });
});
