// A stand-in language pack: a real VS Code extension that contributes a display language with no
// translations. The machines running this test cannot download Microsoft's packs, and VS Code only
// switches its language (vscode.env.language, the extensions' package.nls and l10n bundles) to a
// locale that an installed pack provides; argv.json alone leaves everything English. With this one
// installed the workbench's own words stay English (it translates nothing) and oomlint's follow.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../support/paths';

const VSCE = join(REPO_ROOT, 'node_modules', '.bin', 'vsce');

const PUBLISHER = 'oomlint-e2e';
const VERSION = '0.0.1';
const packName = (locale: string) => `e2e-language-pack-${locale}`;

const LANGUAGE_NAMES: Record<string, { name: string; localized: string }> = {
  'zh-cn': { name: 'Chinese Simplified', localized: '中文(简体)' },
  ru: { name: 'Russian', localized: 'Русский' },
};

/** Packages the stand-in pack for `locale` under `dir` and returns the .vsix path. */
export function buildLanguagePack(locale: string, dir: string): string {
  const names = LANGUAGE_NAMES[locale] ?? { name: locale, localized: locale };
  const source = join(dir, `language-pack-${locale}`);
  mkdirSync(join(source, 'translations'), { recursive: true });
  const manifest = {
    name: packName(locale),
    displayName: `${names.name} (empty stand-in for the end-to-end test)`,
    description: 'Contributes a display language without translating anything.',
    publisher: PUBLISHER,
    version: VERSION,
    license: 'MIT',
    repository: { type: 'git', url: 'https://github.com/oomlint/oomlint' },
    engines: { vscode: '^1.91.0' },
    categories: ['Language Packs'],
    contributes: {
      localizations: [
        {
          languageId: locale,
          languageName: names.name,
          localizedLanguageName: names.localized,
          translations: [{ id: 'vscode', path: './translations/main.i18n.json' }],
        },
      ],
    },
  };
  writeFileSync(join(source, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(source, 'translations', 'main.i18n.json'), `${JSON.stringify({ version: '1.0.0', contents: {} })}\n`);
  writeFileSync(join(source, 'README.md'), 'A display language for the end-to-end test, with no translations.\n');
  writeFileSync(join(source, 'LICENSE'), 'MIT\n');
  const vsix = join(dir, `language-pack-${locale}.vsix`);
  const result = spawnSync(VSCE, ['package', '--no-dependencies', '--out', vsix], { cwd: source, encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) throw new Error(`vsce package of the ${locale} language pack failed:\n${result.stdout}${result.stderr}`);
  return vsix;
}

/**
 * Writes `languagepacks.json` in the user-data folder, as VS Code's language pack service does when a
 * running server sees a pack installed. A pack installed from the command line before the server
 * starts is not registered until then, and the first page load would come up in English.
 */
export function registerLanguagePack(locale: string, userDataDir: string, extensionsDir: string): void {
  const id = `${PUBLISHER}.${packName(locale)}`;
  const names = LANGUAGE_NAMES[locale] ?? { name: locale, localized: locale };
  const packs = {
    [locale]: {
      hash: createHash('md5').update(id).update(VERSION).digest('hex'),
      extensions: [{ extensionIdentifier: { id }, version: VERSION }],
      translations: { vscode: join(extensionsDir, `${id}-${VERSION}`, 'translations', 'main.i18n.json') },
      label: names.localized,
    },
  };
  writeFileSync(join(userDataDir, 'languagepacks.json'), `${JSON.stringify(packs, null, 2)}\n`);
}
