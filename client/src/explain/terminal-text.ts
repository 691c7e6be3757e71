// Reading text out of the integrated terminal. The stable API has no way to read a terminal's
// selection or buffer, so this goes through the clipboard: the terminal's own copy commands, then the
// clipboard is read and put back as it was.
import * as vscode from 'vscode';

/** Runs `copy` and returns what it put on the clipboard, or undefined when it put nothing there. */
async function copiedBy(copy: () => Thenable<unknown>): Promise<string | undefined> {
  const saved = await vscode.env.clipboard.readText();
  // A marker nobody else writes tells "copied nothing" apart from "copied what was there".
  const marker = `oomlint-clipboard-marker-${Date.now()}-${Math.random()}`;
  await vscode.env.clipboard.writeText(marker);
  try {
    await copy();
    const copied = await vscode.env.clipboard.readText();
    return copied === marker || !copied ? undefined : copied;
  } finally {
    await vscode.env.clipboard.writeText(saved);
  }
}

/**
 * The active terminal's selection, if it has one. Without one, VS Code tells the user "The terminal has
 * no selection to copy": the stable API cannot ask first (`Terminal.selection` is still a proposal, and
 * the `terminalTextSelected` context key lives in each terminal's own scope, out of an extension's reach).
 */
export async function terminalSelection(): Promise<string | undefined> {
  if (!vscode.window.activeTerminal) return undefined;
  return copiedBy(() => vscode.commands.executeCommand('workbench.action.terminal.copySelection'));
}

/** Everything the terminal's buffer holds (scrollback included); rows the terminal wrapped come back joined. */
export async function terminalBuffer(terminal: vscode.Terminal): Promise<string | undefined> {
  // The commands act on the active terminal.
  terminal.show(true);
  return copiedBy(async () => {
    await vscode.commands.executeCommand('workbench.action.terminal.selectAll');
    try {
      await vscode.commands.executeCommand('workbench.action.terminal.copySelection');
    } finally {
      await vscode.commands.executeCommand('workbench.action.terminal.clearSelection');
    }
  });
}
