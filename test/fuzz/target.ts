// What every fuzz target provides: one case from a generator, checked; a failure says what broke.
import type { Random } from './random';

export interface FuzzFailure {
  /** A short kind for the summary: crash, hang, range, not-converged, broke-parse, ... */
  kind: string;
  detail: string;
  /** The input that failed, written to the failures folder for replay. */
  input: string;
}

export interface FuzzTarget {
  name: string;
  /** Loads what the target needs (the analyzer, the seed files). */
  prepare(): Promise<void>;
  /** Runs one generated case (case `caseNumber` of the run); returns the failures it found (none when all checks hold). */
  run(random: Random, caseNumber: number): FuzzFailure[] | Promise<FuzzFailure[]>;
  /** Releases what `prepare` started (a server process). */
  dispose?(): void;
  /** Lines worth printing after the run (what was measured). */
  readonly measurements?: readonly string[];
}
