// Names and data shapes shared by the server, its clients and the tests: one module, so a rename
// cannot leave the two ends disagreeing.
import type { Range } from 'vscode-languageserver';
import type { Applicability } from '../core/types';

/**
 * Client to server: the memory of the GPU the status bar reads (the smallest, where there are several),
 * for OOM004 and the estimate's hover where no target GPU is configured. `totalMiB` null: none is read.
 */
export const GPU_MEMORY_NOTIFICATION = 'oomlint/gpuMemory';

export interface GpuMemoryParams {
  totalMiB: number | null;
}

/** `source` of every diagnostic this server publishes. */
export const DIAGNOSTIC_SOURCE = 'oomlint';

/** Code action kind of "fix all"; a sub-kind of `source.fixAll`, so both requests find it. */
export const FIX_ALL_KIND = 'source.fixAll.oomlint';

/** `workspace/executeCommand` that applies fix-all. Arguments: `[uri: string, version: number]`. */
export const APPLY_FIX_ALL_COMMAND = 'oomlint.applyFixAll';

/**
 * `workspace/executeCommand` that opens a rule's page on the website through `window/showDocument`,
 * for clients without a rule page command of their own. Arguments: `[code: string]`.
 */
export const SHOW_RULE_DOCUMENTATION_COMMAND = 'oomlint.showRuleDocumentation';

/**
 * Node flags a client starts the server with: `--expose-gc` lets it give memory back when idle
 * (without it the server works the same and keeps what it grew to). Passed at spawn, never set later.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--expose-gc'];

/**
 * What a client adds to the server's environment. glibc's allocator keeps a heap arena for each thread
 * that allocates (V8's compiler and collector threads among them) and hands freed memory back late:
 * after 200 documents were opened and closed, the server stayed about 20 MB above where it started,
 * three quarters of it outside V8's heap. Two arenas and an earlier trim give most of it back. Other C
 * libraries ignore both names.
 */
export const SERVER_ENVIRONMENT: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '65536' };

/** The environment to start the server in: `base` with SERVER_ENVIRONMENT, where `base` does not set those names itself. */
export function serverEnvironment(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...SERVER_ENVIRONMENT, ...base };
}

/**
 * `initializationOptions` key: the client's command that shows a rule's page, given the rule code.
 * When set, diagnostics and hovers link to `command:<it>?["OOM001"]` instead of the website.
 */
export const RULE_DOCS_COMMAND_OPTION = 'ruleDocsCommand';

/**
 * `initializationOptions` key: when true, the client shows configuration problems itself from
 * CONFIG_PROBLEMS_NOTIFICATION (VS Code: a language status item, gone once the file is fixed) and
 * the server sends no `window/showMessageRequest` about them (a notification cannot be taken back).
 */
export const CONFIG_STATUS_OPTION = 'configProblemStatus';

/** Server to client: every configuration file that has problems now; an empty list when none has. */
export const CONFIG_PROBLEMS_NOTIFICATION = 'oomlint/configProblems';

export interface ConfigProblemStatus {
  /** The configuration file. */
  uri: string;
  /** What is wrong, in the client's language: the first problem, and how many more. */
  message: string;
  /** Whether any problem is an error (else all are warnings). */
  error: boolean;
  /** Where the first problem is, for "Show". */
  range: Range;
  /** The title of the action that opens the file there, in the client's language. */
  showTitle: string;
}

export interface ConfigProblemsParams {
  items: ConfigProblemStatus[];
}

/** The configuration section the server pulls from the editor. */
export const CONFIGURATION_SECTION = 'oomlint';

/** Glob the server watches: a changed project file re-lints every open document. */
export const PROJECT_FILE_GLOB = '**/pyproject.toml';

export interface LspFixEdit {
  range: Range;
  newText: string;
}

/** Edits of one document at one version. */
export interface DocumentEdits {
  uri: string;
  version: number;
  edits: LspFixEdit[];
}

export interface LspFix {
  title: string;
  applicability: Applicability;
  /** Edits of the diagnostic's own document. */
  edits: LspFixEdit[];
  /** Edits of other documents the fix needs: another cell of the notebook (an import in the first cell). */
  elsewhere?: DocumentEdits[];
}

/**
 * Carried in `Diagnostic.data`: everything a code action needs, stamped with the document version
 * the fixes were computed for, so the server keeps no cache of fixes.
 */
export interface DiagnosticData {
  uri: string;
  version: number;
  fixes: LspFix[];
}
