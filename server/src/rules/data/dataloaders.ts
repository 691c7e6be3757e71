// `torch.utils.data.DataLoader(...)` calls in a file: what each is given (by keyword, by position or
// through a `**kwargs` dictionary), what the values resolve to, and whether the loader feeds training.
import { field, is, walk, type SyntaxNode } from '../../parser/syntax';
import type { LoaderName, ValueOrigin } from '../../core/message-parts';
import type { ResolvedInt } from '../../semantic/argparse';
import type { Definition } from '../../semantic/definitions';
import { stringValue } from '../../semantic/argparse';
import { isEvalFunctionName, looksLikeEvalData } from '../../semantic/eval-context';
import { needsGradients } from '../../semantic/gradient-needs';
import { modelQuery, StatementFact, type SemanticModel } from '../../semantic/model';
import { callArguments, callee, dottedName, lastSegment, literalBool, methodCall, nodeText, referencesIn, unparenthesize, words } from '../../semantic/names';
import { classOfMethod, enclosingFunction, enclosingLoops, functionName, scopeOf, scopesOutFrom, within } from '../../semantic/scopes';
import { groupBy, joined } from '../../semantic/group-by';
import { nodesWithin } from '../../semantic/subtree';

/** DataLoader's parameters that may be passed by position, in order. */
const POSITIONAL_PARAMETERS = [
  'dataset', 'batch_size', 'shuffle', 'sampler', 'batch_sampler', 'num_workers', 'collate_fn', 'pin_memory',
  'drop_last', 'timeout', 'worker_init_fn', 'multiprocessing_context', 'generator',
];

const DATALOADER_CLASSES = new Set(['torch.utils.data.DataLoader', 'torch.utils.data.dataloader.DataLoader']);

/** Calls that hand the loader (or an iterator over it) through unchanged. */
const PASS_THROUGH_CALLS = new Set(['iter', 'enumerate', 'tqdm', 'trange', 'cycle', 'islice', 'zip', 'prepare', 'prepare_data_loader', 'track']);

/** Keywords of dataset constructors that say which split they load. */
const SPLIT_FLAG_KEYWORDS = new Set(['train', 'training', 'is_train', 'is_training']);

const TRAIN_WORDS = new Set(['train', 'training', 'trn', 'trainval']);
const EVAL_WORDS = new Set(['val', 'valid', 'validation', 'test', 'testing', 'eval', 'evaluation', 'dev', 'holdout', 'inference', 'predict', 'prediction']);
const SPLIT_SUFFIXES = new Set(['loader', 'dataloader', 'dl', 'set', 'data', 'dataset', 'ds', 'iter', 'batches', 'gen', 'dir', 'path', 'split', 'files', 'list', 'sampler', 'transform', 'transforms']);

/** How a DataLoader parameter is set at one call. */
export type LoaderArgument =
  /** `value` is the expression passed; `site` is where the call passes it (the keyword, the position, or `**kwargs`). */
  | { kind: 'given'; value: SyntaxNode; site: SyntaxNode }
  /** Not passed: the DataLoader default applies. */
  | { kind: 'default' }
  /** Possibly passed through `*args` or a `**kwargs` dictionary that cannot be read. */
  | { kind: 'unknown' };

/** What the code calls a loader: its variable, dictionary key, keyword, or the function returning it. */

export interface DataLoaderCall {
  call: SyntaxNode;
  name: LoaderName | null;
  argument(parameter: string): LoaderArgument;
}

interface Evidence {
  train: boolean;
  eval: boolean;
}

/** Names and variables that say which split the code handles. */
export function saysTraining(name: string): boolean {
  return words(name).some((word) => {
    const w = word.replace(/\d+$/, '');
    return TRAIN_WORDS.has(w) || (w.startsWith('train') && SPLIT_SUFFIXES.has(w.slice('train'.length)));
  });
}

export function saysEvaluation(name: string): boolean {
  if (looksLikeEvalData(name)) return true;
  return words(name).some((word) => {
    const w = word.replace(/\d+$/, '');
    return EVAL_WORDS.has(w) || ['val', 'valid', 'test', 'eval', 'dev'].some((p) => w.startsWith(p) && SPLIT_SUFFIXES.has(w.slice(p.length)));
  });
}

/** For messages: where a resolved argument came from, its code and the `**kwargs` it came through. */
export function originDetail(resolved: ResolvedInt, argument: { value: SyntaxNode; site: SyntaxNode }, text: string): {
  origin: ValueOrigin;
  expression: string;
  through: string | null;
} {
  return {
    origin: resolved.origin,
    expression: nodeText(argument.value, text).replace(/\s+/g, ' '),
    through: argument.site.type === 'dictionary_splat' ? nodeText(argument.site, text) : null,
  };
}

/** For fix titles: where the literal being edited was set, or null when it is the argument itself. */
export function literalPlace(resolved: ResolvedInt): ValueOrigin | null {
  return resolved.literal === null || resolved.origin.kind === 'literal' ? null : resolved.origin;
}

/** The file's DataLoader analysis, built once per semantic model. */
export function dataLoadersOf(model: SemanticModel): DataLoaderAnalysis {
  return DATA_LOADERS.of(model);
}

