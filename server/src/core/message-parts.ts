// What the analysis tells messages about a finding, as data that every language's catalogue words in
// its own way: where a value came from, what a DataLoader is called, why code counts as evaluation.

/** Where a resolved value came from. */
export type ValueOrigin =
  | { kind: 'literal' }
  | { kind: 'expression' }
  | { kind: 'argparse'; option: string }
  /** A name, attribute or subscript: `BATCH_SIZE`, `CFG.batch_size`, `cfg['bs']`. */
  | { kind: 'name'; name: string }
  | { kind: 'parameter-default'; parameter: string }
  | { kind: 'every-call'; parameter: string };

/** What a DataLoader is called where it is made. */
export interface LoaderName {
  text: string;
  kind: 'variable' | 'key' | 'keyword' | 'returned';
}

/** Why code counts as evaluation. */
export type EvalReason =
  | { kind: 'eval-function'; name: string }
  | { kind: 'eval-loop'; over: string }
  | { kind: 'after-eval'; receiver: string }
  | { kind: 'unused-function'; name: string }
  /** `beside`: the function that holds it runs a backward pass of its own that does not use it (or only a detached copy). */
  | { kind: 'unused-output'; beside?: string }
  /** A call of the function (`fn(..., flag=value)`) that skips every training step in it. */
  | { kind: 'training-off'; fn: string; flag: string; value: string }
  /** A call of the function that runs with gradients on, where its other calls turn them off. */
  | { kind: 'unguarded-call'; fn: string };
