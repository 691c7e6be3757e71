// The analysis speaks in offsets (UTF-16 code units, the unit of JavaScript strings, tree-sitter
// and LSP). Entry points convert to whatever their consumer needs.

export type RuleCode = `OOM${number}`;

export type Severity = 'error' | 'warning' | 'information' | 'hint';

/** How sure a fix is to keep the program's behaviour (ruff's terms). */
export type Applicability = 'safe' | 'unsafe' | 'display-only';

export interface TextEdit {
  start: number;
  end: number;
  newText: string;
}

export interface Fix {
  /** Names the fix, e.g. "Wrap the evaluation loop in `with torch.no_grad():`". */
  title: string;
  applicability: Applicability;
  /** Sorted by start and non-overlapping. */
  edits: TextEdit[];
}

export interface Diagnostic {
  code: RuleCode;
  /** Names the problem in one sentence. */
  message: string;
  start: number;
  end: number;
  severity: Severity;
  /** The first fix is the preferred one; safe fixes come first. */
  fixes: Fix[];
  /**
   * 0-based line where a `# noqa` comment suppresses this diagnostic: its first line, or where the
   * multi-line string or backslash-continued line it starts in ends (ruff's mapping).
   */
  noqaLine: number;
}

export type { ConfigProblem, ConfigProblemDetail } from './config-problem';