/** An answer to a question about the rest of the file that deciding a DataLoader construction asks. */
type LoaderClassAnswer = boolean | string;

/**
 * Which calls construct torch's DataLoader, however the class was imported or renamed. A call is
 * decided from its own statement, the file's imports, whether it star-imports `torch.utils.data`
 * (`star`), and what a name assigned once at the module's top level stands for (`module:DEPTH:NAME`):
 * those questions go to the file's database, which reuses each answer while what it read stays the same.
 */
class DataLoaderClasses {
  constructor(private readonly model: SemanticModel) {}

  /** `DataLoader(...)` of torch however it was imported: `DataLoader`, `data.DataLoader`, `tud.DataLoader`, aliases. */
  isConstruction(call: SyntaxNode): boolean {
    const dotted = dottedName(callee(call), this.model.text);
    return dotted !== null && this.isClass(dotted, call, 0);
  }

  /** This file's answer to a question (see the class comment). */
  answer(question: string): LoaderClassAnswer {
    if (question === 'star') return this.starImportsTorchData();
    const [, depth, name] = /^module:(\d+):(.*)$/s.exec(question)!;
    return this.isAssignedClass(this.model.definitions.definitionsOf(this.model.root, name!), Number(depth));
  }

  private ask<T extends LoaderClassAnswer>(question: string): T {
    return LOADER_CLASS_ANSWER.of(this.model, question) as T;
  }

  private isClass(dotted: string, at: SyntaxNode, depth: number): boolean {
    const qualified = this.model.imports.qualify(dotted);
    if (qualified) return DATALOADER_CLASSES.has(qualified);
    if (dotted === 'DataLoader' && this.ask<boolean>('star')) return true;
    // `Loader = DataLoader` or `Loader = torch.utils.data.DataLoader`, assigned once.
    if (depth >= 2 || dotted.includes('.')) return false;
    // The scopes between `at` and the module are in `at`'s statement: only the module's top level is a question.
    for (const scope of scopesOutFrom(at)) {
      if (scope.type === 'module') break;
      const defs = this.model.definitions.definitionsOf(scope, dotted);
      if (defs.length) return this.isAssignedClass(defs, depth);
    }
    return this.ask<boolean>(`module:${depth}:${dotted}`);
  }

  /** The name whose definitions in one scope are `defs` is assigned once, to a DataLoader class. */
  private isAssignedClass(defs: readonly Definition[], depth: number): boolean {
    const def = defs.length === 1 ? defs[0]! : null;
    const value = def && def.kind === 'assign' && def.unpackIndex < 0 ? def.value : null;
    const target = value ? dottedName(unparenthesize(value), this.model.text) : null;
    return target && value ? this.isClass(target, value, depth + 1) : false;
  }

  private starImportsTorchData(): boolean {
    return this.model.nodesOfKind('import_from_statement').some((s) => {
      const module = is(s, 'import_from_statement') ? field(s, 'module_name') : null;
      return module !== null && nodeText(module, this.model.text).replace(/\s+/g, '') === 'torch.utils.data' && s.children.some((c) => c.type === 'wildcard_import');
    });
  }
}

/** The answer to a question of DataLoaderClasses, reused while what it read stays the same. */
const LOADER_CLASS_ANSWER = modelQuery('DataLoader class answer', (model, question: string) => new DataLoaderClasses(model).answer(question), { reads: 'key' });

/** A DataLoader construction of a statement, described when that depends on the statement alone. */
interface FoundLoader {
  call: SyntaxNode;
  /** Null for a call given a `**kwargs` dictionary, which may be filled elsewhere: described for each version of the file. */
  described: DataLoaderCall | null;
}

/** A statement's DataLoader constructions: reused while the answers that decided its calls stay the same. */
const DATA_LOADER_CALLS_IN_STATEMENT = new StatementFact('DataLoader constructions', (model, statement): readonly FoundLoader[] => {
  const classes = new DataLoaderClasses(model);
  return model.nodesOfKindIn(statement, 'call').filter((call) => classes.isConstruction(call)).map((call): FoundLoader => {
    const args = is(call, 'call') ? field(call, 'arguments') : null;
    const passesDictionary = args?.children.some((arg) => arg.type === 'dictionary_splat') ?? false;
    return { call, described: passesDictionary ? null : describeLoader(call, model.text, () => null) };
  });
});

const DATA_LOADERS = modelQuery('DataLoader analysis', (model, _: void) => new DataLoaderAnalysis(model));

/** Whether a loader feeds training (see `DataLoaderAnalysis.isTraining`), worked out once per version. */
const LOADER_TRAINS = modelQuery('DataLoader feeds training', (model, call: SyntaxNode) => dataLoadersOf(model).trainsOn(call));

/** The file's attributes by dotted name, in document order. */
const ATTRIBUTES_BY_NAME = modelQuery('attributes by dotted name', (model, _: void) => groupBy(model.nodesOfKind('attribute'), (ref) => dottedName(ref, model.text)));

export class DataLoaderAnalysis {
  readonly calls: readonly DataLoaderCall[];
  private readonly text: string;

