// Where the code evaluates a model rather than trains it: evaluation functions, loops over
// validation/test loaders, and the statements after `model.eval()`.
import type { EvalReason } from '../core/message-parts';
import { field, is, walk, type SyntaxNode } from '../parser/syntax';
import { dottedName, methodCall, nodeText, words } from './names';
import { enclosingFunction, enclosingLoops, followingStatements, functionName, statementOf, within } from './scopes';
import { sameItems } from './group-by';

/** `statement`: statements whose forwards' outputs never reach a backward pass, in code that trains. */
export type EvalRegionKind = 'function' | 'loop' | 'after-eval' | 'statement';

export interface EvalRegion {
  kind: EvalRegionKind;
  /** The function, the loop, or the first statement after `model.eval()`. */
  node: SyntaxNode;
  /** For `after-eval`: the statements after `model.eval()` up to `model.train()`. */
  statements: SyntaxNode[];
  /** Why this counts as evaluation, for messages. */
  reason: EvalReason;
}

/** The same region for the same reason (a region worked out again for an unchanged loop is equal to the last). */
export function sameEvalRegion(a: EvalRegion | null, b: EvalRegion | null): boolean {
  if (a === null || b === null) return a === b;
  return a.kind === b.kind && a.node === b.node && sameItems(a.statements, b.statements) && JSON.stringify(a.reason) === JSON.stringify(b.reason);
}

const EVAL_WORDS = new Set(['val', 'valid', 'validation', 'validate', 'test', 'testing', 'eval', 'evaluation', 'dev', 'holdout']);
const EVAL_PREFIXES = ['val', 'valid', 'test', 'eval'];
const LOADER_SUFFIXES = ['loader', 'dataloader', 'dl', 'set', 'data', 'dataset', 'ds', 'iter', 'batches', 'gen'];

/** `val_loader`, `testloader`, `loaders['valid']`, `self.eval_dl`. */
export function looksLikeEvalData(name: string): boolean {
  return words(name).some(
    (w) => EVAL_WORDS.has(w) || EVAL_PREFIXES.some((p) => w.startsWith(p) && LOADER_SUFFIXES.includes(w.slice(p.length))),
  );
}

// Decoding helpers too: `translate`, `greedy_decode`, `greedy_decoder`, `beam_search` run a trained
// model token by token and keep only the chosen indices.
const EVAL_FUNCTION = /^(eval|evaluate|evaluation|valid|validate|validation|val|test|predict|infer|inference)(_|$)|^(eval|valid|test|predict|infer)[a-z]*$|^(generate|sample)$|^(fast_|greedy_|beam_)?(sample|generate)_(sequence|sequences|text|texts|images?|samples?|tokens?|sentences?|captions?)$|^(greedy|beam|sampling)_?(decode|decoder|decoding|search)$|^translate(_(sentence|sentences|text|texts|batch))?$/i;

export function isEvalFunctionName(name: string, extra: readonly string[]): boolean {
  // Private helpers too (`_eval_step`, `__evaluate`), but not private test helpers (`_test_model`).
  const bare = name.replace(/^_+/, '');
  if (EVAL_FUNCTION.test(bare === name || !/^test/i.test(bare) ? bare : name)) return true;
  return extra.some((e) => (e.endsWith('*') ? name.startsWith(e.slice(0, -1)) : name === e));
}

/** Finds the functions of this file that a call may run, by name. */
export type FunctionLookup = (name: string) => readonly SyntaxNode[];

export interface EvalContextDeps {
  text: string;
  evalFunctionNames: readonly string[];
  /** A test that a test runner runs (see SemanticModel.isTestFunction). */
  isTestFunction(fn: SyntaxNode): boolean;
  isModuleName(name: string): boolean;
  /**
   * True when the function's result is used for training: it returns a value with a graph and a
   * caller needs gradients, or it is a `sample`/`generate` that returns one (SAC's `policy.sample`).
   */
  feedsTraining(fn: SyntaxNode, name: string): boolean;
  /** The code (a function, a loop, a statement) or a helper of this file it calls needs gradients. */
  needsGradients(node: SyntaxNode): boolean;
  functionsNamed: FunctionLookup;
  /** `functionRegionOf` of a function, worked out once per version. */
  functionRegion(fn: SyntaxNode): EvalRegion | null;
  /** `loopRegionOf` of a loop, worked out once per version. */
  loopRegion(loop: SyntaxNode): EvalRegion | null;
  /** The `model.eval()` statements of the file by the block they stand in, gathered once per version (see `evalStatementsByBlock`). */
  evalStatementsByBlock(): ReadonlyMap<SyntaxNode, readonly SyntaxNode[]>;
  /** `statementsAfterEvalOf` of a `model.eval()` call, worked out once per version. */
  statementsAfterEval(call: SyntaxNode): readonly SyntaxNode[];
  /** `afterEvalRegionOf` of a `model.eval()` call, worked out once per version. */
  afterEvalRegion(call: SyntaxNode): EvalRegion | null;
}

/** `model.eval()` statements (the calls, in document order) by the block they stand in. */
export function evalStatementsByBlock(evalCalls: readonly SyntaxNode[]): Map<SyntaxNode, SyntaxNode[]> {
  const byBlock = new Map<SyntaxNode, SyntaxNode[]>();
  for (const call of evalCalls) {
    const statement = statementOf(call);
    if (!statement.parent || call.parent !== statement) continue;
    const list = byBlock.get(statement.parent);
    if (list) list.push(call);
    else byBlock.set(statement.parent, [call]);
  }
  return byBlock;
}

