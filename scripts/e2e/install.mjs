// Installs what the end-to-end test in a real VS Code needs: Debian's chromium, a CJK font, ripgrep and krb5
// headers, and code-server (VS Code for the browser) in .cache/code-server/.  Idempotent: a second run
// only checks.  `node scripts/e2e/install.mjs`
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, copyFileSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Node 20 runs code-server up to 4.100.x; later releases need Node 22.
const CODE_SERVER_VERSION = '4.100.3';
// What code-server 4.100.3 depends on, and which ripgrep release that version downloads.
const RIPGREP_PACKAGE_VERSION = '1.15.11';
const RIPGREP_RELEASE = 'v13.0.0-10';
// fonts-wqy-microhei: a CJK font, without which Chromium draws the Chinese UI of l10n.e2e as boxes.
const DEBIAN_PACKAGES = ['chromium', 'ripgrep', 'libkrb5-dev', 'fonts-wqy-microhei'];

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const installDir = join(root, '.cache', 'code-server');
const started = Date.now();

function log(message) {
  console.log(`[e2e-install] ${message}`);
}

function fail(message) {
  console.error(`[e2e-install] FAILED: ${message}`);
  process.exit(1);
}

function run(command, args, options = {}) {
  log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) return { ok: false, why: result.error.message };
  return { ok: result.status === 0, why: `exit code ${result.status ?? result.signal}` };
}

function isDebianPackageInstalled(name) {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.includes('install ok installed');
}

function aptListsPresent() {
  const lists = '/var/lib/apt/lists';
  return existsSync(lists) && readdirSync(lists).some((name) => name.includes('_Packages'));
}

