// The packaged extension in VS Code set to Chinese and to Russian (argv.json's `locale`, as
// "Configure Display Language" writes it, with a stand-in language pack that provides the language
// but translates nothing, see language-pack.ts): the workbench's own words stay English, oomlint's
// messages, fix titles and hovers follow the display language.
// Screenshots: test-output/e2e/l10n-zh-cn.png and l10n-ru.png (the Quick Fix menu over Problems).
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { E2ESession } from './harness';
import { missingPrerequisite, packagedExtensionPath } from './prerequisites';

const STEP_TIMEOUT_MS = 60_000;
const SUITE_TITLE = 'packaged extension in a Chinese and a Russian VS Code (code-server + Chromium)';

interface Language {
  locale: string;
  /** Part of OOM003's message on train.py line 8 (`total_loss += loss`). */
  accumulates: RegExp;
  /** Part of OOM001's message on the evaluation loop. */
  evaluation: RegExp;
  detach: string;
  fixAll: string;
  unsafe: RegExp;
  hoverWhy: string;
  /** The manifest's command title (package.nls.<locale>.json) and the picker it opens (l10n bundle). */
  openRuleDocs: string;
  ruleDocsPicker: string;
}

const LANGUAGES: readonly Language[] = [
  {
    locale: 'zh-cn',
    accumulates: /‘total_loss’ 累加了带 autograd 计算图的 ‘loss’/,
    evaluation: /记录了 autograd 计算图，但该计算图从未被使用/,
    detach: '添加 .detach()',
    fixAll: '修复所有 oomlint 问题',
    unsafe: /添加 \.item\(\)（不安全）/,
    hoverWhy: '为何占用显存：',
    openRuleDocs: 'oomlint: 打开规则文档',
    ruleDocsPicker: 'oomlint：规则文档',
  },
  {
    locale: 'ru',
    accumulates: /‘total_loss’ накапливает ‘loss’ вместе с графом autograd/,
    evaluation: /строит граф autograd, который нигде не используется/,
    detach: 'Добавить .detach()',
    fixAll: 'Исправить все проблемы oomlint',
    unsafe: /Добавить \.item\(\) \(небезопасно\)/,
    hoverWhy: 'Почему это расходует память:',
    openRuleDocs: 'oomlint: Открыть документацию правила',
    ruleDocsPicker: 'oomlint: документация правил',
  },
];

const missing = missingPrerequisite();

if (missing) {
  it(SUITE_TITLE, (t) => {
    t.skip(missing);
  });
} else {
  describe(SUITE_TITLE, () => {
    for (const language of LANGUAGES) {
      describe(`display language ${language.locale}`, () => {
        let session: E2ESession | undefined;
        before(async () => {
          session = await E2ESession.start({ name: `l10n-${language.locale}`, gpu: { kind: 'none' }, vsixPath: packagedExtensionPath(), locale: language.locale });
        });
        after(async () => {
          await session?.close();
        });

        it('lists the problems of train.py in the language, offers its fix titles, and hovers in it', { timeout: 180_000 }, async () => {
          assert.ok(session, 'the session did not start');
          await session.recordingFailure(`l10n-${language.locale}`, async () => {
            const wb = session!.workbench;
            await wb.openFile('train.py');
            await wb.editor().locator('.squiggly-warning').first().waitFor({ timeout: STEP_TIMEOUT_MS });
            await wb.openProblems();
            const rows = await wb.waitForProblems(
              (labels) => labels.some((label) => language.accumulates.test(label)) && labels.some((label) => language.evaluation.test(label)),
              `OOM003 and OOM001 in ${language.locale}`,
            );
            assert.ok(rows.some((label) => label.includes('OOM003')), rows.join('\n'));

            await wb.goToLine(8, 9);
            const titles = await wb.openQuickFixMenu();
            await wb.screenshot(`l10n-${language.locale}.png`);
            assert.ok(titles.includes(language.detach), `menu: ${titles.join(' | ')}`);
            assert.ok(titles.includes(language.fixAll), `menu: ${titles.join(' | ')}`);
            assert.ok(titles.some((title) => language.unsafe.test(title)), `menu: ${titles.join(' | ')}`);
            await wb.dismissQuickFixMenu();

            const hover = await wb.hoverFirstWarning();
            await hover.getByText(language.hoverWhy).waitFor({ timeout: STEP_TIMEOUT_MS });
            await wb.screenshot(`l10n-${language.locale}-hover.png`);
            await wb.page.keyboard.press('Escape');

            // The Command Palette lists the command under its translated title, and the rule picker
            // it opens is titled by the client's l10n bundle.
            await wb.page.keyboard.press('F1');
            const input = wb.page.locator('.quick-input-widget .quick-input-box input');
            await input.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
            await input.fill(`>${language.openRuleDocs}`);
            await wb.page
              .locator('.quick-input-widget .quick-input-list .monaco-list-row .label-name', { hasText: language.openRuleDocs })
              .first()
              .click({ timeout: STEP_TIMEOUT_MS });
            await wb.page.locator('.quick-input-widget .quick-input-title', { hasText: language.ruleDocsPicker }).waitFor({ timeout: STEP_TIMEOUT_MS });
            await wb.page.keyboard.press('Escape');
          });
        });
      });
    }
  });
}
