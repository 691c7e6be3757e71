// Whether code runs once rather than once per item of some data: straight-line module code (a
// script's or a notebook cell's demo, a shape check), the body of `if __name__ == "__main__":`, a
// class's `__init__`, a test function, and a function every one of whose callers, in this file or
// in others, runs once itself. Work that runs once costs what it costs once; work in a loop, or in a
// function called from one, is repeated with the data. A function nobody is seen to call (a
// library's API, a callback) is not known to run once.
//
// And whether a call's inputs are small by construction: tensors made from a shape or literal data
// (`torch.randn(1, 3, 224, 224)`), one item or a constant slice of a collection (`dataset[0]`,
// `x_test[:10]`), the first batch of a loader (`next(iter(loader))`, `next(it)` after `it = iter(loader)`,
// a loop that breaks after one).
// A forward that runs once on such inputs is a demo; one that runs once on a whole test set is not.
// A loop over a table written in the source (a literal list of settings, a dict of shapes) runs a
// fixed few times, as a self-test does, whatever it is called.
import { field, is, type SyntaxNode } from '../parser/syntax';
import type { DefinitionIndex } from './definitions';
import type { Imports } from './imports';
import { callArguments, callee, dottedName, lastSegment, methodCall, nodeText, unparenthesize } from './names';
import type { ExternalCall } from './project-facts';
import { enclosingComprehension, enclosingFunction, functionName, scopeOf, within } from './scopes';

export interface RepetitionDeps {
  text: string;
  /** Call sites of a function of this file; null when it escapes (passed as a value). */
  callersOf(fn: SyntaxNode): readonly SyntaxNode[] | null;
  /** The calls other files make of a function of this file. */
  externalCallsOf(fn: SyntaxNode): readonly ExternalCall[];
  /** A test that a test runner runs (see SemanticModel.isTestFunction). */
  isTestFunction(fn: SyntaxNode): boolean;
  imports: Imports;
  definitions: DefinitionIndex;
  functionsNamed(name: string): readonly SyntaxNode[];
  /** The file's identifiers spelled `name`, in any scope. */
  identifiersNamed(name: string): readonly SyntaxNode[];
  returnsOf(fn: SyntaxNode): readonly SyntaxNode[];
  /** The call runs a model's forward pass. */
  isForwardCall(call: SyntaxNode): boolean;
  /** The name (`vae`, `self.encoder`) holds a model. */
  isModuleName(name: string): boolean;
  /** The integer an expression resolves to (see IntResolver), or null. */
  resolveInt(expression: SyntaxNode): number | null;
}

/** How many callers deep "runs once" is followed. */
const MAX_CALLER_DEPTH = 6;

/**
 * What one model's questions worked out: per function and caller depth whether it runs once, and
 * per expression its size. Each answer is worked out once, so following callers and definitions
 * costs time in proportion to the file, not to the number of paths through it.
 */
interface RepetitionAnswers {
  functionRunsOnce: Map<SyntaxNode, (boolean | undefined)[]>;
  sizes: Map<SyntaxNode, Size>;
}

const ANSWERS = new WeakMap<RepetitionDeps, RepetitionAnswers>();

function answersOf(deps: RepetitionDeps): RepetitionAnswers {
  let answers = ANSWERS.get(deps);
  if (!answers) ANSWERS.set(deps, (answers = { functionRunsOnce: new Map(), sizes: new Map() }));
  return answers;
}

/** Whether `node` runs once per run of the program (see above). */
export function runsOnce(deps: RepetitionDeps, node: SyntaxNode, depth = 0): boolean {
  if (inLoopOfItsScope(deps, node)) return false;
  const fn = enclosingFunction(node);
  if (!fn) return true;
  if (isSetUpOrTest(deps, fn)) return true;
  if (depth >= MAX_CALLER_DEPTH) return false;
  const known = answersOf(deps).functionRunsOnce;
  let byDepth = known.get(fn);
  if (!byDepth) known.set(fn, (byDepth = []));
  const answer = byDepth[depth];
  if (answer !== undefined) return answer;
  // A function met again while its own answer is worked out (recursion) is not known to run once.
  byDepth[depth] = false;
  return (byDepth[depth] = calledOnce(deps, fn, node, depth));
}

