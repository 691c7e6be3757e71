// Where a forward pass's result goes. A forward pass run with grad on builds an autograd graph; if
// nothing computed from its output ever reaches a backward pass, the graph is built for nothing,
// whatever the surrounding code is called. This follows the output through one scope's names
// (assignments, unpacking, arithmetic, method calls, containers it is put into) to one of three
// fates: it reaches `backward()`/`autograd.grad` (training), it leaves what this file can see
// (returned to unknown callers, stored on an object, read by another function), or neither.
// The analysis is flow-insensitive within a scope and errs towards "reaches" and "leaves": a name
// that is reused for a training value makes every value of that name count as training.
import { is, type SyntaxNode } from '../parser/syntax';
import { callArguments, callee, dottedName, lastSegment, methodCall, nodeText, unparenthesize } from './names';
import { hasParameter, isStatement, scopeOf } from './scopes';
import { SubtreeFact } from './engine/subtree-fact';

export type ForwardFate = 'backward' | 'escapes' | 'unused';

const REACHES_BACKWARD = '\u0000backward';
const ESCAPES = '\u0000escapes';
/** Returned from the function: goes wherever its callers in this file send the call's result. */
const RETURNS = '\u0000returns';

/**
 * Where a value goes at the end of an expression: a backward pass, out of sight, a new binding of a
 * name (`bind`: the identifier being assigned), or into the object a name holds (`into`: the name's
 * identifier where it receives it, as in `outputs.append(out)` or `totals[key] = out`).
 */
type Sink = typeof REACHES_BACKWARD | typeof ESCAPES | typeof RETURNS | { bind: SyntaxNode } | { into: SyntaxNode };

/** Where a value goes inside its own function, returns not followed to the callers. */
export interface LocalReach {
  backward: boolean;
  escapes: boolean;
  returns: boolean;
}

/**
 * Methods whose result carries no graph: the flow stops there. So it does past `.detach()` and
 * `.data` (see DETACHING).
 */
const GRAPH_FREE = new Set([
  'item', 'tolist', 'numpy', 'requires_grad', 'shape', 'size', 'dim', 'dtype', 'device', 'ndim', 'numel',
  // Integer and boolean results (indices, masks, counts) never require grad.
  'argmax', 'argmin', 'argsort', 'eq', 'ne', 'lt', 'le', 'gt', 'ge', 'isnan', 'isinf', 'isfinite', 'nonzero',
  'count_nonzero', 'long', 'int', 'bool', 'byte', 'short',
]);

/** Torch functions whose result is indices, masks or counts, which never require grad. */
const INTEGER_RESULT = /^(torch\.)?(argmax|argmin|argsort|eq|ne|lt|le|gt|ge|isnan|isinf|isfinite|nonzero|count_nonzero|bucketize|searchsorted)$/;
/**
 * A detached copy keeps none of the forward's graph wherever it goes: even a backward pass it
 * reaches (a target network's output used as a constant target) uses none of it, so the flow stops.
 */
const DETACHING = new Set(['detach', 'detach_', 'data']);

/** Methods of `torch.distributions` distributions that draw without recording a graph. */
const SAMPLING = new Set(['sample', 'sample_n', 'enumerate_support']);

/** Functions that turn a tensor into plain numbers (they refuse one that requires grad, too). */
const TO_PLAIN = /^(to_?np|to_?numpy|tensor_?to_?np|tensor_?to_?numpy|tensor2np|tensor2numpy|asnumpy|float|int|bool|len)$|^(np|numpy)\.(array|asarray|asanyarray)$/;

/** Methods that put their argument into the receiver (a container, a buffer, a meter). */
const STORING_METHODS = new Set(['append', 'extend', 'insert', 'add', 'update', 'push', 'put', 'feed', 'store', 'record', 'setdefault', 'appendleft', 'add_', 'copy_']);

/** Words of callee names that may train on what they are given, in code this file cannot see. */
const TRAINING_WORDS = new Set(['backward', 'train', 'training', 'optimize', 'optimise', 'learn', 'fit', 'closure', 'minimize', 'minimise']);

/**
 * Words of callee names that may keep what they are given (`agent.update(log_probs)`, `memory.update(idx,
 * errors)`): the value leaves what this file shows. Receivers that only read values are exempt:
 * metrics, meters, progress bars, and environments that take an action.
 */
const KEEPING_WORDS = new Set(['update', 'step']);
const READ_ONLY_RECEIVER = /(^|_|\.)(env|envs|environment|metric|metrics|meter|meters|acc|accuracy|pbar|bar|progress|tqdm|writer|logger)$/i;

/** `decode_step` -> decode, step; `trainStep` -> train, step. */
function nameWords(name: string): string[] {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase().split(/_+/).filter(Boolean);
}

/** How many blocks of later bindings are checked for hiding an earlier one (bounds the cost per read). */
const MAX_HIDING_BLOCKS = 16;

/** A name bound more often than this in one scope is read and written through runs of its bindings (see NameRuns). */
const MANY_BINDINGS = 32;

/** How many function returns deep the flow is followed to callers. */
const MAX_RETURN_DEPTH = 64;

export interface ForwardFlowDeps {
  text: string;
  isBackwardCall(call: SyntaxNode): boolean;
  /** Call sites of a function in this file; null when it is used as a value (callers unknown). */
  callersOf(fn: SyntaxNode): readonly SyntaxNode[] | null;
  /** The name (`decoder`, `self.net`) holds an `nn.Module`. */
  isModuleName(name: string): boolean;
  /** The name read here holds a `torch.distributions` distribution. */
  isDistributionAt(read: SyntaxNode): boolean;
  /** What a call of `name` hands its arguments to (see `calleeVerdictOf`), worked out once per name. */
  calleeVerdict(name: string): CalleeVerdict;
  /**
   * A call of the dotted name `name`, not this file's function, trains: another file's function that
   * does, or a method of an object whose class's method does (calling a module runs its `forward`).
   */
  callTrains(name: string): boolean;
  /** The def-use graph of a scope, worked out by `buildGraph` once per scope (see ScopeGraph). */
  graphOf(scope: SyntaxNode): ScopeGraph;
  /** The fate of a call's output, worked out by `computeFate` once per call. */
  fate(call: SyntaxNode): ForwardFate;
  /** Whether that fate is already worked out in this version (see `fateOf`). */
  fateKnown(call: SyntaxNode): boolean;
  /** The fate being worked out read more than its scope's graph: it holds for this version only. */
  readsVersion(): void;
}

