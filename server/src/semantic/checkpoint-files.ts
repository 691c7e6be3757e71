// Which checkpoint files a project writes, told by the words its code spells their paths with. A
// `torch.load` of a path whose words no written path shares reads a file the project never writes
// (published weights), whose device its code cannot tell.
import { field, is, type SyntaxNode } from '../parser/syntax';
import { joined } from './group-by';
import { modelQuery, StatementFact, type SemanticModel } from './model';
import type { PathWords } from './project-facts';
import { callArguments, callee, dottedName, lastSegment, methodCall, nodeText, unparenthesize } from './names';
import { enclosingFunction, functionName, scopeOf } from './scopes';


/** Endings that name a file's format, not which file it is. */
const EXTENSIONS = new Set(['pth', 'pt', 'tar', 'bin', 'pkl', 'pickle', 'ckpt', 'safetensors', 'gz', 'zip']);

/** How many names and calls a path is followed through. */
const MAX_DEPTH = 4;

/**
 * Calls that write a file: `torch.save(obj, path)` and the copies and renames that give a saved
 * checkpoint another name (`shutil.copyfile(path, "model_best.pth.tar")`), with the argument that
 * names the written file.
 */
const WRITERS: ReadonlyMap<string, { position: number; keyword: string }> = new Map([
  ['torch.save', { position: 1, keyword: 'f' }],
  ['shutil.copyfile', { position: 1, keyword: 'dst' }],
  ['shutil.copy', { position: 1, keyword: 'dst' }],
  ['shutil.copy2', { position: 1, keyword: 'dst' }],
  ['shutil.move', { position: 1, keyword: 'dst' }],
  ['os.rename', { position: 1, keyword: 'dst' }],
  ['os.replace', { position: 1, keyword: 'dst' }],
]);

/** A call that writes a file, and the argument naming the file it writes (null: not given). */
interface FileWrite {
  /** The writer as the imports qualify it (`torch.save`, `shutil.copyfile`). */
  writer: string;
  call: SyntaxNode;
  path: SyntaxNode | null;
}

/** A top-level statement's `torch.load` calls and its calls that write files, under the file's imports. */
const CHECKPOINT_CALLS_IN_STATEMENT = new StatementFact('checkpoint loads and file writes', (model, statement) => {
  const loads: SyntaxNode[] = [];
  const writes: FileWrite[] = [];
  for (const call of model.nodesOfKindIn(statement, 'call')) {
    const name = dottedName(callee(call), model.text);
    const qualified = name ? model.imports.qualify(name) ?? name : null;
    if (qualified === 'torch.load') loads.push(call);
    const writer = qualified ? WRITERS.get(qualified) : undefined;
    if (!writer) continue;
    const { positional, keywords } = callArguments(call, model.text);
    writes.push({ writer: qualified!, call, path: keywords.get(writer.keyword) ?? positional[writer.position] ?? null });
  }
  return { loads, writes };
});

/** A top-level statement's `torch.load` calls and its calls that write files (`torch.save`, copies). */
export function checkpointCallsIn(model: SemanticModel, statement: SyntaxNode): { loads: readonly SyntaxNode[]; writes: readonly FileWrite[] } {
  return CHECKPOINT_CALLS_IN_STATEMENT.of(model, statement);
}

/**
 * The words of the paths the file writes, one entry per write (see PathWords), but for checkpoints
 * of CPU tensors: a model or state dict that the file builds itself, saved by a file that never moves
 * anything to a GPU (a tutorial's `model_save.py`), loads back onto the CPU.
 */
export const writtenPaths = modelQuery('written file paths', (model, _: void): readonly PathWords[] => {
  const writes = joined(CHECKPOINT_CALLS_IN_STATEMENT.ofEach(model).map((calls) => calls.writes));
  // Names are followed to values that other statements may hold.
  if (writes.length) model.db.readVersion();
  return writes.filter((w) => !savesCpuTensors(model, w)).map((w) => (w.path ? pathWords(model, w.path) : null));
}, { equals: (a, b) => JSON.stringify(a) === JSON.stringify(b) });

/** A `torch.save` of what this file builds (see `builtHere`), in a file that never moves anything to a GPU. */
function savesCpuTensors(model: SemanticModel, write: FileWrite): boolean {
  if (write.writer !== 'torch.save' || model.usesGpu) return false;
  const { positional, keywords } = callArguments(write.call, model.text);
  const saved = positional[0] ?? keywords.get('obj');
  return saved !== undefined && builtHere(model, saved, 0);
}

/**
 * `expression` is a model or optimizer this file constructs, or a state dict of one (`net`,
 * `net.state_dict()`, `{"model": net.state_dict(), "epoch": epoch}`), followed through names: nothing
 * of it comes from a caller or another file, which might have moved it to a GPU.
 */
function builtHere(model: SemanticModel, expression: SyntaxNode, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  const expr = unparenthesize(expression);
  if (is(expr, 'call')) {
    // A class constructed here (a summary is read from its file alone, so another file's class is
    // known by its CapWords name, as PEP 8 spells classes), or an optimizer over its parameters.
    const made = dottedName(callee(expr), model.text) ?? '';
    if (model.modules.isModelConstructor(expr) || /^[A-Z][a-z]\w*$/.test(lastSegment(made)) || /^torch\.optim\.[A-Z]\w*$/.test(model.imports.qualify(made) ?? '')) return true;
    const m = methodCall(expr, model.text);
    return m !== null && !model.imports.qualify(dottedName(m.receiver, model.text) ?? '') && builtHere(model, m.receiver, depth + 1);
  }
  if (expr.type === 'identifier') {
    const def = model.definitions.reaching(scopeOf(expr), nodeText(expr, model.text), expr.start);
    return def?.kind === 'assign' && def.unpackIndex < 0 && def.value !== null && builtHere(model, def.value, depth + 1);
  }
  if (expr.type === 'dictionary') {
    // The entries that hold tensors are the state dicts; the others are numbers and names.
    const states = expr.children.filter((c) => c.type === 'pair').flatMap((pair) => pair.children.filter((c) => c.fieldName === 'value')).filter((v) => nodeText(v, model.text).includes('state_dict'));
    return states.length > 0 && states.every((v) => builtHere(model, v, depth + 1));
  }
  return false;
}