/** Whether every caller of `fn` (the function holding `node`) runs once, `depth` callers up. */
function calledOnce(deps: RepetitionDeps, fn: SyntaxNode, node: SyntaxNode, depth: number): boolean {
  const callers = deps.callersOf(fn);
  const external = deps.externalCallsOf(fn);
  if (callers === null || (callers.length === 0 && external.length === 0)) return false;
  if (external.some((call) => call.inLoop)) return false;
  // Called from other files outside loops only: once per call there, and those callers' own callers are not followed.
  return callers.every((call) => call !== node && runsOnce(deps, call, depth + 1));
}

/**
 * `node` is in a loop or a comprehension inside its own function (or module code), other than a
 * loop over a small value (the tokens of a constructed prompt, a literal list of names).
 */
function inLoopOfItsScope(deps: RepetitionDeps, node: SyntaxNode): boolean {
  if (enclosingComprehension(node)) return true;
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'function_definition' || p.type === 'lambda' || p.type === 'class_definition') return false;
    if (p.type === 'while_statement' && !breaksFirstTime(p)) return true;
    if (is(p, 'for_statement') && !breaksFirstTime(p) && !overSmallValue(deps, p)) return true;
  }
  return false;
}

/** A `for` loop over a small value, or over a table written in the source (see `literalTable`). */
function overSmallValue(deps: RepetitionDeps, loop: SyntaxNode & { type: 'for_statement' }): boolean {
  const iterable = field(loop, 'right');
  if (!iterable) return false;
  const expr = unparenthesize(iterable);
  if (countsData(deps, expr)) return false;
  if (sizeOf(deps, expr, 0) === 'small') return true;
  // `for key, shape in shapes.items()`: the entries of a table.
  const m = is(expr, 'call') ? methodCall(expr, deps.text) : null;
  return literalTable(deps, m && TABLE_VIEWS.has(m.method) && callArguments(expr, deps.text).positional.length === 0 ? unparenthesize(m.receiver) : expr);
}

/**
 * `range(tokens.shape[1])`: as many steps as a tensor of unknown size has rows, a count of data
 * however small each step's item is (a shape's entry alone, passed as a value, is one number).
 */
function countsData(deps: RepetitionDeps, expr: SyntaxNode): boolean {
  if (!is(expr, 'call') || dottedName(callee(expr), deps.text) !== 'range' || deps.imports.resolveName('range')) return false;
  return callArguments(expr, deps.text).positional.some((arg) => {
    const count = unparenthesize(arg);
    const shape = is(count, 'subscript') ? field(count, 'value') : null;
    const owner = shape && is(unparenthesize(shape), 'attribute') && nodeText(field(unparenthesize(shape) as SyntaxNode & { type: 'attribute' }, 'attribute')!, deps.text) === 'shape'
      ? field(unparenthesize(shape) as SyntaxNode & { type: 'attribute' }, 'object')
      : null;
    return owner !== null && sizeOf(deps, owner, 0) === 'unknown';
  });
}

/** The methods of a dict that give its keys, values or entries. */
const TABLE_VIEWS = new Set(['items', 'keys', 'values']);

/** Containers whose every item is written in the source. */
const CONTAINER_LITERALS = new Set(['list', 'tuple', 'dictionary', 'set']);

/**
 * A table written in the source: a literal list, tuple, dict or set of literal items, or a name
 * given one such value once that the file only loops over (nothing appends to it, passes it on or
 * binds it again, so it holds what the source wrote).
 */
