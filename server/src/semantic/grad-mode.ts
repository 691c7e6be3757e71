// Whether autograd records operations at a given point of the file.
import { is, walk, type SyntaxNode } from '../parser/syntax';
import type { Imports } from './imports';
import { callArguments, callee, dottedName, literalBool, methodCall, nodeText, unparenthesize } from './names';
import { classOfMethod, decoratorExpression, decoratorsOf, functionName } from './scopes';
import { groupBy } from './group-by';
import type { ExternalCall, SymbolFacts } from './project-facts';

/**
 * `enabled`: the default, nothing turns grad off. `explicit`: `torch.enable_grad()` or
 * `set_grad_enabled(True)` asks for gradients on purpose. `disabled`: no_grad, inference_mode,
 * set_grad_enabled(False). `conditional`: depends on a runtime value (`set_grad_enabled(is_train)`).
 */
export type GradMode = 'enabled' | 'explicit' | 'disabled' | 'conditional';

/** Hooks that PyTorch Lightning already runs under `torch.no_grad()`. */
/** Hooks that Lightning's evaluation and prediction loops run with gradients off. */
const LIGHTNING_NO_GRAD_HOOKS = new Set([
  'validation_step', 'test_step', 'predict_step', 'validation_epoch_end', 'test_epoch_end',
  'on_validation_start', 'on_validation_end', 'on_validation_epoch_start', 'on_validation_epoch_end', 'on_validation_batch_start', 'on_validation_batch_end',
  'on_test_start', 'on_test_end', 'on_test_epoch_start', 'on_test_epoch_end', 'on_test_batch_start', 'on_test_batch_end',
  'on_predict_start', 'on_predict_end', 'on_predict_epoch_start', 'on_predict_epoch_end', 'on_predict_batch_start', 'on_predict_batch_end',
]);

export interface GradModeDeps {
  text: string;
  imports: Imports;
  /** Call sites of a function definition in this file; null when it escapes (used as a value). */
  callersOf(fn: SyntaxNode): readonly SyntaxNode[] | null;
  /** The value a name in a `with` item was assigned, if known. */
  valueOfName(name: SyntaxNode): SyntaxNode | null;
  /** Expression statements that call `torch.set_grad_enabled(...)`, in document order. */
  setGradEnabledStatements: readonly SyntaxNode[];
  /** The mode a `with` statement sets for its body (see `withModeOf`), worked out once per statement. */
  withMode(withStatement: SyntaxNode): GradMode | null;
  /** The facts of another project file's symbol (see ProjectView.symbol). */
  projectSymbol(qualified: string | null): SymbolFacts | undefined;
  /** The calls other files of the project make of a function of this file (see SemanticModel.externalCallsOfFunction). */
  externalCallsOfFunction(fn: SyntaxNode): { calls: readonly ExternalCall[]; exact: boolean };
}

/** What reading a context manager's mode needs. */
export interface ContextModeReader {
  text: string;
  imports: Imports;
  /** The value a name in a `with` item was assigned, if known. */
  valueOfName(name: SyntaxNode): SyntaxNode | null;
}

/**
 * The mode a `with` statement sets for its body, and whether a manager is a bare name, whose mode
 * comes from its assignment wherever that is. Otherwise the mode reads only the statement's managers
 * and the imports.
 */
export function withModeOf(withStatement: SyntaxNode, reader: ContextModeReader): { mode: GradMode | null; readsName: boolean } {
  const clause = withStatement.children.find((c) => c.type === 'with_clause');
  if (!clause) return { mode: null, readsName: false };
  let mode: GradMode | null = null;
  let readsName = false;
  for (const item of clause.children.filter((c) => c.type === 'with_item')) {
    const manager = withItemManager(item);
    readsName ||= managerReadsName(manager);
    const itemMode = contextModeOf(manager, false, reader);
    // The innermost (last) manager that decides wins.
    if (itemMode) mode = itemMode;
  }
  return { mode, readsName };
}

