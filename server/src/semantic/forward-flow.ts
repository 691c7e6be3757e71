// Where a forward pass's result goes. A forward pass run with grad on builds an autograd graph; if
// nothing computed from its output ever reaches a backward pass, the graph is built for nothing,
// whatever the surrounding code is called. This follows the output through one scope's names
// (assignments, unpacking, arithmetic, method calls, containers it is put into) to one of three
// fates: it reaches `backward()`/`autograd.grad` (training), it leaves what this file can see
// (returned to unknown callers, stored on an object, read by another function), or neither.
// The analysis is flow-insensitive within a scope and errs towards "reaches" and "leaves": a name
// that is reused for a training value makes every value of that name count as training.
import type { SyntaxNode } from '../parser/syntax';
import { callee, dottedName, lastSegment, methodCall, nodeText } from './names';
import { isStatement, scopeOf } from './scopes';

export type ForwardFate = 'backward' | 'escapes' | 'unused';

const REACHES_BACKWARD = '\u0000backward';
const ESCAPES = '\u0000escapes';

/** Methods whose result carries no graph: the flow stops there. */
const GRAPH_FREE = new Set(['detach', 'detach_', 'item', 'tolist', 'numpy', 'data', 'requires_grad', 'shape', 'size', 'dim', 'dtype', 'device', 'ndim', 'numel']);

/** Methods that put their argument into the receiver (a container, a buffer, a meter). */
const STORING_METHODS = new Set(['append', 'extend', 'insert', 'add', 'update', 'push', 'put', 'feed', 'store', 'record', 'setdefault', 'appendleft', 'add_', 'copy_']);

/** Callee names that may train on what they are given, in code this file cannot see. */
const TRAINING_CALLEE = /backward|train|optimi[sz]e|update|step|learn|fit|closure|minimi[sz]e|loss/i;

export interface ForwardFlowDeps {
  text: string;
  isBackwardCall(call: SyntaxNode): boolean;
  /** Functions of this file with this name. */
  functionsNamed(name: string): readonly SyntaxNode[];
  /** The function, or a helper of this file it calls, computes gradients. */
  needsGradients(fn: SyntaxNode): boolean;
  /** Call sites of a function in this file; null when it is used as a value (callers unknown). */
  callersOf(fn: SyntaxNode): readonly SyntaxNode[] | null;
}

/** Names of one scope and where what they hold flows to. */
interface ScopeFlow {
  sinks: Map<string, Set<string>>;
  fates: Map<string, ForwardFate>;
}

export class ForwardFlowAnalysis {
  private readonly scopes = new Map<SyntaxNode, ScopeFlow>();
  private readonly storesState = new Map<SyntaxNode, boolean>();
  private readonly callFates = new Map<SyntaxNode, ForwardFate>();
  private readonly bound = new Map<SyntaxNode, Set<string>>();

  constructor(private readonly deps: ForwardFlowDeps) {}

  /** The fate of the value a call (a forward pass) returns. */
  fateOf(call: SyntaxNode): ForwardFate {
    const cached = this.callFates.get(call);
    if (cached) return cached;
    // A call whose result is returned leads back here through its callers: assume the safe answer meanwhile.
    this.callFates.set(call, 'escapes');
    const scope = scopeOf(call);
    const fate = scope.type === 'lambda' ? 'escapes' : this.resolve(this.scopeFlow(scope), this.sinksOf(call, scope));
    this.callFates.set(call, fate);
    return fate;
  }

  private resolve(flow: ScopeFlow, sinks: Iterable<string>): ForwardFate {
    let fate: ForwardFate = 'unused';
    for (const sink of sinks) {
      const next = sink === REACHES_BACKWARD ? 'backward' : sink === ESCAPES ? 'escapes' : this.fateOfName(flow, sink);
      if (next === 'backward') return next;
      if (next === 'escapes') fate = next;
    }
    return fate;
  }

  /** Worklist over the scope's name graph: what any value held by `name` may reach. */
  private fateOfName(flow: ScopeFlow, name: string): ForwardFate {
    const cached = flow.fates.get(name);
    if (cached) return cached;
    const seen = new Set([name]);
    const pending = [name];
    let fate: ForwardFate = 'unused';
    for (let current = pending.pop(); current !== undefined && fate !== 'backward'; current = pending.pop()) {
      for (const sink of flow.sinks.get(current) ?? []) {
        if (sink === REACHES_BACKWARD) fate = 'backward';
        else if (sink === ESCAPES) fate = 'escapes';
        else if (!seen.has(sink)) {
          seen.add(sink);
          pending.push(sink);
        }
      }
    }
    flow.fates.set(name, fate);
    return fate;
  }