function literalTable(deps: RepetitionDeps, expr: SyntaxNode): boolean {
  if (CONTAINER_LITERALS.has(expr.type)) return sizeOf(deps, expr, 0) === 'literal';
  if (expr.type !== 'identifier') return false;
  const name = nodeText(expr, deps.text);
  const scope = scopeOf(expr);
  const defs = deps.definitions.definitionsOf(scope, name);
  const def = defs.length === 1 ? defs[0]! : null;
  const value = def?.kind === 'assign' && def.unpackIndex < 0 && def.value ? unparenthesize(def.value) : null;
  if (!value || !CONTAINER_LITERALS.has(value.type) || !value.children.some((c) => c.named && c.type !== 'comment')) return false;
  if (sizeOf(deps, value, 0) !== 'literal') return false;
  // A module-level name may be read and changed in any function; a function's, in its own body.
  const uses = deps.identifiersNamed(name).filter((id) => scope.type === 'module' || within(id, scope));
  return uses.every((id) => id.fieldName === 'attribute' || (id.fieldName === 'name' && id.parent?.type === 'keyword_argument') || isTarget(id, def!) || loopsOver(deps, id));
}

/** `id` is the target the table's one definition binds. */
function isTarget(id: SyntaxNode, def: { node: SyntaxNode }): boolean {
  return within(id, def.node) && id.fieldName === 'left';
}

/** `id` is what a loop or comprehension iterates: `for x in id`, or `for k, v in id.items()`. */
function loopsOver(deps: RepetitionDeps, id: SyntaxNode): boolean {
  let iterable = id;
  const attribute = id.parent;
  if (attribute?.type === 'attribute' && id.fieldName === 'object' && attribute.parent?.type === 'call') {
    const call = attribute.parent;
    if (!TABLE_VIEWS.has(methodCall(call, deps.text)?.method ?? '')) return false;
    iterable = call;
  }
  return iterable.fieldName === 'right' && (iterable.parent?.type === 'for_statement' || iterable.parent?.type === 'for_in_clause');
}

/** A loop whose body ends in a `break` at its own level: it runs its body once (`for batch in loader: ...; break`). */
function breaksFirstTime(loop: SyntaxNode): boolean {
  const body = loop.children.find((c) => c.fieldName === 'body');
  const statements = body?.children.filter((c) => c.named && c.type !== 'comment') ?? [];
  return statements.at(-1)?.type === 'break_statement';
}

/** A class's `__init__` or a test function: code that runs once per object built or per test. */
function isSetUpOrTest(deps: RepetitionDeps, fn: SyntaxNode): boolean {
  return functionName(fn, deps.text) === '__init__' || deps.isTestFunction(fn);
}

/**
 * A call that runs once on small inputs (see above), or once in `__init__` or a test, whatever
 * its inputs: a shape probe, a demo, a smoke test.
 */
export function runsOnceOnSmallInputs(deps: RepetitionDeps, call: SyntaxNode): boolean {
  if (!runsOnce(deps, call)) return false;
  const fn = enclosingFunction(call);
  if (fn && isSetUpOrTest(deps, fn)) return true;
  const { positional, keywords } = callArguments(call, deps.text);
  const inputs = [...positional, ...keywords.values()];
  return largest(inputs.map((input) => sizeOf(deps, input, 0))) !== 'unknown';
}

/** torch and NumPy functions that make an array of a given shape. */
const SHAPED = /^(torch|numpy|numpy\.random)\.(zeros|ones|empty|full|rand|randn|randint|randperm|arange|linspace|logspace|eye|zeros_like|ones_like|rand_like|randn_like|empty_like|full_like|normal|uniform|random|random_sample|standard_normal)$/;
/** torch and NumPy functions that make a tensor or array from the data they are given: as small as that data. */
const FROM_DATA = /^(torch\.(tensor|as_tensor|Tensor|FloatTensor|LongTensor|from_numpy)|numpy\.(array|asarray))$/;
/** Python's containers built from what they are given (`dict(name="small", shape=(2, 3))`): as large as that. */
const BUILT_CONTAINERS = new Set(['dict', 'list', 'tuple', 'set', 'frozenset']);
/**
 * Functions that read one image file (a list because they are libraries' functions, whose code the
 * project does not hold): what they give is one sample.
 */
