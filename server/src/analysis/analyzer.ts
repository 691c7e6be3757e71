// Parser plus analysis, for entry points that start from text (the CLI, tests, benchmarks).
import { ParseAbandoned, PythonParser, type GrammarLocation } from '../parser/parser';
import type { SyntaxNode } from '../parser/syntax';
import { analyze, type AnalysisOptions } from './analyze';
import { ANALYSIS_BUDGET_MS, checkLines, checkNodes, OverBudget, processorTimeMs } from '../core/budget';
import type { Diagnostic } from '../core/types';

export class Analyzer {
  private constructor(readonly parser: PythonParser) {}

  static async create(location: GrammarLocation): Promise<Analyzer> {
    return new Analyzer(await PythonParser.create(location));
  }

  /**
   * Parses and analyses `text` within the work a file may cost (see core/budget.ts): throws OverBudget
   * for a file with too many lines or syntax nodes, or whose parse and analysis take too long.
   */
  analyzeText(text: string, options: AnalysisOptions = {}): Diagnostic[] {
    const until = processorTimeMs() + ANALYSIS_BUDGET_MS;
    return analyze(this.parseWithinBudget(text), text, { budget: { until, limitMs: ANALYSIS_BUDGET_MS }, ...options });
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