  constructor(private readonly model: SemanticModel) {
    this.text = model.text;
    this.calls = joined(DATA_LOADER_CALLS_IN_STATEMENT.ofEach(model)).map(
      ({ call, described }) => described ?? describeLoader(call, this.text, (dictionary) => this.dictionaryEntries(dictionary, 0)),
    );
  }

  /** `DataLoader(...)` of torch however it was imported: `DataLoader`, `data.DataLoader`, `tud.DataLoader`, aliases. */
  isDataLoaderConstruction(call: SyntaxNode): boolean {
    return new DataLoaderClasses(this.model).isConstruction(call);
  }

  /**
   * The string-keyed entries of a dictionary given by `**kwargs`: a literal, `dict(...)`, or a name
   * assigned once to one of those and changed only by `update(...)` or `d['key'] = value`. Null when
   * any part cannot be read.
   */
  private dictionaryEntries(expression: SyntaxNode, depth: number): Map<string, SyntaxNode> | null {
    if (depth > 4) return null;
    const expr = unparenthesize(expression);
    const entries = new Map<string, SyntaxNode>();
    const merge = (more: Map<string, SyntaxNode> | null): boolean => {
      if (!more) return false;
      for (const [k, v] of more) entries.set(k, v);
      return true;
    };
    if (expr.type === 'dictionary') {
      for (const item of expr.children) {
        if (!item.named || item.type === 'comment') continue;
        if (is(item, 'pair')) {
          const key = field(item, 'key');
          const value = field(item, 'value');
          const keyText = key ? plainString(key, this.text) : null;
          if (keyText === null || !value) return null;
          entries.set(keyText, value);
        } else if (item.type === 'dictionary_splat') {
          const inner = item.children.find((c) => c.named && c.type !== 'comment');
          if (!inner || !merge(this.dictionaryEntries(inner, depth + 1))) return null;
        } else {
          return null;
        }
      }
      return entries;
    }
    // `{"num_workers": 8, "pin_memory": True} if use_cuda else {}`: the entries on a machine with a GPU.
    if (expr.type === 'conditional_expression') {
      const [whenTrue, condition] = expr.children.filter((c) => c.named && c.type !== 'comment');
      return whenTrue && condition && this.model.ints.isCudaAvailable(condition) ? this.dictionaryEntries(whenTrue, depth + 1) : null;
    }
    if (is(expr, 'call') && dottedName(callee(expr), this.text) === 'dict' && !this.model.imports.resolveName('dict')) {
      return this.readCallKeywords(expr, depth);
    }
    if (expr.type === 'identifier') {
      const name = nodeText(expr, this.text);
      const definition = this.singleDefinition(expr, name);
      if (!definition?.value || !merge(this.dictionaryEntries(definition.value, depth + 1))) return null;
      for (const change of this.changesOf(name, scopeOf(definition.node), definition.node, expr)) {
        if (!merge(change === null ? null : this.readChange(change, depth))) return null;
      }
      return entries;
    }
    return null;
  }

  /** `dict(a=1, **more)` or `d.update(a=1)` / `d.update({...})`: the keywords and mappings it passes. */
  private readCallKeywords(call: SyntaxNode, depth: number): Map<string, SyntaxNode> | null {
    const entries = new Map<string, SyntaxNode>();
    const args = is(call, 'call') ? field(call, 'arguments') : null;
    let positional = 0;
    for (const arg of args?.children ?? []) {
      if (!arg.named || arg.type === 'comment') continue;
      let more: Map<string, SyntaxNode> | null = null;
      if (is(arg, 'keyword_argument')) {
        const name = field(arg, 'name');
        const value = field(arg, 'value');
        if (!name || !value) return null;
        entries.set(nodeText(name, this.text), value);
        continue;
      }
      if (arg.type === 'dictionary_splat') {
        const inner = arg.children.find((c) => c.named && c.type !== 'comment');
        more = inner ? this.dictionaryEntries(inner, depth + 1) : null;
      } else if (arg.type !== 'list_splat' && positional++ === 0) {
        more = this.dictionaryEntries(arg, depth + 1);
      }
      if (!more) return null;
      for (const [k, v] of more) entries.set(k, v);
    }
    return entries;
  }

  /** `d.update(...)` calls and `d['key'] = value` statements; null stands for a change that cannot be read. */
  private changesOf(name: string, scope: SyntaxNode, definition: SyntaxNode, use: SyntaxNode): (SyntaxNode | null)[] {
    const changes: (SyntaxNode | null)[] = [];
    for (const ref of this.model.identifiersNamed(name)) {
      if (ref.start <= definition.start || ref.start >= use.start) continue;
      if (ref.fieldName === 'attribute' || !this.resolvesTo(ref, name, scope)) continue;
      const parent = ref.parent;
      if (is(parent, 'attribute') && ref.fieldName === 'object') {
        const method = field(parent, 'attribute');
        const methodName = method ? nodeText(method, this.text) : '';
        if (['get', 'items', 'keys', 'values', 'copy'].includes(methodName)) continue;
        changes.push(methodName === 'update' && parent.parent?.type === 'call' ? parent.parent : null);
      } else if (is(parent, 'subscript') && ref.fieldName === 'value' && parent.fieldName === 'left' && parent.parent?.type === 'assignment') {
        changes.push(parent.parent);
      } else if (is(parent, 'subscript') && ref.fieldName === 'value' && parent.parent?.type === 'delete_statement') {
        changes.push(null);
      }
    }
    return changes;
  }

