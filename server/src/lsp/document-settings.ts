// The settings each document is linted with: the editor's `oomlint` section (pulled with
// `workspace/configuration`, or the last one pushed by clients that cannot be asked) merged over the
// project's `[tool.oomlint]`. Cached per document until either side changes.
import type { Connection } from 'vscode-languageserver';
import type { Settings } from '../core/settings';
import type { ConfigProblem } from '../core/types';
import { documentPath } from './document-path';
import { readEditorSettings } from './editor-settings';
import type { Logger } from './logger';
import { projectSettingsFor, type ProjectSettings } from './project-settings';
import { CONFIGURATION_SECTION } from './protocol';
import { en } from '../l10n/en';
import { inThreadConfigLoader, type ConfigFileLoader } from './config-file-loader';

export interface DocumentSettings {
  enable: boolean;
  /** The project excludes this file. */
  excluded: boolean;
  analysis: Partial<Settings>;
}

/** Editor values win; per-rule severities merge code by code. */
export function mergeSettings(project: Partial<Settings>, editor: Partial<Settings>): Partial<Settings> {
  const merged: Partial<Settings> = { ...project, ...editor };
  if (project.severity || editor.severity) merged.severity = { ...project.severity, ...editor.severity };
  return merged;
}

/** How long the editor may take to answer a settings request before the defaults are used. */
export const CONFIGURATION_TIMEOUT_MS = 5_000;

export class DocumentSettingsProvider {
  private readonly cache = new Map<string, Promise<DocumentSettings>>();
  /** Problems already logged since the last change, so each is logged once, not once per document. */
  private readonly logged = new Set<string>();
  private pushedSection: unknown;
  private currentGeneration = 0;
  /** The GPU the client's readout sees (`24564MiB`), the target where settings name none. */
  private gpuReadout: string | undefined;

  constructor(
    private readonly connection: Connection,
    /** The client answers `workspace/configuration`. */
    private readonly canPull: boolean,
    private readonly log: Logger,
    /** Hears, for each document's configuration file, what is wrong with it now (often nothing). */
    private readonly onProjectProblems: (file: string, problems: readonly ConfigProblem[]) => void = () => undefined,
    /** Reads pyproject.toml files (off the event loop in the server). */
    private readonly configFiles: ConfigFileLoader = inThreadConfigLoader,
  ) {}

  /** Changes whenever settings may have changed; results computed under an older one are stale. */
  get generation(): number {
    return this.currentGeneration;
  }

  forDocument(uri: string): Promise<DocumentSettings> {
    let settings = this.cache.get(uri);
    if (!settings) {
      settings = this.load(uri);
      this.cache.set(uri, settings);
    }
    return settings;
  }

  /**
   * Editor or project configuration changed. `pushedSection` is the `oomlint` section a client sent
   * with `workspace/didChangeConfiguration`; it is used only when the client cannot be asked.
   */
  invalidate(pushedSection?: unknown): void {
    if (pushedSection !== undefined) this.pushedSection = pushedSection;
    this.currentGeneration++;
    this.cache.clear();
    this.logged.clear();
  }

  /** The client read a GPU of `totalMiB` (null: none). True when that changes what documents are analysed with. */
  setGpuReadout(totalMiB: number | null): boolean {
    const readout = totalMiB !== null && Number.isFinite(totalMiB) && totalMiB > 0 ? `${Math.round(totalMiB)}MiB` : undefined;
    if (readout === this.gpuReadout) return false;
    this.gpuReadout = readout;
    this.invalidate();
    return true;
  }

  forget(uri: string): void {
    this.cache.delete(uri);
  }

  private async load(uri: string): Promise<DocumentSettings> {
    const editor = readEditorSettings(await this.editorSection(uri));
    for (const problem of editor.problems) this.logOnce(problem);
    const project = await this.projectSettings(uri);
    for (const problem of project.problems) this.logOnce(`${problem.file}:${problem.line}: ${en.configProblem(problem.detail)}`);
    if (project.file !== null) this.onProjectProblems(project.file, project.problems);
    const analysis = mergeSettings(project.settings, editor.settings.analysis);
    // A target GPU configured wins over the one this machine has.
    if (!analysis.targetGpuMemory && this.gpuReadout) analysis.targetGpuMemory = this.gpuReadout;
    return {
      enable: editor.settings.enable,
      excluded: project.excluded,
      analysis,
    };
  }

  private async projectSettings(uri: string): Promise<ProjectSettings> {
    try {
      return await projectSettingsFor(documentPath(uri), this.configFiles);
    } catch (error) {
      // A configuration that cannot be read must not stop the document from being linted.
      this.logOnce(`could not read the project configuration for ${uri}: ${String(error)}`);
      return { settings: {}, excluded: false, file: null, problems: [] };
    }
  }

  private async editorSection(uri: string): Promise<unknown> {
    if (!this.canPull) return this.pushedSection;
    let timer: NodeJS.Timeout | undefined;
    // A client that never answers must not leave diagnostics, hovers and code actions waiting forever.
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer to workspace/configuration within ${CONFIGURATION_TIMEOUT_MS / 1000} s`)), CONFIGURATION_TIMEOUT_MS);
    });
    try {
      return await Promise.race([this.connection.workspace.getConfiguration({ scopeUri: uri, section: CONFIGURATION_SECTION }), timeout]);
    } catch (error) {
      this.logOnce(`could not read the editor's settings, using defaults: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  private logOnce(message: string): void {
    if (this.logged.has(message)) return;
    this.logged.add(message);
    this.log.warn(`oomlint: ${message}`);
  }
}