const READS_ONE_IMAGE = /^(PIL\.Image\.open|cv2\.imread|imageio\.imread|imageio\.v3\.imread|skimage\.io\.imread|torchvision\.io\.read_image|torchvision\.io\.decode_image|matplotlib\.pyplot\.imread|scipy\.misc\.imread)$/;

/** How large a value is known to be: a literal (a number, a string, a list of them), small (see above), or unknown. */
type Size = 'literal' | 'small' | 'unknown';

/** The larger of the sizes: unknown if any is, small if any is, else literal. */
function largest(sizes: readonly Size[]): Size {
  return sizes.includes('unknown') ? 'unknown' : sizes.includes('small') ? 'small' : 'literal';
}

function sizeOf(deps: RepetitionDeps, expression: SyntaxNode, depth: number): Size {
  if (depth > 32) return 'unknown';
  const sizes = answersOf(deps).sizes;
  const known = sizes.get(expression);
  if (known !== undefined) return known;
  // An expression met again while its own size is worked out (a value defined from itself) is unknown.
  sizes.set(expression, 'unknown');
  const size = sizeOfExpression(deps, expression, depth);
  sizes.set(expression, size);
  return size;
}

function sizeOfExpression(deps: RepetitionDeps, expression: SyntaxNode, depth: number): Size {
  const expr = unparenthesize(expression);
  switch (expr.type) {
    case 'string':
    case 'integer':
    case 'float':
    case 'true':
    case 'false':
    case 'none':
      return 'literal';
    case 'binary_operator': {
      // `[None] * n_layer`: slots to fill, however many, hold no data.
      const operator = field(expr as SyntaxNode & { type: 'binary_operator' }, 'operator');
      const operands = [field(expr as SyntaxNode & { type: 'binary_operator' }, 'left'), field(expr as SyntaxNode & { type: 'binary_operator' }, 'right')];
      if (operator && nodeText(operator, deps.text) === '*' && operands.some((o) => o !== null && ['list', 'tuple'].includes(unparenthesize(o).type) && sizeOf(deps, o, depth + 1) === 'literal')) return 'small';
      return largest(expr.children.filter((c) => c.named && c.type !== 'comment').map((c) => sizeOf(deps, c, depth + 1)));
    }
    case 'list':
    case 'tuple':
    case 'dictionary':
    case 'pair':
    case 'set':
    case 'expression_list':
    case 'unary_operator':
      return largest(expr.children.filter((c) => c.named && c.type !== 'comment').map((c) => sizeOf(deps, c, depth + 1)));
    case 'subscript': {
      const index = field(expr as SyntaxNode & { type: 'subscript' }, 'subscript');
      const value = field(expr as SyntaxNode & { type: 'subscript' }, 'value');
      if (index !== null && constantIndex(index)) return 'small';
      return value !== null && sizeOf(deps, value, depth + 1) === 'small' ? 'small' : 'unknown';
    }
    case 'list_comprehension':
    case 'generator_expression': {
      // `[vocab[w] for w in sentence.split()]`: as many items as a small value has.
      const iterables = expr.children.filter((c) => c.type === 'for_in_clause').map((clause) => clause.children.find((c) => c.fieldName === 'right'));
      return iterables.length && iterables.every((i) => i !== undefined && sizeOf(deps, i, depth + 1) === 'small') ? 'small' : 'unknown';
    }
    case 'attribute':
      // `torch.float32`, `np.uint8`: a constant of a library, not data.
      return deps.imports.qualify(dottedName(expr, deps.text)) ? 'literal' : 'unknown';
    case 'identifier': {
      const name = nodeText(expr, deps.text);
      const def = deps.definitions.reaching(scopeOf(expr), name, expr.start);
      if (!def) {
        if (deps.imports.resolveName(name)) return 'literal';
        // A module-level constant read inside a function (`pad_size = 50`): bound once, to that value.
        let root: SyntaxNode | null = expr;
        while (root && root.type !== 'module') root = root.parent;
        const globals = root && scopeOf(expr) !== root ? deps.definitions.definitionsOf(root, name) : [];
        return globals.length === 1 && globals[0]!.kind === 'assign' && globals[0]!.value ? sizeOf(deps, globals[0]!.value, depth + 1) : 'unknown';
      }
      // An item of a loop that stops after one, or of a small collection.
      if (def.kind === 'for') return breaksFirstTime(def.node) || (is(def.node, 'for_statement') && overSmallValue(deps, def.node)) ? 'small' : 'unknown';
      if (def.kind === 'parameter') return parameterSize(deps, def.node, name, depth);
      return def.kind === 'assign' && def.value !== null ? sizeOf(deps, def.value, depth + 1) : 'unknown';
    }
    case 'call': {
      const m = methodCall(expr, deps.text);
      const name = dottedName(callee(expr), deps.text);
      const qualified = name ? deps.imports.qualify(name) ?? '' : '';
      if (READS_ONE_IMAGE.test(qualified)) return 'small';
      const { positional, keywords } = callArguments(expr, deps.text);
      // A shape of thousands of rows stands in for a dataset (`torch.randn(rows, features)`), not a few items.
      if (SHAPED.test(qualified)) return (rowsMade(deps, qualified, positional, keywords) ?? 0) >= DATASET_ROWS ? 'unknown' : 'small';
      const inputs = largest([...positional, ...keywords.values()].map((input) => sizeOf(deps, input, depth + 1)));
      // `torch.tensor([[1, 2]])`: as small as its data.
      if (FROM_DATA.test(qualified)) return inputs === 'unknown' ? 'unknown' : 'small';
      // A made tensor given its shape (`torch.arange(2 * 3 * 15 * 15).view(2, 3, 15, 15)`): as many rows as the shape says.
      if (m && RESHAPE.has(m.method) && is(unparenthesize(m.receiver), 'call')) {
        const made = dottedName(callee(unparenthesize(m.receiver)), deps.text);
        if (made && SHAPED.test(deps.imports.qualify(made) ?? '')) {
          const rows = leadingDimension(deps, positional[0]);
          if (rows !== null && rows > 0) return rows >= DATASET_ROWS ? 'unknown' : 'small';
        }
      }
      // A model's output on small inputs (`logits, cache = model(tokens[:, :2], kv_cache=cache)`) is small.
      if (inputs !== 'unknown' && deps.isForwardCall(expr)) return 'small';
      // `it.next()` (Python 2's iterators) or `it.__next__()` with `it = iter(loader)`: one batch.
      if (m && NEXT_METHODS.has(m.method) && !positional.length && madeByIter(deps, m.receiver)) return 'small';
      // A method of a small value (`img.resize(...)`, `x.unsqueeze(0).to(device)`) stays small, and
      // so does a model's output on small inputs (`vae.encode(image)`).
      if (m && !deps.imports.qualify(dottedName(m.receiver, deps.text))) {
        if (sizeOf(deps, m.receiver, depth + 1) === 'small') return 'small';
        const receiver = dottedName(m.receiver, deps.text);
        if (inputs === 'small' && (deps.isForwardCall(expr) || (receiver !== null && deps.isModuleName(receiver)))) return 'small';
        // `tokenizer.tokenize(sentence)`, `sentence.split()`: what is made from text written in the source, or typed in, is as small.
        return inputs !== 'unknown' && madeFromText(deps, expr, depth + 1) ? 'small' : 'unknown';
      }
      // This file's function that returns small values (`create_noise(n, z)` making `torch.rand(n, z)`).
      const own = name && !name.includes('.') && !qualified ? deps.functionsNamed(name) : [];
      if (own.length === 1 && returnsSmall(deps, own[0]!, depth)) return 'small';
      if (name && BUILT_CONTAINERS.has(name) && !own.length && !deps.imports.resolveName(name)) return inputs;
      // A line typed at the prompt is as large as a string written in the source.
      if (isInput(deps, name)) return 'literal';
      // `next(iter(loader))`, or `next(it)` with `it = iter(loader)`: one batch.
      if (name === 'next') return positional[0] !== undefined && madeByIter(deps, positional[0]) ? 'small' : 'unknown';
      // Anything else applied to small values (`transform(image)`) stays small; a function of
      // numbers and strings alone (`load_test_set("test.pt")`) may give anything.
      return inputs === 'small' ? 'small' : 'unknown';
    }
  }
  return 'unknown';
}

