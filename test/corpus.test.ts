// Correct code in the styles people really write must produce no findings, and the bundled
// examples must produce exactly the findings their `# expect:` comments promise.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { SourceText } from '../server/src/core/source';
import { ProjectIndex } from '../server/src/project/project-index';
import { summarizeText } from '../server/src/project/summary';
import { ALL_RULES } from '../server/src/rules';
import { sharedAnalyzer } from './support/analyzer';
import { expectedMarkers } from './support/fixtures';
import { FIXTURES_DIR, REPO_ROOT } from './support/paths';

function pythonFiles(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.py')).sort().map((f) => join(dir, f)) : [];
}

describe('clean corpus', () => {
  for (const file of pythonFiles(join(FIXTURES_DIR, 'clean'))) {
    test(`no findings in ${file.slice(file.lastIndexOf('/') + 1)}`, async () => {
      const analyzer = await sharedAnalyzer();
      const text = readFileSync(file, 'utf8');
      const source = new SourceText(text);
      const found = analyzer.analyzeText(text, { path: file }).map((d) => `line ${source.lineOf(d.start) + 1} ${d.code}: ${d.message}`);
      assert.deepEqual(found, []);
    });
  }
});

let examples: Promise<ProjectIndex> | undefined;

/** The examples folder as one project: each file's summary, linked. */
function examplesProject(files: readonly string[]): Promise<ProjectIndex> {
  examples ??= sharedAnalyzer().then((analyzer) => {
    const index = new ProjectIndex(join(REPO_ROOT, 'examples'));
    for (const file of files) index.set(file, summarizeText(analyzer.parser, readFileSync(file, 'utf8'), file));
    return index;
  });
  return examples;
}

describe('examples', () => {
  const files = pythonFiles(join(REPO_ROOT, 'examples'));

  for (const file of files) {
    test(`findings in ${file.slice(file.lastIndexOf('/') + 1)} match its # expect comments`, async () => {
      const analyzer = await sharedAnalyzer();
      const text = readFileSync(file, 'utf8');
      const source = new SourceText(text);
      // As `oomlint check examples` sees it: with the summaries of the other examples of its project.
      const project = await examplesProject(files);
      const actual = analyzer.analyzeText(text, { path: file, project: project.viewFor(file) }).map((d) => `${source.lineOf(d.start)}:${d.code}`).sort();
      const show = (rows: string[]) => rows.map((r) => `line ${Number(r.split(':')[0]) + 1} ${r.split(':')[1]}`);
      assert.deepEqual(show(actual), show(expectedMarkers(text)));
    });
  }

  test('together the examples show every rule that runs by default', () => {
    // The examples are checked with default settings, under which an off-by-default rule never reports.
    const shown = new Set(files.flatMap((f) => expectedMarkers(readFileSync(f, 'utf8')).map((m) => m.split(':')[1])));
    assert.deepEqual(ALL_RULES.filter((r) => !r.meta.offByDefault).map((r) => r.meta.code).filter((c) => !shown.has(c)), []);
  });
});
