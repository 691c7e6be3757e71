// Which GPU a file's code runs on: whether it uses CUDA at all, whether it starts distributed
// training (one process per GPU), whether `torch.cuda.set_device` runs before a statement on the
// way to it, and which local-rank variables are in scope there.
import { field, is, walk, type SyntaxNode } from '../../parser/syntax';
import type { Definition } from '../../semantic/definitions';
import { modelQuery, StatementFact, type SemanticModel } from '../../semantic/model';
import { callArguments, callee, dottedName, lastSegment, methodCall, nodeText } from '../../semantic/names';
import { stringHead, stringValue } from './strings';
import { nodesIn } from '../../semantic/subtree';
import { enclosingFunction, functionName, within } from '../../semantic/scopes';

/** A device string that names a GPU: `cuda`, `cuda:0`, `cuda:{}` (before `.format`). */
const CUDA_DEVICE = /^cuda(:|$)/;

/** Libraries that pick each process's GPU themselves. */
const DEVICE_MANAGERS = /^(accelerate|lightning|lightning_fabric|pytorch_lightning|deepspeed|colossalai|composer)(\.|$)/;

/** Functions of other files that, by their name, set up the process group (and with it the device). */
const EXTERNAL_DEVICE_SETUP = /dist|ddp|setup|launch|device|rank|gpu/i;

/** The qualified name of what a call calls: `torch.load` for `T.load(...)` under `import torch as T`. */
export function qualifiedCallee(model: SemanticModel, call: SyntaxNode): string | null {
  // Asked of every call by several analyses (GPU use, distributed start, loads, saves): each callee
  // name is qualified once per file.
  const name = dottedName(callee(call), model.text);
  return name ? QUALIFIED_NAME.of(model, name) : null;
}

const QUALIFIED_NAME = modelQuery('qualified callee name', (model, name: string) => model.imports.qualify(name) ?? name, { reads: 'key' });

/** The literal `"cuda"`, with no device index: the current device, GPU 0 until `set_device` says otherwise. */
export function isBareCudaString(node: SyntaxNode | undefined, text: string): boolean {
  return node !== undefined && stringValue(node, text) === 'cuda';
}

/**
 * Library calls that put the models they are given on the GPU when the machine has one (their
 * default device), or that only work on a GPU: Accelerate's `Accelerator`, Lightning's `Trainer` and
 * `Fabric`, DeepSpeed's engine, and CUDA's mixed-precision scaler and autocast.
 */
const PLACES_ON_GPU = /^accelerate\.Accelerator$|^(lightning(\.pytorch)?|pytorch_lightning)\.(Trainer|Fabric)$|^lightning\.fabric\.Fabric$|^deepspeed\.initialize$|^torch\.cuda\.amp\.(GradScaler|autocast)$/;

/** Whether a top-level statement puts tensors or models on a GPU (see `usesCuda`); judged under the file's imports. */
const USES_CUDA_IN_STATEMENT = new StatementFact('uses CUDA', (model, statement): boolean => {
  for (const call of model.nodesOfKindIn(statement, 'call')) {
    if (methodCall(call, model.text)?.method === 'cuda') return true;
    const name = qualifiedCallee(model, call) ?? '';
    // `torch.accelerator.current_accelerator()` is the GPU on a machine with one.
    if (/^torch\.nn\.(parallel\.(distributed\.)?)?(DistributedDataParallel|DataParallel)$|(^|\.)cuda\.set_device$|^torch\.accelerator\./.test(name)) return true;
    if (PLACES_ON_GPU.test(name)) return true;
  }
  for (const s of model.nodesOfKindIn(statement, 'string')) {
    if (s.parent?.type === 'expression_statement') continue;
    const head = stringHead(s, model.text);
    if (head && CUDA_DEVICE.test(head.head)) return true;
  }
  return false;
});

/** The file puts tensors or models on a GPU: `.cuda()`, a `"cuda..."` device string, (Distributed)DataParallel, `set_device`, `torch.accelerator`. */
export const usesCuda = modelQuery('uses CUDA', (model, _: void): boolean => USES_CUDA_IN_STATEMENT.ofEach(model).includes(true));

/** Calls that make the process calling them one of a distributed run's. */
export const JOINS_DISTRIBUTED_RUN = /(^|\.)init_process_group$|DistributedDataParallel$/;

/** Whether a top-level statement starts distributed training (see `startsDistributed`); judged under the file's imports. */
const STARTS_DISTRIBUTED_IN_STATEMENT = new StatementFact('starts distributed training', (model, statement): boolean => {
  for (const call of model.nodesOfKindIn(statement, 'call')) {
    const name = qualifiedCallee(model, call) ?? '';
    if (JOINS_DISTRIBUTED_RUN.test(name) || name === 'torch.multiprocessing.spawn') return true;
  }
  return model.nodesOfKindIn(statement, 'string').some((s) => stringValue(s, model.text) === 'LOCAL_RANK' && readsEnvironment(s, model.text));
});

/**
 * The file starts distributed training itself: `init_process_group`, a `DistributedDataParallel`
 * wrapper, `torch.multiprocessing.spawn`, or a read of the `LOCAL_RANK` that torchrun sets.
 */
