// Waiting on the editor's events, each bounded by a timeout, instead of sleeping.
import * as vscode from 'vscode';

/** Resolves with the document's diagnostics once `accept` approves them. */
export function waitForDiagnostics(
  uri: vscode.Uri,
  accept: (diagnostics: readonly vscode.Diagnostic[]) => boolean,
  timeoutMs: number,
): Promise<vscode.Diagnostic[]> {
  return new Promise((resolve, reject) => {
    const settle = (): boolean => {
      const current = vscode.languages.getDiagnostics(uri);
      if (!accept(current)) return false;
      stop();
      resolve(current);
      return true;
    };
    const subscription = vscode.languages.onDidChangeDiagnostics((event) => {
      if (event.uris.some((changed) => changed.toString() === uri.toString())) settle();
    });
    const timer = setTimeout(() => {
      stop();
      const seen = vscode.languages.getDiagnostics(uri).map((d) => `${String(d.code)} ${d.message}`);
      reject(new Error(`diagnostics of ${uri.toString()} not as expected within ${timeoutMs} ms; last seen: ${JSON.stringify(seen)}`));
    }, timeoutMs);
    function stop(): void {
      clearTimeout(timer);
      subscription.dispose();
    }
    settle();
  });
}