function installDebianPackages() {
  const missing = DEBIAN_PACKAGES.filter((name) => !isDebianPackageInstalled(name));
  if (missing.length === 0) {
    log(`Debian packages present: ${DEBIAN_PACKAGES.join(', ')}`);
    return;
  }
  if (process.getuid?.() !== 0) fail(`missing Debian packages ${missing.join(' ')}; run this script as root`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Only what is missing, and nothing already installed is upgraded on the way (--no-upgrade): the
  // test suite adds packages to a machine, it does not change the ones it has.
  log(`installing the missing Debian packages: ${missing.join(', ')}`);
  const install = () => run('apt-get', ['install', '-y', '--no-install-recommends', '--no-upgrade', ...missing], { env });
  let updated = false;
  if (!aptListsPresent()) {
    if (!run('apt-get', ['update'], { env }).ok) fail('apt-get update failed');
    updated = true;
  }
  let result = install();
  // Stale package lists name versions the mirror no longer has; refresh once and retry.
  if (!result.ok && !updated) {
    if (!run('apt-get', ['update'], { env }).ok) fail('apt-get update failed');
    result = install();
  }
  if (!result.ok) {
    fail(`apt-get install ${missing.join(' ')}: ${result.why}. They may need newer versions of installed packages, which this script does not upgrade: install them yourself (apt-get install ${missing.join(' ')}), then run it again`);
  }
}

function ripgrepTarget() {
  if (process.arch === 'x64') return 'x86_64-unknown-linux-musl';
  if (process.arch === 'arm64') return 'aarch64-unknown-linux-musl';
  fail(`no ripgrep seed for architecture ${process.arch}`);
}

// @vscode/ripgrep's postinstall downloads a release from GitHub unless the tarball is already in its
// cache under the OS temporary folder; these machines cannot reach GitHub, so Debian's rg stands in.
// Returns a function that removes what it seeded (the cache is needed only while code-server installs).
function seedRipgrepCache() {
  const cacheDir = join(tmpdir(), `vscode-ripgrep-cache-${RIPGREP_PACKAGE_VERSION}`);
  const tarball = join(cacheDir, `ripgrep-${RIPGREP_RELEASE}-${ripgrepTarget()}.tar.gz`);
  if (existsSync(tarball)) {
    log(`ripgrep cache already seeded: ${tarball}`);
    return () => undefined;
  }
  const systemRg = '/usr/bin/rg';
  if (!existsSync(systemRg)) fail(`${systemRg} not found (Debian package ripgrep)`);
  const createdDir = !existsSync(cacheDir);
  mkdirSync(cacheDir, { recursive: true });
  const staging = mkdtempSync(join(tmpdir(), 'oomlint-rg-'));
  try {
    copyFileSync(systemRg, join(staging, 'rg'));
    execFileSync('tar', ['-czf', tarball, '-C', staging, 'rg']);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  log(`seeded ripgrep cache: ${tarball}`);
  const remove = () => rmSync(createdDir ? cacheDir : tarball, { recursive: true, force: true });
  // Also when a failure ends the script with process.exit.
  process.once('exit', remove);
  return remove;
}

function codeServerBinary() {
  return join(installDir, 'node_modules', '.bin', 'code-server');
}

function installedCodeServerVersion() {
  const manifest = join(installDir, 'node_modules', 'code-server', 'package.json');
  const marker = join(installDir, 'installed-version');
  if (!existsSync(manifest) || !existsSync(marker) || !existsSync(codeServerBinary())) return undefined;
  // The marker is written only after npm finished, so a half-done install is not taken for a whole one.
  const markerVersion = readFileSync(marker, 'utf8').trim();
  const manifestVersion = JSON.parse(readFileSync(manifest, 'utf8')).version;
  return markerVersion === manifestVersion ? manifestVersion : undefined;
}

function installCodeServer() {
  const present = installedCodeServerVersion();
  if (present === CODE_SERVER_VERSION) {
    log(`code-server ${present} already installed in .cache/code-server`);
    return;
  }
  log(present ? `replacing code-server ${present}` : `installing code-server ${CODE_SERVER_VERSION} (takes about 4 minutes)`);
  mkdirSync(installDir, { recursive: true });
  rmSync(join(installDir, 'installed-version'), { force: true });
  // Its own package.json keeps npm from climbing to the repository's and touching its dependencies.
  // allowScripts: newer npm holds back dependency install scripts not allowed by name; these two build
  // VS Code's native modules and argon2.
  const manifest = {
    name: 'oomlint-e2e-code-server',
    private: true,
    description: 'code-server for the end-to-end test',
    allowScripts: { 'code-server': true, argon2: true },
  };
  writeFileSync(join(installDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const unseed = seedRipgrepCache();
  try {
    runCodeServerInstall();
  } finally {
    unseed();
  }
}

function runCodeServerInstall() {
  const env = {
    ...process.env,
    // Lets code-server's build step fetch node-gyp without a prompt.
    npm_config_yes: 'true',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    npm_config_update_notifier: 'false',
  };
  const npmArgs = [
    'install',
    // code-server's postinstall refuses to run as root without it (newer npm only warns about the name).
    '--unsafe-perm',
    '--no-save',
    '--no-package-lock',
    `code-server@${CODE_SERVER_VERSION}`,
  ];
  const result = run('npm', npmArgs, { cwd: installDir, env });
  if (!result.ok) fail(`npm install code-server@${CODE_SERVER_VERSION}: ${result.why}`);
  // The postinstall is what builds VS Code's dependencies; without it code-server starts but cannot
  // open a terminal or an extension host.
  const vscodeDir = join(installDir, 'node_modules', 'code-server', 'lib', 'vscode');
  for (const built of ['node_modules.asar', join('node_modules', 'node-pty', 'build', 'Release', 'pty.node')]) {
    if (!existsSync(join(vscodeDir, built))) fail(`code-server's postinstall did not run: lib/vscode/${built} is missing`);
  }
  // --config keeps code-server from writing a default config file into the home folder.
  const configFile = join(installDir, 'version-check.yaml');
  const version = execFileSync(codeServerBinary(), ['--config', configFile, '--version'], { encoding: 'utf8' });
  const versionLine = version.split('\n').find((line) => line.startsWith(CODE_SERVER_VERSION));
  if (!versionLine) fail(`code-server --version printed "${version.trim()}"`);
  writeFileSync(join(installDir, 'installed-version'), `${CODE_SERVER_VERSION}\n`);
  log(`code-server installed: ${versionLine}`);
}

installDebianPackages();
installCodeServer();
log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