/**
 * Grad modes in one version of the file, a per-version answer of the file's database. Its working
 * state (the modes found so far, the functions in progress, the count of cuts) is the state of one
 * iteration over the calls, not answers memoised for later: modes are worked out farthest caller first,
 * one frame per function in a list, so that a chain of callers as long as the file costs no stack,
 * and a mode that a cycle of calls cut short is not remembered even within the version, so that asked again
 * it is worked out again. A query per function would recurse once per caller and memoise such modes.
 */
export class GradModeAnalysis {
  /** The functions' modes worked out so far. */
  private readonly functionModes = new Map<SyntaxNode, GradMode>();
  private readonly inProgress = new Set<SyntaxNode>();
  /** Times a function's mode was asked while it was being worked out (a cycle of calls), answered 'enabled'. */
  private cycleShortcuts = 0;
  /** Per list of calls (see `callerFunctions`, `modeOfCalls`). */
  private readonly functionsOfCalls = new Map<readonly SyntaxNode[], SyntaxNode[]>();
  /** The `setGradEnabledStatements` of each block, in document order. */
  private switchesByBlock: ReadonlyMap<SyntaxNode, readonly SyntaxNode[]> | undefined;
  /** See `at`. */
  private readonly ofNodes = new Map<SyntaxNode, GradMode>();
  /** Per list of calls (see `callerFunctions`, `modeOfCalls`). */
  private readonly ofLists = new Map<readonly SyntaxNode[], GradMode>();
  /** See `familyMode`. */
  private readonly familyModes = new Map<readonly SyntaxNode[], GradMode | null>();
  /** See `ownMode`. */
  private readonly ownModes = new Map<SyntaxNode, GradMode | readonly SyntaxNode[]>();

  constructor(private readonly deps: GradModeDeps) {}

  /** The grad mode in force where `node` runs, remembered per node (see `unlessCut`). */
  at(node: SyntaxNode): GradMode {
    return this.unlessCut(node, () => {
      const local = this.localMode(node);
      return typeof local === 'string' ? local : this.functionMode(local);
    });
  }

  /**
   * The mode at `node`, worked out by `compute` and remembered unless a cycle of calls cut the work
   * short (see `cycleShortcuts`). Every mode it read without such a cut is remembered, so the same
   * question asked later gets the same answer; one that passed a cut depends on where the cycle was entered.
   */
  private unlessCut(node: SyntaxNode, compute: () => GradMode): GradMode {
    const known = this.ofNodes.get(node);
    if (known) return known;
    const shortcuts = this.cycleShortcuts;
    const mode = compute();
    this.keepModeOfNode(node, mode, shortcuts);
    return mode;
  }

  /** Keeps the mode at `node` worked out since `shortcuts` was read, unless a cut came meanwhile. */
  private keepModeOfNode(node: SyntaxNode, mode: GradMode, shortcuts: number): void {
    if (this.cycleShortcuts === shortcuts) this.ofNodes.set(node, mode);
  }

  /** The mode where `node` runs as far as the code around it says: a mode, or the function whose body's mode it is. */
  private localMode(node: SyntaxNode): GradMode | SyntaxNode {
    let child = node;
    for (let p = node.parent; p; child = p, p = p.parent) {
      if (p.type === 'with_statement' && child.fieldName === 'body') {
        const mode = this.withMode(p);
        if (mode) return mode;
      }
      if (p.type === 'block' || p.type === 'module') {
        const mode = this.setGradEnabledBefore(p, child);
        if (mode) return mode;
      }
      if (p.type === 'function_definition') {
        return child.fieldName === 'body' ? p : 'enabled';
      }
      if (p.type === 'lambda') return 'enabled';
    }
    return 'enabled';
  }

  /** The mode the code around `node` sets within its own function (a `with`, `set_grad_enabled`), or null where the function's mode decides. */
  setAround(node: SyntaxNode): GradMode | null {
    const local = this.localMode(node);
    return typeof local === 'string' ? local : null;
  }