  private readChange(change: SyntaxNode, depth: number): Map<string, SyntaxNode> | null {
    if (is(change, 'call')) return this.readCallKeywords(change, depth);
    if (!is(change, 'assignment')) return null;
    const target = field(change, 'left');
    const value = field(change, 'right');
    const subscript = target?.children.find((c) => c.fieldName === 'subscript');
    const key = subscript ? plainString(subscript, this.text) : null;
    return key !== null && value ? new Map([[key, value]]) : null;
  }

  // ---- names and definitions ------------------------------------------------------------------

  /** True when `ref`, an identifier named `name`, refers to the variable of `scope`. */
  private resolvesTo(ref: SyntaxNode, name: string, scope: SyntaxNode): boolean {
    for (const s of scopesOutFrom(ref)) {
      if (s === scope) return true;
      if (s.type === 'module' || this.model.definitions.definitionsOf(s, name).length) return false;
    }
    return false;
  }

  /** The one definition of `name` visible at `ref` when it is assigned exactly once, else null. */
  private singleDefinition(ref: SyntaxNode, name: string): Definition | null {
    for (const s of scopesOutFrom(ref)) {
      const defs = this.model.definitions.definitionsOf(s, name);
      if (defs.length) {
        const def = defs.length === 1 ? defs[0]! : null;
        return def && def.kind === 'assign' && def.unpackIndex < 0 ? def : null;
      }
      if (s.type === 'module') return null;
    }
    return null;
  }

  private singleAssignedValue(ref: SyntaxNode, name: string): SyntaxNode | null {
    return this.singleDefinition(ref, name)?.value ?? null;
  }

  /** The value `name` last had at `ref` (straight-line reading), when it was a plain assignment. */
  private reachingValue(ref: SyntaxNode, name: string): SyntaxNode | null {
    const own = scopeOf(ref);
    for (const s of scopesOutFrom(ref)) {
      const defs = this.model.definitions.definitionsOf(s, name);
      if (defs.length) {
        const def = s === own ? this.model.definitions.reaching(s, name, ref.start) : defs.length === 1 ? defs[0] : undefined;
        return def && def.kind === 'assign' && def.unpackIndex < 0 ? def.value : null;
      }
      if (s.type === 'module') return null;
    }
    return null;
  }

  // ---- training or evaluation -------------------------------------------------------------------

  /**
   * True when the loader feeds training: at least one positive sign (a name or dataset that says
   * train, a loop over it that backpropagates or steps, `shuffle=True`, a shuffling sampler) and no
   * sign of evaluation (val/test/eval names, or iterated only with gradients off).
   */
  isTraining(loader: DataLoaderCall): boolean {
    return LOADER_TRAINS.of(this.model, loader.call);
  }

  /** The loops over the loader that backpropagate or step, in its own code or through the file's functions. */
  trainingLoops(loader: DataLoaderCall): SyntaxNode[] {
    return this.loopsOver(loader).filter((l) => this.loopTrains(l));
  }

  /** Works out `isTraining` for the loader `call` constructs. */
  trainsOn(call: SyntaxNode): boolean {
    return this.computeTraining(this.calls.find((loader) => loader.call === call)!);
  }

  private computeTraining(loader: DataLoaderCall): boolean {
    const evidence: Evidence = { train: false, eval: false };
    const add = (more: Evidence) => {
      evidence.train ||= more.train;
      evidence.eval ||= more.eval;
    };
    const labels = [loader.name?.text ?? null, ...this.useLabels(loader)].filter((l): l is string => l !== null);
    for (const label of labels) add({ train: saysTraining(label), eval: saysEvaluation(label) });
    const given = (p: string) => {
      const a = loader.argument(p);
      return a.kind === 'given' ? a.value : null;
    };
    const dataset = given('dataset');
    if (dataset) add(this.evidenceOf(dataset, 0));
    const sampler = given('sampler');
    if (sampler) {
      add(this.evidenceOf(sampler, 0));
      if (this.samplerInfo(sampler, 0).shuffles) evidence.train = true;
    }
    const batchSize = given('batch_size');
    const batchName = batchSize ? dottedName(unparenthesize(batchSize), this.text) : null;
    if (batchName) add({ train: saysTraining(batchName), eval: saysEvaluation(batchName) });
    const shuffle = given('shuffle');
    const shuffled = shuffle ? unparenthesize(shuffle) : null;
    if (shuffled && (literalBool(shuffled) === true || (shuffled.type === 'identifier' && this.model.ints.parameterFlag(shuffled) === true))) evidence.train = true;
    // `shuffle=is_train`, `shuffle=(train_sampler is None)`; strings in `split == "train"` prove nothing.
    for (const name of shuffle && literalBool(shuffle) === null ? referencesIn(shuffle, this.text) : []) add({ train: saysTraining(name), eval: saysEvaluation(name) });
    if (evidence.eval) return false;

    const loops = this.loopsOver(loader);
    const trainingLoops = loops.filter((l) => this.loopTrains(l));
    if (loops.length > 0 && trainingLoops.length === 0 && loops.every((l) => this.evaluates(l))) return false;
    // Only sampled once (`real = next(iter(loader))` for a score or a plot), whatever the split: not training.
    if (loops.length === 0 && this.drawsOneBatchOnly(loader)) return false;
    return evidence.train || trainingLoops.length > 0;
  }