/** The words of the path that `expression` spells (see PathWords). */
export function pathWords(model: SemanticModel, expression: SyntaxNode): PathWords {
  const found = new Set<string>();
  const literal = collect(model, expression, found, 0);
  return literal ? [...found].sort() : null;
}

/**
 * Whether a load of a path with `load`'s words may read a file that one of `written` names: the
 * load has no telling word, or some written path has none known or a word that one of the load's
 * holds or is held in (`checkpoint` of `checkpoint_{epoch}.pth` in `checkpoint_best`).
 */
export function mayReadWritten(load: PathWords, written: readonly PathWords[]): boolean {
  if (written.length === 0) return false;
  if (load === null || load.length === 0) return true;
  return written.some((w) => w === null || w.some((word) => load.some((l) => l.includes(word) || word.includes(l))));
}

/** Adds the words of `node`'s literal parts to `found`; whether it found a literal part. */
function collect(model: SemanticModel, node: SyntaxNode, found: Set<string>, depth: number): boolean {
  const n = unparenthesize(node);
  if (depth > MAX_DEPTH) return false;
  if (n.type === 'string') {
    for (const part of n.children) if (part.type === 'string_content') addWords(nodeText(part, model.text), found);
    for (const part of n.children) if (part.type === 'interpolation') for (const c of part.children) if (c.named) collect(model, c, found, depth + 1);
    return true;
  }
  if (n.type === 'identifier') return collectName(model, n, found, depth);
  if (is(n, 'subscript')) {
    const container = field(n, 'value');
    return container ? collect(model, container, found, depth + 1) : false;
  }
  if (['concatenated_string', 'binary_operator', 'argument_list', 'keyword_argument', 'dictionary', 'pair', 'list', 'tuple'].includes(n.type)) {
    let literal = false;
    for (const c of n.children) if (c.named && c.type !== 'comment' && !(n.type === 'keyword_argument' && c.fieldName === 'name')) literal = collect(model, c, found, depth) || literal;
    return literal;
  }
  if (is(n, 'call')) {
    let literal = false;
    const m = methodCall(n, model.text);
    // `"{}/ckpt.pth".format(d)`, `path.replace("pth.tar", "best.pth.tar")`: the receiver spells part of it.
    if (m) literal = collect(model, m.receiver, found, depth + 1) || literal;
    const args = field(n, 'arguments');
    if (args) literal = collect(model, args, found, depth + 1) || literal;
    return literal;
  }
  return false;
}

/** A name's words: those of the value it is given before the read, or of its parameter's default and the arguments this file's calls pass it. */
function collectName(model: SemanticModel, id: SyntaxNode, found: Set<string>, depth: number): boolean {
  const name = nodeText(id, model.text);
  const scope = scopeOf(id);
  const definition = model.definitions.reaching(scope, name, id.start) ?? model.definitions.reaching(model.root, name, Infinity);
  if (!definition?.value && definition?.kind !== 'parameter') return false;
  if (definition.kind === 'assign' && definition.unpackIndex < 0 && definition.value) return collect(model, definition.value, found, depth + 1);
  if (definition.kind !== 'parameter') return false;
  let literal = definition.value ? collect(model, definition.value, found, depth + 1) : false;
  const fn = enclosingFunction(definition.node);
  if (!fn) return literal;
  for (const argument of argumentsPassedTo(model, fn, name)) literal = collect(model, argument, found, depth + 1) || literal;
  return literal;
}

/** The arguments this file's calls of `fn` (by its name) pass to its parameter `name`. */
function argumentsPassedTo(model: SemanticModel, fn: SyntaxNode, name: string): SyntaxNode[] {
  const params = is(fn, 'function_definition') ? field(fn, 'parameters') : null;
  const names = (params?.children ?? []).filter((p) => p.named && p.type !== 'comment').map((p) => {
    const id = p.type === 'identifier' ? p : p.children.find((c) => c.type === 'identifier');
    return id ? nodeText(id, model.text) : '';
  });
  // A method's calls do not pass `self`.
  const offset = names[0] === 'self' || names[0] === 'cls' ? 1 : 0;
  const index = names.indexOf(name) - offset;
  const out: SyntaxNode[] = [];
  for (const call of model.callsOfName(functionName(fn, model.text), offset === 1)) {
    const { positional, keywords } = callArguments(call, model.text);
    const argument = keywords.get(name) ?? (index >= 0 ? positional[index] : undefined);
    if (argument) out.push(argument);
  }
  return out;
}

function addWords(text: string, found: Set<string>): void {
  // `%s`, `%05d` and `{}`/`{epoch:03d}` placeholders are not part of any file's name: they cut it.
  const plain = text.replace(/%[-#0 +]*\d*(\.\d+)?[sdifgrx]/g, '/').replace(/\{[^}]*\}/g, '/');
  for (const part of plain.toLowerCase().split(/[/\\.]+/)) {
    const word = part.replace(/^[-_ ]+|[-_ ]+$/g, '');
    if (word.length >= 3 && !/^\d+$/.test(word) && !EXTENSIONS.has(word)) found.add(word);
  }
}
