// The pure analysis: (syntax tree, text, settings) -> diagnostics with fixes. No I/O, no LSP.
import { hasSyntaxErrors } from '../parser/indentation';
import type { SyntaxNode } from '../parser/syntax';
import { unparenthesize } from '../semantic/names';
import { ALL_RULES } from '../rules';
import type { Report, Rule, RuleContext } from '../rules/rule';
import { joined } from '../semantic/group-by';
import { modelQuery, SemanticModel, StatementFact } from '../semantic/model';
import type { AnalysisSession } from './session';
import type { ProjectView } from '../semantic/project-facts';
import { OverBudget, type WorkBudget } from '../core/budget';
import { isFileSuppressionComment, parseSuppression, suppresses, type Suppression } from '../core/noqa';
import { isRuleEnabled, resolveSettings, type Settings } from '../core/settings';
import { SourceText } from '../core/source';
import type { Diagnostic, Fix, RuleCode } from '../core/types';
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
  /**
   * The session of an open document whose earlier versions were analysed with it: the answers they
   * worked out serve this version where nothing they read changed. Its tree's unchanged statements
   * must be the same nodes as in the last version's (the incremental conversion reuses them).
   */
  session?: AnalysisSession;
  /** The text's line table, where the caller holds one (an open document carries its own over edits). */
  source?: SourceText;
  /** What the rest of the file's project says about the names it imports from it; none by default. */
  project?: ProjectView;
  /**
   * The time the analysis may take: once it is exceeded, the analysis stops and throws OverBudget.
   * What it worked out until then stays valid for an open document's session.
   */
  budget?: WorkBudget;
}

export function analyze(root: SyntaxNode, text: string, options: AnalysisOptions = {}): Diagnostic[] {
  return drain(analysisSteps(root, text, options));
}

/**
 * `analyze` in steps: it pauses (yields) between rules, between the statements a rule visits one by
 * one, and, with `warm`, between the statements whose shared facts (forward calls and what becomes
 * of their outputs) it works out first, so that an editor can answer other requests in between. No
 * answer is being worked out at a pause, so the database is whole there; a run given up at a pause
 * (`return()`) leaves what it worked out valid for the session's next version.
 */
export function* analysisSteps(root: SyntaxNode, text: string, options: AnalysisOptions & { warm?: boolean } = {}): Generator<void, Diagnostic[]> {
  const run = new AnalysisRun(root, text, options);
  const { db } = run.model;
  const { budget } = options;
  // Armed only while a step runs, so that nothing checks this budget between steps.
  const arm = () => {
    if (budget) {
      db.checkpoint = () => {
        if (budget.exceeded()) throw new OverBudget({ kind: 'analysis-time', limitMs: budget.limitMs });
      };
    }
  };
  try {
    arm();
    // A file that suppresses every finding costs no rule's work.
    if (run.suppressesEverything()) return [];
    const steps = run.findingSteps(options.warm === true);
    for (let step = steps.next(); ; step = steps.next()) {
      if (step.done) return run.diagnostics(step.value);
      db.checkpoint = undefined;
      yield;
      arm();
    }
  } finally {
    db.checkpoint = undefined;
    // What a file analysed once learned goes now; an open document's session holds it for the next version.
    if (!options.session) db.release();
  }
}

/** Runs steps to their end without pausing. */
export function drain<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** What a rule reported, before suppression comments, severities and the file's syntax errors apply. */
export interface Finding {
  readonly code: RuleCode;
  readonly message: string;
  readonly start: number;
  readonly end: number;
  readonly fixes: readonly Fix[];
}

export class AnalysisRun {
  readonly settings: Settings;
  readonly source: SourceText;
  readonly model: SemanticModel;
  private readonly rules: readonly Rule[];
  private readonly messages: RuleMessages;