/**
 * A scope's def-use graph: each binding of a name (keyed `name#offset`, the offset from the scope's
 * start, or `name#entry` for a value from before the scope) and the bindings, objects or fates its
 * value flows into. It reads only the scope's own subtree, besides whether calls run backward passes,
 * what calls of this file's functions hand their arguments to and which names hold modules (asked of
 * the file's database), and holds offsets from the scope's start: for a function it serves every
 * version in which the function is the same node and those answers are the same.
 */
export interface ScopeGraph {
  readonly bindings: ReadonlyMap<string, readonly Binding[]>;
  readonly sinks: ReadonlyMap<string, ReadonlySet<string>>;
  /** The fates of names that the graph settles alone (no return followed), as they are worked out. */
  readonly settled: Map<string, ForwardFate>;
  /** Per key, what the keys it reaches (itself included) hold (see `Reach`); a key without sinks reaches nothing. */
  readonly reach: ReadonlyMap<string, number>;
  /** The names bound more than MANY_BINDINGS times, read and written through runs of their bindings. */
  readonly runs: ReadonlyMap<string, NameRuns>;
}

/**
 * Bits of what the keys a key reaches hold: a backward pass, a key whose last fate-writing sink is a
 * backward pass (the walk of `fateOfName` stops there), an escape and a return.
 * Worked out for every key of a graph at once, so that a fate read from them costs one lookup.
 */
const Reach = { anyBackward: 1, lastBackward: 2, escapes: 4, returns: 8 } as const;

/**
 * What a call of a name hands its arguments to, by the functions of this file with that name: none,
 * one that trains, ones that only return plain numbers, one that stores what it is given on an object,
 * or none of these.
 */
export type CalleeVerdict = 'absent' | 'trains' | 'plain' | 'stores' | 'other';

/** One binding of a name: where it is assigned (from the scope's start), and the block it is assigned in. */
export interface Binding {
  key: string;
  start: number;
  block: SyntaxNode;
}

/** A scope's graph as one version reads it: the fates of names that read more than the graph are this version's. */
interface ScopeFlow {
  scope: SyntaxNode;
  bindings: ReadonlyMap<string, readonly Binding[]>;
  sinks: ReadonlyMap<string, ReadonlySet<string>>;
  graph: ScopeGraph;
  /** Fates of names that followed a return to the callers. */
  fates: Map<string, ForwardFate>;
  /** While the graph is built: the names of its identifiers (see ComprehensionNames). */
  names?: ComprehensionNames;
}

/** Where the output of forward passes goes, in one version of the file (its answers are memoised by the database). */
export class ForwardFlowAnalysis {
  /** Per graph, what this version read of it beyond the graph (see ScopeFlow). */
  private readonly flows = new Map<ScopeGraph, ScopeFlow>();
  private depth = 0;
  /**
   * Set while a fate is worked out when it read more than the scope's graph: a return followed to the
   * callers.
   */
  private readBeyondGraph = false;

  constructor(private readonly deps: ForwardFlowDeps) {}

  /** The fate of the value a call (a forward pass) returns. */
  fateOf(call: SyntaxNode): ForwardFate {
    // Returns followed through callers nest once per call level; past a depth no real code reaches,
    // give the answer that reports nothing rather than run out of stack.
    if (this.depth >= MAX_RETURN_DEPTH && !this.deps.fateKnown(call)) return 'escapes';
    this.depth++;
    try {
      return this.deps.fate(call);
    } finally {
      this.depth--;
    }
  }

  /**
   * Works out the fate of a call's output (see `fateOf`, which memoises it). Where the scope's graph
   * settles it alone, it read the graph and the way from the call into it; a fate that followed a
   * return to the callers holds for this version only.
   */
  computeFate(call: SyntaxNode): ForwardFate {
    const scope = scopeOf(call);
    if (scope.type === 'lambda') return 'escapes';
    const outerBeyond = this.readBeyondGraph;
    this.readBeyondGraph = false;
    try {
      const flow = this.scopeFlow(scope);
      const fate = this.resolve(flow, this.sinkKeys(flow, call, scope));
      if (this.readBeyondGraph) this.deps.readsVersion();
      return fate;
    } finally {
      this.readBeyondGraph ||= outerBeyond;
    }
  }

  private resolve(flow: ScopeFlow, keys: Iterable<string>): ForwardFate {
    let fate: ForwardFate = 'unused';
    for (const sink of keys) {
      if (sink === RETURNS) this.readBeyondGraph = true;
      const next = sink === REACHES_BACKWARD ? 'backward' : sink === ESCAPES ? 'escapes' : sink === RETURNS ? this.returnedFate(flow.scope) : this.fateOfName(flow, sink);
      if (next === 'backward') return next;
      if (next === 'escapes') fate = next;
    }
    return fate;
  }

