// Every rule's fixture: markers vs diagnostics, a snapshot of diagnostics and fixed code, and the
// invariants every rule must keep (fixes converge, stay valid Python, have titles, ranges fit).
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { Analyzer } from '../server/src/analysis/analyzer';
import { applyFixes, fixUntilStable } from '../server/src/core/fixes';
import { SourceText } from '../server/src/core/source';
import type { Diagnostic } from '../server/src/core/types';
import { hasErrors, walk } from '../server/src/parser/syntax';
import { ALL_RULES } from '../server/src/rules';
import { sharedAnalyzer } from './support/analyzer';
import { fixtureSettings, ruleFixtures, type RuleFixture } from './support/fixtures';
import { REPO_ROOT } from './support/paths';
import { pythonAvailable, pythonCompileError } from './support/python';

const SNAPSHOTS = join(REPO_ROOT, 'test', 'snapshots');
const update = process.env.UPDATE_SNAPSHOTS === '1';
/** Long enough for a name and where its value is set; the Quick Fix menu cuts longer titles. */
const MAX_FIX_TITLE = 80;

function check(analyzer: Analyzer, fixture: RuleFixture, text = fixture.text): Diagnostic[] {
  return analyzer.analyzeText(text, { settings: fixtureSettings(fixture), path: fixture.path });
}

function errorCount(analyzer: Analyzer, text: string): number {
  let count = 0;
  walk(analyzer.parser.parseToSyntax(text), (n) => {
    if (n.isError || n.isMissing) count++;
  });
  return count;
}

function renderSnapshot(fixture: RuleFixture, diagnostics: Diagnostic[], safe: string, unsafe: string): string {
  const source = new SourceText(fixture.text);
  const rows = diagnostics.map((d) => {
    const start = source.position(d.start);
    const end = source.position(d.end);
    const fixes = d.fixes.map((f) => `\n    - fix (${f.applicability}): ${f.title}`).join('');
    return `- ${start.line + 1}:${start.character + 1}-${end.line + 1}:${end.character + 1} ${d.code} [${d.severity}] ${d.message}${fixes}`;
  });
  return [
    `# ${fixture.name} fixture snapshot`,
    '',
    `## Diagnostics (${diagnostics.length})`,
    '',
    ...rows,
    '',
    '## After safe fixes',
    '',
    '```python',
    safe.trimEnd(),
    '```',
    '',
    '## After safe and unsafe fixes',
    '',
    '```python',
    unsafe.trimEnd(),
    '```',
    '',
  ].join('\n');
}

const COMPOUND_START = /^\s*(for|while|if|elif|else|with|def|class|try|except|finally|async|@|return|yield|raise|import|from|global|nonlocal|del|assert|pass|break|continue)\b/;

