// The out-of-memory explanation in every language: each id of the English catalogue exists and reads
// in the language, with the same sizes, percentages and code spans; every fixture's explanation too.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { explainLog } from '../server/src/explain/explain-oom';
import { EXPLAIN_CATALOGUES } from '../server/src/l10n';
import { explainEn } from '../server/src/l10n/explain-en';
import { OOM_CAUSES, OOM_REMEDIES, type ExplainMessages, type OomHeadlineParams, type OomNote } from '../server/src/l10n/explain-messages';
import { LOCALES, type Locale } from '../server/src/l10n/locale';
import { FIXTURES_DIR } from './support/paths';

const TRANSLATIONS = LOCALES.filter((l): l is Exclude<Locale, 'en'> => l !== 'en');
/** Text that is certainly in the language: Han characters for Chinese, Cyrillic for Russian. */
const SCRIPT: Record<Exclude<Locale, 'en'>, RegExp> = { 'zh-cn': /\p{Script=Han}/u, ru: /\p{Script=Cyrillic}/u };
/** Sizes, percentages and code spans: what a translation keeps as it is. */
const kept = (text: string) => [...text.matchAll(/\d+(?:\.\d+)? (?:bytes|[KMGTPE]iB)|\d+%|`[^`]+`/g)].map((m) => m[0]).sort();

const HEADLINE: OomHeadlineParams = {
  cause: 'undetermined',
  requested: '3.00 GiB',
  capacity: '4.00 GiB',
  allocated: '6.00 GiB',
  unallocated: '2.00 GiB',
  outside: '5.00 GiB',
  allowed: '1.00 GiB',
  percent: '75%',
  mps: false,
  gpu: '0',
  count: 3,
  epoch: 21,
  library: 'cuda',
  vllm: null,
  reason: 'no-sizes',
};

/** Every headline: each cause, with the variants its parameters choose. */
const HEADLINES: OomHeadlineParams[] = [
  ...OOM_CAUSES.map((cause) => ({ ...HEADLINE, cause })),
  { ...HEADLINE, cause: 'memory-fraction', allowed: '?' },
  { ...HEADLINE, cause: 'huge-allocation', percent: null },
  { ...HEADLINE, cause: 'outside-pytorch', mps: true },
  { ...HEADLINE, cause: 'leak-over-time', epoch: null },
  { ...HEADLINE, cause: 'outside-allocator', library: 'cublas' },
  { ...HEADLINE, cause: 'outside-allocator', library: 'cudnn' },
  ...(['kv-cache-tokens', 'kv-cache-memory', 'no-cache-blocks', 'sampler-warmup', 'engine'] as const).map((vllm) => ({ ...HEADLINE, cause: 'kv-cache' as const, vllm })),
  ...(['cut-off', 'free-covers', 'inconsistent'] as const).map((reason) => ({ ...HEADLINE, reason })),
];

const NOTES: OomNote[] = [
  { kind: 'context-and-desktop', size: '0.84 GiB', capacity: '2.00 GiB' },
  { kind: 'fragmentation-contributes', unallocated: '580.33 MiB', requested: '224.00 MiB' },
  { kind: 'free-covers-request', free: '3.03 GiB', requested: '2.26 GiB' },
  { kind: 'free-below-block', free: '3.56 MiB', requested: '1.12 MiB', block: '20.00 MiB' },
  { kind: 'inconsistent', what: 'free-above-total', size: '84.98 GiB', capacity: '15.49 GiB' },
  { kind: 'inconsistent', what: 'allocated-above-total', size: '22.44 GiB', capacity: '8.00 GiB' },
  { kind: 'ranks-on-gpu', count: 3, gpu: '0' },
  { kind: 'mps-per-process' },
  { kind: 'epochs', epoch: 21 },
  { kind: 'not-pytorch', framework: 'tensorflow' },
  { kind: 'not-pytorch', framework: 'jax' },
  ...(['cuda-error', 'cublas', 'cudnn', 'thc'] as const).map((what) => ({ kind: 'no-sizes' as const, what })),
  { kind: 'asynchronous' },
  { kind: 'vllm-tokens', maxModelLen: 4096, tokens: 3792 },
  { kind: 'vllm-kv-memory', needed: '16.00 GiB', available: '9.21 GiB' },
  { kind: 'vllm-startup', free: '19.77 GiB', total: '22.05 GiB', utilization: '0.9', desired: '19.84 GiB' },
  { kind: 'vllm-engine' },
  { kind: 'tensor', shape: '[16, 112, 112, 147]', dtype: 'float', size: '112.55 MiB' },
  { kind: 'repeated', count: 2000, lines: '2, 4, 6' },
];

/** Parameters for every other function of the catalogue. */
const SAMPLES: { [K in keyof ExplainMessages]?: ExplainMessages[K] extends (p: infer P) => string ? P : null } = {
  oomCauseName: { cause: 'fragmentation' },
  oomEvidenceRequested: { size: '1.00 GiB', share: { percent: '5%', gpu: '0', capacity: '20.00 GiB' } },
  oomEvidenceFree: { size: '1.00 GiB' },
  oomEvidenceAllocated: { size: '1.00 GiB' },
  oomEvidenceReservedUnallocated: { size: '1.00 GiB' },
  oomEvidencePrivatePools: { size: '1.00 GiB' },
  oomEvidenceOutside: { size: '1.00 GiB', mps: false, percent: '5%' },
  oomEvidenceNonPyTorchInProcess: { size: '1.00 GiB' },
  oomEvidenceProcess: { pid: 42, size: '1.00 GiB', likelyThisProcess: true },
  oomEvidenceAllowed: { size: '1.00 GiB' },
  oomWhat: { backend: 'cuda', gpu: '0', form: '2023-process' },
  oomForm: { form: '2023-process', truncated: true },
  oomCauseLine: { cause: 'c', headline: 'h' },
  oomFunction: { name: 'train', quoted: true },
  oomRanOut: { phase: 'training', shown: 's', where: 'train.py:3' },
  oomFrame: { where: 'train.py:3', fn: 'main' },
  oomFindingAt: { code: 'OOM001', line: 3, message: 'm' },
  oomMoreFindings: { more: 2, file: 'train.py' },
  oomMoreMessages: { more: 7 },
  oomFileTooLarge: { size: '1.00 MiB', limit: '1.00 MiB' },
};

const FIXTURE_LOGS = readdirSync(join(FIXTURES_DIR, 'oom-messages'))
  .filter((name) => name.endsWith('.txt'))
  .map((name) => readFileSync(join(FIXTURES_DIR, 'oom-messages', name), 'utf8'));

for (const locale of TRANSLATIONS) {
  describe(`${locale}: the out-of-memory explanation`, () => {
    const catalogue = EXPLAIN_CATALOGUES[locale];
    const inLanguage = (text: string, english: string) => {
      assert.match(text, SCRIPT[locale], text);
      assert.deepEqual(kept(text), kept(english), text);
    };

    test('has every id of the English catalogue, and nothing else', () => {
      assert.deepEqual(Object.keys(catalogue).sort(), Object.keys(explainEn).sort());
    });

    test('every fixed text and every other function reads in the language', () => {
      for (const id of Object.keys(explainEn) as (keyof ExplainMessages)[]) {
        if (id === 'oomHeadline' || id === 'oomNote' || id === 'oomRemedy') continue;
        const entry = catalogue[id];
        const sample = SAMPLES[id];
        const text = typeof entry === 'string' ? entry : (entry as (p: unknown) => string)(sample);
        assert.match(text, SCRIPT[locale], `${id}: ${text}`);
      }
    });

    test("every cause's name, every headline, note and remedy, with the same numbers and code", () => {
      for (const cause of OOM_CAUSES) assert.match(catalogue.oomCauseName({ cause }), SCRIPT[locale], cause);
      for (const params of HEADLINES) inLanguage(catalogue.oomHeadline(params), explainEn.oomHeadline(params));
      for (const note of NOTES) inLanguage(catalogue.oomNote(note), explainEn.oomNote(note));
      for (const remedy of OOM_REMEDIES) inLanguage(catalogue.oomRemedy({ remedy, conf: 'PYTORCH_CUDA_ALLOC_CONF' }), explainEn.oomRemedy({ remedy, conf: 'PYTORCH_CUDA_ALLOC_CONF' }));
    });

    test("every form and backend's name", () => {
      for (const form of ['2018-cached', '2020-reserved', '2023-process', 'mps', 'cuda-error', 'cublas', 'cudnn', 'thc', 'cpu-allocator', 'vllm', 'tensorflow', 'jax'] as const) {
        assert.match(catalogue.oomForm({ form, truncated: false }), new RegExp(`${SCRIPT[locale].source}|^(?:Apple MPS)$`, 'u'), form);
        for (const backend of ['cuda', 'hip', 'mps', 'xpu', 'cpu'] as const) assert.match(catalogue.oomWhat({ backend, gpu: '0', form }), SCRIPT[locale], `${form} ${backend}`);
      }
    });

    test('the explanation of every fixture reads in the language, with the same numbers', () => {
      let lines = 0;
      for (const log of FIXTURE_LOGS) {
        const english = explainLog(log);
        const translated = explainLog(log, catalogue);
        assert.equal(translated.length, english.length);
        translated.forEach(({ diagnosis }, index) => {
          const source = english[index]!.diagnosis;
          assert.equal(diagnosis.cause, source.cause);
          assert.deepEqual(diagnosis.breakdown, source.breakdown);
          const pairs = [[diagnosis.headline, source.headline], ...diagnosis.evidence.map((e, i) => [e.text, source.evidence[i]!.text]), ...diagnosis.remedies.map((r, i) => [r, source.remedies[i]!])];
          for (const [text, englishText] of pairs) {
            inLanguage(text!, englishText!);
            lines++;
          }
        });
      }
      assert.ok(lines > 500, `${lines} lines checked`);
    });
  });
}