  /** Worklist over the scope's def-use graph: what the value of one binding may reach. */
  private fateOfName(flow: ScopeFlow, name: string): ForwardFate {
    const settled = flow.graph.settled.get(name);
    if (settled) return settled;
    const cached = flow.fates.get(name);
    if (cached) {
      this.readBeyondGraph = true;
      return cached;
    }
    // Without a return on the way, what the keys it reaches hold settles it.
    const reach = flow.graph.reach.get(name) ?? 0;
    if (!(reach & Reach.returns)) {
      const fate: ForwardFate = reach & Reach.lastBackward ? 'backward' : reach & Reach.escapes ? 'escapes' : 'unused';
      flow.graph.settled.set(name, fate);
      return fate;
    }
    const outerBeyond = this.readBeyondGraph;
    this.readBeyondGraph = false;
    const seen = new Set([name]);
    const pending = [name];
    let fate: ForwardFate = 'unused';
    for (let current = pending.pop(); current !== undefined && fate !== 'backward'; current = pending.pop()) {
      for (const sink of flow.sinks.get(current) ?? []) {
        if (sink === REACHES_BACKWARD) fate = 'backward';
        else if (sink === ESCAPES) fate = 'escapes';
        else if (sink === RETURNS) {
          this.readBeyondGraph = true;
          const returned = this.returnedFate(flow.scope);
          if (returned !== 'unused') fate = returned;
        } else if (!seen.has(sink)) {
          seen.add(sink);
          pending.push(sink);
        }
      }
    }
    if (this.readBeyondGraph) flow.fates.set(name, fate);
    else flow.graph.settled.set(name, fate);
    this.readBeyondGraph ||= outerBeyond;
    return fate;
  }

  /** The scope's graph as this version reads it; asking for the graph notes that it was read. */
  private scopeFlow(scope: SyntaxNode): ScopeFlow {
    const graph = this.deps.graphOf(scope);
    let flow = this.flows.get(graph);
    if (!flow) this.flows.set(graph, (flow = { scope, bindings: graph.bindings, sinks: graph.sinks, graph, fates: new Map() }));
    return flow;
  }

  /** Builds the def-use graph of a scope (see ScopeGraph). */
  buildGraph(scope: SyntaxNode): ScopeGraph {
    const bindings = new Map<string, Binding[]>();
    const sinks = new Map<string, Set<string>>();
    const reach = new Map<string, number>();
    const graph: ScopeGraph = { bindings, sinks, settled: new Map(), reach, runs: new Map() };
    this.buildFlow({ scope, bindings, sinks, graph, fates: new Map() }, bindings);
    reachOfEveryKey(sinks, reach);
    return graph;
  }

  private isBackwardCall(call: SyntaxNode): boolean {
    return this.deps.isBackwardCall(call);
  }

  private isModuleName(name: string): boolean {
    return this.deps.isModuleName(name);
  }

  private calleeVerdict(name: string): CalleeVerdict {
    return this.deps.calleeVerdict(name);
  }

  private buildFlow(flow: ScopeFlow, bindings: Map<string, Binding[]>): void {
    const { scope } = flow;
    const base = scope.start;
    const { text } = this.deps;
    // Iterative walks: nesting depth comes from user code.
    const nodes: SyntaxNode[] = [];
    const comprehensions: SyntaxNode[] = [];
    const stack: SyntaxNode[] = [...scope.children];
    while (stack.length) {
      const node = stack.pop()!;
      nodes.push(node);
      if (COMPREHENSIONS.has(node.type)) comprehensions.push(node);
      for (const child of node.children) stack.push(child);
    }
    const names = (flow.names = new ComprehensionNames(comprehensions, text, base));
    for (const [name, list] of bindingsIn(scope, nodes, text, names)) bindings.set(name, list);
    for (const [name, list] of bindings) if (list.length > MANY_BINDINGS) (flow.graph.runs as Map<string, NameRuns>).set(name, this.runsOf(flow, name, list));
    for (const node of nodes) {
      if (node.type !== 'identifier') continue;
      if (node.fieldName === 'left' && node.parent?.type === 'augmented_assignment' && scopeOf(node) === scope) {
        // `loss += reg` reads the old `loss` into the new one.
        const name = nodeText(node, text);
        for (const key of this.reachingBindings(flow, name, node, 'sources')) this.link(flow, key, [`${name}#${node.start - base}`]);
        continue;
      }
      if (!isRead(node)) continue;
      const name = names.of(node);
      const own = scopeOf(node);
      if (own === scope) {
        const sinks = this.sinkKeys(flow, node, scope);
        for (const key of this.reachingBindings(flow, name, node, 'sources')) this.link(flow, key, sinks);
      } else if (!boundIn(own, nodeText(node, text), text)) {
        // A name of this scope read by a nested function or lambda: what it holds may be used from there.
        for (const key of this.allBindings(flow, name)) this.link(flow, key, [ESCAPES]);
      }
    }
  }

  /**
   * The runs of a name's bindings (see NameRuns), with their edges: each binding flows into the runs
   * above it in the `sources` tree, and each run of the `targets` tree into the two it is made of.
   */
  private runsOf(flow: ScopeFlow, name: string, list: readonly Binding[]): NameRuns {
    const runs = runsOfBindings(list);
    const { size } = runs;
    const linked = new Set<number>();
    for (let i = 0; i < list.length; i++) {
      for (let node = size + i; node > 1 && !linked.has(node); node >>= 1) {
        linked.add(node);
        this.link(flow, node >= size ? list[node - size]!.key : runKey(name, 'sources', node), [runKey(name, 'sources', node >> 1)]);
        this.link(flow, runKey(name, 'targets', node >> 1), [node >= size ? list[node - size]!.key : runKey(name, 'targets', node)]);
      }
    }
    return runs;
  }

  /** Adds edges to the graph being built (see buildFlow). */
  private link(flow: ScopeFlow, key: string, sinks: Iterable<string>): void {
    const graph = flow.sinks as Map<string, Set<string>>;
    let set = graph.get(key);
    if (!set) graph.set(key, (set = new Set()));
    for (const sink of sinks) if (sink !== key) set.add(sink);
  }

  private allBindings(flow: ScopeFlow, name: string): string[] {
    if (flow.graph.runs.has(name)) return [`${name}#entry`, runKey(name, 'sources', 1)];
    return [`${name}#entry`, ...(flow.bindings.get(name) ?? []).map((b) => b.key)];
  }