export const startsDistributed = modelQuery('starts distributed training', (model, _: void): boolean =>
  STARTS_DISTRIBUTED_IN_STATEMENT.ofEach(model).includes(true),
);

/** `os.environ["LOCAL_RANK"]`, `os.environ.get("LOCAL_RANK")`, `os.getenv("LOCAL_RANK")`. */
function readsEnvironment(key: SyntaxNode, text: string): boolean {
  const parent = key.parent;
  if (parent?.type === 'subscript') return /(^|\.)environ$/.test(dottedName(parent.children.find((c) => c.fieldName === 'value') ?? null, text) ?? '');
  const call = parent?.type === 'argument_list' ? parent.parent : null;
  const name = call ? dottedName(callee(call), text) ?? '' : '';
  return /(^|\.)(environ\.get|getenv)$/.test(name);
}

/**
 * The GPU each process uses is chosen by something this analysis cannot see into, so a bare
 * `"cuda"` is not known to mean GPU 0: Accelerate, Lightning, DeepSpeed and the like set it, and a
 * file that writes `CUDA_VISIBLE_DEVICES` gives each process its own GPU 0.
 */
export const deviceChosenElsewhere = modelQuery('device chosen elsewhere', (model, _: void): boolean => {
  if (model.imports.importsMatching(DEVICE_MANAGERS)) return true;
  return WRITES_VISIBLE_DEVICES_IN_STATEMENT.ofEach(model).includes(true);
});

/** Whether a top-level statement writes `CUDA_VISIBLE_DEVICES` (see `deviceChosenElsewhere`). */
const WRITES_VISIBLE_DEVICES_IN_STATEMENT = new StatementFact('writes CUDA_VISIBLE_DEVICES', (model, statement): boolean =>
  model.nodesOfKindIn(statement, 'string').some((s) => stringValue(s, model.text) === 'CUDA_VISIBLE_DEVICES' && writesEnvironment(s, model.text)),
);

/** `os.environ["CUDA_VISIBLE_DEVICES"] = ...`, `os.environ.setdefault(...)`, `.update(...)`, `env={...}` for a child process. */
function writesEnvironment(key: SyntaxNode, text: string): boolean {
  for (let n: SyntaxNode | null = key; n; n = n.parent) {
    if (n.fieldName === 'left' && (n.parent?.type === 'assignment' || n.parent?.type === 'augmented_assignment')) return true;
    if (is(n, 'keyword_argument') && nodeText(field(n, 'name') ?? n, text) === 'env') return true;
    if (n.type === 'call') return ['setdefault', 'putenv', 'update'].includes(methodCall(n, text)?.method ?? '');
    if (n.type === 'expression_statement' || n.type === 'block' || n.type === 'module') return false;
  }
  return false;
}

/** `torch.cuda.set_device(...)` (or any accelerator's `set_device`). */
function setsDevice(model: SemanticModel, call: SyntaxNode): boolean {
  const m = methodCall(call, model.text);
  return m?.method === 'set_device' || /(^|\.)set_device$/.test(qualifiedCallee(model, call) ?? '');
}

/** The calls in a function's (or the module's) own code, not in the functions and classes it defines. */
function ownCalls(model: SemanticModel, scope: SyntaxNode): readonly SyntaxNode[] {
  return OWN_CALLS.of(model, scope);
}

const OWN_CALLS = modelQuery('own calls of a scope', (_model, scope: SyntaxNode): readonly SyntaxNode[] => {
  const calls: SyntaxNode[] = [];
  const body = scope.type === 'function_definition' ? scope.children.find((c) => c.fieldName === 'body') ?? scope : scope;
  walk(body, (n) => {
    if (n !== body && (n.type === 'function_definition' || n.type === 'class_definition' || n.type === 'lambda')) return false;
    if (n.type === 'call') calls.push(n);
    return undefined;
  });
  return calls;
}, { reads: 'key' });

/** A function of this file that sets the device, itself or through helpers of this file it calls. */
function functionSetsDevice(model: SemanticModel, fn: SyntaxNode): boolean {
  return SETS_DEVICE.of(model, fn);
}

/** False while being worked out, which ends cycles. */
const SETS_DEVICE = modelQuery('function sets the device', (model, fn: SyntaxNode) =>
  nodesIn(fn, ['call']).some((call) => setsDevice(model, call) || helperSetsDevice(model, call)), { onCycle: () => false });

/** A call to a helper that sets the device: one of this file that does, or one of another file named like a setup. */
function helperSetsDevice(model: SemanticModel, call: SyntaxNode): boolean {
  const target = callee(call);
  const name = target?.type === 'identifier' ? nodeText(target, model.text) : target?.type === 'attribute' ? lastSegment(dottedName(target, model.text) ?? '') : '';
  if (!name) return false;
  const defined = model.functionsNamed(name);
  if (defined.length) return defined.some((fn) => functionSetsDevice(model, fn));
  const qualified = qualifiedCallee(model, call) ?? '';
  // Library calls (torch, os, argparse...) are known not to set the device; other files' setup helpers may.
  if (/^(torch|os|sys|argparse|numpy|random|logging|time|math|json|yaml)(\.|$)/.test(qualified)) return false;
  return EXTERNAL_DEVICE_SETUP.test(name);
}