describe('rule fixtures', async () => {
  const fixtures = ruleFixtures();

  test('every rule has a fixture, and every fixture a rule', () => {
    // A rule may have variants besides its main fixture (`OOM004-gpu-memory.py`: other settings).
    assert.deepEqual([...new Set(fixtures.map((f) => f.code))], ALL_RULES.map((r) => r.meta.code));
  });

  for (const fixture of fixtures) {
    describe(fixture.name, () => {
      test('reports exactly the lines marked `# expect`', async () => {
        const analyzer = await sharedAnalyzer();
        const source = new SourceText(fixture.text);
        const actual = check(analyzer, fixture).map((d) => `${source.lineOf(d.start)}:${d.code}`).sort();
        assert.ok(fixture.expected.length > 0, 'the fixture marks at least one flagged line');
        const show = (rows: string[]) => rows.map((r) => `line ${Number(r.split(':')[0]) + 1} ${r.split(':')[1]}`);
        assert.deepEqual(show(actual), show(fixture.expected));
      });

      test('matches its snapshot of diagnostics and fixed code', async () => {
        const analyzer = await sharedAnalyzer();
        const diagnostics = check(analyzer, fixture);
        const safe = fixUntilStable(fixture.text, (t) => check(analyzer, fixture, t), { unsafe: false }).text;
        const unsafe = fixUntilStable(fixture.text, (t) => check(analyzer, fixture, t), { unsafe: true }).text;
        const rendered = renderSnapshot(fixture, diagnostics, safe, unsafe);
        const file = join(SNAPSHOTS, `${fixture.name}.snap.md`);
        if (update || !existsSync(file)) {
          writeFileSync(file, rendered);
          if (!update) assert.fail(`snapshot ${fixture.name}.snap.md was missing and has been written; review it and run again`);
          return;
        }
        assert.equal(rendered, readFileSync(file, 'utf8'), `snapshot differs; run with UPDATE_SNAPSHOTS=1 after checking the change`);
      });

      for (const unsafeFixes of [false, true]) {
        test(`${unsafeFixes ? 'unsafe' : 'safe'} fixes converge and keep the file valid Python`, async (t) => {
          const analyzer = await sharedAnalyzer();
          const analyse = (t: string) => check(analyzer, fixture, t);
          const first = fixUntilStable(fixture.text, analyse, { unsafe: unsafeFixes });
          const second = fixUntilStable(first.text, analyse, { unsafe: unsafeFixes });
          assert.deepEqual(first.failures, [], 'every fix removes its own diagnostic and fixing converges');
          assert.equal(second.applied, 0, 'a second fix pass changes nothing');
          assert.equal(second.text, first.text);
          assert.ok(errorCount(analyzer, first.text) <= errorCount(analyzer, fixture.text), 'no new parse errors');
          assert.equal(hasErrors(analyzer.parser.parseToSyntax(first.text)), false);
          if (pythonAvailable()) {
            assert.equal(pythonCompileError(first.text, fixture.path), null);
          } else {
            t.diagnostic('python3 not found on PATH: skipped the py_compile check');
          }
        });
      }

      test('every fix, applied alone, removes its own diagnostic and adds no parse error', async () => {
        const analyzer = await sharedAnalyzer();
        const diagnostics = check(analyzer, fixture);
        const errorsBefore = errorCount(analyzer, fixture.text);
        for (const d of diagnostics) {
          for (const fix of d.fixes.filter((f) => f.applicability !== 'display-only' && f.edits.length)) {
            const fixed = applyFixes(fixture.text, [fix]);
            const after = check(analyzer, fixture, fixed).filter((a) => a.code === d.code);
            assert.ok(after.length < diagnostics.filter((b) => b.code === d.code).length, `"${fix.title}" removes its diagnostic at ${d.start}`);
            assert.ok(errorCount(analyzer, fixed) <= errorsBefore, `"${fix.title}" adds no parse error`);
          }
        }
      });

      test('every fix has a title and sorted, non-overlapping edits inside the document', async () => {
        const analyzer = await sharedAnalyzer();
        for (const d of check(analyzer, fixture)) {
          assert.ok(d.start >= 0 && d.end <= fixture.text.length && d.start <= d.end, 'range inside the document');
          assert.ok(d.message.trim().length > 0);
          for (const fix of d.fixes) {
            assert.ok(fix.title.trim().length > 0, 'fix title');
            // Menus show titles as plain text, next to "(unsafe)": short, imperative, no Markdown.
            assert.match(fix.title, /^[A-Z][a-z]+ /, `"${fix.title}" starts with a verb`);
            assert.doesNotMatch(fix.title, /`| \(|\.$/, `"${fix.title}" has no code marks, asides or full stop`);
            assert.ok(fix.title.length <= MAX_FIX_TITLE, `"${fix.title}" is at most ${MAX_FIX_TITLE} characters`);
            assert.ok(fix.edits.length > 0, 'fix has edits');
            for (let i = 0; i < fix.edits.length; i++) {
              const e = fix.edits[i]!;
              assert.ok(e.start >= 0 && e.end <= fixture.text.length && e.start <= e.end);
              if (i > 0) assert.ok(fix.edits[i - 1]!.end <= e.start, 'edits sorted and non-overlapping');
            }
          }
        }
      });

      test('ranges stay right with CJK text and emoji earlier on the line', async () => {
        const analyzer = await sharedAnalyzer();
        const source = new SourceText(fixture.text);
        const prefix = '_标签 = "数据🚀"; ';
        for (const d of check(analyzer, fixture)) {
          const row = source.lineOf(d.start);
          const line = source.lineText(row);
          if (COMPOUND_START.test(line) || source.lineOf(d.end) !== row) continue;
          const indent = /^\s*/.exec(line)![0].length;
          const at = source.lineStart(row) + indent;
          const text = fixture.text.slice(0, at) + prefix + fixture.text.slice(at);
          // A continuation line of a multi-line call cannot take a statement in front of it.
          if (hasErrors(analyzer.parser.parseToSyntax(text))) continue;
          const shifted = new SourceText(text);
          const match = check(analyzer, fixture, text).find((x) => x.code === d.code && shifted.lineOf(x.start) === row);
          assert.ok(match, `still reported on line ${row + 1}`);
          assert.equal(text.slice(match.start, match.end), fixture.text.slice(d.start, d.end));
          assert.equal(shifted.position(match.start).character, source.position(d.start).character + prefix.length);
          assert.equal(shifted.codePointColumn(match.start), source.codePointColumn(d.start) + [...prefix].length);
        }
      });
    });
  }
});
