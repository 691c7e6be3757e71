// "Explain this out-of-memory error" on the lines of the integrated terminal that start an
// out-of-memory message. The provider sees one line (VS Code joins the rows it wrapped); activating
// the link reads the terminal's buffer to take the traceback above the message along.
import * as vscode from 'vscode';
import { oomLinkSpan, messageAroundLine } from './terminal-oom';
import { terminalBuffer } from './terminal-text';

interface OomTerminalLink extends vscode.TerminalLink {
  terminal: vscode.Terminal;
  line: string;
}

export function registerOomTerminalLinks(explain: (text: string, source: string) => Promise<void>): vscode.Disposable {
  const provider: vscode.TerminalLinkProvider<OomTerminalLink> = {
    provideTerminalLinks(context) {
      const span = oomLinkSpan(context.line);
      return span ? [{ ...span, tooltip: vscode.l10n.t('Explain this out-of-memory error'), terminal: context.terminal, line: context.line }] : [];
    },
    async handleTerminalLink(link) {
      const buffer = await terminalBuffer(link.terminal).catch(() => undefined);
      await explain(buffer ? messageAroundLine(buffer, link.line) : link.line, vscode.l10n.t('the terminal "{0}"', link.terminal.name));
    },
  };
  return vscode.window.registerTerminalLinkProvider(provider);
}
