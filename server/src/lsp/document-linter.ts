// Runs the analysis on open documents and holds the result of each document's current version, so
// diagnostics, code actions, fix-all and hovers share one analysis per version.
import { DiagnosticSeverity, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { analyze } from '../analysis/analyze';
import type { SourceText } from '../core/source';
import type { Diagnostic } from '../core/types';
import type { SyntaxNode } from '../parser/syntax';
import { documentPath } from './document-path';
import type { DocumentSettings, DocumentSettingsProvider } from './document-settings';
import type { DocumentStore } from './document-store';
import { plainTextMessage, toLspDiagnostic } from './lsp-diagnostic';
import type { Logger } from './logger';
import { AnalysisSession } from '../analysis/session';
import { moduleLevelImports } from '../semantic/imports';
import type { NotebookCells } from './notebook-sync';
import type { OpenDocument } from './open-document';
import type { RuleDocLink } from './rule-doc-links';
import { messagesFor, type Locale, type Messages } from '../l10n';

export interface LintResult {
  uri: string;
  version: number;
  /** Counts every change of the open document; unlike `version`, it never goes back. */
  revision: number;
  source: SourceText;
  /**
   * The tree the analysis saw; absent when the document was not analysed (disabled, excluded,
   * failed) or is no longer open at this revision. Parsed again on demand when the store gave the
   * document's tree up to stay within its budget.
   */
  readonly root: SyntaxNode | undefined;
  settings: DocumentSettings;
  diagnostics: Diagnostic[];
  lspDiagnostics: LspDiagnostic[];
}

interface CachedResult {
  revision: number;
  generation: number;
  /** What the earlier cells of its notebook imported when it was computed. */
  earlierKey: string;
  result: LintResult;
}

interface EarlierImports {
  imports: ReadonlyMap<string, string>;
  key: string;
}

const NO_EARLIER_IMPORTS: EarlierImports = { imports: new Map(), key: '' };

/** Settings may change while they are fetched; after this many tries the request is given up. */
const SETTINGS_ATTEMPTS = 3;

export class DocumentLinter {
  private readonly results = new Map<string, CachedResult>();
  /** Per document analysed version after version, the session its analyses share (see AnalysisSession). */
  private readonly sessions = new Map<string, AnalysisSession>();

  constructor(
    private readonly documents: DocumentStore,
    private readonly settings: DocumentSettingsProvider,
    /** Where diagnostics and hovers link a rule's documentation. */
    readonly ruleDocLink: RuleDocLink,
    private readonly log: Logger,
    /** The notebooks' cell order, where the client syncs notebooks. */
    private readonly cells?: NotebookCells,
    /** The client's language (from `initialize`), for messages, fix titles and hovers. */
    readonly locale: Locale = 'en',
  ) {
    this.messages = messagesFor(locale);
  }

  /** The catalogue of `locale`. */
  readonly messages: Messages;

  /**
   * The analysis of the document's current version, cached or computed now. `undefined` when the
   * document is closed, or when settings kept changing meanwhile (a re-lint is then on its way).
   */
  async current(uri: string): Promise<LintResult | undefined> {
    for (let attempt = 0; attempt < SETTINGS_ATTEMPTS; attempt++) {
      const generation = this.settings.generation;
      const settings = await this.settings.forDocument(uri);
      if (generation !== this.settings.generation) continue;
      // From here on everything is synchronous: the document cannot change under the analysis.
      const document = this.documents.get(uri);
      if (!document) return undefined;
      const earlier = this.earlierImports(uri);
      const cached = this.results.get(uri);
      if (cached?.revision === document.revision && cached.generation === generation && cached.earlierKey === earlier.key) return cached.result;
      const result = this.lint(document, settings, earlier.imports);
      this.results.set(uri, { revision: document.revision, generation, earlierKey: earlier.key, result });
      return result;
    }
    return undefined;
  }

  /**
   * Would the analysis, with the settings of `result`, still report `code` at `start` in `text`? An
   * analysis that fails counts as yes, so nothing is offered on its account.
   */
  reportsIn(result: LintResult, text: string, code: string, start: number): boolean {
    try {
      const path = documentPath(result.uri);
      const diagnostics = analyze(this.documents.parseDetached(text), text, { settings: result.settings.analysis, locale: this.locale, ...(path ? { path } : {}) });
      return diagnostics.some((d) => d.code === code && d.start === start);
    } catch (error) {
      this.log.error(`oomlint: could not analyse a candidate edit of ${result.uri}: ${errorText(error)}`);
      return true;
    }
  }

  /** How many documents the linter holds a session for (see AnalysisSession). */
  get sessionsHeld(): number {
    return this.sessions.size;
  }

  forget(uri: string): void {
    this.results.delete(uri);
    this.sessions.delete(uri);
  }

  /**
   * Drops the sessions of documents whose trees the document store gave up (see its budget): they
   * parse from scratch when next needed, so what a session holds describes nodes no tree holds any
   * more, and holding it would hold those nodes too.
   */
  private forgetReleasedTrees(): void {
    for (const uri of this.sessions.keys()) if (!this.documents.get(uri)?.parsedNodes) this.sessions.delete(uri);
  }

  /** The names the cells above a notebook cell import at module level; later cells win. */
  private earlierImports(uri: string): EarlierImports {
    const earlierCells = this.cells?.earlierCells(uri) ?? [];
    if (!earlierCells.length) return NO_EARLIER_IMPORTS;
    const imports = new Map<string, string>();
    for (const cell of earlierCells) {
      const document = this.documents.get(cell);
      if (!document) continue;
      try {
        for (const [local, qualified] of moduleLevelImports(this.documents.syntax(document), document.text)) imports.set(local, qualified);
      } catch (error) {
        this.log.error(`oomlint: could not read the imports of ${cell}: ${errorText(error)}`);
      }
    }
    return { imports, key: JSON.stringify([...imports]) };
  }

  private lint(document: OpenDocument, settings: DocumentSettings, earlierImports: ReadonlyMap<string, string>): LintResult {
    const { uri, version, text, revision } = document;
    const { source } = document;
    const result: LintResult = { uri, version, revision, source, root: undefined, settings, diagnostics: [], lspDiagnostics: [] };
    if (!settings.enable || settings.excluded) return result;
    if (text.length > MAX_ANALYSED_CHARS) {
      // A huge document would cost seconds and gigabytes per keystroke: say so once, in the file.
      const message = this.messages.notAnalysedTooLarge({
        lines: source.lineCount,
        millions: (text.length / 1_000_000).toFixed(1),
        limitMillions: MAX_ANALYSED_CHARS / 1_000_000,
      });
      return { ...result, lspDiagnostics: [notAnalysed(message)] };
    }
    try {
      const root = this.documents.syntax(document);
      const path = documentPath(uri);
      this.forgetReleasedTrees();
      // What is learned about the file is reused for the documents someone edits, and from the start
      // for long ones, whose first keystroke would otherwise wait for the whole file to be worked out
      // again (see SESSION_FROM_OPEN_LINES). A folder's worth of documents opened at once is analysed
      // once each and holds nothing.
      const reuses = document.edited || source.lineCount >= SESSION_FROM_OPEN_LINES;
      let session = reuses ? this.sessions.get(uri) : undefined;
      if (reuses && !session) this.sessions.set(uri, (session = new AnalysisSession()));
      const diagnostics = analyze(root, text, { settings: settings.analysis, earlierImports, locale: this.locale, source, ...(session ? { session } : {}), ...(path ? { path } : {}) });
      const stamp = { uri, version, ruleDocLink: this.ruleDocLink };
      const { documents } = this;
      return {
        ...result,
        get root() {
          return documents.isOpen(document) && document.revision === revision ? documents.syntax(document) : undefined;
        },
        diagnostics,
        lspDiagnostics: diagnostics.map((d) => toLspDiagnostic(source, d, stamp)),
      };
    } catch (error) {
      // One document the analysis cannot handle must not take the server down with it.
      this.log.error(`oomlint: could not analyse ${uri} (version ${version}): ${errorText(error)}`);
      if (error instanceof Error && /parsing took longer/.test(error.message)) {
        return { ...result, lspDiagnostics: [notAnalysed(this.messages.notAnalysedError({ error: error.message }))] };
      }
      return result;
    }
  }
}

/**
 * Documents of this many lines or more hold a session (what is learned about them) from the analysis at open on,
 * not from their first edit. It costs about 2 MB of heap per 1,000 lines while the document store
 * holds the tree, and saves the first keystroke a whole analysis: about 400 ms at 10,000 lines in a
 * fresh server. A file of 1,000 lines is analysed again in about 40 ms.
 */
export const SESSION_FROM_OPEN_LINES = 2_000;

/** Documents longer than this (UTF-16 code units, about 2 MB of text) are not analysed as you type. */
export const MAX_ANALYSED_CHARS = 2_000_000;

/** One information diagnostic at the top of the file, instead of findings (plain text, as every message). */
function notAnalysed(message: string): LspDiagnostic {
  return { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, severity: DiagnosticSeverity.Information, source: 'oomlint', message: plainTextMessage(message) };
}

function errorText(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
