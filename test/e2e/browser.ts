// Launches Debian's Chromium headless through playwright-core, in a fresh profile, with the flags
// that keep it from reaching for the network (these machines have none) or a GPU.
import { chromium, type BrowserContext } from 'playwright-core';

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BrowserOptions {
  executablePath: string;
  /** An empty folder for the profile; a used one would bring back an old workbench state. */
  profileDir: string;
  /**
   * The browser's temporary folder: Chromium leaves a `.org.chromium.Chromium.*` file there when it is
   * stopped before it tidies up, so it gets one that its session removes.
   */
  tmpDir: string;
}

export function launchChromium(options: BrowserOptions): Promise<BrowserContext> {
  return chromium.launchPersistentContext(options.profileDir, {
    executablePath: options.executablePath,
    headless: true,
    args: CHROMIUM_FLAGS,
    env: { ...process.env, TMPDIR: options.tmpDir, TMP: options.tmpDir, TEMP: options.tmpDir },
    viewport: { width: 1400, height: 900 },
    timeout: 60_000,
  });
}
