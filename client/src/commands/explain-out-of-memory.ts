// "Explain CUDA out-of-memory error": takes the editor selection, else the terminal selection, else
// the clipboard, asks the language server to explain it (`oomlint/explainOutOfMemory`: the analysis
// runs where the code is) and shows the result in a panel, beside the GPU's state now when the
// status-bar readout has a reading. Also wires the terminal links that do the same for one message.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { ExplainOutOfMemoryRequest, type DocumentLineStart } from '../../../server/src/lsp/explain-protocol';
import { currentGpusOf } from '../explain/current-gpus';
import { ExplainPanel } from '../explain/explain-panel';
import { registerOomTerminalLinks } from '../explain/terminal-links';
import { terminalSelection } from '../explain/terminal-text';
import type { GpuSnapshot } from '../gpu/gpu-monitor';
import { COMMAND_IDS } from './command-ids';

export interface ExplainText {
  text: string;
  /** Where it came from, for the panel: "the editor selection". */
  source: string;
  /** Where the text's lines are in the editor's document, so the panel counts lines as the editor does. */
  documentLines?: DocumentLineStart[];
  /** The text came from this machine's terminal: the GPU readout reads the same GPUs. */
  fromThisMachine?: boolean;
}

/** The selections' texts joined by line breaks, and where each starts in the document. */
export function joinSelections(parts: readonly { text: string; startLine: number }[]): { text: string; documentLines: DocumentLineStart[] } {
  const documentLines: DocumentLineStart[] = [];
  let textLine = 1;
  for (const part of parts) {
    documentLines.push({ textLine, documentLine: part.startLine + 1 });
    textLine += part.text.split(/\r\n|\r|\n/).length;
  }
  return { text: parts.map((p) => p.text).join('\n'), documentLines };
}

/** The text the command explains, in the order of the command's description. */
export async function textToExplain(): Promise<ExplainText | undefined> {
  const editor = vscode.window.activeTextEditor;
  const selected =
    editor?.selections
      .filter((s) => !s.isEmpty)
      .sort((a, b) => a.start.line - b.start.line)
      .map((s) => ({ text: editor.document.getText(s), startLine: s.start.line })) ?? [];
  if (selected.length) return { ...joinSelections(selected), source: 'the editor selection' };
  const fromTerminal = await terminalSelection().catch(() => undefined);
  if (fromTerminal) return { text: fromTerminal, source: 'the terminal selection', fromThisMachine: true };
  const clipboard = await vscode.env.clipboard.readText();
  return clipboard.trim() ? { text: clipboard, source: 'the clipboard' } : undefined;
}

export interface ExplainCommandOptions {
  client: LanguageClient;
  /** The GPU readout's latest reading, if the readout runs. */
  gpuSnapshot(): GpuSnapshot | undefined;
  log: vscode.LogOutputChannel;
}

/** What the command did, for callers (and tests) that need more than the panel. */
export type ExplainOutcome = 'shown' | 'no-text' | 'no-message' | 'failed';

export function registerExplainOutOfMemory(options: ExplainCommandOptions): vscode.Disposable {
  const panel = new ExplainPanel();

  const explain = async ({ text, source, documentLines, fromThisMachine }: ExplainText): Promise<ExplainOutcome> => {
    let result;
    try {
      result = await options.client.sendRequest(ExplainOutOfMemoryRequest, { text, ...(documentLines ? { documentLines } : {}) });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      options.log.error(`Explaining an out-of-memory error failed: ${reason}`);
      void vscode.window.showErrorMessage(vscode.l10n.t('oomlint: could not explain the error: {0}', reason));
      return 'failed';
    }
    if (!result.explanations.length) {
      void vscode.window.showInformationMessage(vscode.l10n.t('oomlint: no CUDA, HIP or MPS out-of-memory message in {0}.', sourceInMessage(source)));
      return 'no-message';
    }
    const currentGpus = currentGpusOf(options.gpuSnapshot());
    panel.show({
      source: sourceInMessage(source),
      explanations: result.explanations,
      ...(currentGpus ? { currentGpus } : {}),
      ...(fromThisMachine ? { fromThisMachine } : {}),
      ...(result.omitted ? { omitted: result.omitted } : {}),
    });
    return 'shown';
  };

  return vscode.Disposable.from(
    panel,
    vscode.commands.registerCommand(COMMAND_IDS.explainOutOfMemory, async (given?: unknown): Promise<ExplainOutcome> => {
      // Callable with the text itself, e.g. `{ text: log }` from another extension or a test.
      const text = typeof given === 'object' && given !== null && typeof (given as { text?: unknown }).text === 'string' ? (given as { text: string }).text : undefined;
      const input = text !== undefined ? { text, source: 'the text given to the command' } : await textToExplain();
      if (!input) {
        void vscode.window.showInformationMessage(vscode.l10n.t('oomlint: select an out-of-memory error in the editor or the terminal, or copy it, then run the command again.'));
        return 'no-text';
      }
      return explain(input);
    }),
    registerOomTerminalLinks(async (text, source) => {
      await explain({ text, source, fromThisMachine: true });
    }),
  );
}

/** Where the text came from, in the display language (the terminal's name is translated where it is read). */
function sourceInMessage(source: string): string {
  switch (source) {
    case 'the editor selection': return vscode.l10n.t('the editor selection');
    case 'the terminal selection': return vscode.l10n.t('the terminal selection');
    case 'the clipboard': return vscode.l10n.t('the clipboard');
    case 'the text given to the command': return vscode.l10n.t('the text given to the command');
    default: return source;
  }
}
