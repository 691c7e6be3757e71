// Parser plus analysis, for entry points that start from text (the CLI, tests, benchmarks).
import { PythonParser, type GrammarLocation } from '../parser/parser';
import { analyze, type AnalysisOptions } from './analyze';
import type { Diagnostic } from '../core/types';

export class Analyzer {
  private constructor(readonly parser: PythonParser) {}

  static async create(location: GrammarLocation): Promise<Analyzer> {
    return new Analyzer(await PythonParser.create(location));
  }

  analyzeText(text: string, options: AnalysisOptions = {}): Diagnostic[] {
    return analyze(this.parser.parseToSyntax(text), text, options);
  }

  dispose(): void {
    this.parser.delete();
  }
}