  private scopeFlow(scope: SyntaxNode): ScopeFlow {
    let flow = this.scopes.get(scope);
    if (flow) return flow;
    flow = { sinks: new Map(), fates: new Map() };
    this.scopes.set(scope, flow);
    const link = (name: string, sinks: Iterable<string>) => {
      let set = flow!.sinks.get(name);
      if (!set) flow!.sinks.set(name, (set = new Set()));
      for (const s of sinks) if (s !== name) set.add(s);
    };
    // Iterative walk: nesting depth comes from user code.
    const stack: SyntaxNode[] = [...scope.children];
    while (stack.length) {
      const node = stack.pop()!;
      if (node.type === 'identifier' && isRead(node)) {
        const name = nodeText(node, this.deps.text);
        const own = scopeOf(node);
        if (own === scope) link(name, this.sinksOf(node, scope));
        // A name of this scope read by a nested function or lambda: what it holds may be used from there.
        else if (!this.boundIn(own, name)) link(name, [ESCAPES]);
      }
      for (const child of node.children) stack.push(child);
    }
    return flow;
  }

  /** Where the value of `node` goes, up to the end of its statement. */
  private sinksOf(node: SyntaxNode, scope: SyntaxNode): string[] {
    const { text } = this.deps;
    const sinks: string[] = [];
    let child = node;
    for (let p = node.parent; p && p !== scope; child = p, p = p.parent) {
      switch (p.type) {
        case 'attribute': {
          if (child.fieldName !== 'object') return sinks;
          const attr = p.children.find((c) => c.fieldName === 'attribute');
          if (attr && GRAPH_FREE.has(nodeText(attr, text))) return sinks;
          break;
        }
        case 'call': {
          if (child.fieldName !== 'function') break;
          if (this.deps.isBackwardCall(p)) return [...sinks, REACHES_BACKWARD];
          // Calling a name (`net(x)`) does not hand the callable on; a method's result comes from its receiver.
          if (child.type === 'identifier') return sinks;
          break;
        }
        case 'argument_list': {
          const call = p.parent;
          if (!call) return sinks;
          if (this.deps.isBackwardCall(call)) return [...sinks, REACHES_BACKWARD];
          const name = dottedName(callee(call), text);
          const last = name ? lastSegment(name) : '';
          const local = last ? this.deps.functionsNamed(last) : [];
          if (local.some((fn) => this.deps.needsGradients(fn))) return [...sinks, REACHES_BACKWARD];
          if (local.some((fn) => this.storesOnObjects(fn))) return [...sinks, ESCAPES];
          if (!local.length && last && TRAINING_CALLEE.test(last)) return [...sinks, REACHES_BACKWARD];
          const m = methodCall(call, text);
          if (m && STORING_METHODS.has(m.method)) {
            if (m.receiver.type === 'identifier') sinks.push(nodeText(m.receiver, text));
            else return [...sinks, ESCAPES];
          }
          break;
        }
        case 'assignment':
        case 'augmented_assignment': {
          if (child.fieldName !== 'right') return sinks;
          const left = p.children.find((c) => c.fieldName === 'left');
          return left ? [...sinks, ...targetSinks(left, text)] : sinks;
        }
        case 'for_statement':
        case 'for_in_clause': {
          if (child.fieldName !== 'right') return sinks;
          const left = p.children.find((c) => c.fieldName === 'left');
          if (p.type === 'for_in_clause') break;
          return left ? [...sinks, ...targetSinks(left, text)] : sinks;
        }
        case 'named_expression': {
          const target = p.children.find((c) => c.fieldName === 'name');
          if (target) sinks.push(nodeText(target, text));
          break;
        }
        case 'with_item':
        case 'as_pattern': {
          const alias = p.children.find((c) => c.fieldName === 'alias');
          if (alias) sinks.push(...targetSinks(alias, text));
          break;
        }
        case 'return_statement':
        case 'yield':
          return [...sinks, ...this.returnedSinks(scope)];
        case 'subscript':
          // `out[0]` comes from `out`; `preds[i]` does not come from `i`.
          if (child.fieldName !== 'value') return sinks;
          break;
        case 'if_statement':
        case 'while_statement':
        case 'elif_clause':
        case 'assert_statement':
        case 'delete_statement':
        case 'global_statement':
        case 'nonlocal_statement':
          // A condition: the value itself is not kept.
          return sinks;
        case 'keyword_argument':
          if (child.fieldName !== 'value') return sinks;
          break;
        case 'decorator':
        case 'parameters':
        case 'default_parameter':
        case 'typed_default_parameter':
          return [...sinks, ESCAPES];
      }
      if (isStatement(p)) return sinks;
    }
    return sinks;
  }

