// What a user does in the VS Code workbench, as Playwright steps that wait on what the page shows:
// open a file from the Explorer, move the cursor, run a command, read the Problems panel, take a shot.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';

const STEP_TIMEOUT_MS = 30_000;

/**
 * A page-side expression for the Problems panel's rows, each as its accessible label (message, line,
 * column) and its shown text (source and code). A string, so the same code serves a read and a wait.
 */
const READ_PROBLEM_ROWS = `Array.from(document.querySelectorAll('.markers-panel .monaco-list-row'),
  (row) => (row.getAttribute('aria-label') ?? '') + ' | ' + (row.textContent ?? ''))`;

/** The centre of the active editor's first warning squiggle, once it has a box on screen; null before. */
const SQUIGGLE_CENTRE = `(() => {
  const box = document.querySelector('.editor-group-container.active .monaco-editor .squiggly-warning')?.getBoundingClientRect();
  return box && box.width > 0 && box.height > 0 ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null;
})()`;

export class Workbench {
  constructor(
    readonly page: Page,
    private readonly screenshotDir: string,
  ) {}

  /** Loads the workbench and waits until the Explorer lists the workspace's files. */
  async open(url: string): Promise<void> {
    await this.page.goto(url, { timeout: STEP_TIMEOUT_MS });
    await this.page.waitForSelector('.monaco-workbench', { timeout: 60_000 });
    await this.page.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout: 60_000 });
  }

  private explorerRow(fileName: string): Locator {
    return this.page
      .locator('.explorer-folders-view .monaco-list-row')
      .filter({ has: this.page.locator('.label-name', { hasText: new RegExp(`^${escapeRegExp(fileName)}$`) }) });
  }

  /** The tab of the active editor. */
  activeTab(): Locator {
    return this.page.locator('.tabs-container .tab.active');
  }

  /** Opens a file by clicking its Explorer row (Quick Open does not open files reliably here). */
  async openFile(fileName: string): Promise<void> {
    await this.explorerRow(fileName).click({ timeout: STEP_TIMEOUT_MS });
    await this.activeTab().filter({ hasText: fileName }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await this.editor().locator('.view-lines').waitFor({ timeout: STEP_TIMEOUT_MS });
  }

  /**
   * Opens a notebook by clicking its Explorer row, and waits until a cell showing `cellText` is visible
   * (notebook editors are drawn in an overlay, outside the editor group's own element).
   */
  async openNotebook(fileName: string, cellText: string): Promise<void> {
    await this.explorerRow(fileName).click({ timeout: STEP_TIMEOUT_MS });
    await this.activeTab().filter({ hasText: fileName }).waitFor({ timeout: STEP_TIMEOUT_MS });
    const cell = this.page.locator('.notebookOverlay .monaco-editor .view-lines').filter({ hasText: cellText, visible: true }).first();
    const shown = await cell.waitFor({ timeout: 10_000 }).then(
      () => true,
      () => false,
    );
    if (shown) return;
    // code-server sometimes opens a notebook as its JSON text: reopen it in the notebook editor.
    await this.page.keyboard.press('F1');
    const input = this.page.locator('.quick-input-widget .quick-input-box input');
    await input.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
    await input.fill('>View: Reopen Editor With');
    await this.pickQuickPickRow(/^View: Reopen Editor With/);
    await this.pickQuickPickRow(/Jupyter Notebook/);
    await cell.waitFor({ timeout: STEP_TIMEOUT_MS });
  }

  /** The editor of the active group. */
  editor(): Locator {
    return this.page.locator('.editor-group-container.active .monaco-editor').first();
  }

  async focusEditor(): Promise<void> {
    await this.editor().locator('.view-lines').click({ timeout: STEP_TIMEOUT_MS });
  }

  /** Runs a command by its title from the Command Palette. */
  async runCommand(title: string): Promise<void> {
    await this.page.keyboard.press('F1');
    const input = this.page.locator('.quick-input-widget .quick-input-box input');
    await input.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
    await input.fill(`>${title}`);
    const match = this.page
      .locator('.quick-input-widget .quick-input-list .monaco-list-row')
      .filter({ has: this.page.locator('.label-name', { hasText: new RegExp(`^${escapeRegExp(title)}$`) }) })
      .first();
    await match.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
    await match.click();
    await this.page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });
  }

  /** Moves the cursor with Go to Line (line and column count from 1). */
  async goToLine(line: number, column = 1): Promise<void> {
    await this.focusEditor();
    await this.page.keyboard.press('Control+g');
    const input = this.page.locator('.quick-input-widget .quick-input-box input');
    await input.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
    await input.fill(`:${line}:${column}`);
    await input.press('Enter');
    await this.page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });
    // The cursor position in the status bar says the editor got there.
    await this.statusBarItem(new RegExp(`^Ln ${line}, Col ${column}$`)).waitFor({ timeout: STEP_TIMEOUT_MS });
  }

  /** Opens the Problems panel and focuses it. */
  async openProblems(): Promise<void> {
    await this.runCommand('View: Focus Problems (Errors, Warnings, Infos)');
    await this.page.locator('.markers-panel').waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
  }

  /** The rows the Problems panel shows now (file rows and problem rows). */
  async problemRows(): Promise<string[]> {
    const rows: unknown = await this.page.evaluate(READ_PROBLEM_ROWS);
    return Array.isArray(rows) ? rows.map(String) : [];
  }

  /** Waits until the Problems panel's rows satisfy `predicate`; returns those rows. */
  async waitForProblems(predicate: (labels: string[]) => boolean, description: string): Promise<string[]> {
    const deadline = Date.now() + STEP_TIMEOUT_MS;
    // Woken by a change of the rows (checked each animation frame in the page), not by a clock.
    for (;;) {
      const labels = await this.problemRows();
      if (predicate(labels)) return labels;
      if (Date.now() > deadline) {
        throw new Error(`Problems panel never showed ${description}; it shows:\n${labels.join('\n')}`);
      }
      const changed = `JSON.stringify(${READ_PROBLEM_ROWS}) !== ${JSON.stringify(JSON.stringify(labels))}`;
      await this.page
        .waitForFunction(changed, undefined, { timeout: Math.max(1, deadline - Date.now()) })
        .catch(() => undefined);
    }
  }

  /** Opens the Quick Fix menu (Ctrl+.) at the cursor and returns the titles it offers. */
  async openQuickFixMenu(): Promise<string[]> {
    const rows = this.page.locator('.action-widget .monaco-list-row.action');
    // Once in a CI run (Russian session) Ctrl+. answered "No code actions available" while the light
    // bulb on the same line had them; pressing it again answered. Ask once more when that message, not
    // the menu, is what appears (noted as an open problem in the closing note of that session).
    // The editor's overlay message (a screen-reader alert with the same words lives elsewhere; a
    // notebook cell's overlay is outside the editor part).
    const none = this.page.locator('.monaco-editor-overlaymessage').getByText('No code actions available');
    for (let attempt = 0; attempt < 2; attempt++) {
      await this.page.keyboard.press('Control+.');
      await rows.first().or(none).first().waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
      if (await rows.first().isVisible()) break;
      await this.page.keyboard.press('Escape');
      await none.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });
    }
    await rows.first().waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
    return rows.evaluateAll((elements) => elements.map((element) => element.textContent?.trim() ?? ''));
  }

  /** The title of the Quick Fix menu's focused row, the one Enter applies. */
  async focusedQuickFix(): Promise<string> {
    const focused = this.page.locator('.action-widget .monaco-list-row.action.focused');
    await focused.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
    return (await focused.textContent())?.trim() ?? '';
  }

  /** Applies the focused Quick Fix with Enter, as a user does after Ctrl+. */
  async acceptFocusedQuickFix(): Promise<void> {
    await this.page.keyboard.press('Enter');
    await this.page.locator('.action-widget').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });
  }

  /** Waits until the active editor's tab shows unsaved changes (auto-save is off in the test profile). */
  async waitForUnsavedChanges(): Promise<void> {
    await this.page.locator('.tabs-container .tab.active.dirty').waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
  }

  /**
   * Saves the active editor with Ctrl+S and waits until its tab no longer shows unsaved changes. The
   * caller checks the bytes on disk: the tab alone cannot prove a save.
   */
  async save(): Promise<void> {
    await this.page.keyboard.press('Control+s');
    await this.page.locator('.tabs-container .tab.active.dirty').waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
  }

  /** Closes the Quick Fix menu without applying anything. */
  async dismissQuickFixMenu(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.page.locator('.action-widget').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });
  }

  /** Clicks the rule code link of the first Problems row whose text includes `code`. */
  async clickProblemCodeLink(code: string): Promise<void> {
    const row = this.page.locator('.markers-panel .monaco-list-row').filter({ hasText: code }).first();
    await row.locator('a.monaco-link').first().click({ timeout: STEP_TIMEOUT_MS });
  }

  /** Hovers the middle of the editor's first warning squiggle and returns the hover that opens. */
  async hoverFirstWarning(): Promise<Locator> {
    // Squiggles are drawn under the text and take no pointer events: move the mouse to where they are.
    // The editor draws its decorations again when diagnostics are published again, so the squiggle's
    // position is read in the page once it has one (checked each animation frame), not from an element
    // found a moment earlier: once that element was gone by the time its box was asked for.
    const position = (await this.page
      .waitForFunction(SQUIGGLE_CENTRE, undefined, { timeout: STEP_TIMEOUT_MS })
      .then((handle) => handle.jsonValue())
      .catch(() => null)) as { x: number; y: number } | null;
    if (!position) throw new Error('no warning squiggle with a position appeared');
    await this.page.mouse.move(position.x, position.y - 4);
    const hover = this.page.locator('.monaco-hover').filter({ visible: true }).first();
    await hover.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
    return hover;
  }

  /** A notification toast whose text matches. */
  notification(text: RegExp): Locator {
    return this.page.locator('.notification-toast').filter({ hasText: text }).first();
  }

  /** Waits until the newest webview (a markdown preview, say) shows `text`; its content sits in two nested frames. */
  async waitForWebviewText(text: RegExp): Promise<void> {
    const content = this.page.frameLocator('iframe.webview').last().frameLocator('#active-frame');
    await content.getByText(text).first().waitFor({ timeout: STEP_TIMEOUT_MS });
  }

  /** A tab (of any editor group) whose label matches. */
  tab(label: RegExp): Locator {
    return this.page.locator('.tabs-container .tab').filter({ hasText: label }).first();
  }

  /** Reloads the window as "Developer: Reload Window" does, and waits for the workbench to come back. */
  async reloadWindow(): Promise<void> {
    const loaded = this.page.waitForEvent('load', { timeout: 60_000 });
    // The page goes away under the command palette; whether the reload came is what `loaded` says.
    await Promise.all([loaded, this.runCommand('Developer: Reload Window').catch(() => undefined)]);
    await this.page.waitForSelector('.monaco-workbench', { timeout: 60_000 });
    await this.page.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout: 60_000 });
  }

  /** The rows of the open quick pick, as their text. */
  async quickPickRows(): Promise<string[]> {
    const rows = this.page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
    await rows.first().waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
    return rows.evaluateAll((elements) => elements.map((element) => element.textContent?.trim() ?? ''));
  }

  /** Picks the quick pick row whose text matches. */
  async pickQuickPickRow(text: RegExp): Promise<void> {
    await this.page.locator('.quick-input-widget .quick-input-list .monaco-list-row').filter({ hasText: text }).first().click({ timeout: STEP_TIMEOUT_MS });
  }

  /** Hovers over an element and returns the text of the hover that appears. */
  async hoverTooltip(target: Locator): Promise<string> {
    await target.hover();
    const hover = this.page.locator('.workbench-hover, .monaco-hover').filter({ visible: true }).first();
    await hover.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
    return hover.innerText();
  }

  /**
   * Opens the language status (the `{}` beside the language in the status bar) until its hover says
   * what `predicate` wants (it follows the server's notifications, so each look opens it afresh);
   * returns the hover, left open.
   */
  async waitForLanguageStatus(predicate: (text: string) => boolean, description: string): Promise<Locator> {
    const deadline = Date.now() + STEP_TIMEOUT_MS;
    const status = this.page.locator('[id="status.languageStatus"]');
    const hover = this.page.locator('.workbench-hover, .monaco-hover').filter({ visible: true }).first();
    let text: string;
    for (;;) {
      await status.click({ timeout: STEP_TIMEOUT_MS });
      await hover.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
      text = await hover.innerText();
      if (predicate(text)) return hover;
      if (Date.now() > deadline) throw new Error(`the language status never showed ${description}; it shows:\n${text}`);
      await this.page.keyboard.press('Escape');
      await hover.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });
    }
  }

  /** A status bar entry whose text matches. */
  statusBarItem(text: RegExp): Locator {
    return this.page.locator('.statusbar-item').filter({ hasText: text }).first();
  }

  /** Saves a PNG of the whole window as `NN-name.png` under the screenshot folder. */
  async screenshot(fileName: string): Promise<string> {
    mkdirSync(this.screenshotDir, { recursive: true });
    const path = join(this.screenshotDir, fileName);
    await this.page.screenshot({ path });
    return path;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