  /** The mode a function's body starts in: its decorators, else its callers. */
  functionMode(fn: SyntaxNode): GradMode {
    const settled = this.settledMode(fn);
    if (settled) return settled;
    // The callers' functions first, the farthest first, so that working out this one finds theirs
    // ready: a chain of callers as long as the file makes it costs no stack.
    if (this.inProgress.size === 0) for (const outer of this.callerFunctionsFarthestFirst(fn)) this.computeAndCache(outer);
    return this.computeAndCache(fn);
  }

  /**
   * `fn`'s mode where it takes no working out now: the one found, or 'enabled' for a function still
   * being worked out (a cycle of calls, counted in `cycleShortcuts`); otherwise undefined.
   */
  private settledMode(fn: SyntaxNode): GradMode | undefined {
    const found = this.functionModes.get(fn);
    if (found || !this.inProgress.has(fn)) return found;
    this.cycleShortcuts++;
    return 'enabled';
  }

  /** The functions whose calls lead to `fn`, each after the functions that call it. */
  private callerFunctionsFarthestFirst(fn: SyntaxNode): SyntaxNode[] {
    const order: SyntaxNode[] = [];
    const seen = new Set<SyntaxNode>([fn]);
    // Each function's callers are taken from the last.
    const stack: { fn: SyntaxNode; callers: readonly SyntaxNode[]; left: number }[] = [];
    // Not past a function its own definition settles (a decorator, a hook, no callers): its mode needs
    // none of theirs. So working out a mode works out no mode it does not depend on, and a mode found
    // from an earlier version (see the constructor) skips only work that cuts no cycle.
    const push = (next: SyntaxNode) => {
      const callers = typeof this.ownMode(next) === 'string' ? [] : this.callerFunctions(next);
      stack.push({ fn: next, callers, left: callers.length });
    };
    push(fn);
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      if (top.left === 0) {
        stack.pop();
        if (top.fn !== fn) order.push(top.fn);
        continue;
      }
      const next = top.callers[--top.left]!;
      if (seen.has(next) || this.functionModes.has(next)) continue;
      seen.add(next);
      push(next);
    }
    return order;
  }

  /** The functions the calls of `fn` are made in; the same list for functions that share their callers (methods of one name). */
  private callerFunctions(fn: SyntaxNode): readonly SyntaxNode[] {
    const callers = this.deps.callersOf(fn);
    if (!callers) return [];
    let out = this.functionsOfCalls.get(callers);
    if (out) return out;
    out = [];
    this.functionsOfCalls.set(callers, out);
    for (const call of callers) {
      let child = call;
      for (let p = call.parent; p; child = p, p = p.parent) {
        if (p.type === 'lambda') break;
        if (p.type === 'function_definition') {
          if (child.fieldName === 'body') out.push(p);
          break;
        }
      }
    }
    return out;
  }

  /**
   * Works out `root`'s mode and remembers it, with the modes of the functions its calls lead through.
   * Those are worked out one frame per function in a list rather than on the stack: where methods
   * share their calls and call each other (every `__init__` calls `super().__init__()`), the work
   * nests as deep as there are such methods, a thousand in a long file.
   */
  private computeAndCache(root: SyntaxNode): GradMode {
    const cached = this.functionModes.get(root);
    if (cached) return cached;
    const frames: ModeFrame[] = [];
    // A function's mode when its decorators (or an answer found for its calls) give it at once; otherwise
    // a frame to ask its calls' modes in.
    const begin = (fn: SyntaxNode): GradMode | undefined => {
      this.inProgress.add(fn);
      const own = this.ownMode(fn);
      if (typeof own === 'string') return this.settle(fn, own);
      const known = this.ofLists.get(own);
      if (known) return this.settle(fn, known);
      // The mode of this list of calls is remembered unless a cycle cuts the work short (see `unlessCut`).
      const frame: ModeFrame = { fn, calls: own, shortcuts: this.cycleShortcuts, next: 0, modes: 0, ownFrom: 0, ownModes: 0, cutOn: new Set(), waiting: null };
      const parent = frames[frames.length - 1];
      if (parent?.calls === own && parent.waiting) {
        // The frame below waits on this function's call in the same list (methods of one name calling
        // each other, as `__init__`s do through `super().__init__()`). Asked again now, the calls before
        // that one give what they gave there: none of them has finished since, nor been remembered since
        // with another mode. That call is this function's own, still being worked out.
        frame.modes = parent.modes | MODE_BITS.enabled;
        this.cycleShortcuts++;
        frame.next = frame.ownFrom = parent.next + 1;
      }
      frames.push(frame);
      return undefined;
    };
    let done = begin(root);
    while (frames.length) {
      const frame = frames[frames.length - 1]!;
      if (frame.waiting) {
        // The frame above worked out the mode of the function the waiting call runs in.
        const { call, shortcuts, above } = frame.waiting;
        frame.waiting = null;
        this.keepModeOfNode(call, done!, shortcuts);
        frame.modes |= MODE_BITS[done!];
        frame.ownModes |= MODE_BITS[done!];
        frame.next++;
        if (above && above.ownFrom === frame.next && !above.cutOn.has(above.fn)) {
          // The calls after it, asked again, give what they gave the frame above: the functions still
          // being worked out are the same (that one did not cut on itself there), and the others have
          // the modes it was given for them.
          frame.modes |= above.ownModes;
          frame.ownModes |= above.ownModes;
          for (const fn of above.cutOn) frame.cutOn.add(fn);
          frame.next = frame.calls.length;
        }
      }
      // Each call's mode as `at` gives it, in order, until one needs its function worked out first.
      while (frame.next < frame.calls.length) {
        const call = frame.calls[frame.next]!;
        let mode = this.ofNodes.get(call);
        if (!mode) {
          const shortcuts = this.cycleShortcuts;
          const local = this.localMode(call);
          if (typeof local === 'string') {
            mode = local;
          } else {
            // (A function still being worked out has no mode found yet: the answer is a cut on it.)
            if (this.inProgress.has(local)) frame.cutOn.add(local);
            mode = this.settledMode(local);
          }
          if (!mode) {
            const waiting: ModeFrame['waiting'] = { call, shortcuts, above: null };
            frame.waiting = waiting;
            mode = begin(local as SyntaxNode);
            if (mode === undefined) {
              waiting.above = frames[frames.length - 1]!;
              break;
            }
            frame.waiting = null;
          }
          this.keepModeOfNode(call, mode, shortcuts);
        }
        frame.modes |= MODE_BITS[mode];
        frame.ownModes |= MODE_BITS[mode];
        frame.next++;
      }
      if (frame.waiting) continue;
      frames.pop();
      const mode = modeOfCalls(frame.modes);
      if (this.cycleShortcuts === frame.shortcuts) this.ofLists.set(frame.calls, mode);
      done = this.settle(frame.fn, mode);
    }
    return done!;
  }

  /** Records `fn`'s mode as found. */
  private settle(fn: SyntaxNode, mode: GradMode): GradMode {
    this.inProgress.delete(fn);
    this.functionModes.set(fn, mode);
    return mode;
  }

  /** A function's mode from its own definition (decorators, Lightning hooks, no calls), or else its calls. */
  private ownMode(fn: SyntaxNode): GradMode | readonly SyntaxNode[] {
    let own = this.ownModes.get(fn);
    if (!own) this.ownModes.set(fn, (own = this.computeOwnMode(fn)));
    return own;
  }

  private computeOwnMode(fn: SyntaxNode): GradMode | readonly SyntaxNode[] {
    const declared = this.declaredMode(fn);
    if (declared) return declared;
    const callers = this.deps.callersOf(fn);
    if (!callers || callers.length === 0) return this.modeFromOtherFiles(fn);
    // Methods of one name share their calls (every call of that attribute), so the answer is remembered per list.
    return this.familyMode(callers) ?? callers;
  }

  /**
   * A function this file never calls: 'disabled' when other files of the project call it (a method:
   * call a method of its name) and every such call runs with grad off (a validation helper the
   * training script calls under `torch.no_grad()`); otherwise 'enabled', as for any function nobody
   * is seen to call.
   */
  private modeFromOtherFiles(fn: SyntaxNode): GradMode {
    const { calls } = this.deps.externalCallsOfFunction(fn);
    return calls.length > 0 && calls.every((call) => call.gradDisabled) ? 'disabled' : 'enabled';
  }

  /** The mode a function's definition gives it: its decorators, or a Lightning hook that runs with grad off. */
  declaredMode(fn: SyntaxNode): GradMode | null {
    for (const decorator of decoratorsOf(fn)) {
      const expression = decoratorExpression(decorator);
      const mode = this.contextMode(expression, true) ?? this.projectDecoratorMode(expression);
      if (mode) return mode;
    }
    const owner = classOfMethod(fn);
    if (owner && LIGHTNING_NO_GRAD_HOOKS.has(functionName(fn, this.deps.text))) {
      const bases = owner.children.find((c) => c.fieldName === 'superclasses');
      const isLightning = (bases && /Lightning|\bpl\.|\bL\./.test(nodeText(bases, this.deps.text))) || className(owner, this.deps.text) === 'LightningModule';
      if (isLightning) return 'disabled';
    }
    return null;
  }

  /**
   * The mode of `calls`, the calls of methods of one name, where each call runs either where the code
   * around it settles the mode, or in the body of a function whose mode takes no other function's: its
   * definition gives one, it has no calls, or its calls are `calls` themselves (the methods calling each
   * other, as every `__init__` calls `super().__init__()`). Worked out through the calls, such a call
   * meets a function still being worked out, which a cut answers with 'enabled', whichever of the
   * methods was asked first: the answer is the same in any order, so it is given here without a cycle
   * of calls, and so without a cut. Null when some call
   * runs in a function whose mode comes from other calls.
   */
  private familyMode(calls: readonly SyntaxNode[]): GradMode | null {
    let mode = this.familyModes.get(calls);
    if (mode !== undefined) return mode;
    let bits = 0;
    for (const call of calls) {
      const local = this.localMode(call);
      if (typeof local === 'string') {
        bits |= MODE_BITS[local];
        continue;
      }
      const declared = this.declaredMode(local);
      if (declared) {
        bits |= MODE_BITS[declared];
        continue;
      }
      // No calls (grad on), or these very calls (a cut, answered 'enabled').
      const callers = this.deps.callersOf(local);
      if (callers && callers.length > 0 && callers !== calls) {
        bits = -1;
        break;
      }
      bits |= MODE_BITS.enabled;
    }
    mode = bits < 0 ? null : modeOfCalls(bits);
    this.familyModes.set(calls, mode);
    return mode;
  }

  /**
   * `@inference` or `@inference()` where `inference` is a function of this file (at the top level)
   * that wraps what it decorates in `torch.inference_mode()(fn)`, `with torch.no_grad(): return
   * fn(...)` or a nested `@torch.no_grad()` wrapper: the decorated function runs with grad off.
   */
  private projectDecoratorMode(expression: SyntaxNode | null): GradMode | null {
    if (!expression) return null;
    const expr = unparenthesize(expression);
    const target = is(expr, 'call') ? callee(expr) : expr;
    // Another file's decorator: what the project knows of it.
    const qualified = this.deps.imports.qualify(dottedName(target, this.deps.text));
    if (qualified) {
      const facts = this.deps.projectSymbol(qualified);
      return facts?.kind === 'function' && facts.function.gradDecorator ? 'disabled' : null;
    }
    if (target?.type !== 'identifier') return null;
    const name = nodeText(target, this.deps.text);
    let root = expr;
    while (root.parent) root = root.parent;
    const defs = root.children
      .map((c) => (c.type === 'decorated_definition' ? c.children.find((d) => d.fieldName === 'definition') : c))
      .filter((c): c is SyntaxNode => c?.type === 'function_definition' && functionName(c, this.deps.text) === name);
    if (defs.length !== 1) return null;
    return this.decoratorWrapperMode(defs[0]!);
  }

  /**
   * 'disabled' when `fn`, used as a decorator, runs what it decorates with grad off: it wraps it in
   * `torch.inference_mode()(fn)`, `with torch.no_grad(): return fn(...)` or a nested `@torch.no_grad()` wrapper.
   */
  decoratorWrapperMode(fn: SyntaxNode): GradMode | null {
    const modes: GradMode[] = [];
    walk(fn, (n) => {
      let mode: GradMode | null = null;
      if (n.type === 'with_statement') mode = this.withMode(n);
      else if (n.type === 'decorator') mode = this.contextMode(decoratorExpression(n), true);
      // `torch.inference_mode()(fn)`: the context manager used as a decorator by hand.
      else if (is(n, 'call') && is(callee(n), 'call')) mode = this.contextMode(callee(n), true);
      if (mode) modes.push(mode);
    });
    return modes.length > 0 && modes.every((m) => m === 'disabled') ? 'disabled' : null;
  }

  /** The mode a `with` statement sets for its body (asked for every node asked about inside it). */
  private withMode(withStatement: SyntaxNode): GradMode | null {
    return this.deps.withMode(withStatement);
  }

  /** The mode a context manager or decorator expression sets, or null when it is unrelated. */
  contextMode(expression: SyntaxNode | null, asDecorator: boolean): GradMode | null {
    return contextModeOf(expression, asDecorator, this.deps);
  }

  /** The last `torch.set_grad_enabled(...)` statement before `statement` in the same block. */
  private setGradEnabledBefore(block: SyntaxNode, statement: SyntaxNode): GradMode | null {
    // Asked for every block around every call whose mode is wanted: the switches are looked up by block.
    this.switchesByBlock ??= groupBy(this.deps.setGradEnabledStatements, (s) => s.parent);
    let last: SyntaxNode | undefined;
    for (const s of this.switchesByBlock.get(block) ?? []) {
      if (s.end <= statement.start) last = s;
    }
    const call = last?.children.find((c) => c.named);
    if (!call) return null;
    return this.contextMode(enteredManager(call, this.deps.text) ?? call, false);
  }
}