  /** Names a function or lambda binds itself (parameters, assignments, loop targets), so reads of them are its own. */
  private boundIn(fn: SyntaxNode, name: string): boolean {
    let names = this.bound.get(fn);
    if (!names) {
      names = new Set();
      const stack = [...fn.children];
      while (stack.length) {
        const node = stack.pop()!;
        if (node.type === 'identifier' && !isRead(node) && node.fieldName !== 'attribute' && scopeOf(node) === fn) names.add(nodeText(node, this.deps.text));
        if (node.type === 'global_statement' || node.type === 'nonlocal_statement') continue;
        for (const child of node.children) stack.push(child);
      }
      this.bound.set(fn, names);
    }
    return names.has(name);
  }

  /** A returned value goes wherever the callers in this file send the call's result. */
  private returnedSinks(scope: SyntaxNode): string[] {
    if (scope.type !== 'function_definition') return [ESCAPES];
    // A method's result can be asked for by whoever holds the object, here or elsewhere.
    if (isMethod(scope)) return [ESCAPES];
    const callers = this.deps.callersOf(scope);
    if (!callers || !callers.length) return [ESCAPES];
    for (const call of callers) {
      const fate = this.fateOf(call);
      if (fate === 'backward') return [REACHES_BACKWARD];
      if (fate === 'escapes') return [ESCAPES];
    }
    return [];
  }

  /** The function assigns to attributes or subscripts of objects, or stores into them through methods. */
  private storesOnObjects(fn: SyntaxNode): boolean {
    let stores = this.storesState.get(fn);
    if (stores !== undefined) return stores;
    stores = false;
    const stack = [...fn.children];
    while (stack.length && !stores) {
      const node = stack.pop()!;
      if ((node.type === 'assignment' || node.type === 'augmented_assignment')) {
        const left = node.children.find((c) => c.fieldName === 'left');
        if (left && (left.type === 'attribute' || left.type === 'subscript' || left.children.some((c) => c.type === 'attribute' || c.type === 'subscript'))) stores = true;
      }
      if (node.type === 'call') {
        const m = methodCall(node, this.deps.text);
        if (m && STORING_METHODS.has(m.method) && m.receiver.type === 'attribute') stores = true;
      }
      for (const child of node.children) stack.push(child);
    }
    this.storesState.set(fn, stores);
    return stores;
  }
}

/** Names bound by an assignment target; attributes and subscripts of other objects leave the scope. */
function targetSinks(target: SyntaxNode, text: string): string[] {
  const out: string[] = [];
  const stack = [target];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === 'identifier') out.push(nodeText(n, text));
    else if (n.type === 'attribute') out.push(ESCAPES);
    else if (n.type === 'subscript') {
      const base = n.children.find((c) => c.fieldName === 'value');
      if (base?.type === 'identifier') out.push(nodeText(base, text));
      else out.push(ESCAPES);
    } else for (const c of n.children) stack.push(c);
  }
  return out;
}

/** An identifier whose value is read here (not a name being bound, an attribute name or a keyword). */
function isRead(node: SyntaxNode): boolean {
  if (node.fieldName === 'attribute' || node.fieldName === 'name' || node.fieldName === 'alias') return false;
  for (let child = node, p = node.parent; p; child = p, p = p.parent) {
    // Names in an assignment or loop target are bound there (their flow comes from the right side).
    if ((p.type === 'assignment' || p.type === 'augmented_assignment' || p.type === 'for_statement' || p.type === 'for_in_clause') && child.fieldName === 'left') return false;
    if (p.type === 'parameters' || p.type === 'lambda_parameters' || p.type === 'import_statement' || p.type === 'import_from_statement' || p.type === 'global_statement' || p.type === 'nonlocal_statement') return false;
    if (isStatement(p)) return true;
  }
  return true;
}

function isMethod(fn: SyntaxNode): boolean {
  let p = fn.parent;
  if (p?.type === 'decorated_definition') p = p.parent;
  return p?.type === 'block' && p.parent?.type === 'class_definition';
}
