// Every message oomlint has in English exists in each translation: the catalogue's ids, and (run on
// every rule fixture) every message and fix title the rules produce reads in the target language.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { configurationNls } from '../server/src/core/settings-schema';
import { ALL_RULES } from '../server/src/rules';
import { translatedRuleDocs } from '../server/src/rules/l10n';
import { CATALOGUES } from '../server/src/l10n';
import { en } from '../server/src/l10n/en';
import { LOCALES, localeFromEnvironment, localeFromTag, type Locale } from '../server/src/l10n/locale';
import type { ConfigProblemDetail } from '../server/src/core/config-problem';
import type { Messages, RuleMessages } from '../server/src/l10n/messages';
import { sharedAnalyzer } from './support/analyzer';
import { fixtureSettings, ruleFixtures } from './support/fixtures';
import { REPO_ROOT } from './support/paths';

const TRANSLATIONS = LOCALES.filter((l): l is Exclude<Locale, 'en'> => l !== 'en');

/** Text that is certainly in the language: Han characters for Chinese, Cyrillic for Russian. */
const SCRIPT: Record<Exclude<Locale, 'en'>, RegExp> = { 'zh-cn': /\p{Script=Han}/u, ru: /\p{Script=Cyrillic}/u };

/** Strings that may read the same in a translation (punctuation, an empty note in English). */
const MAY_MATCH_ENGLISH = new Set<keyof Messages>(['fullStop', 'hoverFixSeparator']);

type Call = { id: keyof RuleMessages; params: unknown };

/** English messages that record which ids the rules used, with what. */
function recording(calls: Call[]): RuleMessages {
  return new Proxy(en, {
    get(target, id: keyof RuleMessages) {
      const render = target[id] as (p: unknown) => string;
      return (params: unknown) => {
        calls.push({ id, params });
        return render(params);
      };
    },
  });
}

/** Parameters for the messages the rule fixtures do not produce (pages, editor, command line). */
const SAMPLES: { [K in keyof Messages]?: Messages[K] extends (p: infer P) => string ? P : never } = {
  pageDefaults: { severity: 'warning', fix: 'sometimes' },
  pageOffByDefault: { code: 'OOM009', because: undefined },
  unsafeFixTitle: { title: 'x' },
  ignoreOnLine: { code: 'OOM001' },
  showDocumentation: { code: 'OOM001' },
  notAnalysedTooLarge: { lines: 123456, millions: '2.5', limitMillions: 2 },
  notAnalysedTooManyStatements: { statements: 45_002, limit: 10_000 },
  notAnalysedError: { error: 'e' },
  notAnalysedOverBudget: { reason: { kind: 'lines', count: 300_001, limit: 120_000 } },
  overBudget: { reason: { kind: 'analysis-time', limitMs: 8_000 } },
  configProblemNotice: { file: 'pyproject.toml', line: 3, problem: 'p', more: 1 },
  configReplaceKey: { key: 'max-pinned-workers' },
  indexingFiles: { done: 12, total: 1000 },
  estimateHoverPeak: { peak: '10.7 GiB', model: 'torchvision resnet50', batch: 256 },
  estimateHoverParts: { weights: '98 MiB', gradients: '97 MiB', optimizerState: '97 MiB', activations: '10.2 GiB', batch: '147 MiB', backwardTransient: '0 B' },
  estimateHoverFit: { gpu: '24.0 GiB', fits: false, needed: '25.0 GiB', largest: 230 },
  estimateHoverAssumed: { count: 2 },
  estimateInlayHint: { peak: '10.7 GiB', gpu: '24.0 GiB', fits: false, largest: 230 },
  configProblem: { kind: 'not-found' },
  summaryWouldFix: { fixes: 3, unsafeOnly: 1 },
  summaryNoFixes: { unsafeOnly: 1 },
  summaryFoundAfterFixing: { total: 5, fixed: 3, remaining: 2, unsafeOnly: 1 },
  summaryFound: { total: 5, fixable: 3, unsafeOnly: 1 },
  summaryNotChecked: { files: 2, noProblems: true },
  summaryFixesNotApplied: { files: 2 },
};