/** The mode a context manager or decorator expression sets, or null when it is unrelated. */
export function contextModeOf(expression: SyntaxNode | null, asDecorator: boolean, reader: ContextModeReader): GradMode | null {
  if (!expression) return null;
  const expr = unparenthesize(expression);
  if (is(expr, 'conditional_expression')) {
    const branches = expr.children.filter((c) => c.named && c.type !== 'comment');
    const modes = [branches[0], branches[2]].map((b) => (b ? contextModeOf(b, asDecorator, reader) : null));
    return modes.some((m) => m === 'disabled' || m === 'conditional') ? 'conditional' : null;
  }
  if (expr.type === 'identifier' && !asDecorator) {
    const value = reader.valueOfName(expr);
    if (value && value !== expr) return contextModeOf(value, asDecorator, reader);
  }
  const isCall = is(expr, 'call');
  const target = isCall ? callee(expr) : expr;
  const dotted = dottedName(target, reader.text);
  if (!dotted) return null;
  const qualified = reader.imports.qualify(dotted) ?? dotted;
  const args = isCall ? callArguments(expr, reader.text) : null;
  switch (qualified) {
    case 'torch.no_grad':
    case 'torch.autograd.no_grad':
    case 'torch.autograd.grad_mode.no_grad':
      return 'disabled';
    case 'torch.inference_mode':
    case 'torch.autograd.grad_mode.inference_mode': {
      const mode = args ? (args.positional[0] ?? args.keywords.get('mode')) : undefined;
      const flag = literalBool(mode);
      return flag === false ? 'explicit' : mode && flag === null ? 'conditional' : 'disabled';
    }
    case 'torch.set_grad_enabled':
    case 'torch.autograd.set_grad_enabled':
    case 'torch.autograd.grad_mode.set_grad_enabled': {
      const mode = args ? (args.positional[0] ?? args.keywords.get('mode')) : undefined;
      const flag = literalBool(mode);
      return flag === false ? 'disabled' : flag === true ? 'explicit' : 'conditional';
    }
    case 'torch.enable_grad':
    case 'torch.autograd.enable_grad':
      return 'explicit';
  }
  // Project helpers such as `@smart_inference_mode()` or `with self.no_grad_ctx():`.
  const last = dotted.slice(dotted.lastIndexOf('.') + 1).toLowerCase();
  if (last.includes('no_grad') || last.includes('inference_mode') || last === 'nograd') return 'disabled';
  return null;
}

