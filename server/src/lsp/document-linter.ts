// Runs the analysis on open documents and holds the result of each document's current version, so
// diagnostics, code actions, fix-all and hovers share one analysis per version.
import { DiagnosticSeverity, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { analysisSteps, analyze, drain } from '../analysis/analyze';
import { ANALYSIS_BUDGET_MS, MAX_ANALYSED_LINES, OverBudget, ProcessorTimeBudget } from '../core/budget';
import type { SourceText } from '../core/source';
import type { Diagnostic } from '../core/types';
import type { SyntaxNode } from '../parser/syntax';
import { documentPath } from './document-path';
import type { DocumentSettings, DocumentSettingsProvider } from './document-settings';
import type { DocumentStore } from './document-store';
import { plainTextMessage, toLspDiagnostic } from './lsp-diagnostic';
import type { Logger } from './logger';
import { AnalysisSession } from '../analysis/session';
import type { NotebookDocuments, SyncedNotebook } from './notebook-sync';
import type { OpenDocument } from './open-document';
import type { RuleDocLink } from './rule-doc-links';
import { messagesFor, type Locale, type Messages } from '../l10n';
import type { RuleMessages } from '../l10n/messages';
import { PlainPlace, type DocumentPlace } from './document-place';
import type { ProjectView } from '../semantic/project-facts';
import { NotebookResults } from './notebook-results';
import { withCellLines } from '../notebooks/cell-messages';
import type { JoinedLayout } from '../notebooks/live-notebook-text';
import { yieldToMessages } from './yield-to-messages';

export interface LintResult {
  uri: string;
  version: number;
  /** Counts every change of the open document; unlike `version`, it never goes back. */
  revision: number;
  /** The text the analysis read: the document's own, or for a notebook cell the notebook's code joined. */
  source: SourceText;
  /**
   * The tree the analysis saw; absent when the document was not analysed (disabled, excluded,
   * failed) or is no longer open at this revision. Parsed again on demand when the store gave the
   * document's tree up to stay within its budget.
   */
  readonly root: SyntaxNode | undefined;
  settings: DocumentSettings;
  /** The findings in this document, at offsets of `source`. */
  diagnostics: Diagnostic[];
  lspDiagnostics: LspDiagnostic[];
  /** Between `source` and the document: positions, ranges and edits. */
  place: DocumentPlace;
}

interface CachedResult {
  revision: number;
  generation: number;
  /** The revision of the project's summaries it read (see ProjectViews). */
  projectRevision: number;
  result: LintResult;
}

interface CachedNotebook {
  revision: number;
  generation: number;
  projectRevision: number;
  /** The cells' layout it was computed for: a markdown cell added or removed renumbers the cells after it. */
  layout: JoinedLayout;
  results: NotebookResults;
}

/** What the rest of each file's project says to it (the workspace index). */
export interface ProjectViews {
  /** Undefined for a file outside the projects known. */
  viewFor(path: string): ProjectView | undefined;
  /** Changes whenever what `viewFor(path)` answers may change. */
  revisionFor(path: string): number;
}

/** Which version of a document or notebook an analysis is of; a notebook's cell layout counts too. */
interface RunKey {
  revision: number;
  generation: number;
  projectRevision: number;
  layout?: JoinedLayout;
}

/** Settings may change while they are fetched; after this many tries the request is given up. */
const SETTINGS_ATTEMPTS = 3;

export class DocumentLinter {
  private readonly results = new Map<string, CachedResult>();
  private readonly notebookResults = new Map<string, CachedNotebook>();
  /** Per document analysed version after version, the session its analyses share (see AnalysisSession). */
  private readonly sessions = new Map<string, AnalysisSession>();
  /** Per document or notebook, the analysis in slices under way (see `analysed`), and the version it is of. */
  private readonly running = new Map<string, RunKey & { result: Promise<LintResult | undefined> }>();

  constructor(
    private readonly documents: DocumentStore,
    private readonly settings: DocumentSettingsProvider,
    /** Where diagnostics and hovers link a rule's documentation. */
    readonly ruleDocLink: RuleDocLink,
    private readonly log: Logger,
    /** The open notebooks, where the client syncs notebooks. */
    private readonly notebooks?: NotebookDocuments,
    /** The client's language (from `initialize`), for messages, fix titles and hovers. */
    readonly locale: Locale = 'en',
    /** The workspace's projects; each document is analysed alone without them. */
    private readonly projects?: ProjectViews,
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
    const notebook = this.notebooks?.ofCell(uri);
    if (notebook) return (await this.currentNotebook(notebook))?.forCell(uri);
    for (let attempt = 0; attempt < SETTINGS_ATTEMPTS; attempt++) {
      const generation = this.settings.generation;
      const settings = await this.settings.forDocument(uri);
      if (generation !== this.settings.generation) continue;
      // From here on everything is synchronous: the document cannot change under the analysis.
      const document = this.documents.get(uri);
      if (!document) return undefined;
      const projectRevision = this.projectRevisionOf(uri);
      const cached = this.results.get(uri);
      if (cached?.revision === document.revision && cached.generation === generation && cached.projectRevision === projectRevision) return cached.result;
      const key = { revision: document.revision, generation, projectRevision };
      const stillCurrent = () => this.documents.get(uri) === document && document.revision === key.revision && this.settings.generation === key.generation && this.projectRevisionOf(uri) === key.projectRevision;
      const result = await this.analysed(uri, key, document.source.lineCount, () => this.lintSteps(document, settings), stillCurrent);
      if (result) {
        this.results.set(uri, { ...key, result });
        return result;
      }
    }
    return undefined;
  }

  /**
   * The analysis `steps` of one version (`key`) of the document or notebook `id`: drained at once for
   * a short document; for a long one run in slices, so that hovers and other documents are answered
   * meanwhile, and shared with any request for the same version. Undefined when the version was
   * replaced before its analysis was done.
   */
  private async analysed(id: string, key: RunKey, lineCount: number, steps: () => Generator<void, LintResult>, stillCurrent: () => boolean): Promise<LintResult | undefined> {
    const running = this.running.get(id);
    if (running && running.revision === key.revision && running.generation === key.generation && running.projectRevision === key.projectRevision && running.layout === key.layout) {
      return running.result;
    }
    if (lineCount < SESSION_FROM_OPEN_LINES) return drain(steps());
    const result = this.inSlices(steps(), stillCurrent);
    this.running.set(id, { ...key, result });
    try {
      return await result;
    } finally {
      if (this.running.get(id)?.result === result) this.running.delete(id);
    }
  }

  /**
   * Runs `steps` in slices of SLICE_MS, letting the event loop run between them; gives them up (and
   * resolves to undefined) when `stillCurrent` says the version they analyse is no longer the one asked for.
   */
  private async inSlices(steps: Generator<void, LintResult>, stillCurrent: () => boolean): Promise<LintResult | undefined> {
    let sliceStart = performance.now();
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      if (performance.now() - sliceStart < SLICE_MS) continue;
      // Requests that came during the slice are read, dispatched and answered before the next one.
      await yieldToMessages();
      if (!stillCurrent()) {
        steps.return(undefined as never);
        return undefined;
      }
      sliceStart = performance.now();
    }
  }

  /**
   * What to publish for `uri`: its analysis, or for a notebook one analysis of its code cells joined,
   * one result per cell with findings and per cell of `alsoCells` (those that had some).
   */
  async resultsFor(uri: string, alsoCells: Iterable<string> = []): Promise<LintResult[]> {
    const notebook = this.notebooks?.get(uri);
    if (notebook) return (await this.currentNotebook(notebook))?.withFindings(alsoCells) ?? [];
    const result = await this.current(uri);
    return result ? [result] : [];
  }

  /** The analysis of the notebook's current version, cached or computed now. */
  private async currentNotebook(notebook: SyncedNotebook): Promise<NotebookResults | undefined> {
    for (let attempt = 0; attempt < SETTINGS_ATTEMPTS; attempt++) {
      const generation = this.settings.generation;
      // The notebook's file decides the project configuration, as for `oomlint check`.
      const settings = await this.settings.forDocument(notebook.uri);
      if (generation !== this.settings.generation) continue;
      if (!this.notebooks?.isOpen(notebook)) return undefined;
      const { joined } = notebook;
      const snapshot = notebook.snapshot();
      const projectRevision = this.projectRevisionOf(notebook.uri);
      const cached = this.notebookResults.get(notebook.uri);
      if (cached?.revision === joined.revision && cached.generation === generation && cached.projectRevision === projectRevision && cached.layout === snapshot.layout) {
        return cached.results;
      }
      const messages = withCellLines(this.messages, (line) => snapshot.layout.cellLine(line));
      const notebooks = this.notebooks;
      const revision = joined.revision;
      const isCurrent = () => notebooks.isOpen(notebook) && joined.revision === revision;
      const key = { revision, generation, projectRevision, layout: snapshot.layout };
      const stillCurrent = () => isCurrent() && notebook.snapshot().layout === snapshot.layout && this.settings.generation === generation && this.projectRevisionOf(notebook.uri) === projectRevision;
      const analysed = await this.analysed(`notebook ${notebook.uri}`, key, joined.source.lineCount, () => this.lintSteps(joined, settings, { messages, isCurrent }), stillCurrent);
      if (!analysed) continue;
      const results = new NotebookResults(analysed, snapshot, this.ruleDocLink);
      this.notebookResults.set(notebook.uri, { revision: joined.revision, generation, projectRevision, layout: snapshot.layout, results });
      return results;
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
      const project = this.projectOf(path);
      const diagnostics = analyze(this.documents.parseDetached(text), text, { settings: result.settings.analysis, locale: this.locale, ...(path ? { path } : {}), ...(project ? { project } : {}) });
      return diagnostics.some((d) => d.code === code && d.start === start);
    } catch (error) {
      this.log.error(`oomlint: could not analyse a candidate edit of ${result.uri}: ${errorText(error)}`);
      return true;
    }
  }

  private projectRevisionOf(uri: string): number {
    const path = documentPath(uri);
    return path === undefined ? -1 : (this.projects?.revisionFor(path) ?? -1);
  }

  private projectOf(path: string | undefined): ProjectView | undefined {
    return path === undefined ? undefined : this.projects?.viewFor(path);
  }

  /** How many documents the linter holds a session for (see AnalysisSession). */
  get sessionsHeld(): number {
    return this.sessions.size;
  }

  forget(uri: string): void {
    this.results.delete(uri);
    this.notebookResults.delete(uri);
    this.sessions.delete(uri);
  }

  /**
   * Drops the sessions of documents whose trees the document store gave up (see its budget): they
   * parse from scratch when next needed, so what a session holds describes nodes no tree holds any
   * more, and holding it would hold those nodes too.
   */
  private forgetReleasedTrees(): void {
    for (const uri of this.sessions.keys()) {
      // A notebook's session is its joined text's, a document held outside the store.
      const document = this.documents.get(uri) ?? this.notebooks?.get(uri)?.joined;
      if (!document?.parsedNodes) this.sessions.delete(uri);
    }
  }

  /**
   * Analyses an open document's text: a file, or a notebook's joined cells (`notebook`: messages that
   * name cells, and when the tree is still the notebook's; the cells' diagnostics are made from it).
   * It pauses between the analysis's steps (see `analysisSteps`).
   */
  private *lintSteps(document: OpenDocument, settings: DocumentSettings, notebook?: { messages: RuleMessages; isCurrent: () => boolean }): Generator<void, LintResult> {
    const { uri, version, text, revision } = document;
    const { source } = document;
    const place = new PlainPlace(source, uri, version);
    const result: LintResult = { uri, version, revision, source, root: undefined, settings, diagnostics: [], lspDiagnostics: [], place };
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
    if (source.lineCount > MAX_ANALYSED_LINES) {
      const reason = { kind: 'lines', count: source.lineCount, limit: MAX_ANALYSED_LINES } as const;
      return { ...result, lspDiagnostics: [notAnalysed(this.messages.notAnalysedOverBudget({ reason }))] };
    }
    const budget = new ProcessorTimeBudget(ANALYSIS_BUDGET_MS);
    try {
      // Parsing the whole text and converting its tree are two long pieces of work at 2 MB: a pause between them.
      if (this.documents.parseAhead(document)) yield;
      const root = this.documents.syntax(document);
      if (root.children.length > MAX_FOLLOWED_STATEMENTS) {
        const message = this.messages.notAnalysedTooManyStatements({ statements: root.children.length, limit: MAX_FOLLOWED_STATEMENTS });
        return { ...result, lspDiagnostics: [notAnalysed(message)] };
      }
      const path = documentPath(uri);
      this.forgetReleasedTrees();
      // What is learned about the file is reused for the documents someone edits, and from the start
      // for long ones, whose first keystroke would otherwise wait for the whole file to be worked out
      // again (see SESSION_FROM_OPEN_LINES). A folder's worth of documents opened at once is analysed
      // once each and holds nothing.
      const reuses = document.edited || source.lineCount >= SESSION_FROM_OPEN_LINES;
      let session = reuses ? this.sessions.get(uri) : undefined;
      // A new session knows nothing yet: the facts every rule reads are worked out first, a statement at a time.
      const fresh = reuses && !session;
      if (fresh) this.sessions.set(uri, (session = new AnalysisSession()));
      const messages = notebook ? { messages: notebook.messages } : {};
      const project = this.projectOf(path);
      const diagnostics = yield* analysisSteps(root, text, {
        warm: fresh,
        settings: settings.analysis,
        locale: this.locale,
        ...messages,
        source,
        budget,
        ...(session ? { session } : {}),
        ...(path ? { path } : {}),
        ...(project ? { project } : {}),
      });
      const stamp = { uri, version, ruleDocLink: this.ruleDocLink };
      const { documents } = this;
      const isCurrent = notebook?.isCurrent ?? (() => documents.isOpen(document) && document.revision === revision);
      return {
        ...result,
        get root() {
          return isCurrent() ? documents.syntax(document) : undefined;
        },
        diagnostics,
        lspDiagnostics: notebook ? [] : diagnostics.map((d) => toLspDiagnostic(place, d, stamp)),
      };
    } catch (error) {
      // One document the analysis cannot handle must not take the server down with it.
      if (error instanceof OverBudget) {
        this.log.error(`oomlint: did not analyse ${uri} (version ${version}): ${error.message}`);
        return { ...result, lspDiagnostics: [notAnalysed(this.messages.notAnalysedOverBudget({ reason: error.reason }))] };
      }
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

/**
 * The longest a document's analysis holds the event loop at once, in milliseconds, where it is
 * analysed in slices (documents of SESSION_FROM_OPEN_LINES lines or more); a slice ends at the
 * analysis's next pause after this, so one rule's work on the whole file can make it longer.
 */
const SLICE_MS = 40;

/**
 * Documents with more top-level statements than this are not analysed as you type: a keystroke
 * costs work in proportion to them (facts of the whole module, such as where each forward pass's
 * output goes, are worked out again), about 0.8 s at this many. Real modules have far fewer (about
 * 5,400 in 2 MB of real PyTorch code); a notebook of thousands of cells or a long flat script can
 * have more.
 */
export const MAX_FOLLOWED_STATEMENTS = 10_000;

/** Documents longer than this (UTF-16 code units, about 2 MB of text) are not analysed as you type. */
export const MAX_ANALYSED_CHARS = 2_000_000;

/** One information diagnostic at the top of the file, instead of findings (plain text, as every message). */
function notAnalysed(message: string): LspDiagnostic {
  return { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, severity: DiagnosticSeverity.Information, source: 'oomlint', message: plainTextMessage(message) };
}

function errorText(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
