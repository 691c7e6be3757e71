// What can be wrong with a configuration file, as data: the configuration reader names the problem
// and the values involved, and each language says it (l10n's `configProblem`), as rules do.

/** The keys of `[tool.oomlint]` whose values are patterns. */
export type PatternListKey = 'exclude' | 'extend-include' | 'per-file-ignores';

export type ConfigProblemDetail =
  /** `reason` is the TOML parser's own words (English). */
  | { kind: 'invalid-toml'; reason: string; column: number }
  | { kind: 'unreadable'; reason: string }
  | { kind: 'not-found' }
  | { kind: 'section-not-table'; section: string }
  /** `suggestion`: the known key it most likely means; `known`: every key, for when there is none. */
  | { kind: 'unknown-key'; key: string; suggestion: string | null; known: readonly string[] }
  /** `value`: the value as written in the file, shortened. */
  | { kind: 'not-string-list'; key: string; value: string }
  | { kind: 'not-selector'; key: string; entry: string }
  | { kind: 'not-positive-integer'; key: string; value: string }
  | { kind: 'not-size'; key: string; value: string }
  | { kind: 'not-table'; key: 'per-file-ignores' | 'severity'; value: string }
  | { kind: 'not-rule-code'; code: string }
  | { kind: 'bad-severity'; code: string; value: string; levels: readonly string[] }
  | { kind: 'pattern-too-long'; key: PatternListKey; length: number; limit: number }
  | { kind: 'patterns-too-long'; key: PatternListKey; limit: number }
  /** A repository's own file asked for a larger safety limit than the default, which it may not raise. */
  | { kind: 'limit-not-raised'; key: 'max-file-size'; value: string; limit: string }
  /** A `.gitignore` whose lines with wildcards exceed what is matched; `count` lines from the problem's line on are not applied. */
  | { kind: 'gitignore-wildcards-too-long'; limit: number; count: number }
  /** More problems than are worth listing one by one. */
  | { kind: 'more-problems'; count: number };

export interface ConfigProblem {
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based, where the problem starts within the line (the key or value it is about), when known. */
  column?: number;
  /** Where it ends (1-based line; 1-based column just past it), when known. */
  endLine?: number;
  endColumn?: number;
  detail: ConfigProblemDetail;
  /** 'warning': the file is used, with this noted; the check's exit status does not change. Errors otherwise. */
  severity?: 'warning';
  /** Text that fixes the problem when it replaces `column`..`endColumn` (a misspelt key's likely spelling). */
  replacement?: string;
}