  /**
   * The bindings of `name` whose value a read may see. A binding is hidden by a later one (before the
   * read) that sits in a block holding the read, since that one runs on every way to the read, and by
   * a later one in a block holding the binding, which runs on every way from it; a binding later in a loop that holds the read reaches it on the next iteration, unless the hiding
   * binding is itself inside that loop (`fake = netG(noise)` at the top of every iteration hides the
   * `fake = netG(fixed_noise)` of the iteration before). A name bound many times in the scope answers
   * with keys of runs of its bindings (see `NameRuns`): `role` says whether the keys are read from
   * (`sources`) or flowed into (`targets`).
   */
  private reachingBindings(flow: ScopeFlow, name: string, read: SyntaxNode, role: 'sources' | 'targets'): string[] {
    const list = flow.bindings.get(name) ?? [];
    const runs = flow.graph.runs.get(name);
    return runs ? reachingRuns(list, runs, flow.scope, name, read, role) : reachingOneByOne(list, flow.scope, name, read);
  }

  /** Sinks as keys of the scope's graph. */
  private keysOf(flow: ScopeFlow, sinks: readonly Sink[]): string[] {
    const keys: string[] = [];
    for (const sink of sinks) {
      if (typeof sink === 'string') keys.push(sink);
      else if ('bind' in sink) keys.push(`${nodeText(sink.bind, this.deps.text)}#${sink.bind.start - flow.scope.start}`);
      else keys.push(...this.reachingBindings(flow, flow.names?.of(sink.into) ?? nodeText(sink.into, this.deps.text), sink.into, 'targets'));
    }
    return keys;
  }

  /** Where the value of `node` goes, as keys of the scope's graph. */
  private sinkKeys(flow: ScopeFlow, node: SyntaxNode, scope: SyntaxNode): string[] {
    return this.keysOf(flow, this.sinksOf(node, scope));
  }