/**
 * A string literal of words (spaces or letters outside ASCII, as a sentence has) that names no file,
 * folder or address: text the source gives as input, not a name that stands for data.
 */
function isText(string: SyntaxNode, text: string): boolean {
  if (string.children.some((c) => c.type === 'interpolation')) return false;
  const content = string.children.filter((c) => c.type === 'string_content').map((c) => nodeText(c, text)).join('');
  if (!content || /[\\/]|^\w+:|\.\w{1,5}$/.test(content.trim())) return false;
  return /\s/.test(content.trim()) || /[\u0080-\uffff]/.test(content);
}

/** `input(...)`, Python's own: a line typed at the prompt. */
function isInput(deps: RepetitionDeps, name: string | null): boolean {
  return name === 'input' && !deps.functionsNamed(name).length && !deps.imports.resolveName(name);
}

/**
 * Whether `expression` is text (see isText), a line typed at `input()`, or made from one by this
 * file's code: a method of it (\`sentence.split()\`), a call given it first that builds no object
 * (\`tokenizer.tokenize(sentence)\`, not \`ArgumentParser(description=...)\`), a list joining it, a
 * parameter every call of its function passes one for.
 */
function madeFromText(deps: RepetitionDeps, expression: SyntaxNode, depth: number): boolean {
  if (depth > 32) return false;
  const expr = unparenthesize(expression);
  if (expr.type === 'string') return isText(expr, deps.text);
  if (is(expr, 'call')) {
    const name = dottedName(callee(expr), deps.text);
    if (isInput(deps, name)) return true;
    const m = methodCall(expr, deps.text);
    if (m && madeFromText(deps, m.receiver, depth + 1)) return true;
    const first = callArguments(expr, deps.text).positional[0];
    return first !== undefined && name !== null && !/^[A-Z]/.test(lastSegment(name)) && madeFromText(deps, first, depth + 1);
  }
  if (expr.type === 'binary_operator' || expr.type === 'list' || expr.type === 'tuple') return expr.children.some((c) => c.named && madeFromText(deps, c, depth + 1));
  if (expr.type === 'identifier') {
    const name = nodeText(expr, deps.text);
    const def = deps.definitions.reaching(scopeOf(expr), name, expr.start);
    if (def?.kind === 'assign' && def.value && def.unpackIndex < 0) return madeFromText(deps, def.value, depth + 1);
    if (def?.kind === 'parameter') {
      const args = argumentsFor(deps, def.node, name);
      return args !== null && args.every((a) => madeFromText(deps, a, depth + 1));
    }
  }
  return false;
}