  /** Words in a dataset or sampler expression that say train or val/test, following names to their values. */
  private evidenceOf(expression: SyntaxNode, depth: number): Evidence {
    const evidence: Evidence = { train: false, eval: false };
    const add = (more: Evidence) => {
      evidence.train ||= more.train;
      evidence.eval ||= more.eval;
    };
    const addName = (name: string) => add({ train: saysTraining(name), eval: saysEvaluation(name) });
    walk(expression, (n) => {
      if (n.type === 'lambda' || n.type === 'comment') return false;
      if (is(n, 'keyword_argument')) {
        const name = field(n, 'name');
        const value = field(n, 'value');
        const flag = literalBool(value);
        if (name && SPLIT_FLAG_KEYWORDS.has(nodeText(name, this.text)) && flag !== null) add({ train: flag, eval: !flag });
        else if (value) add(this.evidenceOf(value, depth));
        return false;
      }
      if (n.fieldName === 'function' && n.parent?.type === 'call') {
        const name = dottedName(n, this.text);
        if (name) addName(lastSegment(name));
        return name === null;
      }
      if (n.type === 'string') {
        if (!n.children.some((c) => c.type === 'interpolation')) addName(stringValue(n, this.text));
        return false;
      }
      const name = n.type === 'identifier' || n.type === 'attribute' ? dottedName(n, this.text) : null;
      if (!name) return true;
      addName(name);
      if (n.type === 'identifier' && depth < 2) {
        const value = this.reachingValue(n, name);
        if (value) add(this.evidenceOf(value, depth + 1));
      }
      return false;
    });
    return evidence;
  }

  /** Whether a sampler expression shuffles (RandomSampler, DistributedSampler by default) or splits by process. */
  private samplerInfo(expression: SyntaxNode, depth: number): { shuffles: boolean; distributed: boolean } {
    const info = { shuffles: false, distributed: false };
    if (depth > 3) return info;
    const expr = unparenthesize(expression);
    if (expr.type === 'conditional_expression') {
      const parts = expr.children.filter((c) => c.named && c.type !== 'comment');
      for (const part of [parts[0], parts[2]]) {
        if (!part) continue;
        const more = this.samplerInfo(part, depth + 1);
        info.shuffles ||= more.shuffles;
        info.distributed ||= more.distributed;
      }
      return info;
    }
    if (expr.type === 'identifier') {
      const value = this.reachingValue(expr, nodeText(expr, this.text));
      return value ? this.samplerInfo(value, depth + 1) : info;
    }
    if (!is(expr, 'call')) return info;
    const dotted = dottedName(callee(expr), this.text) ?? '';
    const cls = lastSegment(this.model.imports.qualify(dotted) ?? dotted);
    const { positional, keywords } = callArguments(expr, this.text);
    if (cls === 'DistributedSampler') {
      info.distributed = true;
      info.shuffles = literalBool(keywords.get('shuffle') ?? positional[3]) !== false;
    } else if (/^(Random|SubsetRandom|WeightedRandom)Sampler$/.test(cls)) {
      info.shuffles = true;
    }
    return info;
  }

  /** True when a DistributedSampler splits the loader's data, so its batch size is per process. */
  isDistributed(loader: DataLoaderCall): boolean {
    const sampler = loader.argument('sampler');
    return sampler.kind === 'given' && this.samplerInfo(sampler.value, 0).distributed;
  }

  /** Keyword names and outside functions that the loader is handed to (`val_dataloaders=loader`, `evaluate(model, loader)`). */
  private useLabels(loader: DataLoaderCall): string[] {
    const labels: string[] = [];
    for (const use of this.usesOf(loader)) {
      const top = outermost(use, this.text);
      const parent = top.parent;
      if (is(parent, 'keyword_argument') && top.fieldName === 'value' && parent.parent?.type === 'argument_list') {
        const name = field(parent, 'name');
        if (name) labels.push(nodeText(name, this.text));
      } else if (parent?.type === 'argument_list' && parent.parent && this.functionsCalled(parent.parent).length === 0) {
        const name = dottedName(callee(parent.parent), this.text);
        const last = name ? lastSegment(name) : '';
        if (isEvalFunctionName(last, this.model.settings.evalFunctionNames)) labels.push('eval');
        else if (/^(fit|train)/i.test(last)) labels.push('train');
      }
    }
    return labels;
  }

  /** Every read of the loader is `next(iter(loader))` outside any loop: one batch is drawn, once. */
  private drawsOneBatchOnly(loader: DataLoaderCall): boolean {
    const reads = this.usesOf(loader).filter((use) => use !== loader.call);
    return reads.length > 0 && reads.every((read) => {
      const iterCall = read.parent?.type === 'argument_list' ? read.parent.parent : null;
      if (!iterCall || dottedName(callee(iterCall), this.text) !== 'iter') return false;
      const nextCall = iterCall.parent?.type === 'argument_list' ? iterCall.parent.parent : null;
      return nextCall !== null && nextCall !== undefined && dottedName(callee(nextCall), this.text) === 'next'
        && enclosingLoops(nextCall).length === 0 && !this.trainsInScopeOf(nextCall);
    });
  }

