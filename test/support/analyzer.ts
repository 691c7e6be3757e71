import { Analyzer } from '../../server/src/analysis/analyzer';
import { GRAMMAR_DIR } from './paths';

let shared: Promise<Analyzer> | undefined;

/** One analyzer for the whole test process (the WebAssembly runtime is process-wide). */
export function sharedAnalyzer(): Promise<Analyzer> {
  shared ??= Analyzer.create({ grammarDir: GRAMMAR_DIR });
  return shared;
}