  /** Where the value of `node` goes, up to the end of its statement. */
  private sinksOf(node: SyntaxNode, scope: SyntaxNode): Sink[] {
    const { text } = this.deps;
    const sinks: Sink[] = [];
    let child = node;
    for (let p = node.parent; p && p !== scope; child = p, p = p.parent) {
      switch (p.type) {
        case 'attribute': {
          if (child.fieldName !== 'object') return sinks;
          const attr = p.children.find((c) => c.fieldName === 'attribute');
          if (attr && (GRAPH_FREE.has(nodeText(attr, text)) || DETACHING.has(nodeText(attr, text)))) return sinks;
          // A distribution's `sample()` draws under no_grad (`rsample()` is the one that keeps the graph).
          if (attr && SAMPLING.has(nodeText(attr, text)) && child.type === 'identifier' && this.deps.isDistributionAt(child)) return sinks;
          break;
        }
        case 'call': {
          if (child.fieldName !== 'function') break;
          if (this.isBackwardCall(p)) return [...sinks, REACHES_BACKWARD];
          // Calling a name (`net(x)`) does not hand the callable on; a method's result comes from its receiver.
          if (child.type === 'identifier') return sinks;
          break;
        }
        case 'argument_list': {
          const call = p.parent;
          if (!call) return sinks;
          if (this.isBackwardCall(call)) return [...sinks, REACHES_BACKWARD];
          const name = dottedName(callee(call), text);
          const last = name ? lastSegment(name) : '';
          if (name && (TO_PLAIN.test(name) || INTEGER_RESULT.test(name))) return sinks;
          // A function the caller hands in, called for its effect (`backprop(loss)` with `backprop`
          // a parameter), may do anything with the value: what it does is the callers' to tell.
          if (callee(call)?.type === 'identifier' && call.parent?.type === 'expression_statement' && scope.type === 'function_definition' && hasParameter(scope, name!, text)) return [...sinks, ESCAPES];
          const verdict = this.calleeVerdict(last);
          if (verdict === 'trains') return [...sinks, REACHES_BACKWARD];
          // Handed to code that backpropagates it: another file's function, or an object's method (a criterion module whose `forward` calls `backward()`).
          if (verdict === 'absent' && name && this.deps.callTrains(name)) return [...sinks, REACHES_BACKWARD];
          if (verdict === 'plain') return sinks;
          if (verdict === 'stores') return [...sinks, ESCAPES];
          const local = verdict !== 'absent';
          if (!local && last) {
            const words = nameWords(last);
            if (words.some((w) => TRAINING_WORDS.has(w))) return [...sinks, REACHES_BACKWARD];
            const receiver = name!.slice(0, Math.max(0, name!.length - last.length - 1));
            // (A model's own method or submodule, `decoder.decode_step(...)`, computes on it.)
            const keeps = words.some((w) => KEEPING_WORDS.has(w)) && !READ_ONLY_RECEIVER.test(receiver) && !(receiver && this.isModuleName(receiver));
            if (keeps) return [...sinks, ESCAPES];
          }
          // A call kept only for its effect (`attach_predictions(outputs, instances)`) may store the
          // output into the other objects it is given.
          if (call.parent?.type === 'expression_statement' && !local) {
            const args = call.children.find((c) => c.fieldName === 'arguments');
            for (const arg of args?.children ?? []) if (arg.type === 'identifier' && arg !== child) sinks.push({ into: arg });
          }
          const m = methodCall(call, text);
          if (m && STORING_METHODS.has(m.method)) {
            // Meters, metrics and loggers only read what they are given (`loss_meter.update(loss)`).
            if (READ_ONLY_RECEIVER.test(dottedName(m.receiver, text) ?? '')) return sinks;
            if (m.receiver.type === 'identifier') sinks.push({ into: m.receiver });
            else return [...sinks, ESCAPES];
          }
          break;
        }
        case 'assignment':
        case 'augmented_assignment': {
          if (child.fieldName !== 'right') return sinks;
          const left = p.children.find((c) => c.fieldName === 'left');
          // `_, next_word = torch.max(prob, dim=1)`: values and indices; the indices carry no graph.
          const values = left && p.type === 'assignment' && returnsValuesAndIndices(child, text) ? firstOfPair(left) : null;
          if (values) return [...sinks, ...targetSinks(values)];
          return left ? [...sinks, ...targetSinks(left)] : sinks;
        }
        case 'for_statement':
        case 'for_in_clause': {
          if (child.fieldName !== 'right') return sinks;
          const left = p.children.find((c) => c.fieldName === 'left');
          if (p.type === 'for_in_clause') break;
          return left ? [...sinks, ...targetSinks(left)] : sinks;
        }
        case 'named_expression': {
          const target = p.children.find((c) => c.fieldName === 'name');
          if (target) sinks.push({ bind: target });
          break;
        }
        case 'with_item':
        case 'as_pattern': {
          const alias = p.children.find((c) => c.fieldName === 'alias');
          if (alias) sinks.push(...targetSinks(alias));
          break;
        }
        case 'return_statement':
        case 'yield':
          return [...sinks, RETURNS];
        case 'comparison_operator':
        case 'not_operator':
          // `hit_ratio > 0.05`, `pred == y`: booleans carry no graph.
          return sinks;
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

  /** A returned value goes wherever the callers in this file send the call's result. */
  private returnedFate(scope: SyntaxNode): ForwardFate {
    if (scope.type !== 'function_definition') return 'escapes';
    // A method's result can be asked for by whoever holds the object, here or elsewhere.
    if (isMethod(scope)) return 'escapes';
    const callers = this.deps.callersOf(scope);
    if (!callers || !callers.length) return 'escapes';
    for (const call of callers) {
      const fate = this.fateOf(call);
      if (fate !== 'unused') return fate;
    }
    return 'unused';
  }

  /**
   * Where the output of a forward pass goes inside its own function, whatever the callers then do
   * with a returned value: a helper shared by training and evaluation (`compute_loss(data)`) returns
   * to both, and each call site has its own answer.
   */
  localReach(call: SyntaxNode): LocalReach {
    const scope = scopeOf(call);
    if (scope.type === 'lambda') return { backward: false, escapes: true, returns: false };
    const flow = this.scopeFlow(scope);
    // What the keys reach settles it.
    let bits = 0;
    for (const key of this.sinkKeys(flow, call, scope)) {
      if (key === REACHES_BACKWARD) bits |= Reach.anyBackward;
      else if (key === ESCAPES) bits |= Reach.escapes;
      else if (key === RETURNS) bits |= Reach.returns;
      else bits |= flow.graph.reach.get(key) ?? 0;
    }
    return { backward: (bits & Reach.anyBackward) !== 0, escapes: (bits & Reach.escapes) !== 0, returns: (bits & Reach.returns) !== 0 };
  }

}

/**
 * What a call of `name` hands its arguments to, from the functions of this file of that name (their
 * subtrees) and whether they, or helpers of this file they call, compute gradients.
 */
export function calleeVerdictOf(name: string, text: string, functionsNamed: (name: string) => readonly SyntaxNode[], needsGradients: (fn: SyntaxNode) => boolean): CalleeVerdict {
  const local = name ? functionsNamed(name) : [];
  if (!local.length) return 'absent';
  if (local.some((fn) => needsGradients(fn))) return 'trains';
  // A helper that only ever returns plain numbers (`return (d < t).float().mean().item()`).
  if (local.every((fn) => PLAIN_RETURNS.of(fn, text)) && !local.some((fn) => STORES_ON_OBJECTS.of(fn, text))) return 'plain';
  if (local.some((fn) => STORES_ON_OBJECTS.of(fn, text))) return 'stores';
  return 'other';
}

/** Names a function or lambda binds itself (parameters, assignments, loop targets), so reads of them are its own. */
const BOUND_NAMES = new SubtreeFact('names a scope binds', (fn: SyntaxNode, text: string): ReadonlySet<string> => {
  const names = new Set<string>();
  const stack = [...fn.children];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === 'identifier' && !isRead(node) && node.fieldName !== 'attribute' && scopeOf(node) === fn) names.add(nodeText(node, text));
    if (node.type === 'global_statement' || node.type === 'nonlocal_statement') continue;
    for (const child of node.children) stack.push(child);
  }
  return names;
});

function boundIn(fn: SyntaxNode, name: string, text: string): boolean {
  return BOUND_NAMES.of(fn, text).has(name);
}

/** Every return of the function gives a plain value: `.item()`, `.tolist()`, a number, nothing. */
const PLAIN_RETURNS = new SubtreeFact('returns plain values only', (fn: SyntaxNode, text: string): boolean => {
  const returns: SyntaxNode[] = [];
  const stack = [...fn.children];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === 'function_definition' || node.type === 'lambda' || node.type === 'class_definition') continue;
    // A generator's values come out through `yield`: not plain returns.
    if (node.type === 'yield') return false;
    if (node.type === 'return_statement') returns.push(node);
    for (const child of node.children) stack.push(child);
  }
  return returns.length > 0 && returns.every((r) => {
    if (r.type !== 'return_statement') return false;
    const value = r.children.find((c) => c.named && c.type !== 'comment');
    if (!value) return true;
    if (['integer', 'float', 'string', 'true', 'false', 'none', 'comparison_operator', 'not_operator'].includes(value.type)) return true;
    const m = value.type === 'call' ? methodCall(value, text) : null;
    if (m && GRAPH_FREE.has(m.method)) return true;
    const name = value.type === 'call' ? dottedName(callee(value), text) : null;
    return name !== null && TO_PLAIN.test(name);
  });
});

/**
 * `logits[mask] = -inf` on a name the function binds itself (a parameter or a local): an edit of a
 * value it was given or made, not a store into an object that outlives the call.
 */
function ownSubscript(target: SyntaxNode, fn: SyntaxNode, text: string): boolean {
  const base = target.children.find((c) => c.fieldName === 'value');
  return base?.type === 'identifier' && boundIn(fn, nodeText(base, text), text);
}