/** Evaluation regions in one version of the file (its answers are memoised by the database). */
export class EvalContextAnalysis {
  constructor(private readonly deps: EvalContextDeps) {}

  /** The evaluation region `node` runs in, preferring the widest that a single fix can guard. */
  regionOf(node: SyntaxNode): EvalRegion | null {
    const fn = enclosingFunction(node);
    if (fn) {
      // Unit tests check models; they are not evaluation runs to optimise.
      if (this.isPytestFunction(fn)) return null;
      const region = this.functionRegion(fn);
      if (region) return region;
    }
    for (const loop of enclosingLoops(node).reverse()) {
      const region = this.loopRegion(loop);
      if (region) return region;
    }
    return this.afterEvalRegion(node);
  }

  private functionRegion(fn: SyntaxNode): EvalRegion | null {
    return this.deps.functionRegion(fn);
  }

  /** A function named for evaluation that needs no gradients and feeds no training. */
  functionRegionOf(fn: SyntaxNode): EvalRegion | null {
    const name = functionName(fn, this.deps.text);
    if (isEvalFunctionName(name, this.deps.evalFunctionNames) && !this.deps.needsGradients(fn) && !this.deps.feedsTraining(fn, name)) {
      return { kind: 'function', node: fn, statements: [], reason: { kind: 'eval-function', name } };
    }
    return null;
  }

  private isPytestFunction(fn: SyntaxNode): boolean {
    return this.deps.isTestFunction(fn);
  }

  private loopRegion(loop: SyntaxNode): EvalRegion | null {
    return this.deps.loopRegion(loop);
  }

  /** A loop over data named for evaluation that needs no gradients. */
  loopRegionOf(loop: SyntaxNode): EvalRegion | null {
    let region: EvalRegion | null = null;
    if (is(loop, 'for_statement')) {
      const iterable = field(loop, 'right');
      const names: string[] = [];
      if (iterable) {
        walk(iterable, (n) => {
          if (n.type === 'keyword_argument') return false;
          const name = n.type === 'identifier' || n.type === 'attribute' ? dottedName(n, this.deps.text) : null;
          if (name) names.push(name);
          if (n.type === 'string' && n.parent?.type === 'subscript') names.push(nodeText(n, this.deps.text));
          return n.type !== 'attribute';
        });
      }
      const evalName = names.find(looksLikeEvalData);
      if (evalName && !this.deps.needsGradients(loop)) {
        region = { kind: 'loop', node: loop, statements: [], reason: { kind: 'eval-loop', over: evalName } };
      }
    }
    return region;
  }

  /** Statements after `model.eval()` in the same block, up to `model.train()`. */
  private afterEvalRegion(node: SyntaxNode): EvalRegion | null {
    const byBlock = this.deps.evalStatementsByBlock();
    if (!byBlock.size) return null;
    const candidates: SyntaxNode[] = [];
    for (let p = node.parent; p; p = p.parent) candidates.push(...(byBlock.get(p) ?? []));
    for (const call of candidates) {
      const statement = statementOf(call);
      const block = statement.parent!;
      if (!(within(node, block) && node.start >= statement.end)) continue;
      // A function defined after `model.eval()` does not run there: its body runs when it is called.
      if (enclosingFunction(node) !== enclosingFunction(call)) continue;
      if (!containing(this.deps.statementsAfterEval(call), node)) continue;
      return this.deps.afterEvalRegion(call);
    }
    return null;
  }

  /** The statements after a `model.eval()` call in its block, up to `model.train()`. */
  statementsAfterEvalOf(call: SyntaxNode): SyntaxNode[] {
    const statements: SyntaxNode[] = [];
    for (const next of followingStatements(statementOf(call))) {
      if (this.trainCallIn(next)) break;
      statements.push(next);
    }
    return statements;
  }

  /** The region of the statements after a `model.eval()` call, unless one of them needs gradients. */
  afterEvalRegionOf(call: SyntaxNode): EvalRegion | null {
    const statements = this.deps.statementsAfterEval(call);
    if (!statements.length || statements.some((s) => this.deps.needsGradients(s))) return null;
    const receiver = methodCall(call, this.deps.text)?.receiver;
    return { kind: 'after-eval', node: statements[0]!, statements: [...statements], reason: { kind: 'after-eval', receiver: receiver ? nodeText(receiver, this.deps.text) : 'model' } };
  }

  private trainCallIn(statement: SyntaxNode): boolean {
    if (statement.type !== 'expression_statement') return false;
    const call = statement.children.find((c) => c.named);
    return call !== undefined && is(call, 'call') && methodCall(call, this.deps.text)?.method === 'train';
  }
}

/** Whether one of `statements` (in document order, not overlapping) holds `node`: a binary search by position. */
function containing(statements: readonly SyntaxNode[], node: SyntaxNode): boolean {
  let low = 0;
  let high = statements.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const statement = statements[middle]!;
    if (node.start < statement.start) high = middle - 1;
    else if (node.start >= statement.end) low = middle + 1;
    else return within(node, statement);
  }
  return false;
}