  constructor(
    readonly root: SyntaxNode,
    readonly text: string,
    options: AnalysisOptions = {},
  ) {
    this.settings = resolveSettings(options.settings);
    this.source = options.source?.text === text ? options.source : new SourceText(text);
    this.model = options.session
      ? options.session.modelOf(root, this.source, this.settings, options.path, options.earlierImports, options.project)
      : new SemanticModel(root, this.source, this.settings, options.path, options.earlierImports, undefined, options.project);
    this.messages = options.messages ?? messagesFor(options.locale);
    this.rules = (options.rules ?? ALL_RULES).filter((r) => isRuleEnabled(r.meta.code, this.settings, r.meta.offByDefault));
  }

  /** The rules' findings, in no particular order. */
  findings(): Finding[] {
    return drain(this.findingSteps(false));
  }

  /**
   * The rules' findings, pausing between rules and between the statements a rule visits; with `warm`,
   * the shared facts every rule reads are worked out first, a statement at a time.
   */
  *findingSteps(warm: boolean): Generator<void, Finding[]> {
    const { model, source, settings, messages } = this;
    if (warm) {
      for (const statement of model.root.children) {
        model.forwardCallsIn(statement);
        yield;
      }
      for (const call of model.forwardCalls) {
        model.forwardFlow.fateOf(call);
        yield;
      }
    }
    const found: Finding[] = [];
    // A file that can hold no PyTorch value has nothing these rules look for.
    if (model.holdsNoTorchValues) return found;
    for (const rule of this.rules) {
      const ctx: RuleContext = {
        model,
        source,
        settings,
        messages,
        report: (report: Report) => {
          const start = report.start ?? report.node?.start ?? 0;
          const end = report.end ?? report.node?.end ?? start;
          found.push({ code: rule.meta.code, message: report.message, start, end, fixes: report.fixes ?? [] });
        },
      };
      for (const [index, kind] of rule.kinds.entries()) {
        if (kind === 'module') {
          rule.visit(model.root, ctx);
          yield;
          continue;
        }
        // Statement by statement, in document order.
        const statements = model.root.children;
        const selected = rule.select ? selectedFact(rule).ofEach(model) : null;
        for (let i = 0; i < statements.length; i++) {
          const nodes = selected ? selected[i]![index]! : model.nodesOfKindIn(statements[i]!, kind);
          for (const node of nodes) rule.visit(node, ctx);
          yield;
        }
      }
    }
    return found;
  }

  private fileSuppressed: boolean | undefined;

  /** The file holds a comment that suppresses every finding in it. */
  suppressesEverything(): boolean {
    this.fileSuppressed ??= SUPPRESSIONS_IN_STATEMENT.ofEach(this.model).some((s) => s.file) || hasFileSuppressionLine(this.model);
    return this.fileSuppressed;
  }

  /** The file's diagnostics from the rules' findings. */
  diagnostics(findings: readonly Finding[]): Diagnostic[] {
    const { model, text, settings, root } = this;
    if (this.suppressesEverything()) return [];
    const suppressions = new Map<number, Suppression>();
    for (const statement of SUPPRESSIONS_IN_STATEMENT.ofEach(model)) for (const [comment, suppression] of statement.lines) suppressions.set(comment.row, suppression);
    // Tree-sitter accepts some indentation Python refuses; that counts as recovering too.
    // Worked out once, when the first finding with a fix comes: most files have none.
    let clean: boolean | undefined;
    const parsedCleanly = () => (clean ??= !hasSyntaxErrors(root, text));
    const diagnostics: Diagnostic[] = [];
    const neverRun = NEVER_RUN_IN_STATEMENT.ofEach(model).flat();
    for (const finding of findings) {
      // Code under `if False:` costs nothing: what it would do is not reported.
      if (neverRun.length && neverRun.some((block) => block.start <= finding.start && finding.start < block.end)) continue;
      const line = this.source.lineOf(finding.start);
      const noqaLine = noqaLineOf(model, line);
      if (suppresses(suppressions.get(line), finding.code) || suppresses(suppressions.get(noqaLine), finding.code)) continue;
      const severity = settings.severity[finding.code];
      const defaultSeverity = this.rules.find((r) => r.meta.code === finding.code)?.meta.defaultSeverity ?? 'warning';
      diagnostics.push({
        code: finding.code,
        message: finding.message,
        start: finding.start,
        end: finding.end,
        severity: severity && severity !== 'off' ? severity : defaultSeverity,
        // As ruff does: no fix where the parser had to recover, since the tree may not be the code.
        fixes: finding.fixes.length && parsedCleanly() ? orderFixes(finding.fixes) : [],
        noqaLine,
      });
    }
    return diagnostics.sort((a, b) => a.start - b.start || a.code.localeCompare(b.code) || a.end - b.end || a.message.localeCompare(b.message));
  }
}

