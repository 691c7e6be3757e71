// The pure analysis: (syntax tree, text, settings) -> diagnostics with fixes. No I/O, no LSP.
import { hasSyntaxErrors } from '../parser/indentation';
import type { SyntaxNode } from '../parser/syntax';
import { ALL_RULES } from '../rules';
import type { Report, Rule, RuleContext } from '../rules/rule';
import { ModuleFact } from '../semantic/facts';
import { SemanticModel } from '../semantic/model';
import { isFileSuppressionComment, parseSuppression, suppresses, type Suppression } from '../core/noqa';
import { isRuleEnabled, resolveSettings, type Settings } from '../core/settings';
import { SourceText } from '../core/source';
import type { Diagnostic } from '../core/types';
import { messagesFor, type Locale } from '../l10n';
import type { RuleMessages } from '../l10n/messages';

export interface AnalysisOptions {
  settings?: Partial<Settings>;
  /** The file's path, when known: some heuristics read it (test modules, for instance). */
  path?: string;
  /** Names imported by code that runs first (a notebook's earlier cells): local -> qualified name. */
  earlierImports?: ReadonlyMap<string, string>;
  /** The language of messages and fix titles; English by default. */
  locale?: Locale;
  /** Messages to use instead of the locale's catalogue (tests). */
  messages?: RuleMessages;
  /** Rules to run instead of the built-in set (tests). */
  rules?: readonly Rule[];
}

export function analyze(root: SyntaxNode, text: string, options: AnalysisOptions = {}): Diagnostic[] {
  const settings = resolveSettings(options.settings);
  const source = new SourceText(text);
  const model = new SemanticModel(root, source, settings, options.path, options.earlierImports);

  const suppressions = new Map<number, Suppression>();
  for (const comment of model.nodesOfKind('comment')) {
    const commentText = text.slice(comment.start, comment.end);
    if (isFileSuppressionComment(commentText)) return [];
    const suppression = parseSuppression(commentText);
    if (suppression) suppressions.set(comment.row, suppression);
  }

  // Tree-sitter accepts some indentation Python refuses; that counts as recovering too.
  // Worked out once, when the first finding with a fix comes: most files have none.
  let clean: boolean | undefined;
  const parsedCleanly = () => (clean ??= !hasSyntaxErrors(root, text));
  const messages = options.messages ?? messagesFor(options.locale);
  const rules = (options.rules ?? ALL_RULES).filter((r) => isRuleEnabled(r.meta.code, settings, r.meta.offByDefault));
  const diagnostics: Diagnostic[] = [];
  for (const rule of rules) {
    const ctx: RuleContext = {
      model,
      source,
      settings,
      messages,
      report: (report: Report) => {
        const start = report.start ?? report.node?.start ?? 0;
        const end = report.end ?? report.node?.end ?? start;
        const line = source.lineOf(start);
        const noqaLine = noqaLineOf(model, line);
        if (suppresses(suppressions.get(line), rule.meta.code) || suppresses(suppressions.get(noqaLine), rule.meta.code)) return;
        const severity = settings.severity[rule.meta.code];
        diagnostics.push({
          code: rule.meta.code,
          message: report.message,
          start,
          end,
          severity: severity && severity !== 'off' ? severity : rule.meta.defaultSeverity,
          // As ruff does: no fix where the parser had to recover, since the tree may not be the code.
          fixes: report.fixes?.length && parsedCleanly() ? orderFixes(report.fixes) : [],
          noqaLine,
        });
      },
    };
    for (const kind of rule.kinds) {
      for (const node of model.nodesOfKind(kind)) rule.visit(node, ctx);
    }
  }
  return diagnostics.sort((a, b) => a.start - b.start || a.code.localeCompare(b.code));
}

/**
 * Where a suppression comment for `line` goes: a line inside a multi-line string cannot hold a
 * comment, nor can a line that continues with a backslash, so the comment belongs where they end.
 */
function noqaLineOf(model: SemanticModel, line: number): number {
  let target = line;
  for (const s of multiLineStrings(model)) {
    if (s.row > target) break;
    if (s.endRow > target) target = s.endRow;
  }
  while (target + 1 < model.source.lineCount && /\\\s*$/.test(model.source.lineText(target))) target++;
  return target === line ? line : noqaLineOf(model, target);
}

/** The file's strings that span several lines, in document order (most files have a few docstrings). */
const MULTI_LINE_STRINGS = new ModuleFact('multi-line strings', (model: SemanticModel) => model.nodesOfKind('string').filter((s) => s.endRow > s.row));

function multiLineStrings(model: SemanticModel): readonly SyntaxNode[] {
  return model.facts.module(MULTI_LINE_STRINGS);
}

/** Safe fixes first, so the first fix is the preferred one; edits sorted. */
function orderFixes(fixes: Diagnostic['fixes']): Diagnostic['fixes'] {
  const rank = { safe: 0, unsafe: 1, 'display-only': 2 } as const;
  return [...fixes]
    .sort((a, b) => rank[a.applicability] - rank[b.applicability])
    .map((f) => ({ ...f, edits: [...f.edits].sort((a, b) => a.start - b.start) }));
}