/** The function assigns to attributes or subscripts of objects, or stores into them through methods. */
const STORES_ON_OBJECTS = new SubtreeFact('stores on objects', (fn: SyntaxNode, text: string): boolean => {
  const stack = [...fn.children];
  while (stack.length) {
    const node = stack.pop()!;
    if ((node.type === 'assignment' || node.type === 'augmented_assignment')) {
      const left = node.children.find((c) => c.fieldName === 'left');
      const targets = left ? [left, ...left.children] : [];
      if (targets.some((t) => t.type === 'attribute' || (t.type === 'subscript' && !ownSubscript(t, fn, text)))) return true;
    }
    if (node.type === 'call') {
      const m = methodCall(node, text);
      if (m && STORING_METHODS.has(m.method) && m.receiver.type === 'attribute') return true;
    }
    for (const child of node.children) stack.push(child);
  }
  return false;
});

/** Bindings made by an assignment target; attributes of other objects leave the scope. */
function targetSinks(target: SyntaxNode): Sink[] {
  const out: Sink[] = [];
  const stack = [target];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === 'identifier') out.push({ bind: n });
    else if (n.type === 'attribute') out.push(ESCAPES);
    else if (n.type === 'subscript') {
      const base = n.children.find((c) => c.fieldName === 'value');
      out.push(base?.type === 'identifier' ? { into: base } : ESCAPES);
    } else for (const c of n.children) stack.push(c);
  }
  return out;
}

/** An identifier that a statement binds: an assignment or loop target, a walrus, a `with ... as`, a parameter, an import. */
function isBinding(node: SyntaxNode): boolean {
  if (node.fieldName === 'attribute') return false;
  let child = node;
  for (let p = node.parent; p; child = p, p = p.parent) {
    if (p.type === 'subscript' || p.type === 'attribute' || p.type === 'call' || p.type === 'argument_list') return false;
    if ((p.type === 'assignment' || p.type === 'augmented_assignment' || p.type === 'for_statement' || p.type === 'for_in_clause') && child.fieldName === 'left') return true;
    if (p.type === 'named_expression') return child.fieldName === 'name';
    if ((p.type === 'as_pattern' || p.type === 'with_item') && child.fieldName === 'alias') return true;
    if (p.type === 'as_pattern_target') return true;
    if (p.type === 'parameters' || p.type === 'lambda_parameters' || p.type === 'aliased_import' || p.type === 'import_statement' || p.type === 'import_from_statement') return true;
    if (isStatement(p)) return false;
  }
  return false;
}

/** Where a binding starts to hold: after the value it is given is computed (`x = f(x)` reads the old `x`). */
function bindingTakesEffect(node: SyntaxNode): number {
  for (let p = node.parent; p; p = p.parent) {
    switch (p.type) {
      case 'assignment':
      case 'augmented_assignment':
      case 'named_expression':
      case 'with_item':
        return p.end;
      case 'for_statement':
      case 'for_in_clause':
        return (p.children.find((c) => c.fieldName === 'right') ?? p).end;
      case 'parameters':
      case 'lambda_parameters':
        return node.start;
    }
    if (isStatement(p)) return p.end;
  }
  return node.start;
}

/** Reductions that, given a dimension, return a (values, indices) pair. */
const VALUES_AND_INDICES = new Set(['max', 'min', 'topk', 'sort', 'kthvalue', 'median', 'mode', 'cummax', 'cummin']);

/** `torch.max(x, dim=1)`, `x.max(1)`, `x.topk(5)`, `torch.sort(x)`: a call returning values and indices. */
function returnsValuesAndIndices(expression: SyntaxNode, text: string): boolean {
  const call = unparenthesize(expression);
  if (!is(call, 'call')) return false;
  const { positional, keywords } = callArguments(call, text);
  const m = methodCall(call, text);
  const name = m ? m.method : lastSegment(dottedName(callee(call), text) ?? '');
  if (!VALUES_AND_INDICES.has(name)) return false;
  if (name === 'topk' || name === 'sort' || name === 'kthvalue' || name.startsWith('cum')) return true;
  // `max`/`min`/`median`/`mode` return the pair only when given a dimension.
  const isTorchFunction = !m || /^(torch)$/.test(dottedName(m.receiver, text) ?? '');
  return keywords.has('dim') || positional.length >= (isTorchFunction ? 2 : 1);
}

/** The first target of a two-target unpacking (`a, b = ...`, `(a, b) = ...`), or null. */
function firstOfPair(left: SyntaxNode): SyntaxNode | null {
  const node = unparenthesize(left);
  if (!['pattern_list', 'tuple_pattern', 'expression_list', 'tuple'].includes(node.type)) return null;
  const parts = node.children.filter((c) => c.named && c.type !== 'comment');
  return parts.length === 2 ? parts[0]! : null;
}

/** The block (or the scope itself) a binding stands in. */
function blockOf(node: SyntaxNode, scope: SyntaxNode): SyntaxNode {
  for (let p = node.parent; p && p !== scope; p = p.parent) if (p.type === 'block') return p;
  return scope;
}

function holds(outer: SyntaxNode, offset: number): boolean {
  return outer.start <= offset && offset < outer.end;
}

const COMPREHENSIONS = new Set(['list_comprehension', 'generator_expression', 'set_comprehension', 'dictionary_comprehension']);

/**
 * The names a scope's flow gives its identifiers: a comprehension's loop variables are its own
 * (`sum(loss for loss in parts)` leaves the `loss` of the function alone), so a name bound by a
 * comprehension is told apart, inside it, by the comprehension's offset in the scope.
 */
export class ComprehensionNames {
  /** Per comprehension of the scope, the names its `for` clauses bind. */
  private readonly bound = new Map<SyntaxNode, Set<string>>();
  /** Every name some comprehension binds: identifiers of other names need no walk up the tree. */
  private readonly anyBound = new Set<string>();

  /** `comprehensions`: the scope's comprehension nodes (others are passed over). */
  constructor(comprehensions: readonly SyntaxNode[], private readonly text: string, private readonly base: number) {
    for (const node of comprehensions) {
      if (!COMPREHENSIONS.has(node.type)) continue;
      const names = new Set<string>();
      for (const clause of node.children) {
        if (clause.type !== 'for_in_clause') continue;
        const left = clause.children.find((c) => c.fieldName === 'left');
        const stack = left ? [left] : [];
        while (stack.length) {
          const target = stack.pop()!;
          if (target.type === 'identifier') names.add(nodeText(target, text));
          else stack.push(...target.children);
        }
      }
      if (!names.size) continue;
      this.bound.set(node, names);
      for (const name of names) this.anyBound.add(name);
    }
  }