/** A statement without suppression comments (most of them): one answer shared by all. */
const NO_SUPPRESSIONS: { readonly lines: readonly [SyntaxNode, Suppression][]; readonly file: boolean } = { lines: [], file: false };

/**
 * A top-level statement's suppression comments: those that suppress findings on their line (the row
 * is read from the comment node, which moves with the statement), and whether one suppresses the file.
 */
const SUPPRESSIONS_IN_STATEMENT = new StatementFact('suppression comments', (model, statement) => {
  const comments = model.nodesOfKindIn(statement, 'comment');
  if (!comments.length) return NO_SUPPRESSIONS;
  const lines: [SyntaxNode, Suppression][] = [];
  let file = false;
  for (const comment of comments) {
    const commentText = model.text.slice(comment.start, comment.end);
    if (isFileSuppressionComment(commentText)) file = true;
    const suppression = parseSuppression(commentText);
    if (suppression) lines.push([comment, suppression]);
  }
  return { lines, file };
});

/** Literals whose truth a condition of their own decides: `if False:` and `if 0:` never run their block. */
const FALSE_LITERALS = new Set(['False', 'None', '0']);
const TRUE_LITERALS = new Set(['True', '1']);

/**
 * The truth of a condition the program fixes, else null: a literal (`if False:`), a module-level
 * name bound once, to such a literal, and never again in any scope of the file (`load = False`, then
 * `if load:` in a function), and `not` of either.
 */
function constantTruth(model: SemanticModel, condition: SyntaxNode | undefined): boolean | null {
  if (!condition) return null;
  const expr = unparenthesize(condition);
  if (expr.type === 'not_operator') {
    const truth = constantTruth(model, expr.children.find((c) => c.fieldName === 'argument'));
    return truth === null ? null : !truth;
  }
  const source = model.text.slice(expr.start, expr.end);
  if (FALSE_LITERALS.has(source)) return false;
  if (TRUE_LITERALS.has(source)) return true;
  if (expr.type !== 'identifier') return null;
  const defs = model.definitions.allDefinitionsOf(source);
  const only = defs.length === 1 ? defs[0]! : null;
  if (only?.kind !== 'assign' || only.unpackIndex >= 0 || !only.value || !atModuleLevel(only.node)) return null;
  const value = model.text.slice(only.value.start, only.value.end);
  return FALSE_LITERALS.has(value) ? false : TRUE_LITERALS.has(value) ? true : null;
}

/** `node` runs in the module's own scope: in no function or class body. */
function atModuleLevel(node: SyntaxNode): boolean {
  for (let n = node.parent; n; n = n.parent) if (n.type === 'function_definition' || n.type === 'class_definition' || n.type === 'lambda') return false;
  return true;
}

/**
 * A top-level statement's blocks that never run: the block of an `if`, `elif` or `while` whose
 * condition is constantly false (see constantTruth), and the `elif` and `else` blocks after a true one.
 */
const NEVER_RUN_IN_STATEMENT = new StatementFact('blocks that never run', (model, statement): readonly SyntaxNode[] => {
  const out: SyntaxNode[] = [];
  for (const loop of model.nodesOfKindIn(statement, 'while_statement')) {
    const body = loop.children.find((c) => c.fieldName === 'body');
    if (body && constantTruth(model, loop.children.find((c) => c.fieldName === 'condition')) === false) out.push(body);
  }
  for (const branch of model.nodesOfKindIn(statement, 'if_statement')) {
    let decided = constantTruth(model, branch.children.find((c) => c.fieldName === 'condition'));
    const consequence = branch.children.find((c) => c.fieldName === 'consequence');
    if (decided === false && consequence) out.push(consequence);
    for (const clause of branch.children) {
      if (clause.type !== 'elif_clause' && clause.type !== 'else_clause') continue;
      const block = clause.children.find((c) => c.fieldName === (clause.type === 'elif_clause' ? 'consequence' : 'body'));
      if (decided === true) {
        out.push(clause);
        continue;
      }
      if (clause.type === 'elif_clause') {
        const truth = constantTruth(model, clause.children.find((c) => c.fieldName === 'condition'));
        if (truth === false && block) out.push(block);
        if (truth === true) decided = true;
      }
    }
  }
  return out;
});