  /**
   * The code around `node` (its function, or the module's top level) trains on what it drew: a
   * backward pass, an optimizer step, or `net.train(x_pos, x_neg)` / `fit(x, y)` given data.
   */
  private trainsInScopeOf(node: SyntaxNode): boolean {
    const owner = enclosingFunction(node);
    return this.model.nodesOfKind('call').some((call) => {
      if (enclosingFunction(call) !== owner) return false;
      const m = methodCall(call, this.text);
      const name = m?.method ?? dottedName(callee(call), this.text) ?? '';
      if (name === 'backward' || name === 'step') return true;
      const args = callArguments(call, this.text).positional;
      return /^(train|fit)(_|$)/i.test(lastSegment(name)) && args.length > 0 && literalBool(args[0]) === null;
    });
  }

  /** Expressions that evaluate to the loader: the call itself and reads of the variable it is stored in. */
  private usesOf(loader: DataLoaderCall): SyntaxNode[] {
    const uses = [loader.call];
    const top = outermost(loader.call, this.text);
    const assignment = top.parent;
    if (!is(assignment, 'assignment') || top.fieldName !== 'right') return uses;
    const target = field(assignment, 'left');
    const name = target ? dottedName(unparenthesize(target), this.text) : null;
    if (!name || !target) return uses;
    return [...uses, ...this.readsOf(name, target, assignment)];
  }

  /** Reads of the variable `name` that `definition` assigns (`loader`, `self.loader`). */
  private readsOf(name: string, target: SyntaxNode, definition: SyntaxNode): SyntaxNode[] {
    if (!name.includes('.')) {
      const scope = scopeOf(definition);
      // A read resolves to a function's variable only from inside that function.
      const named = this.model.identifiersNamed(name);
      const candidates = scope.type === 'module' ? named : nodesWithin(named, scope);
      return candidates.filter((ref) => {
        if (ref === target || ref.fieldName === 'attribute') return false;
        if (ref.fieldName === 'name' && ref.parent?.type === 'keyword_argument') return false;
        if (!this.resolvesTo(ref, name, scope)) return false;
        if (scopeOf(ref) !== scope) return true;
        // In the same scope, only reads this assignment reaches (not those of a later reassignment).
        return this.model.definitions.reaching(scope, name, ref.start)?.node === definition;
      });
    }
    const owner = name.startsWith('self.') ? this.classOf(definition) : null;
    return (ATTRIBUTES_BY_NAME.of(this.model).get(name) ?? []).filter((ref) => {
      if (ref === target) return false;
      return owner === null || this.classOf(ref) === owner;
    });
  }

  private classOf(node: SyntaxNode): SyntaxNode | null {
    const fn = enclosingFunction(node);
    return fn ? classOfMethod(fn) : null;
  }

  /** Loops that iterate the loader: directly, through wrappers and `iter()`/`next()`, or in the file's functions it is passed to. */
  private loopsOver(loader: DataLoaderCall): SyntaxNode[] {
    const loops = new Set<SyntaxNode>();
    /** The parameters already followed, per function. */
    const visited = new Map<SyntaxNode, Set<string>>();
    const follow = (use: SyntaxNode, depth: number) => {
      const top = outermost(use, this.text);
      const parent = top.parent;
      if (is(parent, 'for_statement') && top.fieldName === 'right') {
        loops.add(parent);
        return;
      }
      if (parent?.type === 'for_in_clause' && top.fieldName === 'right' && parent.parent) {
        loops.add(parent.parent);
        return;
      }
      // `batches = iter(loader)` ... `next(batches)` inside a loop.
      if (is(parent, 'assignment') && top !== use && this.wrapsInIter(use, top)) {
        const target = field(parent, 'left');
        const name = target ? dottedName(target, this.text) : null;
        if (name && target) {
          for (const read of this.readsOf(name, target, parent)) {
            const call = read.parent?.parent;
            if (read.parent?.type === 'argument_list' && call && dottedName(callee(call), this.text) === 'next') {
              const loop = enclosingLoops(call)[0];
              if (loop) loops.add(loop);
            }
          }
        }
        return;
      }
      if (depth >= 3) return;
      const argumentOf = parent?.type === 'argument_list' ? top : is(parent, 'keyword_argument') && parent.parent?.type === 'argument_list' ? parent : null;
      const call = argumentOf?.parent?.parent;
      if (!argumentOf || !call) return;
      for (const { fn, parameter } of this.parametersReceiving(call, argumentOf)) {
        let followed = visited.get(fn);
        if (!followed) visited.set(fn, (followed = new Set()));
        if (followed.has(parameter)) continue;
        followed.add(parameter);
        const reads = this.model.identifiersNamed(parameter).filter(
          (ref) => within(ref, fn) && ref.fieldName !== 'attribute' && this.resolvesTo(ref, parameter, fn),
        );
        for (const read of reads) follow(read, depth + 1);
      }
    };
    for (const use of this.usesOf(loader)) follow(use, 0);
    return [...loops];
  }

