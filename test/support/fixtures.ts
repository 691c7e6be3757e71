import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Settings } from '../../server/src/core/settings';
import { FIXTURES_DIR } from './paths';

export interface RuleFixture {
  code: string;
  /** The file's name without `.py`: the rule's code, or the code and a variant (`OOM004-gpu-memory`). */
  name: string;
  path: string;
  text: string;
  /** `row:CODE` for every `# expect: CODE` marker (0-based rows). */
  expected: string[];
  /** Settings a `# fixture-settings: {...}` line (JSON) asks for; its `select` adds rules to the fixture's own. */
  settings: Partial<Settings>;
}

const SETTINGS_LINE = /^# fixture-settings: (\{.*\})$/m;

const MARKER = /#\s*expect:\s*([A-Z]+[0-9]+(?:\s*,\s*[A-Z]+[0-9]+)*)/;

export function expectedMarkers(text: string): string[] {
  const out: string[] = [];
  text.split(/\r?\n/).forEach((line, row) => {
    const m = MARKER.exec(line);
    if (m) for (const code of m[1]!.split(/\s*,\s*/)) out.push(`${row}:${code}`);
  });
  return out.sort();
}

/** The settings a fixture is checked with: its own, selecting its rule and the rules they select besides. */
export function fixtureSettings(fixture: RuleFixture): Partial<Settings> {
  return { ...fixture.settings, select: [fixture.code, ...(fixture.settings.select ?? [])] };
}

export function ruleFixtures(): RuleFixture[] {
  const dir = join(FIXTURES_DIR, 'rules');
  return readdirSync(dir)
    .filter((f) => /^OOM\d+.*\.py$/.test(f))
    .sort()
    .map((file) => {
      const path = join(dir, file);
      const text = readFileSync(path, 'utf8');
      const settings = SETTINGS_LINE.exec(text);
      return { code: file.slice(0, 6), name: file.slice(0, -3), path, text, expected: expectedMarkers(text), settings: settings ? (JSON.parse(settings[1]!) as Partial<Settings>) : {} };
    });
}

/** The `.py` files under `dir`, in its subfolders too. */
export function pythonFilesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return pythonFilesUnder(path);
    return name.endsWith('.py') ? [path] : [];
  });
}