/** Where the text mentions oomlint: the lines that may suppress the file. */
const OOMLINT_WORD = /oomlint/gi;

/**
 * Whether a line of its own, outside any string, holds a file suppression (`# oomlint: noqa`). The
 * parser leaves comment lines out of the tree (see `parserText`), so they are read from the text,
 * where each mention of oomlint is one search away.
 */
function hasFileSuppressionLine(model: SemanticModel): boolean {
  const { text, source } = model;
  OOMLINT_WORD.lastIndex = 0;
  for (let found = OOMLINT_WORD.exec(text); found; found = OOMLINT_WORD.exec(text)) {
    const line = source.lineOf(found.index);
    const lineText = source.lineText(line);
    if (lineText.trimStart().startsWith('#') && isFileSuppressionComment(lineText) && !insideString(multiLineStrings(model), line)) return true;
    if (line + 1 >= source.lineCount) break;
    OOMLINT_WORD.lastIndex = source.lineStart(line + 1);
  }
  return false;
}

/** Whether `line` is inside one of `strings` (in document order) after the line it starts on. */
function insideString(strings: readonly SyntaxNode[], line: number): boolean {
  let low = 0;
  let high = strings.length - 1;
  // The last string that starts on an earlier line.
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (strings[middle]!.row < line) low = middle + 1;
    else high = middle - 1;
  }
  return high >= 0 && strings[high]!.endRow >= line;
}

/** Per rule with `select`, the fact declared for it: the nodes of each of its kinds in a top-level statement that `select` takes. */
const SELECTED = new WeakMap<Rule, StatementFact<readonly (readonly SyntaxNode[])[]>>();

function selectedFact(rule: Rule): StatementFact<readonly (readonly SyntaxNode[])[]> {
  let fact = SELECTED.get(rule);
  if (!fact) {
    const select = rule.select!;
    // Most statements hold no candidate of a rule: they share one answer.
    const none: readonly (readonly SyntaxNode[])[] = rule.kinds.map(() => []);
    fact = new StatementFact<readonly (readonly SyntaxNode[])[]>(`${rule.meta.code} candidates`, (m, s) => {
      const found = rule.kinds.map((kind) => (kind === 'module' ? [] : m.nodesOfKindIn(s, kind).filter((node) => select(node, m.text))));
      return found.some((nodes) => nodes.length) ? found : none;
    });
    SELECTED.set(rule, fact);
  }
  return fact;
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

/** A top-level statement's strings that span several lines, in document order. */
const MULTI_LINE_STRINGS_IN_STATEMENT = new StatementFact('multi-line strings', (model, statement) => model.nodesOfKindIn(statement, 'string').filter((s) => s.endRow > s.row));

/** The file's strings that span several lines, in document order (most files have a few docstrings). */
const MULTI_LINE_STRINGS = modelQuery('multi-line strings', (model, _: void) => joined(MULTI_LINE_STRINGS_IN_STATEMENT.ofEach(model)));

function multiLineStrings(model: SemanticModel): readonly SyntaxNode[] {
  return MULTI_LINE_STRINGS.of(model);
}

/** Safe fixes first, so the first fix is the preferred one; edits sorted. */
function orderFixes(fixes: readonly Fix[]): Fix[] {
  const rank = { safe: 0, unsafe: 1, 'display-only': 2 } as const;
  return [...fixes]
    .sort((a, b) => rank[a.applicability] - rank[b.applicability])
    .map((f) => ({ ...f, edits: [...f.edits].sort((a, b) => a.start - b.start) }));
}
