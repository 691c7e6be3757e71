import type { Fix, RuleCode, Severity } from '../core/types';
import type { SourceText } from '../core/source';
import type { Settings } from '../core/settings';
import type { SyntaxNode } from '../parser/syntax';
import type { NodeKind } from '../parser/python-nodes.generated';
import type { SemanticModel } from '../semantic/model';
import type { RuleMessages } from '../l10n/messages';

/** A rule's documentation: the single source for hovers, `oomlint rule`, docs/rules and the README. */
export interface RuleDoc {
  whatItDoes: string;
  whyIsThisBad: string;
  /** Python code that the rule flags. */
  example: string;
  /** The same code written so the rule is satisfied. */
  useInstead: string;
  fixSafety: string;
  references: { title: string; url: string }[];
}

export interface RuleMeta {
  code: RuleCode;
  /** kebab-case name of the problem. */
  name: string;
  /** One line, for tables and completion lists. */
  summary: string;
  defaultSeverity: Severity;
  fixable: 'always' | 'sometimes' | 'never';
  /**
   * Set for a rule whose precision on real code is below 95%: it runs only when `select` names its
   * code or `severity` sets its level, and its page says so.
   */
  offByDefault?: true;
  /** Why the rule is off by default, when the reason is not precision below 95% (its page says it). */
  offByDefaultBecause?: string;
  doc: RuleDoc;
}

export interface Report {
  node?: SyntaxNode;
  start?: number;
  end?: number;
  message: string;
  fixes?: Fix[];
}

export interface RuleContext {
  readonly model: SemanticModel;
  readonly source: SourceText;
  readonly settings: Settings;
  /** Messages and fix titles in the language of the run. */
  readonly messages: RuleMessages;
  report(report: Report): void;
}

export interface Rule {
  readonly meta: RuleMeta;
  /** Node kinds this rule wants to see; the shared walk hands them over in document order. */
  readonly kinds: readonly NodeKind[];
  /**
   * Which nodes of `kinds` (other than the module) can lead to a report at all, told from the node's
   * own subtree and text alone: the others are never visited. A top-level statement's selected nodes
   * are kept with it (see StatementFact), so after an edit only the edited statement is read again.
   * The harness checks for every rule that visiting all nodes finds nothing more.
   */
  readonly select?: (node: SyntaxNode, text: string) => boolean;
  visit(node: SyntaxNode, ctx: RuleContext): void;
}
