// What the rules know about a file, built from one walk of its syntax tree. Everything is
// computed lazily and memoised: a rule that never asks for grad modes never pays for them.
import type { Settings } from '../core/settings';
import type { SourceText } from '../core/source';
import { field, is, walk, type SyntaxNode } from '../parser/syntax';
import { IntResolver } from './argparse';
import { DefinitionIndex, indexDefinitions } from './definitions';
import { EvalContextAnalysis, needsGradients } from './eval-context';
import { ForwardFlowAnalysis } from './forward-flow';
import { FactStore } from './facts';
import { GradModeAnalysis } from './grad-mode';
import { GraphAnalysis } from './graph';
import { ImportTable } from './imports';
import { ModuleAnalysis } from './modules';
import { callArguments, callee, dottedName, lastSegment, methodCall, nodeText, referencesIn, unparenthesize } from './names';
import { classOfMethod, enclosingFunction, functionName, scopeOf, within } from './scopes';

const NO_FUNCTIONS: readonly SyntaxNode[] = [];

export class SemanticModel {
  private readonly byKind = new Map<string, SyntaxNode[]>();
  readonly text: string;
  private cache = new Map<string, unknown>();
  /** Facts the analyses derive from this file, each declared once as a key (see facts.ts). */
  readonly facts: FactStore;

  constructor(
    readonly root: SyntaxNode,
    readonly source: SourceText,
    readonly settings: Settings,
    readonly path: string | undefined,
    /**
     * Names bound by code that runs before this text (earlier cells of a notebook): local name ->
     * qualified name. Only the choice of how to write an added torch call reads them.
     */
    private readonly earlierImports: ReadonlyMap<string, string> = new Map(),
  ) {
    this.text = source.text;
    this.facts = new FactStore(this);
    walk(root, (n) => {
      let list = this.byKind.get(n.type);
      if (!list) this.byKind.set(n.type, (list = []));
      list.push(n);
    });
  }

  nodesOfKind(kind: string): readonly SyntaxNode[] {
    return this.byKind.get(kind) ?? [];
  }

  private lazy<T>(key: string, make: () => T): T {
    if (!this.cache.has(key)) this.cache.set(key, make());
    return this.cache.get(key) as T;
  }

  get imports(): ImportTable {
    return this.lazy('imports', () => new ImportTable(this.nodesOfKind('import_statement'), this.nodesOfKind('import_from_statement'), this.text));
  }

  get definitions(): DefinitionIndex {
    return this.lazy('definitions', () => {
      const index = new DefinitionIndex(this.text);
      indexDefinitions(index, {
        assignments: this.nodesOfKind('assignment'),
        augmented: this.nodesOfKind('augmented_assignment'),
        fors: this.nodesOfKind('for_statement'),
        withItems: this.nodesOfKind('with_item'),
        walruses: this.nodesOfKind('named_expression'),
        functions: this.nodesOfKind('function_definition'),
      });
      return index;
    });
  }

  get modules(): ModuleAnalysis {
    return this.lazy('modules', () => new ModuleAnalysis({
      text: this.text,
      imports: this.imports,
      definitions: this.definitions,
      classes: this.nodesOfKind('class_definition'),
      calls: this.nodesOfKind('call'),
      functionsNamed: this.lookupFunctions,
    }));
  }

  get gradMode(): GradModeAnalysis {
    return this.lazy('gradMode', () => new GradModeAnalysis({
      text: this.text,
      imports: this.imports,
      callersOf: (fn) => this.callersOf(fn),
      valueOfName: (name) => {
        const def = this.definitions.reaching(scopeOf(name), nodeText(name, this.text), name.start);
        return def?.kind === 'assign' ? def.value : null;
      },
      setGradEnabledStatements: this.nodesOfKind('expression_statement').filter((s) => {
        const call = s.children.find((c) => c.named);
        const name = call && is(call, 'call') ? dottedName(field(call, 'function'), this.text) : null;
        return name !== null && /(^|\.)(set_grad_enabled|enter_context)$/.test(name);
      }),
    }));
  }