/** An iterator's own methods that draw its next item. */
const NEXT_METHODS = new Set(['next', '__next__']);

/** `iter(x)`, or a name whose one definition where it is read is `iter(x)`: an iterator drawn from one at a time. */
function madeByIter(deps: RepetitionDeps, expression: SyntaxNode): boolean {
  let expr = unparenthesize(expression);
  if (expr.type === 'identifier') {
    const def = deps.definitions.reaching(scopeOf(expr), nodeText(expr, deps.text), expr.start);
    if (def?.kind !== 'assign' || def.unpackIndex >= 0 || !def.value) return false;
    expr = unparenthesize(def.value);
  }
  return is(expr, 'call') && dottedName(callee(expr), deps.text) === 'iter';
}

/** Tensor methods that give the same elements another shape. */
const RESHAPE = new Set(['view', 'reshape']);

/** A made tensor whose first dimension is at least this many rows is data, not a few test items. */
const DATASET_ROWS = 1000;

/**
 * The rows a tensor-making call gives, when the file's integers resolve them: the count of a range
 * (`arange(n)`, `arange(start, end, step)`, `linspace(start, end, steps)`), else the shape's first dimension.
 */
function rowsMade(deps: RepetitionDeps, qualified: string, positional: readonly SyntaxNode[], keywords: ReadonlyMap<string, SyntaxNode>): number | null {
  const int = (node: SyntaxNode | undefined) => (node ? deps.resolveInt(node) : null);
  const fn = qualified.slice(qualified.lastIndexOf('.') + 1);
  if (fn === 'linspace' || fn === 'logspace') return int(positional[2] ?? keywords.get('steps') ?? keywords.get('num'));
  if (fn === 'arange' && positional.length > 1) {
    const [start, end, step] = [int(positional[0]), int(positional[1]), positional[2] ? int(positional[2]) : 1];
    return start !== null && end !== null && step ? Math.max(0, Math.ceil((end - start) / step)) : null;
  }
  return leadingDimension(deps, positional[0]);
}