/** The context manager a `with` item enters: its value, without the `as` target. */
export function withItemManager(item: SyntaxNode): SyntaxNode | null {
  const value = item.children.find((c) => c.fieldName === 'value') ?? null;
  return is(value, 'as_pattern') ? value.children.find((c) => c.named && c.fieldName !== 'alias') ?? null : value;
}

/** `stack.enter_context(torch.no_grad())` on an ExitStack: the manager entered, whose mode holds for the rest of the block. */
export function enteredManager(call: SyntaxNode, text: string): SyntaxNode | undefined {
  return is(call, 'call') && methodCall(call, text)?.method === 'enter_context' ? callArguments(call, text).positional[0] : undefined;
}

/**
 * `contextMode` of a manager (not a decorator) reads the value assigned to a name: the manager, or a
 * branch of a conditional one, is a bare name (`with ctx:`, `with a if c else b:`).
 */
export function managerReadsName(expression: SyntaxNode | null | undefined): boolean {
  if (!expression) return false;
  const expr = unparenthesize(expression);
  if (expr.type === 'identifier') return true;
  if (!is(expr, 'conditional_expression')) return false;
  const branches = expr.children.filter((c) => c.named && c.type !== 'comment');
  return managerReadsName(branches[0]) || managerReadsName(branches[2]);
}