  /** The flow's name for `node`, an identifier. */
  of(node: SyntaxNode): string {
    const name = nodeText(node, this.text);
    if (!this.anyBound.has(name)) return name;
    /** A comprehension whose first iterable holds the node: that iterable is evaluated outside it. */
    let outside: SyntaxNode | null = null;
    let child = node;
    for (let p = node.parent; p; child = p, p = p.parent) {
      if (p.type === 'function_definition' || p.type === 'lambda' || p.type === 'class_definition') return name;
      if (p.type === 'for_in_clause' && child.fieldName === 'right' && p.parent?.children.find((c) => c.type === 'for_in_clause') === p) outside = p.parent;
      if (p !== outside && this.bound.get(p)?.has(name)) return `${name}\u0003${p.start - this.base}`;
    }
    return name;
  }
}

/** The bindings of each name made in `scope` (whose nodes are `nodes`), in the order they take effect. */
export function bindingsIn(scope: SyntaxNode, nodes: readonly SyntaxNode[], text: string, names = new ComprehensionNames(nodes, text, scope.start)): Map<string, Binding[]> {
  const base = scope.start;
  const bindings = new Map<string, Binding[]>();
  for (const node of nodes) {
    if (node.type === 'identifier' && isBinding(node) && scopeOf(node) === scope) {
      const name = names.of(node);
      let list = bindings.get(name);
      if (!list) bindings.set(name, (list = []));
      list.push({ key: `${name}#${node.start - base}`, start: bindingTakesEffect(node) - base, block: blockOf(node, scope) });
    }
  }
  for (const list of bindings.values()) list.sort((a, b) => a.start - b.start);
  return bindings;
}

/** `reachingBindings` listing each binding seen (see there). */
export function reachingOneByOne(list: readonly Binding[], scope: SyntaxNode, name: string, read: SyntaxNode): string[] {
  // Bindings hold offsets from the scope's start; blocks and loops are nodes, where they are now.
  const base = scope.start;
  const at = read.start - base;
  const out: string[] = [];
  let cover: Binding | null = null;
  let i = 0;
  while (i < list.length && list[i]!.start < at) i++;
  const later: SyntaxNode[] = [];
  for (let j = i - 1; j >= 0 && !cover; j--) {
    const binding = list[j]!;
    // Hidden by a later binding of its own block (`action = net(s)` then `action = to_np(action)`).
    if (later.some((block) => holds(block, binding.start + base))) continue;
    out.push(binding.key);
    if (holds(binding.block, at + base)) cover = binding;
    else if (later.length < MAX_HIDING_BLOCKS) later.push(binding.block);
  }
  if (!cover) out.push(`${name}#entry`);
  for (let loop = enclosingLoop(read, scope); loop; loop = enclosingLoop(loop, scope)) {
    if (cover && holds(loop, cover.start + base)) break;
    for (let j = i; j < list.length && list[j]!.start + base < loop.end; j++) out.push(list[j]!.key);
  }
  return out;
}

/**
 * A name bound many times in one scope (a running total at module level, in a loop after loop): a
 * read may see every earlier binding, and listing them all for each read makes the graph grow with the
 * square of the bindings. Its bindings, in order, are the leaves of two balanced trees of runs: in the
 * `sources` tree each binding flows into every run that holds it, so a read links the few runs that
 * make up what it sees to its sinks; in the `targets` tree each run flows into its two halves, so a
 * value stored into the name flows into the few runs that make up the bindings it reaches. What each
 * binding reaches is the same as when the bindings are listed one by one.
 */
export interface NameRuns {
  /** Leaves of the trees: the number of bindings, rounded up to a power of two. */
  size: number;
  /** Per block, the indices of the bindings made in it, ascending. */
  byBlock: ReadonlyMap<SyntaxNode, readonly number[]>;
}

/** The trees of runs over a name's bindings (their edges are the graph's, see `runsOf`). */
export function runsOfBindings(list: readonly Binding[]): NameRuns {
  let size = 1;
  while (size < list.length) size *= 2;
  const byBlock = new Map<SyntaxNode, number[]>();
  for (let i = 0; i < list.length; i++) {
    const own = byBlock.get(list[i]!.block);
    if (own) own.push(i);
    else byBlock.set(list[i]!.block, [i]);
  }
  return { size, byBlock };
}

/** The key of a run (a node of a tree of NameRuns, 1 its root). */
export function runKey(name: string, role: 'sources' | 'targets', node: number): string {
  return `${name}\u0002${role === 'sources' ? 's' : 't'}${node}`;
}