/** The first dimension a shape argument gives, when the file's integers resolve it. */
function leadingDimension(deps: RepetitionDeps, shape: SyntaxNode | undefined): number | null {
  let first = shape ? unparenthesize(shape) : null;
  if (first && (first.type === 'tuple' || first.type === 'list')) first = first.children.find((c) => c.named && c.type !== 'comment') ?? null;
  return first ? deps.resolveInt(first) : null;
}

/** Every return of `fn` gives a small value (its parameters standing for what its callers pass). */
function returnsSmall(deps: RepetitionDeps, fn: SyntaxNode, depth: number): boolean {
  const returns = deps.returnsOf(fn);
  return returns.length > 0 && returns.every((r) => {
    const value = r.children.find((c) => c.named && c.type !== 'comment');
    return value !== undefined && sizeOf(deps, value, depth + 1) === 'small';
  });
}

/** A parameter is as small as what every call of its function in this file passes for it. */
function parameterSize(deps: RepetitionDeps, parameter: SyntaxNode, name: string, depth: number): Size {
  const args = argumentsFor(deps, parameter, name);
  return args ? largest(args.map((argument) => sizeOf(deps, argument, depth + 1))) : 'unknown';
}

/** What every call of the parameter's function in this file passes for it; null when some call passes nothing seen or none is known. */
function argumentsFor(deps: RepetitionDeps, parameter: SyntaxNode, name: string): SyntaxNode[] | null {
  const fn = parameter.parent?.parent;
  if (fn?.type !== 'function_definition') return null;
  const list = parameter.parent!.children.filter((c) => c.named && c.type !== 'comment');
  const index = list.indexOf(parameter);
  const callers = deps.callersOf(fn);
  if (index < 0 || !callers?.length) return null;
  const out: SyntaxNode[] = [];
  for (const call of callers) {
    const { positional, keywords } = callArguments(call, deps.text);
    const argument = keywords.get(name) ?? positional[index];
    if (!argument) return null;
    out.push(argument);
  }
  return out;
}

/** `[0]`, `[:10]`, `[2:4]`, `[0, :, 1]`: an index or slice by constants. */
function constantIndex(index: SyntaxNode): boolean {
  const parts = index.type === 'expression_list' || index.type === 'tuple' ? index.children.filter((c) => c.named) : [index];
  return parts.every((part) => {
    if (part.type === 'integer') return true;
    if (part.type === 'unary_operator') return part.children.some((c) => c.type === 'integer');
    if (part.type === 'slice') return part.children.filter((c) => c.named).every((c) => c.type === 'integer' || c.type === 'unary_operator');
    return false;
  });
}
