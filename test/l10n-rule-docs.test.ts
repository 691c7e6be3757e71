// The translated rule pages (server/src/rules/l10n/*.ts) cover every rule and keep its code intact.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ALL_RULES } from '../server/src/rules/index';
import type { Rule } from '../server/src/rules/rule';
import type { TranslatedRuleDoc } from '../server/src/rules/l10n/types';
import { RULE_DOCS as RU } from '../server/src/rules/l10n/ru';
import { RULE_DOCS as ZH_CN } from '../server/src/rules/l10n/zh-cn';

const LANGUAGES: ReadonlyArray<[string, Partial<Record<string, TranslatedRuleDoc>>]> = [
  ['zh-cn', ZH_CN],
  ['ru', RU],
];

const FIELDS = ['summary', 'whatItDoes', 'whyIsThisBad', 'fixSafety'] as const;

function english(rule: Rule, field: (typeof FIELDS)[number]): string {
  return field === 'summary' ? rule.meta.summary : rule.meta.doc[field];
}

// A Markdown code span may wrap onto the next line, and a translation wraps its lines where it likes.
const squeeze = (text: string) => text.replace(/\s+/g, ' ');
const codeSpans = (text: string) => new Set([...squeeze(text).matchAll(/`([^`]+)`/g)].map((m) => m[0]));

/** What is wrong with one language's entries, one line per problem. */
function problems(docs: Partial<Record<string, TranslatedRuleDoc>>): string[] {
  const found: string[] = [];
  for (const rule of ALL_RULES) {
    const { code } = rule.meta;
    const entry = docs[code];
    if (!entry) {
      found.push(`${code}: no entry`);
      continue;
    }
    for (const field of FIELDS) {
      const source = english(rule, field);
      const translated = entry[field];
      if (typeof translated !== 'string' || !translated.trim()) {
        found.push(`${code}.${field}: empty`);
        continue;
      }
      if (squeeze(translated).trim() === squeeze(source).trim()) found.push(`${code}.${field}: same as the English`);
      const kept = codeSpans(translated);
      for (const span of codeSpans(source)) if (!kept.has(span)) found.push(`${code}.${field}: lost ${span}`);
      // A span the English does not have is a typo in code (or code translated by mistake).
      const known = codeSpans(source);
      for (const span of kept) if (!known.has(span)) found.push(`${code}.${field}: ${span} is not in the English`);
    }
  }
  return found;
}

for (const [language, docs] of LANGUAGES) {
  test(`${language}: every rule has a translated page whose code spans match the English`, () => {
    assert.deepEqual(problems(docs), []);
  });

  test(`${language}: holds entries only for rules that exist`, () => {
    const codes = new Set<string>(ALL_RULES.map((r) => r.meta.code));
    assert.deepEqual(Object.keys(docs).filter((code) => !codes.has(code)), []);
  });
}

// Markdown turns a line break into a space: harmless beside Latin text or code, a stray gap between two
// Chinese characters or after full-width punctuation.
const HAN = '\\u4e00-\\u9fff';
const FULL_WIDTH_PUNCTUATION = '\\u3000-\\u303f\\uff00-\\uffef';
// A break before a blank line or a list item is structure, not a gap.
const chineseLineBreak = new RegExp(
  `[${HAN}]\\n[${HAN}]|[${FULL_WIDTH_PUNCTUATION}]\\n(?!\\n|- )|\\n[${FULL_WIDTH_PUNCTUATION}]`,
);

test('zh-cn: no line break splits Chinese text', () => {
  const broken = Object.entries(ZH_CN).flatMap(([code, entry]) =>
    FIELDS.filter((field) => entry && chineseLineBreak.test(entry[field])).map((field) => `${code}.${field}`),
  );
  assert.deepEqual(broken, []);
});

test('a missing entry, a lost code span and an untranslated field are all reported', () => {
  const [first] = ALL_RULES;
  assert.ok(first);
  const { code, summary, doc } = first.meta;
  const complete = ZH_CN[code];
  assert.ok(complete);
  assert.ok(problems({}).includes(`${code}: no entry`));
  const span = [...codeSpans(doc.whatItDoes)][0];
  assert.ok(span, `${code}'s whatItDoes has a code span to lose`);
  const broken = { ...complete, summary, whatItDoes: squeeze(complete.whatItDoes).split(span).join('') };
  const found = problems({ [code]: broken });
  assert.ok(found.includes(`${code}.summary: same as the English`), found.join('\n'));
  assert.ok(found.includes(`${code}.whatItDoes: lost ${span}`), found.join('\n'));
});