/** Names of the functions started as processes: `torch.multiprocessing.spawn(fn, ...)`, `Process(target=fn)`. */
const PROCESS_ENTRIES = modelQuery('process entries', (model, _: void): Set<string> => {
  const names = new Set<string>();
  for (const call of model.nodesOfKind('call')) {
    const called = qualifiedCallee(model, call) ?? '';
    const spawns = /(^|\.)(spawn|start_processes)$/.test(called);
    if (!spawns && !/(^|\.)Process$/.test(called)) continue;
    const { positional, keywords } = callArguments(call, model.text);
    const target = spawns ? positional[0] ?? keywords.get('fn') : keywords.get('target');
    if (target) names.add(nodeText(target, model.text));
  }
  return names;
});

function isProcessEntry(model: SemanticModel, fn: SyntaxNode): boolean {
  return PROCESS_ENTRIES.of(model).has(functionName(fn, model.text));
}

/** `with torch.cuda.device(rank):` around the node. */
function insideDeviceContext(model: SemanticModel, node: SyntaxNode): boolean {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'function_definition') return false;
    if (p.type !== 'with_statement') continue;
    for (const call of nodesIn(p, ['call'])) {
      if (call.start > (p.children.find((c) => c.fieldName === 'body')?.start ?? p.end)) break;
      if (/(^|\.)cuda\.device$/.test(qualifiedCallee(model, call) ?? '')) return true;
    }
  }
  return false;
}

export type DevicePinning = 'pinned' | 'unpinned' | 'unknown';

/**
 * Whether `torch.cuda.set_device` runs before `node` on the way to it: in the code of its function
 * before it (straight-line: a call in an earlier branch counts), in a helper called there, or in the
 * callers of its function before the call. Module-level code and functions started as processes
 * are where paths begin; a function called from nowhere in this file may be set up elsewhere.
 */
export function devicePinningAt(model: SemanticModel, node: SyntaxNode): DevicePinning {
  if (insideDeviceContext(model, node)) return 'pinned';
  const fn = enclosingFunction(node);
  const before = ownCalls(model, fn ?? model.root).filter((call) => call.end <= node.start && !within(node, call));
  if (before.some((call) => setsDevice(model, call) || helperSetsDevice(model, call))) return 'pinned';
  if (!fn || isProcessEntry(model, fn)) return 'unpinned';
  return pinningOnEntry(model, fn);
}

/** Whether the device is set when `fn` starts, from every call of it in this file. */
function pinningOnEntry(model: SemanticModel, fn: SyntaxNode): DevicePinning {
  return PINNING_ON_ENTRY.of(model, fn);
}

/** 'unknown' while being worked out, which ends cycles. */
const PINNING_ON_ENTRY = modelQuery('device pinning on entry', (model, fn: SyntaxNode): DevicePinning => {
  const callers = model.callersOf(fn);
  if (!callers || !callers.length) return 'unknown';
  const answers = callers.map((call) => devicePinningAt(model, call));
  return answers.every((a) => a === 'unpinned') ? 'unpinned' : answers.includes('pinned') ? 'pinned' : 'unknown';
}, { onCycle: (): DevicePinning => 'unknown' });

/**
 * Names visible at `node` that hold this process's local GPU index: `local_rank` (any case), a name
 * read from `LOCAL_RANK`, or the first parameter of a function started by `spawn` (the process index).
 */
export function localRankNames(model: SemanticModel, node: SyntaxNode): string[] {
  const names = new Set<string>();
  const fn = enclosingFunction(node);
  const scopes = fn ? [fn, model.root] : [model.root];
  for (const scope of scopes) {
    const visibleBefore = scope === fn ? node.start : scope === model.root && fn ? Infinity : node.start;
    for (const def of definitionsIn(model, scope)) {
      if (def.visibleFrom > visibleBefore || def.name.includes('.')) continue;
      if (/^local_?rank$/i.test(def.name) || (def.value !== null && readsLocalRank(model, def.value))) names.add(def.name);
    }
  }
  if (fn && isProcessEntry(model, fn)) {
    const params = fn.children.find((c) => c.fieldName === 'parameters');
    const first = params?.children.find((c) => c.type === 'identifier');
    if (first) names.add(nodeText(first, model.text));
  }
  return [...names];
}

function readsLocalRank(model: SemanticModel, value: SyntaxNode): boolean {
  return nodesIn(value, ['string']).some((s) => stringValue(s, model.text) === 'LOCAL_RANK');
}

function definitionsIn(model: SemanticModel, scope: SyntaxNode): Definition[] {
  const found: Definition[] = [];
  const seen = new Set<string>();
  for (const id of nodesIn(scope, ['identifier'])) {
    const name = nodeText(id, model.text);
    if (seen.has(name)) continue;
    seen.add(name);
    found.push(...model.definitions.definitionsOf(scope, name));
  }
  return found;
}