  get graph(): GraphAnalysis {
    return this.lazy('graph', () => new GraphAnalysis({
      text: this.text,
      imports: this.imports,
      definitions: this.definitions,
      gradMode: this.gradMode,
      modules: this.modules,
      backpropagatedIn: (scope) => this.backpropagatedIn(scope),
      functionsNamed: this.lookupFunctions,
      returnsOf: (fn) => this.returnsOf(fn),
      callersOf: (fn) => this.callersOf(fn),
    }));
  }

  get evalContext(): EvalContextAnalysis {
    return this.lazy('evalContext', () => new EvalContextAnalysis(
      {
        text: this.text,
        evalFunctionNames: this.settings.evalFunctionNames,
        isTestModule: this.isTestModule,
        isModuleName: (name) => this.modules.isModuleName(name),
        feedsTraining: (fn, name) => this.feedsTraining(fn, name),
        functionsNamed: this.lookupFunctions,
      },
      this.nodesOfKind('call').filter((call) => {
        const m = methodCall(call, this.text);
        const receiver = m ? dottedName(m.receiver, this.text) : null;
        return m?.method === 'eval' && call.parent?.type === 'expression_statement' && receiver !== null && this.modules.isModuleName(receiver);
      }),
    ));
  }

  /** Where forward passes' outputs go: to a backward pass, out of sight, or nowhere. */
  get forwardFlow(): ForwardFlowAnalysis {
    return this.lazy('forwardFlow', () => new ForwardFlowAnalysis({
      text: this.text,
      isBackwardCall: (call) => this.backwardCallSet.has(call),
      functionsNamed: this.lookupFunctions,
      needsGradients: (fn) => this.needsGradients(fn),
      callersOf: (fn) => this.callersOf(fn),
      isModuleName: (name) => this.modules.isModuleName(name),
    }));
  }

  private get backwardCallSet(): ReadonlySet<SyntaxNode> {
    return this.lazy('backwardCallSet', () => new Set(this.backwardCalls));
  }

  /** The same function object every time, so that answers keyed by it stay with this model. */
  readonly lookupFunctions = (name: string): readonly SyntaxNode[] => this.functionsNamed(name);

  /** The function (or a helper of this file it calls) computes gradients. */
  needsGradients(fn: SyntaxNode): boolean {
    return needsGradients(fn, this.text, this.lookupFunctions);
  }

  get ints(): IntResolver {
    return this.lazy('ints', () => new IntResolver(this.text, this.definitions, this.nodesOfKind('call')));
  }

  /** Calls that run a model's forward pass, in document order. */
  get forwardCalls(): readonly SyntaxNode[] {
    return this.lazy('forwardCalls', () => this.nodesOfKind('call').filter((c) => this.modules.isForwardCall(c)));
  }

  /** A function whose returned graph is used for training (see EvalContextDeps.feedsTraining). */
  private feedsTraining(fn: SyntaxNode, name: string): boolean {
    const returnsGraph = this.returnsOf(fn).some((r) => r.children.some((c) => c.named && c.type !== 'comment' && this.graph.carriesGraph(c)));
    if (!returnsGraph) return false;
    if (name === 'sample' || name === 'generate') return true;
    return (this.callersOf(fn) ?? []).some((call) => {
      const caller = enclosingFunction(call);
      return caller !== null && needsGradients(caller, this.text, this.lookupFunctions);
    });
  }