/** A function whose mode waits in `computeAndCache` for the modes of its calls. */
interface ModeFrame {
  fn: SyntaxNode;
  calls: readonly SyntaxNode[];
  /** `cycleShortcuts` when the first call's mode was asked. */
  shortcuts: number;
  /** The index of the next call to ask. */
  next: number;
  /** The modes of the calls before `next` (see MODE_BITS). */
  modes: number;
  /** The first call this frame asked itself, the calls before it taken from the frame below. */
  ownFrom: number;
  /** The modes of the calls from `ownFrom` to `next`. */
  ownModes: number;
  /** The functions still being worked out that those calls ran in (each answered 'enabled', a cut). */
  cutOn: Set<SyntaxNode>;
  /** The call whose function's mode the frame above (once it is pushed) works out, with `cycleShortcuts` when it was asked. */
  waiting: { call: SyntaxNode; shortcuts: number; above: ModeFrame | null } | null;
}

/**
 * A mode as bits to gather the modes of many calls with `|`: some call not disabled, some explicit,
 * some neither disabled nor conditional.
 */
const MODE_BITS: Readonly<Record<GradMode, number>> = { disabled: 0, conditional: 1, explicit: 7, enabled: 5 };

/**
 * The mode a function starts in when its calls run in the modes gathered in `bits`: disabled when all
 * are, explicit when any is, conditional when all are disabled or conditional, else enabled.
 */
function modeOfCalls(bits: number): GradMode {
  if (!(bits & 1)) return 'disabled';
  if (bits & 2) return 'explicit';
  if (!(bits & 4)) return 'conditional';
  return 'enabled';
}

function className(cls: SyntaxNode, text: string): string {
  const name = cls.children.find((c) => c.fieldName === 'name');
  return name ? nodeText(name, text) : '';
}
