// The functions' grad modes an open document keeps from one version to the next. A function's mode
// comes from its decorators, or else from its callers: the code around each call and, up the chain,
// the modes of the functions the calls are made in (see GradModeAnalysis). After an edit that only
// rewrote function or class definitions, a mode worked out without a cut in a cycle of calls (one that
// is tainted depends on where the cycle was entered) still holds unless the edit could reach it down a
// chain of calls:
// - the names the replaced and new statements call, use as values or define functions under, and the
//   functions decorated with one of those names, may change;
// - so may every function that a changed function calls, and so on down the calls.
// Other code an edit touched (module-level code, half-typed code recovered as an error) reaches modes
// the same way, and keeps nothing where it may reach them otherwise too: an import, a name bound with
// `global`, a `set_grad_enabled` switch at module level, or a module-level name where some context
// manager outside a function is a bare name (see GradModeReads).
import type { SyntaxNode } from '../parser/syntax';
import { forEachStatementChange, type StatementValues } from './facts';
import type { FunctionModes, GradMode } from './grad-mode';
import { nodesIn } from './subtree';

/** What a top-level statement says about grad modes elsewhere in the file (see `carriedGradModes`). */
export interface GradModeReads {
  /** A function or class definition that binds no name outside itself (no `global` or `nonlocal`). */
  definitionOnly: boolean;
  /** It holds a `global` or `nonlocal` statement. */
  bindsOutside: boolean;
  /** It is itself a `torch.set_grad_enabled(...)` or `enter_context(...)` statement, which sets the mode of the statements after it. */
  switches: boolean;
  /** A context manager outside its functions is a bare name, whose mode a module-level assignment anywhere gives. */
  readsModuleNames: boolean;
  /** The name it binds at the top level of the file ('' when it is no definition). */
  bound: string;
  /** The callee names of its calls, plain (`f(...)`) and methods (`x.f(...)`). */
  callees: readonly string[];
  /** The names and attributes it uses other than as a callee. */
  values: readonly string[];
  /** The names of the functions and methods it defines, at any depth. */
  functions: readonly string[];
  /** The names its decorators call or are (`@name`, `@name(...)`). */
  decorators: readonly string[];
}

export interface GradModeCarry {
  /** The modes of the version the statements `before` belong to, with those that depend on a cut. */
  modes: FunctionModes;
  before: StatementValues<GradModeReads>;
  /** The top-level statements of this version. */
  now: StatementValues<GradModeReads>;
  /** The callee names of the calls in a function's subtree (see GradModeReads' `callees`). */
  calleesOf(fn: SyntaxNode): readonly string[];
  /** This version's functions (and methods) named `name`. */
  functionsNamed(name: string): readonly SyntaxNode[];
}

/**
 * The modes of `carry.modes` that still hold in this version, in a new map; undefined when the edit
 * keeps none. A mode worked out without a cut depends only on the function's definition, its callers,
 * the code around each call and the modes of the functions the calls are made in, and so on up the
 * callers, never on the order questions came in.
 */
export function carriedGradModes({ modes, before, now, calleesOf, functionsNamed }: GradModeCarry): Map<SyntaxNode, GradMode> | undefined {
  const removed: GradModeReads[] = [];
  const added: GradModeReads[] = [];
  const removedStatements: SyntaxNode[] = [];
  forEachStatementChange(before, now, (statement, reads) => {
    removed.push(reads);
    removedStatements.push(statement);
  }, (_, reads) => added.push(reads));
  const changed = [...removed, ...added];
  if (changed.every((reads) => reads.definitionOnly)) {
    const bound = (list: GradModeReads[]) => list.map((reads) => reads.bound).sort().join('\n');
    if (bound(removed) !== bound(added)) return undefined;
  } else if (changed.some((reads) => reads.bindsOutside || reads.switches) || now.values.some((reads) => reads.readsModuleNames)) {
    // Other code (module-level code, half-typed code the parser could only recover as an error) may
    // reach modes elsewhere through its calls and the functions it defines, as a definition does,
    // and besides: as a switch, through the statements after it; through `global`; through the
    // names it binds at module level, where some manager elsewhere is such a name.
    return undefined;
  }
  const touched = new Set<string>();
  for (const reads of changed) for (const name of [...reads.callees, ...reads.values, ...reads.functions, reads.bound]) touched.add(name);
  // Down the calls from every function of a touched name, and from those decorated with one. A
  // function's mode is the mode its body's calls are made in (and those of the functions nested in it,
  // whose calls it makes): the calls of the rest of its top-level statement (the other methods of its
  // class) are made in modes of their own.
  const reached = new Set<string>();
  // This version's functions of the names reached.
  const reachedFunctions = new Set<SyntaxNode>();
  const queue = [...touched];
  for (const reads of now.values) if (reads.decorators.some((name) => touched.has(name))) queue.push(...reads.functions);
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    if (reached.has(name)) continue;
    reached.add(name);
    for (const fn of functionsNamed(name)) {
      reachedFunctions.add(fn);
      queue.push(...calleesOf(fn));
    }
  }
  // The modes are those of the last version's functions: a function whose statement the edit did not
  // replace is one of this version's, among the functions of its name. (The functions of the replaced
  // statements are found down from them, rather than every function up to its statement.)
  const left = new Set<SyntaxNode>(reachedFunctions);
  for (const statement of removedStatements) for (const fn of nodesIn(statement, ['function_definition'])) left.add(fn);
  const carried = new Map<SyntaxNode, GradMode>();
  for (const [fn, mode] of modes.modes) if (!left.has(fn) && !modes.tainted.has(fn)) carried.set(fn, mode);
  return carried;
}