  /** A pytest or unittest module, whose `test_*` functions are tests rather than evaluation code. */
  get isTestModule(): boolean {
    return this.lazy('isTestModule', () => {
      const path = (this.path ?? '').replace(/\\/g, '/');
      const base = path.slice(path.lastIndexOf('/') + 1);
      if (/^test_.*\.py$|_test\.py$|^conftest\.py$/.test(base) || /(^|\/)tests?\//.test(path)) return true;
      return this.imports.resolveName('pytest') !== undefined || this.imports.resolveName('unittest') !== undefined;
    });
  }

  /** The file moves tensors or models to a GPU somewhere. */
  get usesGpu(): boolean {
    return this.lazy('usesGpu', () => /\.cuda\(|["']cuda(:\d+)?["']|\bdevice\b|\.to\(\s*(dev|gpu|rank|local_rank)/.test(this.text));
  }

  functionsNamed(name: string): readonly SyntaxNode[] {
    const byName = this.lazy('functionsByName', () => {
      const map = new Map<string, SyntaxNode[]>();
      for (const f of this.nodesOfKind('function_definition')) {
        const key = functionName(f, this.text);
        const list = map.get(key);
        if (list) list.push(f);
        else map.set(key, [f]);
      }
      return map;
    });
    return byName.get(name) ?? NO_FUNCTIONS;
  }

  /**
   * Call sites of a function in this file, or null when the function escapes (passed as a value,
   * so callers elsewhere cannot be seen).
   */
  callersOf(fn: SyntaxNode): SyntaxNode[] | null {
    const name = functionName(fn, this.text);
    if (!name) return null;
    const index = this.callIndex;
    if (classOfMethod(fn) !== null) {
      return index.escapingAttributes.has(name) ? null : index.callsByAttribute.get(name) ?? [];
    }
    // A function defined inside another is called by that name only from inside the other (two
    // `def _step():` in two methods are two functions).
    const outer = fn.parent ? enclosingFunction(fn) : null;
    const visible = (node: SyntaxNode) => outer === null || within(node, outer);
    const escapes = (index.escapingIdentifiers.get(name) ?? []).some(visible);
    return escapes ? null : (index.callsByName.get(name) ?? []).filter(visible);
  }

  /** Calls grouped by callee name, and names used other than as a callee; built once. */
  private get callIndex(): {
    callsByName: Map<string, SyntaxNode[]>;
    callsByAttribute: Map<string, SyntaxNode[]>;
    escapingIdentifiers: Map<string, SyntaxNode[]>;
    escapingAttributes: Set<string>;
  } {
    return this.lazy('callIndex', () => {
      const callsByName = new Map<string, SyntaxNode[]>();
      const callsByAttribute = new Map<string, SyntaxNode[]>();
      const push = (map: Map<string, SyntaxNode[]>, key: string, node: SyntaxNode) => {
        const list = map.get(key);
        if (list) list.push(node);
        else map.set(key, [node]);
      };
      for (const call of this.nodesOfKind('call')) {
        const target = callee(call);
        if (target?.type === 'identifier') push(callsByName, nodeText(target, this.text), call);
        else if (target?.type === 'attribute') {
          const attr = target.children.find((c) => c.fieldName === 'attribute');
          if (attr) push(callsByAttribute, nodeText(attr, this.text), call);
        }
      }
      const escapingIdentifiers = new Map<string, SyntaxNode[]>();
      for (const ref of this.nodesOfKind('identifier')) {
        if (ref.fieldName === 'function' && ref.parent?.type === 'call') continue;
        if (ref.fieldName === 'attribute' || ref.parent?.type === 'aliased_import' || ref.parent?.type === 'dotted_name') continue;
        // The name of a definition is not a use of it (two nested `def eval_loss()` do not pass each other on).
        if (ref.fieldName === 'name' && (ref.parent?.type === 'function_definition' || ref.parent?.type === 'class_definition')) continue;
        push(escapingIdentifiers, nodeText(ref, this.text), ref);
      }
      const escapingAttributes = new Set<string>();
      for (const ref of this.nodesOfKind('attribute')) {
        if (ref.fieldName === 'function' && ref.parent?.type === 'call') continue;
        const attr = ref.children.find((c) => c.fieldName === 'attribute');
        if (attr) escapingAttributes.add(nodeText(attr, this.text));
      }
      return { callsByName, callsByAttribute, escapingIdentifiers, escapingAttributes };
    });
  }

  /** Return statements by the function they return from. */
  returnsOf(fn: SyntaxNode): readonly SyntaxNode[] {
    const byFunction = this.lazy('returnsByFunction', () => {
      const map = new Map<SyntaxNode, SyntaxNode[]>();
      for (const r of this.nodesOfKind('return_statement')) {
        const owner = enclosingFunction(r);
        if (!owner) continue;
        const list = map.get(owner);
        if (list) list.push(r);
        else map.set(owner, [r]);
      }
      return map;
    });
    return byFunction.get(fn) ?? [];
  }

  /** Names whose `.backward()` is called (or passed to `autograd.grad/backward`) in this scope. */
  backpropagatedIn(scope: SyntaxNode): ReadonlySet<string> {
    return this.lazy(`backprop:${scope.order}`, () => {
      const names = new Set<string>();
      for (const call of this.backwardCalls) {
        if (scopeOf(call) !== scope) continue;
        for (const target of this.backwardTargets(call)) {
          // `output["loss"].backward()`: the dict holds the loss with its graph.
          const base = unparenthesize(target).type === 'subscript' ? target.children.find((c) => c.fieldName === 'value') : target;
          const name = base ? dottedName(base, this.text) : null;
          if (!name) continue;
          names.add(name);
          // `loss = sum(losses) if isinstance(losses, tuple) else losses`: `losses` is the same value.
          const def = this.definitions.reaching(scope, name, call.start);
          if (def?.kind === 'assign' && def.value && def.unpackIndex < 0) for (const source of sameValueSources(def.value, this.text)) names.add(source);
        }
      }
      return names;
    });
  }

  /** `x.backward()`, `torch.autograd.backward(x)`, `torch.autograd.grad(x, ...)`, `scaler.scale(x).backward()`. */
  get backwardCalls(): readonly SyntaxNode[] {
    return this.lazy('backwardCalls', () => this.nodesOfKind('call').filter((call) => {
      const m = methodCall(call, this.text);
      if (m?.method === 'backward' || m?.method === 'manual_backward') return true;
      const name = dottedName(callee(call), this.text);
      const qualified = name ? this.imports.qualify(name) ?? name : '';
      return /(^|\.)autograd\.(grad|backward)$/.test(qualified) || qualified === 'torch.autograd.grad';
    }));
  }

  /** The tensors a backward call differentiates. */
  backwardTargets(call: SyntaxNode): SyntaxNode[] {
    const m = methodCall(call, this.text);
    const receiver = m ? dottedName(m.receiver, this.text) ?? '' : '';
    // `accelerator.backward(loss)`, `fabric.backward(loss)`, `self.manual_backward(loss)` take the loss as argument.
    if (m?.method === 'manual_backward' || (m?.method === 'backward' && /(^|\.)(accelerator|fabric|engine|model_engine|deepspeed|trainer)$/.test(receiver))) {
      return callArguments(call, this.text).positional.slice(0, 1);
    }
    if (m?.method === 'backward' && !/autograd$/.test(receiver)) {
      // `scaler.scale(loss).backward()`: the scaled loss is `loss`.
      if (is(m.receiver, 'call') && methodCall(m.receiver, this.text)?.method === 'scale') {
        return callArguments(m.receiver, this.text).positional.slice(0, 1);
      }
      return [m.receiver];
    }
    const { positional, keywords } = callArguments(call, this.text);
    const first = positional[0] ?? keywords.get('outputs') ?? keywords.get('tensors');
    return first ? [first] : [];
  }

  /**
   * Last name segments (`saved_log_probs`, `total_loss`) of values that flow into a backward call:
   * lists and sums kept on purpose for a later `backward()` (REINFORCE, gradient accumulation).
   */
  get backpropSources(): ReadonlySet<string> {
    return this.lazy('backpropSources', () => {
      // What each name is built from: the values assigned to it and the arguments appended to it.
      const feeds = new Map<string, SyntaxNode[]>();
      const link = (key: string, value: SyntaxNode) => {
        const values = feeds.get(key);
        if (values) values.push(value);
        else feeds.set(key, [value]);
      };
      for (const kind of ['assignment', 'augmented_assignment', 'for_statement']) {
        for (const d of this.nodesOfKind(kind)) {
          const left = d.children.find((c) => c.fieldName === 'left');
          const right = d.children.find((c) => c.fieldName === 'right');
          if (!left || !right) continue;
          for (const ref of targetReferences(left, this.text)) link(sourceKey(ref), right);
        }
      }
      for (const call of this.nodesOfKind('call')) {
        const m = methodCall(call, this.text);
        if (m?.method !== 'append' && m?.method !== 'extend' && m?.method !== 'insert') continue;
        const name = dottedName(m.receiver, this.text);
        const args = field(call as SyntaxNode & { type: 'call' }, 'arguments');
        if (name && args) link(sourceKey(name), args);
      }
      // Everything reachable from the backward calls' targets through those links.
      const keys = new Set<string>();
      const pending: string[] = [];
      const seen = new Set<SyntaxNode>();
      const addRefs = (node: SyntaxNode) => {
        if (seen.has(node)) return;
        seen.add(node);
        for (const ref of referencesIn(node, this.text, true)) {
          const key = sourceKey(ref);
          if (keys.has(key)) continue;
          keys.add(key);
          pending.push(key);
        }
      };
      for (const call of this.backwardCalls) for (const t of this.backwardTargets(call)) addRefs(t);
      for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
        for (const value of feeds.get(key) ?? []) addRefs(value);
      }
      return keys;
    });
  }

  /** How to write `torch.no_grad` here, and the import to add when torch is not imported. */
  torchMember(member: string): { expression: string; needsImport: boolean } {
    const imports = this.imports;
    const direct = imports.localNameOf(`torch.${member}`);
    if (direct) return { expression: direct, needsImport: false };
    const torch = imports.localNameOf('torch');
    if (torch) return { expression: `${torch}.${member}`, needsImport: false };
    for (const [local, qualified] of this.earlierImports) {
      // The file's own definitions of that name would shadow the earlier import.
      if (imports.resolveName(local) !== undefined || this.definitions.definitionsOf(this.root, local).length > 0) continue;
      if (qualified === `torch.${member}`) return { expression: local, needsImport: false };
      if (qualified === 'torch') return { expression: `${local}.${member}`, needsImport: false };
    }
    return { expression: `torch.${member}`, needsImport: true };
  }
}

/**
 * Names whose value a expression is, up to summing or stacking it: `x`, `sum(xs)`, `xs.mean()`,
 * `torch.stack(xs).sum()`, either branch of `a if c else b`. Not arithmetic with other values.
 */
function sameValueSources(expression: SyntaxNode, text: string): string[] {
  const expr = unparenthesize(expression);
  if (expr.type === 'identifier') return [nodeText(expr, text)];
  if (expr.type === 'conditional_expression') {
    const parts = expr.children.filter((c) => c.named && c.type !== 'comment');
    return [parts[0], parts[2]].flatMap((p) => (p ? sameValueSources(p, text) : []));
  }
  if (is(expr, 'call')) {
    const m = methodCall(expr, text);
    if (m && ['sum', 'mean'].includes(m.method)) return sameValueSources(m.receiver, text);
    const name = dottedName(callee(expr), text);
    const args = callArguments(expr, text).positional;
    if (name && /^(sum|torch\.(sum|mean|stack|cat))$/.test(name) && args.length >= 1) return sameValueSources(args[0]!, text);
  }
  return [];
}

/** The names an assignment target binds or fills: `d` for `d[k] = v` (the key `k` is only read). */
function targetReferences(target: SyntaxNode, text: string): string[] {
  const node = unparenthesize(target);
  if (node.type === 'subscript') {
    const base = node.children.find((c) => c.fieldName === 'value');
    return base ? targetReferences(base, text) : [];
  }
  if (['pattern_list', 'tuple_pattern', 'list_pattern', 'tuple', 'list', 'expression_list'].includes(node.type)) {
    return node.children.filter((c) => c.named && c.type !== 'comment').flatMap((c) => targetReferences(c, text));
  }
  return referencesIn(node, text);
}

/**
 * The key a name has among backprop sources: `self.x` whole (this object's attribute), `.x` for an
 * attribute of another object (`policy.saved_log_probs`), a plain name as it is. Matching then keeps
 * a local `step_losses` apart from `self.step_losses` of another class, and nothing else.
 */
export function sourceKey(name: string): string {
  if (/^self\.\w+$/.test(name)) return name;
  return name.includes('.') ? `.${lastSegment(name)}` : name;
}

/** A list or total named `name` holds values that flow into a backward call somewhere in the file. */
export function isBackpropSource(model: SemanticModel, name: string): boolean {
  const sources = model.backpropSources;
  const last = lastSegment(name);
  if (/^self\.\w+$/.test(name)) return sources.has(name) || sources.has(`.${last}`);
  if (name.includes('.')) return sources.has(`.${last}`) || sources.has(`self.${last}`) || sources.has(last);
  return sources.has(name) || sources.has(`.${name}`);
}