describe('message catalogue', () => {
  for (const locale of TRANSLATIONS) {
    test(`${locale} has every id of the English catalogue, and nothing else`, () => {
      assert.deepEqual(Object.keys(CATALOGUES[locale]).sort(), Object.keys(en).sort());
    });

    test(`${locale}: the words around rule pages, hovers and editor actions are translated`, () => {
      const catalogue = CATALOGUES[locale];
      for (const id of Object.keys(en) as (keyof Messages)[]) {
        if (id in recordedIds()) continue;
        const english = en[id];
        const translated = catalogue[id];
        if (typeof english === 'string') {
          assert.equal(typeof translated, 'string', id);
          if (MAY_MATCH_ENGLISH.has(id)) continue;
          assert.match(translated as string, SCRIPT[locale], `${locale} ${id}: ${String(translated)}`);
          continue;
        }
        const params = SAMPLES[id];
        if (params === undefined) continue;
        const text = (translated as (p: unknown) => string)(params);
        assert.match(text, SCRIPT[locale], `${locale} ${id}: ${text}`);
      }
    });
  }

  test('every kind of configuration problem is said in each language', () => {
    const details: ConfigProblemDetail[] = [
      { kind: 'invalid-toml', reason: 'Unexpected character', column: 4 },
      { kind: 'unreadable', reason: 'EACCES' },
      { kind: 'not-found' },
      { kind: 'section-not-table', section: 'tool.oomlint' },
      { kind: 'unknown-key', key: 'max-pined-workers', suggestion: 'max-pinned-workers', known: ['select'] },
      { kind: 'unknown-key', key: 'bogus', suggestion: null, known: ['select'] },
      { kind: 'not-string-list', key: 'select', value: '"OOM001"' },
      { kind: 'not-selector', key: 'ignore', entry: 'E501' },
      { kind: 'not-positive-integer', key: 'max-batch-size', value: '-3' },
      { kind: 'not-size', key: 'max-file-size', value: '"ten"' },
      { kind: 'not-table', key: 'severity', value: '5' },
      { kind: 'not-table', key: 'per-file-ignores', value: '5' },
      { kind: 'not-rule-code', code: 'X1' },
      { kind: 'bad-severity', code: 'OOM003', value: '"loud"', levels: ['error', 'off'] },
      { kind: 'pattern-too-long', key: 'exclude', length: 200000, limit: 4096 },
      { kind: 'patterns-too-long', key: 'exclude', limit: 65536 },
      { kind: 'limit-not-raised', key: 'max-file-size', value: '"100GB"', limit: '10.0 MiB' },
      { kind: 'gitignore-wildcards-too-long', limit: 65536, count: 12 },
      { kind: 'more-problems', count: 79990 },
    ];
    for (const locale of TRANSLATIONS) {
      for (const detail of details) {
        const text = CATALOGUES[locale].configProblem(detail);
        assert.match(text, SCRIPT[locale], `${locale} ${detail.kind}: ${text}`);
        assert.notEqual(text, en.configProblem(detail));
      }
    }
  });

  test('every rule message id is produced by some rule fixture, so the fixture run below covers it', async () => {
    const calls = await fixtureCalls();
    const used = new Set(calls.map((c) => c.id));
    const ruleIds = Object.keys(recordedIds());
    assert.deepEqual(ruleIds.filter((id) => !used.has(id as keyof RuleMessages)), []);
  });

  for (const locale of TRANSLATIONS) {
    test(`${locale}: every message and fix title the rules produce on their fixtures is translated`, async () => {
      const calls = await fixtureCalls();
      const catalogue = CATALOGUES[locale];
      const untranslated: string[] = [];
      for (const { id, params } of calls) {
        const text = (catalogue[id] as (p: unknown) => string)(params);
        const english = (en[id] as (p: unknown) => string)(params);
        if (text === english || !SCRIPT[locale].test(text)) untranslated.push(`${id}: ${text}`);
      }
      assert.deepEqual([...new Set(untranslated)], []);
    });

    test(`${locale}: fix titles keep the house style (plain text, short, no full stop)`, async () => {
      const analyzer = await sharedAnalyzer();
      for (const fixture of ruleFixtures()) {
        for (const d of analyzer.analyzeText(fixture.text, { settings: fixtureSettings(fixture), path: fixture.path, locale })) {
          assert.match(d.message, SCRIPT[locale], d.message);
          for (const fix of d.fixes) {
            assert.doesNotMatch(fix.title, /`|[.。]$/, fix.title);
            assert.ok(fix.title.length <= 80, fix.title);
          }
        }
      }
    });
  }
});

/** The RuleMessages ids (the functions the rules call): those without a sample above. */
function recordedIds(): Record<string, true> {
  return Object.fromEntries(
    (Object.keys(en) as (keyof Messages)[]).filter((id) => typeof en[id] === 'function' && !(id in SAMPLES)).map((id) => [id, true]),
  );
}

let recorded: Promise<Call[]> | undefined;

function fixtureCalls(): Promise<Call[]> {
  recorded ??= (async () => {
    const analyzer = await sharedAnalyzer();
    const calls: Call[] = [];
    for (const fixture of ruleFixtures()) {
      analyzer.analyzeText(fixture.text, { settings: fixtureSettings(fixture), path: fixture.path, messages: recording(calls) });
    }
    return calls;
  })();
  return recorded;
}

const readJson = (...path: string[]) => JSON.parse(readFileSync(join(REPO_ROOT, ...path), 'utf8')) as Record<string, unknown>;

/** Every `%key%` placeholder in the manifest. */
function manifestPlaceholders(): string[] {
  const found: string[] = [];
  const visit = (value: unknown) => {
    if (typeof value === 'string') {
      const m = /^%([^%]+)%$/.exec(value);
      if (m) found.push(m[1]!);
    } else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(readJson('package.json'));
  return found;
}

describe('VS Code manifest (package.nls*.json)', () => {
  const english = readJson('package.nls.json');

  test('every placeholder in package.json has its English text, and every English text is used', () => {
    const used = manifestPlaceholders();
    assert.deepEqual(used.filter((key) => typeof english[key] !== 'string'), []);
    assert.deepEqual(Object.keys(english).filter((key) => !used.includes(key)), []);
  });

  test('the settings descriptions in package.nls.json are the settings schema (run `npm run sync-manifest`)', () => {
    for (const [key, text] of Object.entries(configurationNls(ALL_RULES))) assert.equal(english[key], text, key);
  });

  for (const locale of TRANSLATIONS) {
    test(`package.nls.${locale}.json translates every entry of package.nls.json`, () => {
      const translated = readJson(`package.nls.${locale}.json`);
      assert.deepEqual(Object.keys(translated), Object.keys(english), 'the same keys in the same order');
      for (const [key, text] of Object.entries(translated)) {
        assert.equal(typeof text, 'string', key);
        assert.match(text as string, SCRIPT[locale], `${key}: ${String(text)}`);
        // Code spans and setting references survive translation.
        const spans = (value: unknown) => [...String(value).matchAll(/`[^`]+`|#oomlint\.[a-zA-Z.]+#/g)].map((m) => m[0]).sort();
        assert.deepEqual(spans(text), spans(english[key]), `${key} keeps its code spans`);
      }
    });
  }
});

/** The literal messages the client passes to `vscode.l10n.t` (or to a `t: Translate` parameter). */
function clientMessages(): string[] {
  const messages = new Set<string>();
  const walkDir = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walkDir(path);
      else if (entry.name.endsWith('.ts')) {
        // Single- or double-quoted (a message with an apostrophe).
        for (const m of readFileSync(path, 'utf8').matchAll(/\b(?:l10n\.)?t\(\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")/g)) messages.add((m[1] ?? m[2])!.replace(/\\(.)/g, '$1'));
      }
    }
  };
  walkDir(join(REPO_ROOT, 'client', 'src'));
  return [...messages].sort();
}

describe('client strings (l10n/bundle.l10n.*.json)', () => {
  test('the client translates its messages (the scan finds them)', () => {
    assert.ok(clientMessages().includes('oomlint: no safe fixes to apply in this file.'));
  });

  for (const locale of TRANSLATIONS) {
    test(`l10n/bundle.l10n.${locale}.json translates every client message, keeping its placeholders`, () => {
      const bundle = readJson('l10n', `bundle.l10n.${locale}.json`);
      const messages = clientMessages();
      assert.deepEqual(messages.filter((m) => typeof bundle[m] !== 'string'), [], 'missing translations');
      assert.deepEqual(Object.keys(bundle).filter((k) => !messages.includes(k)), [], 'translations of messages the client no longer has');
      const placeholders = (text: string) => [...text.matchAll(/\{\d+\}|`[^`]*`/g)].map((m) => m[0]).sort();
      for (const message of messages) {
        const text = bundle[message] as string;
        if (message !== 'GPUs') assert.match(text, SCRIPT[locale], `${message}: ${text}`);
        assert.deepEqual(placeholders(text), placeholders(message), `${message}: ${text}`);
      }
    });
  }
});

describe('rule pages', () => {
  // Active once a language's translations have landed: until then its table is empty and the pages
  // fall back to English. From the first translated page on, every rule needs one, every field filled.
  for (const locale of TRANSLATIONS) {
    test(`${locale}: once any rule page is translated, every rule has a complete translation`, (t) => {
      const docs = translatedRuleDocs(locale);
      if (!Object.keys(docs).length) {
        t.skip(`no ${locale} rule pages yet`);
        return;
      }
      const incomplete: string[] = [];
      for (const { meta } of ALL_RULES) {
        const doc = docs[meta.code];
        if (!doc) incomplete.push(`${meta.code}: missing`);
        else for (const field of ['summary', 'whatItDoes', 'whyIsThisBad', 'fixSafety'] as const) if (!doc[field]?.trim()) incomplete.push(`${meta.code}.${field}`);
        if (doc) for (const field of ['summary', 'whatItDoes', 'whyIsThisBad', 'fixSafety'] as const) if (doc[field]?.trim() && !SCRIPT[locale].test(doc[field])) incomplete.push(`${meta.code}.${field}: not ${locale}`);
      }
      assert.deepEqual(Object.keys(docs).filter((code) => !ALL_RULES.some((r) => r.meta.code === code)), [], 'pages of rules that do not exist');
      assert.deepEqual(incomplete, []);
    });
  }
});

describe('locale', () => {
  test('an editor locale picks the language; anything else is English', () => {
    assert.equal(localeFromTag('zh-cn'), 'zh-cn');
    assert.equal(localeFromTag('zh-CN'), 'zh-cn');
    assert.equal(localeFromTag('zh-Hans'), 'zh-cn');
    assert.equal(localeFromTag('zh-tw'), 'en');
    assert.equal(localeFromTag('ru'), 'ru');
    assert.equal(localeFromTag('ru-RU'), 'ru');
    assert.equal(localeFromTag('de'), 'en');
    assert.equal(localeFromTag(''), undefined);
    assert.equal(localeFromTag(undefined), undefined);
  });

  test('the environment picks it as gettext does: LC_ALL, then LC_MESSAGES, then LANG', () => {
    assert.equal(localeFromEnvironment({ LANG: 'zh_CN.UTF-8' }), 'zh-cn');
    assert.equal(localeFromEnvironment({ LANG: 'ru_RU.UTF-8' }), 'ru');
    assert.equal(localeFromEnvironment({ LC_ALL: 'C', LANG: 'ru_RU.UTF-8' }), 'en');
    assert.equal(localeFromEnvironment({ LC_MESSAGES: 'ru_RU.UTF-8', LANG: 'en_US.UTF-8' }), 'ru');
    assert.equal(localeFromEnvironment({ LC_ALL: '', LANG: 'zh_CN.UTF-8' }), 'zh-cn');
    assert.equal(localeFromEnvironment({}), 'en');
  });
});
