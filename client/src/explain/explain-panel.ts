// The webview panel that shows an explanation. One panel, reused: a new explanation replaces the old
// one. The page posts only ids of frames and findings; the files they open come from the data the
// server sent, so the page cannot choose a file.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { buildExplainHtml, resolveTarget, type ExplainPanelView } from './explain-html';

export const EXPLAIN_PANEL_VIEW_TYPE = 'oomlint.explainOutOfMemory';

export class ExplainPanel {
  private panel: vscode.WebviewPanel | undefined;
  private view: ExplainPanelView | undefined;

  show(view: ExplainPanelView): void {
    this.view = view;
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel(EXPLAIN_PANEL_VIEW_TYPE, vscode.l10n.t('Out-of-memory explanation'), vscode.ViewColumn.Beside, {
        enableScripts: true,
        localResourceRoots: [],
      });
      this.panel.onDidDispose(() => {
        this.panel = undefined;
        this.view = undefined;
      });
      this.panel.webview.onDidReceiveMessage((message: unknown) => this.open(message));
    }
    const nonce = randomBytes(16).toString('base64');
    this.panel.webview.html = buildExplainHtml(view, { nonce, t: vscode.l10n.t, lang: vscode.env.language });
    this.panel.reveal(vscode.ViewColumn.Beside, false);
  }

  private async open(message: unknown): Promise<void> {
    if (!this.view || typeof message !== 'object' || message === null || (message as { type?: unknown }).type !== 'open') return;
    const target = resolveTarget(this.view.explanations, (message as { target?: unknown }).target);
    if (!target) return;
    try {
      const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(target.uri));
      const line = Math.min(Math.max(0, target.line - 1), document.lineCount - 1);
      const range = document.lineAt(line).range;
      await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One, selection: new vscode.Range(range.start, range.start) });
    } catch (error) {
      void vscode.window.showWarningMessage(vscode.l10n.t('oomlint: could not open {0}: {1}', target.uri, error instanceof Error ? error.message : String(error)));
    }
  }

  dispose(): void {
    this.panel?.dispose();
  }
}