  private wrapsInIter(use: SyntaxNode, top: SyntaxNode): boolean {
    for (let n: SyntaxNode | null = use; n && n !== top.parent; n = n.parent) {
      if (is(n, 'call') && ['iter', 'cycle'].includes(dottedName(callee(n), this.text) ?? '')) return true;
    }
    return false;
  }

  /** The file's functions a call runs, with how many leading parameters the call does not fill (`self`). */
  private functionsCalled(call: SyntaxNode): { fn: SyntaxNode; skipped: number }[] {
    const target = callee(call);
    if (!target) return [];
    if (target.type === 'identifier') {
      return this.model.functionsNamed(nodeText(target, this.text)).filter((f) => classOfMethod(f) === null).map((fn) => ({ fn, skipped: 0 }));
    }
    const method = methodCall(call, this.text)?.method;
    if (!method) return [];
    return this.model.functionsNamed(method).filter((f) => classOfMethod(f) !== null).map((fn) => ({ fn, skipped: 1 }));
  }

  /** The parameters of the file's functions that receive `argument` at `call`. */
  private parametersReceiving(call: SyntaxNode, argument: SyntaxNode): { fn: SyntaxNode; parameter: string }[] {
    const out: { fn: SyntaxNode; parameter: string }[] = [];
    const args = argument.parent?.children.filter((c) => c.named && c.type !== 'comment') ?? [];
    const keyword = is(argument, 'keyword_argument') ? field(argument, 'name') : null;
    const before = args.slice(0, args.indexOf(argument));
    if (!keyword && before.some((a) => a.type === 'list_splat' || a.type === 'keyword_argument' || a.type === 'dictionary_splat')) return out;
    for (const { fn, skipped } of this.functionsCalled(call)) {
      const parameters = this.parameterNames(fn);
      const parameter = keyword ? nodeText(keyword, this.text) : parameters.positional[before.length + skipped];
      if (parameter && (parameters.positional.includes(parameter) || parameters.keywordOnly.includes(parameter))) out.push({ fn, parameter });
    }
    return out;
  }

  private parameterNames(fn: SyntaxNode): { positional: string[]; keywordOnly: string[] } {
    const positional: string[] = [];
    const keywordOnly: string[] = [];
    let list = positional;
    const parameters = is(fn, 'function_definition') ? field(fn, 'parameters') : null;
    for (const p of parameters?.children ?? []) {
      if (!p.named) continue;
      if (p.type === 'list_splat_pattern' || p.type === 'keyword_separator') {
        list = keywordOnly;
        continue;
      }
      if (p.type === 'dictionary_splat_pattern' || p.type === 'positional_separator') continue;
      const id = p.type === 'identifier' ? p : (p.children.find((c) => c.fieldName === 'name') ?? p.children.find((c) => c.type === 'identifier'));
      if (id) list.push(nodeText(id, this.text));
    }
    return { positional, keywordOnly };
  }

  /** A loop whose body backpropagates or steps an optimizer, itself or through a function of the file. */
  private loopTrains(loop: SyntaxNode): boolean {
    if (needsGradients(loop, this.text)) return true;
    let found = false;
    walk(loop, (n) => {
      if (found || n.type === 'lambda') return false;
      if (n.type === 'call' && this.functionsCalled(n).some(({ fn }) => needsGradients(fn, this.text))) found = true;
      return !found;
    });
    return found;
  }

  /** A loop that runs with gradients off or in evaluation code. */
  private evaluates(loop: SyntaxNode): boolean {
    return this.model.gradMode.at(loop) === 'disabled' || this.model.evalContext.regionOf(loop) !== null;
  }

  // ---- values -----------------------------------------------------------------------------------

  /**
   * The integer an argument resolves to, or null when it is not known statically. Argparse values
   * that the file overwrites (`args.batch_size = args.batch_size // world_size`) or reloads from a
   * config (`vars(args).update(...)`, `set_defaults`) count as unknown.
   */
  resolveInt(expression: SyntaxNode): ResolvedInt | null {
    return this.model.ints.resolve(expression);
  }

  /**
   * Why a `pin_memory` value is known to be true: the literal, a constant, an argparse default, or
   * `torch.cuda.is_available()` (true on every machine that could run out of GPU memory). Null otherwise.
   */
  pinsMemory(expression: SyntaxNode, depth = 0): 'literal' | 'constant' | 'cuda-available' | 'argparse-default' | null {
    if (depth > 4) return null;
    const expr = unparenthesize(expression);
    if (expr.type === 'true') return 'literal';
    if (is(expr, 'call')) {
      const dotted = dottedName(callee(expr), this.text);
      const qualified = dotted ? this.model.imports.qualify(dotted) : null;
      return qualified === 'torch.cuda.is_available' ? 'cuda-available' : null;
    }
    if (expr.type === 'identifier') {
      // `def make_loader(ds, pin_memory=True)`: true on every path through the parameter.
      if (this.model.ints.parameterFlag(expr) === true) return 'constant';
      const value = this.singleAssignedValue(expr, nodeText(expr, this.text));
      return value && this.pinsMemory(value, depth + 1) ? 'constant' : null;
    }
    if (is(expr, 'attribute')) return this.model.ints.argumentFlag(expr) === true ? 'argparse-default' : null;
    return null;
  }
}

