// Parser plus analysis, for entry points that start from text (the CLI, tests, benchmarks).
import { ParseAbandoned, PythonParser, type GrammarLocation } from '../parser/parser';
import type { SyntaxNode } from '../parser/syntax';
import { analyze, type AnalysisOptions } from './analyze';
import { ANALYSIS_BUDGET_MS, checkLines, checkNodes, countLines, OverBudget, ProcessorTimeBudget } from '../core/budget';
import type { Diagnostic } from '../core/types';

/** Lines of parsed files an analyzer keeps from a first look for the analysis (about 1.5 KB of heap each). */
const MAX_KEPT_LINES = 50_000;

export class Analyzer {
  /** Trees parsed for a first look at a file (its summary), by path, until the file's analysis takes them. */
  private readonly kept = new Map<string, { readonly text: string; readonly root: SyntaxNode; readonly lines: number }>();
  private keptLines = 0;

  private constructor(readonly parser: PythonParser) {}

  static async create(location: GrammarLocation): Promise<Analyzer> {
    return new Analyzer(await PythonParser.create(location));
  }

  /**
   * Parses and analyses `text` within the work a file may cost (see core/budget.ts): throws OverBudget
   * for a file with too many lines or syntax nodes, or whose parse and analysis take too long.
   */
  analyzeText(text: string, options: AnalysisOptions = {}): Diagnostic[] {
    const budget = new ProcessorTimeBudget(ANALYSIS_BUDGET_MS);
    const root = (options.path !== undefined ? this.takeKept(options.path, text) : undefined) ?? this.parseWithinBudget(text);
    return analyze(root, text, { budget, ...options });
  }

  /**
   * The tree of the file at `path` for a first look (its summary), within the limits of parseWithinBudget.
   * With `keep`, it is kept while there is room, so that the file's analysis does not parse it again.
   */
  parseForFirstLook(text: string, path: string, keep: boolean): SyntaxNode {
    const root = this.parseWithinBudget(text);
    const lines = countLines(text);
    if (keep && !this.kept.has(path) && this.keptLines + lines <= MAX_KEPT_LINES) {
      this.kept.set(path, { text, root, lines });
      this.keptLines += lines;
    }
    return root;
  }

  /** Drops the trees kept for analyses that did not come. */
  forgetKept(): void {
    this.kept.clear();
    this.keptLines = 0;
  }

  private takeKept(path: string, text: string): SyntaxNode | undefined {
    const kept = this.kept.get(path);
    if (!kept) return undefined;
    this.kept.delete(path);
    this.keptLines -= kept.lines;
    return kept.text === text ? kept.root : undefined;
  }

  /** The syntax tree of `text`, unless the text goes over a limit of the analysis (see analyzeText). */
  parseWithinBudget(text: string): SyntaxNode {
    checkLines(text);
    let tree;
    try {
      tree = this.parser.parse(text);
    } catch (error) {
      if (error instanceof ParseAbandoned) throw new OverBudget({ kind: 'parse-time', limitMs: error.limitMs });
      throw error;
    }
    try {
      checkNodes(tree.rootNode.descendantCount);
      return this.parser.toSyntax(tree, text);
    } finally {
      tree.delete();
    }
  }

  dispose(): void {
    this.parser.delete();
  }
}