/** The first binding that starts at `offset` or later (list.length when none). */
function firstAtOrAfter(list: readonly Binding[], offset: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (list[middle]!.start < offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The largest index of `ascending` at or below `limit`, or -1. */
function lastAtOrBelow(ascending: readonly number[], limit: number): number {
  let low = 0;
  let high = ascending.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (ascending[middle]! <= limit) low = middle + 1;
    else high = middle;
  }
  return low > 0 ? ascending[low - 1]! : -1;
}

/**
 * `reachingBindings` for a name with runs: the same bindings, found without a visit to each of them
 * and given as keys of runs. Up to MAX_HIDING_BLOCKS bindings are visited one by one as there; past
 * them the blocks that hide bindings are fixed, so the nearest binding that covers the read is looked
 * up by block, and what lies between is the bindings outside the hiding blocks.
 */
export function reachingRuns(list: readonly Binding[], runs: NameRuns, scope: SyntaxNode, name: string, read: SyntaxNode, role: 'sources' | 'targets'): string[] {
  const base = scope.start;
  const at = read.start - base;
  const out: string[] = [];
  /** Index ranges [from, to] of bindings seen past the bindings visited one by one. */
  const ranges: [number, number][] = [];
  let cover = -1;
  const i = firstAtOrAfter(list, at);
  const later: SyntaxNode[] = [];
  let j = i - 1;
  while (j >= 0 && cover < 0 && later.length < MAX_HIDING_BLOCKS) {
    const binding = list[j]!;
    const hider = later.find((block) => holds(block, binding.start + base));
    if (hider) {
      // Every binding from the hiding block's start up to this one is in it.
      j = firstAtOrAfter(list, hider.start - base) - 1;
      continue;
    }
    out.push(binding.key);
    if (holds(binding.block, at + base)) cover = j;
    else later.push(binding.block);
    j--;
  }
  if (j >= 0 && cover < 0) {
    // The hiding blocks as index ranges, in order.
    const hidden = later
      .map((block): [number, number] => [firstAtOrAfter(list, block.start - base), firstAtOrAfter(list, block.end - base) - 1])
      .filter(([from, to]) => from <= to)
      .sort((a, b) => a[0] - b[0]);
    // The nearest binding at or below j made in a block that holds the read. No hiding block holds
    // one of those (it would hold the read, and its binding would have covered it).
    for (let block: SyntaxNode | null = read; block; block = block === scope ? null : block.parent) {
      if (block !== scope && block.type !== 'block') continue;
      const made = runs.byBlock.get(block);
      if (made) cover = Math.max(cover, lastAtOrBelow(made, j));
    }
    let from = Math.max(cover, 0);
    for (const [hiddenFrom, hiddenTo] of hidden) {
      if (hiddenTo < from || hiddenFrom > j) continue;
      if (hiddenFrom > from) ranges.push([from, hiddenFrom - 1]);
      from = Math.max(from, hiddenTo + 1);
    }
    if (from <= j) ranges.push([from, j]);
  }
  if (cover < 0) out.push(`${name}#entry`);
  for (let loop = enclosingLoop(read, scope); loop; loop = enclosingLoop(loop, scope)) {
    if (cover >= 0 && holds(loop, list[cover]!.start + base)) break;
    const end = firstAtOrAfter(list, loop.end - base);
    if (i < end) ranges.push([i, end - 1]);
  }
  for (const [from, to] of ranges) {
    // The runs that make up [from, to]: the nodes of a segment tree over the bindings.
    const keyOf = (node: number) => (node >= runs.size ? list[node - runs.size]!.key : runKey(name, role, node));
    for (let low = from + runs.size, high = to + 1 + runs.size; low < high; low >>= 1, high >>= 1) {
      if (low & 1) out.push(keyOf(low++));
      if (high & 1) out.push(keyOf(--high));
    }
  }
  return out;
}

/** The sinks that settle a fate, which are not keys of bindings or runs. */
function isFateSink(sink: string): boolean {
  return sink === REACHES_BACKWARD || sink === ESCAPES || sink === RETURNS;
}

/** What a key's own sinks hold (see Reach). */
function ownReach(sinks: ReadonlySet<string>): number {
  let bits = 0;
  let lastBackward = false;
  for (const sink of sinks) {
    if (sink === REACHES_BACKWARD) {
      bits |= Reach.anyBackward;
      lastBackward = true;
    } else if (sink === ESCAPES) {
      bits |= Reach.escapes;
      lastBackward = false;
    } else if (sink === RETURNS) bits |= Reach.returns;
  }
  return lastBackward ? bits | Reach.lastBackward : bits;
}

/**
 * What every key of a graph reaches (see Reach), in one pass over the graph: the strongly connected
 * components (Tarjan's, with an explicit stack: graphs are as long as the scope) share their bits.
 */
function reachOfEveryKey(sinks: ReadonlyMap<string, ReadonlySet<string>>, reach: Map<string, number>): void {
  const indexOf = new Map<string, number>();
  const keys: string[] = [];
  const low: number[] = [];
  const bits: number[] = [];
  const onStack: boolean[] = [];
  const stack: number[] = [];
  const frames: { id: number; next: Iterator<string> }[] = [];
  const open = (key: string, own: ReadonlySet<string>) => {
    const id = keys.length;
    indexOf.set(key, id);
    keys.push(key);
    low.push(id);
    bits.push(ownReach(own));
    onStack.push(true);
    stack.push(id);
    frames.push({ id, next: own[Symbol.iterator]() });
  };
  for (const [root, rootSinks] of sinks) {
    if (indexOf.has(root)) continue;
    open(root, rootSinks);
    while (frames.length) {
      const frame = frames[frames.length - 1]!;
      const step = frame.next.next();
      if (!step.done) {
        const target = step.value;
        if (isFateSink(target)) continue;
        const seen = indexOf.get(target);
        if (seen === undefined) {
          const targetSinks = sinks.get(target);
          if (targetSinks) open(target, targetSinks);
        } else if (onStack[seen]) low[frame.id] = Math.min(low[frame.id]!, seen);
        else bits[frame.id]! |= bits[seen]!;
        continue;
      }
      frames.pop();
      const { id } = frame;
      if (low[id] === id) {
        // A component is complete: its keys reach the same.
        let start = stack.length - 1;
        while (stack[start] !== id) start--;
        let shared = 0;
        for (let k = start; k < stack.length; k++) shared |= bits[stack[k]!]!;
        for (let k = start; k < stack.length; k++) {
          const member = stack[k]!;
          bits[member] = shared;
          onStack[member] = false;
          reach.set(keys[member]!, shared);
        }
        stack.length = start;
      }
      const parent = frames[frames.length - 1];
      if (parent) {
        if (onStack[id]) low[parent.id] = Math.min(low[parent.id]!, low[id]!);
        else bits[parent.id]! |= bits[id]!;
      }
    }
  }
}

/** The innermost `for`/`while` loop around `node` inside `scope`. */
function enclosingLoop(node: SyntaxNode, scope: SyntaxNode): SyntaxNode | null {
  for (let p = node.parent; p && p !== scope; p = p.parent) {
    if (p.type === 'for_statement' || p.type === 'while_statement') return p;
  }
  return null;
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