/**
 * What a DataLoader call is given, and what the code calls the loader; `dictionaryEntries` reads a
 * dictionary passed as `**kwargs` (null when it cannot be read).
 */
function describeLoader(call: SyntaxNode, text: string, dictionaryEntries: (dictionary: SyntaxNode) => Map<string, SyntaxNode> | null): DataLoaderCall {
  const given = new Map<string, { value: SyntaxNode; site: SyntaxNode }>();
  let positionalKnownUpTo = POSITIONAL_PARAMETERS.length;
  let unreadableSplat = false;
  let position = 0;
  const args = is(call, 'call') ? field(call, 'arguments') : null;
  for (const arg of args?.children ?? []) {
    if (!arg.named || arg.type === 'comment') continue;
    if (is(arg, 'keyword_argument')) {
      const name = field(arg, 'name');
      const value = field(arg, 'value');
      if (name && value) given.set(nodeText(name, text), { value, site: arg });
    } else if (arg.type === 'dictionary_splat') {
      const inner = arg.children.find((c) => c.named && c.type !== 'comment');
      const entries = inner ? dictionaryEntries(inner) : null;
      if (!entries) unreadableSplat = true;
      else for (const [key, value] of entries) given.set(key, { value, site: arg });
    } else if (arg.type === 'list_splat') {
      positionalKnownUpTo = Math.min(positionalKnownUpTo, position);
    } else {
      const parameter = POSITIONAL_PARAMETERS[position];
      if (parameter && position < positionalKnownUpTo) given.set(parameter, { value: arg, site: arg });
      position++;
    }
  }
  return {
    call,
    name: loaderName(call, text),
    argument(parameter: string): LoaderArgument {
      const found = given.get(parameter);
      if (found) return { kind: 'given', ...found };
      const index = POSITIONAL_PARAMETERS.indexOf(parameter);
      if (unreadableSplat || (index >= positionalKnownUpTo)) return { kind: 'unknown' };
      return { kind: 'default' };
    },
  };
}

function plainString(node: SyntaxNode, text: string): string | null {
  const n = unparenthesize(node);
  if (n.type !== 'string' || n.children.some((c) => c.type === 'interpolation')) return null;
  return stringValue(n, text);
}

// ---- what the loader is called ----------------------------------------------------------------

/** Climbs from the call through parentheses, conditionals and pass-through wrappers. */
function outermost(node: SyntaxNode, text: string): SyntaxNode {
  let n = node;
  for (;;) {
    const parent = n.parent;
    if (!parent) return n;
    if (parent.type === 'parenthesized_expression') n = parent;
    else if (parent.type === 'conditional_expression' && parent.children.filter((c) => c.named)[1] !== n) n = parent;
    else if (parent.type === 'argument_list' && parent.parent && PASS_THROUGH_CALLS.has(lastSegment(dottedName(callee(parent.parent), text) ?? ''))) n = parent.parent;
    else return n;
  }
}

/** The variable, dictionary key, keyword or returning function that names the loader. */
function loaderName(call: SyntaxNode, text: string): LoaderName | null {
  const top = outermost(call, text);
  const parent = top.parent;
  if (is(parent, 'assignment') && top.fieldName === 'right') {
    return targetName(field(parent, 'left'), text);
  }
  if ((parent?.type === 'expression_list' || parent?.type === 'tuple') && is(parent.parent, 'assignment') && parent.fieldName === 'right') {
    const targets = field(parent.parent, 'left');
    const values = parent.children.filter((c) => c.named && c.type !== 'comment');
    const names = targets?.children.filter((c) => c.named && c.type !== 'comment') ?? [];
    const target = names.length === values.length ? names[values.indexOf(top)] : undefined;
    return target ? targetName(target, text) : null;
  }
  if (is(parent, 'pair') && top.fieldName === 'value') {
    const key = field(parent, 'key');
    const keyText = key ? plainString(key, text) : null;
    return keyText === null ? null : { text: keyText, kind: 'key' };
  }
  if (is(parent, 'keyword_argument') && top.fieldName === 'value') {
    const name = field(parent, 'name');
    return name ? { text: nodeText(name, text), kind: 'keyword' } : null;
  }
  if (parent?.type === 'return_statement') {
    const fn = enclosingFunction(parent);
    return fn ? { text: functionName(fn, text), kind: 'returned' } : null;
  }
  return null;
}

function targetName(target: SyntaxNode | null, text: string): LoaderName | null {
  if (!target) return null;
  const t = unparenthesize(target);
  const dotted = dottedName(t, text);
  if (dotted) return { text: dotted, kind: 'variable' };
  // `loaders['train'] = DataLoader(...)`
  const key = is(t, 'subscript') ? t.children.find((c) => c.fieldName === 'subscript') : undefined;
  const keyText = key ? plainString(key, text) : null;
  return keyText === null ? null : { text: keyText, kind: 'key' };
}
