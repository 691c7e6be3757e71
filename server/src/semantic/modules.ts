// Which expressions hold an `nn.Module`, and which calls run one (forward passes).
import { field, is, type SyntaxNode } from '../parser/syntax';
import type { Definition, DefinitionIndex } from './definitions';
import { isTorchFamily, memberOf, type Imports } from './imports';
import { callArguments, callee, dottedName, lastSegment, methodCall, nodeText, tupleElement, unparenthesize, words } from './names';
import type { ClassFacts, FunctionFacts, SymbolFacts, ValueKind } from './project-facts';
import { classOfMethod, decoratorsOf, enclosingFunction, functionName, positionalParameterNames, scopeOf } from './scopes';
import { sameItems, sameMembers } from './group-by';

/** Names people give models; used when nothing else in the file says what a name holds. */
const MODEL_WORD = /^(model|net|network|encoder|decoder|backbone|classifier|generator|discriminator|teacher|student|policy|critic|actor|unet|vae|ema_model|netG|netD|rnn|lstm|gru|cnn|mlp)$/i;
const MODEL_NAME = new RegExp(`${MODEL_WORD.source}|_(model|net|encoder|decoder)$|^(model|net)_`, 'i');

/**
 * Names of well-known architectures, which hold one when they name a variable (`inception` in FID
 * code); `models.resnet18` of torchvision, or any imported name, builds one instead.
 */
const ARCHITECTURE_NAME = /^(inception(_v3)?|resnet\d*|resnext\d*|vgg\d*|densenet\d*|alexnet|mobilenet(_?v\d)?|efficientnet(_?b\d)?|vit|bert|roberta)$/i;

/** Verbs that name what is done to a model. */
const VERBS = 'get|build|load|create|make|init|initialize|save|unwrap|wrap|prepare|setup|set|update|compile|export|freeze|unfreeze|print|log|count|train|eval|evaluate|test|copy|clone|convert|register|resume|restore|download|instantiate|construct|define|fetch|select|extract|find|check|is|has|apply|attach|patch|replace|remove|add|merge|parse|read|write|dump|show|plot|visualize|summarize|describe|profile|validate|verify|inspect';

/**
 * `build_model`, `unwrap_model`, `extract_embedder_from_model`, and `model_dump`, `model_validate`
 * (pydantic's methods, `schema.model_dump()`): functions that make or handle models are not models.
 */
const MODEL_VERB = new RegExp(`^(${VERBS})_|_from_|^(model|net)_(${VERBS})$`, 'i');

/** A distribution class of `torch.distributions` (`Normal`, `Categorical`, `torch.distributions.normal.Normal`). */
const DISTRIBUTION_CLASS = /^torch\.distributions\.(\w+\.)?[A-Z]\w*$/;

/** Names of loss functions and criteria: calling them is not a forward pass of a model. */
export const LOSS_NAME = /(^|_)(loss|losses|criterion|crit)(_|$)|^(loss|criterion)|loss_?fn|lossfn|Loss$/i;

/** Methods that only modules have; calling one on a name marks it as a module. */
const MODULE_ONLY_METHODS = new Set([
  'eval', 'train', 'parameters', 'named_parameters', 'load_state_dict', 'modules', 'named_modules', 'children',
  'named_children', 'register_forward_hook', 'register_forward_pre_hook', 'register_buffer', 'requires_grad_',
]);

/** Module-only methods that a tensor does not have either (`requires_grad_` and `to` it has). */
const MODULE_NOT_TENSOR_METHODS = new Set(['parameters', 'named_parameters', 'state_dict', 'load_state_dict', 'modules', 'named_modules', 'children', 'named_children', 'eval', 'train', 'register_forward_hook']);

/** Methods that return the module itself. */
const MODULE_PASSTHROUGH = new Set(['to', 'cuda', 'cpu', 'eval', 'train', 'half', 'float', 'double', 'bfloat16', 'requires_grad_', 'share_memory']);

/** Module methods that run the model (a forward pass by another name). `generate` is excluded: it disables grad itself. */
const FORWARD_METHODS = new Set([
  'forward', 'encode', 'decode', 'encode_image', 'encode_text', 'embed', 'extract_features', 'extract_feat',
  'forward_features', 'get_features', 'predict', 'infer', 'inference', 'sample', 'reconstruct',
]);

/** The expression a parameter's annotation gives (`Pipeline` in `pipe: Pipeline`), if it has one. */
function annotationOf(parameter: SyntaxNode): SyntaxNode | undefined {
  return parameter.children.find((c) => c.fieldName === 'type')?.children.find((c) => c.named);
}

/** A method that runs a forward pass with its caller's grad mode, and neither trains nor turns gradients off. */
function runsForwardForCaller(facts: FunctionFacts | undefined): boolean {
  return facts !== undefined && facts.gradForwards && !facts.disablesGrad && !facts.trains;
}

/** Last words of names that hold a class or a factory of models, not a model. */
const CLASS_WORDS = new Set(['class', 'cls', 'type', 'factory', 'constructor', 'builder', 'ctor']);

/**
 * `torch.nn` classes without parameters of their own (activations, pooling, padding, dropout,
 * resampling, folding, distances), as torch's reference lists them, or that compute losses:
 * applying them is not a model forward. A list, because their code is torch's, not the project's.
 */
const NON_MODEL_NN = /^(ReLU\d*|RReLU|LeakyReLU|PReLU|GELU|SiLU|Mish|CELU|ELU|SELU|GLU|Tanh|Tanhshrink|Sigmoid|LogSigmoid|Hardsigmoid|Hardshrink|Softshrink|Softsign|Threshold|Softmin|Softmax\d*d?|LogSoftmax|Softplus|Hardswish|Hardtanh|(Feature)?AlphaDropout|Dropout\d*d?|Identity|Flatten|Unflatten|Fold|Unfold|(Max|Avg|LP|AdaptiveAvg|AdaptiveMax|FractionalMax)Pool\dd|MaxUnpool\dd|(Reflection|Replication|Zero|Constant|Circular)Pad\dd|Upsample|UpsamplingNearest2d|UpsamplingBilinear2d|PixelShuffle|PixelUnshuffle|ChannelShuffle|LocalResponseNorm|CrossMapLRN2d|CosineSimilarity|PairwiseDistance|\w*Loss)$/;

const MODULE_BASE = /(^|\.)(Module|LightningModule|PreTrainedModel|ModelMixin)$/;

/**
 * Methods named for inference that libraries wrap in their own `no_grad` (a Keras-like trainer's
 * `predict`, a distribution's `sample`). Called on a value a library made, or on an instance of a
 * class that inherits the method from a library base (see PLAIN_BASE), such a method is that
 * library's code, which the project does not hold: no fact read here says it records a graph.
 * Component methods (`encode`, `forward_features`) run layers with their caller's grad mode
 * whoever defines them, so they stay forward passes.
 */
const LIBRARY_INFERENCE_METHODS = new Set(['predict', 'infer', 'inference', 'sample']);

/**
 * Bases, as imports qualify them, that define none of the methods named for running a model
 * (`predict`, `sample`, `encode`...): `object`, abc and typing helpers, enums and `torch.nn`'s classes.
 * A method of a project class that neither it nor its project bases define, where another base comes
 * from outside the project (a Keras-like trainer's `predict`, a distribution's `sample`), is that
 * library's code, which the project does not hold.
 */
export const PLAIN_BASE = /^(object|abc\.\w+|typing\.\w+|typing_extensions\.\w+|enum\.\w+|torch\.nn(\.[\w.]+)?)$/;

/**
 * The questions about names that classifying a call as a forward pass asks, each worked out once per
 * name: does it hold a module, a loaded model, a parameter-free layer, a class?
 */
export type NameQuestion = 'module' | 'loaded' | 'layer' | 'class' | 'distribution' | 'module class';


/** Which classes of the file are modules, which visibly are not, and all their names. */
export interface ClassKinds {
  readonly moduleClasses: ReadonlySet<string>;
  readonly plainClasses: ReadonlySet<string>;
  /** Each class's bases as written (one list per definition of the name; null where a base is no name). */
  readonly bases: ReadonlyMap<string, readonly (readonly (string | null)[])[]>;
  readonly classNames: ReadonlySet<string>;
}

/** What the method calls of one statement say of the names they are made on (see `moduleCallsIn`). */
export interface ModuleCalls {
  /** The dotted names a module-only method is called on. */
  readonly evidence: ReadonlySet<string>;
  /** The calls of a method that modules have and tensors do not (`model.parameters()`), by receiver. */
  readonly moduleMethodCalls: ReadonlyMap<string, readonly SyntaxNode[]>;
}

/** What `calls` (the calls of one statement, say) say of their receivers, read in one pass. */
export function moduleCallsIn(calls: readonly SyntaxNode[], text: string): ModuleCalls {
  let evidence: Set<string> | undefined;
  let moduleMethodCalls: Map<string, SyntaxNode[]> | undefined;
  for (const call of calls) {
    const m = methodCall(call, text);
    if (!m) continue;
    const name = dottedName(m.receiver, text);
    if (!name) continue;
    // `model.to(device)` / `model.cuda()` as a statement of its own only ever moves a module.
    if (MODULE_ONLY_METHODS.has(m.method) || ((m.method === 'to' || m.method === 'cuda') && call.parent?.type === 'expression_statement')) {
      (evidence ??= new Set()).add(name);
    }
    if (MODULE_NOT_TENSOR_METHODS.has(m.method)) {
      moduleMethodCalls ??= new Map();
      const list = moduleMethodCalls.get(name);
      if (list) list.push(call);
      else moduleMethodCalls.set(name, [call]);
    }
  }
  return evidence || moduleMethodCalls ? { evidence: evidence ?? NO_EVIDENCE, moduleMethodCalls: moduleMethodCalls ?? NO_CALLS } : NO_MODULE_CALLS;
}

const NO_CALLS: ReadonlyMap<string, readonly SyntaxNode[]> = new Map();

/** The evidence of statements that show none (most of them): one set shared by all. */
const NO_EVIDENCE: ReadonlySet<string> = new Set();

const NO_MODULE_CALLS: ModuleCalls = { evidence: NO_EVIDENCE, moduleMethodCalls: NO_CALLS };

export interface ModuleDeps {
  text: string;
  /** The file's imports (a getter: reading them is noted by the database). */
  readonly imports: Imports;
  definitions: DefinitionIndex;
  /** What the file's classes are. */
  classKinds(): ClassKinds;
  /** Dotted names on which the file calls a module-only method (see `moduleCallsIn`). */
  evidence: { has(name: string): boolean };
  /** Function definitions of this file by name. */
  functionsNamed(name: string): readonly SyntaxNode[];
  /** The file's calls of the plain name `name` (`name(...)`), in document order. */
  callsOfName(name: string): readonly SyntaxNode[];
  /** The file's calls on `name` of a method that tensors lack (see `moduleCallsIn`). */
  moduleMethodCallsOn(name: string): readonly SyntaxNode[];
  /** The answer to a question about a name, worked out by `answer` once and reused (see the model's NAME_ANSWERS). */
  ask(question: NameQuestion, name: string): boolean;
  /** `instanceClassOf`, worked out by `computeInstanceClassOf` once per name and reused while it is the same. */
  instanceClass(name: string): InstanceClass | undefined;
  /** `instanceClassesOf`, worked out by `computeInstanceClassesOf` once per name and reused while they are the same. */
  instanceClasses(name: string): readonly InstanceClass[] | undefined;
  /** `constructorNameOf`, worked out by `computeConstructorNameOf` once per name and reused while it is the same. */
  constructorName(name: string): string | undefined;
  /** `computeMadeBy` once per name, reused while it is the same. */
  madeBy(name: string): string | undefined;
  /** Whether a call runs a forward pass, worked out by `classifiesAsForward` once per call. */
  isForwardCall(call: SyntaxNode): boolean;
  /** The facts of another project file's symbol (see ProjectView.symbol). */
  projectSymbol(qualified: string | null): SymbolFacts | undefined;
  /** Whether a method of this file runs a forward pass itself (`methodRunsForward`, once per method). */
  methodForwards(method: SyntaxNode): boolean;
  /** Whether a method of this file is decorated to run with gradients off. */
  methodDisablesGrad(method: SyntaxNode): boolean;
  /** Whether a method of this file runs every model call it makes under its own `no_grad`. */
  methodRunsModelGradOff(method: SyntaxNode): boolean;
  /** Whether a method of this file trains (see `needsGradients`). */
  methodTrains(method: SyntaxNode): boolean;
  /** The facts of the methods named so that other files' classes define (see ProjectView.methodsNamed). */
  projectMethodsNamed(name: string): readonly FunctionFacts[];
  /** Return statements of a function of this file. */
  returnsOf(fn: SyntaxNode): readonly SyntaxNode[];
}

/** The class a name's values are instances of: one of this file's, by name, or another project file's. */
export type InstanceClass = { readonly local: string } | { readonly project: ClassFacts; readonly qualified: string };

/** The same class: the same local class name, or the same project class with the same facts. */
export function sameInstanceClass(a: InstanceClass | undefined, b: InstanceClass | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if ('local' in a || 'local' in b) return 'local' in a && 'local' in b && a.local === b.local;
  return a.qualified === b.qualified && a.project === b.project;
}

/**
 * Libraries whose objects are never PyTorch modules (tokenizers, cloud clients): a list because
 * their code is not the project's, so no fact read here can tell what their constructors return,
 * and an attribute named `model` holding one (`self.model = tiktoken.Encoding(...)`) is not one.
 */
const NOT_MODULE_LIBRARIES = /^(tiktoken|sentencepiece|tokenizers|boto3|botocore|openai|anthropic|requests|httpx|sqlite3|redis)(\.|$)/;

/**
 * Objects of libraries that run their models with gradients off inside their own code, which no
 * project file shows: a `transformers` pipeline, a `diffusers` pipeline, `SentenceTransformer.encode`.
 * Matched against `<what made the object>#<method called>` (`__call__` for calling it).
 */
const LIBRARY_CALLS_WITHOUT_GRAD = /^(transformers\.pipeline#__call__|transformers\.pipelines\.[\w.]+#__call__|diffusers\.[\w.]*Pipeline[\w.]*#__call__|sentence_transformers\.SentenceTransformer#encode)$/;

/** Methods that run a module's forward pass when it is called. */
const CALL_METHODS = ['forward', '__call__'];

/** What the file's classes are: they depend on the classes (names and bases) and the imports alone. */
/** A class as what it is depends on: its name, and the dotted names of its bases (null where a base is no name; no list without parentheses). */
export interface ClassSignature {
  readonly name: string;
  readonly bases: readonly (string | null)[] | null;
}

/** The signatures of `classes` (class definitions, nested ones too), in their order. */
export function classSignatures(classes: readonly SyntaxNode[], text: string): ClassSignature[] {
  const signatures: ClassSignature[] = [];
  for (const cls of classes) {
    const name = is(cls, 'class_definition') ? field(cls, 'name') : null;
    if (!name) continue;
    const bases = field(cls as SyntaxNode & { type: 'class_definition' }, 'superclasses');
    signatures.push({ name: nodeText(name, text), bases: bases ? bases.children.filter((b) => b.named && b.type !== 'comment').map((b) => dottedName(b, text)) : null });
  }
  return signatures;
}

export function sameClassSignatures(a: readonly ClassSignature[], b: readonly ClassSignature[]): boolean {
  return sameItems(a, b, (x, y) => x.name === y.name && (x.bases === null ? y.bases === null : y.bases !== null && sameItems(x.bases, y.bases)));
}

/** What the file's classes are: they depend on the classes (names and bases) and the imports alone. */
export function classKindsOf(classes: readonly ClassSignature[], imports: Imports): ClassKinds {
  const moduleClasses = findModuleClasses(classes, imports);
  const classNames = new Set(classes.map((cls) => cls.name));
  const bases = new Map<string, (string | null)[][]>();
  for (const cls of classes) if (cls.bases) bases.set(cls.name, [...(bases.get(cls.name) ?? []), [...cls.bases]]);
  return { moduleClasses, plainClasses: findPlainClasses(classes, imports, moduleClasses), classNames, bases };
}

export function sameClassKinds(a: ClassKinds, b: ClassKinds): boolean {
  const sameBases = a.bases.size === b.bases.size && [...a.bases].every(([name, lists]) => {
    const other = b.bases.get(name);
    return other !== undefined && sameItems(lists, other, (x, y) => sameItems(x, y));
  });
  return sameMembers(a.moduleClasses, b.moduleClasses) && sameMembers(a.plainClasses, b.plainClasses) && sameMembers(a.classNames, b.classNames) && sameBases;
}

function findModuleClasses(classes: readonly ClassSignature[], imports: Imports): Set<string> {
  const moduleClasses = new Set<string>();
  let changed = true;
  while (changed) {
    changed = false;
    for (const { name, bases } of classes) {
      if (!bases || moduleClasses.has(name)) continue;
      const isModule = bases.some((dotted) => {
        if (!dotted) return false;
        const qualified = imports.qualify(dotted) ?? dotted;
        return MODULE_BASE.test(qualified) || moduleClasses.has(dotted);
      });
      if (isModule) {
        moduleClasses.add(name);
        changed = true;
      }
    }
  }
  return moduleClasses;
}

/**
 * Names of classes in this file that visibly are not modules: no base, `object` or `ABC`, or only
 * such classes of this file. A base imported from elsewhere could be a module, so it counts as unknown.
 */
function findPlainClasses(classes: readonly ClassSignature[], imports: Imports, moduleClasses: ReadonlySet<string>): Set<string> {
  const plainClasses = new Set<string>();
  const named = new Map<string, ClassSignature[]>();
  for (const cls of classes) named.set(cls.name, [...(named.get(cls.name) ?? []), cls]);
  let changed = true;
  while (changed) {
    changed = false;
    for (const [name, group] of named) {
      if (plainClasses.has(name) || moduleClasses.has(name)) continue;
      const plain = group.every(({ bases }) => !bases || bases.every((dotted) => {
        if (!dotted) return false;
        const qualified = imports.qualify(dotted) ?? dotted;
        return qualified === 'object' || qualified === 'abc.ABC' || plainClasses.has(dotted);
      }));
      if (plain) {
        plainClasses.add(name);
        changed = true;
      }
    }
  }
  return plainClasses;
}

/**
 * Which expressions hold a module and which calls run one, asked of one version of the file. It holds
 * no answers of its own: each question goes to the file's database (`ask`), which memoises the answer with
 * what working it out read (definitions, module evidence and functions by name, the imports, the
 * classes), so that an open document's answers serve its later versions while those stay the same.
 */
export class ModuleAnalysis {
  constructor(private readonly deps: ModuleDeps) {}

  /** Names of classes in this file that subclass nn.Module (directly or through each other). */
  get moduleClasses(): ReadonlySet<string> {
    return this.deps.classKinds().moduleClasses;
  }

  /** Names of classes in this file that visibly are not modules (see `findPlainClasses`). */
  get plainClasses(): ReadonlySet<string> {
    return this.deps.classKinds().plainClasses;
  }

  /** Classes defined in this file: calling one (`discriminator()`) constructs it, whatever it is called. */
  get classNames(): ReadonlySet<string> {
    return this.deps.classKinds().classNames;
  }

  /** The forward calls among `calls` (the calls of one top-level statement), each classified now. */
  forwardCallsAmong(calls: readonly SyntaxNode[]): SyntaxNode[] {
    return calls.filter((call) => this.classifiesAsForward(call));
  }

  /** This file's answer to a question about a name. */
  answer(question: NameQuestion, name: string): boolean {
    switch (question) {
      case 'module': return this.computeIsModuleName(name);
      case 'loaded': return this.computeHoldsLoadedObject(name);
      case 'layer': return this.computeHoldsNonModelLayer(name);
      case 'class': return this.computeHoldsClass(name);
      case 'distribution': return this.computeHoldsDistribution(name);
      case 'module class': return this.computeIsModuleClass(name, new Set());
    }
  }

  /**
   * Whether `name`, a class of this file, derives from `nn.Module`: as the file alone shows
   * (`moduleClasses`), or through a base another file of the project defines (`class
   * VotingClassifier(BaseClassifier)` where `_base.py` derives `BaseClassifier` from `nn.Module`).
   */
  isModuleClass(name: string): boolean {
    if (this.moduleClasses.has(name)) return true;
    return this.classNames.has(name) && this.deps.classKinds().bases.has(name) && this.deps.ask('module class', name);
  }

  private computeIsModuleClass(name: string, seen: Set<string>): boolean {
    if (this.moduleClasses.has(name)) return true;
    if (seen.has(name)) return false;
    seen.add(name);
    return (this.deps.classKinds().bases.get(name) ?? []).some((bases) => bases.some((dotted) => {
      if (!dotted) return false;
      if (this.isLocalClass(dotted)) return this.computeIsModuleClass(dotted, seen);
      const facts = this.deps.projectSymbol(this.deps.imports.qualify(dotted));
      return facts?.kind === 'class' && facts.class.module;
    }));
  }

  private definitionsOf(name: string): readonly Definition[] {
    return this.deps.definitions.allDefinitionsOf(name);
  }

  private hasEvidence(name: string): boolean {
    return this.deps.evidence.has(name);
  }

  private definesFunction(name: string): boolean {
    return this.deps.functionsNamed(name).length > 0;
  }

  private ask(question: NameQuestion, name: string): boolean {
    return this.deps.ask(question, name);
  }

  /**
   * Every value bound to `name` is an instance of a plain class (`ckpt = Checkpointer()`): of this
   * file, or of another file of the project that derives from nothing outside it and whose
   * `__call__` runs no model (`trt_model = TensorRTModel(path)`, a wrapper of a compiled engine). Its
   * `load_state_dict` or `eval` are that class's own methods, and calling it is not a forward pass.
   */
  private holdsPlainObject(name: string): boolean {
    const defs = this.definitionsOf(name);
    return defs.length > 0 && defs.every((d) => {
      const value = d.value && d.unpackIndex < 0 ? unparenthesize(d.value) : null;
      if (!is(value, 'call')) return false;
      const dotted = dottedName(callee(value), this.deps.text);
      if (dotted === null) return false;
      if (this.plainClasses.has(dotted) && !this.deps.imports.resolveName(dotted)) return true;
      const qualified = this.deps.imports.qualify(dotted);
      if (qualified === null) return false;
      const facts = this.deps.projectSymbol(qualified);
      if (facts?.kind === 'class') return !facts.class.module && !facts.class.libraryBase && !runsForwardForCaller(facts.class.methods['__call__']);
      return NOT_MODULE_LIBRARIES.test(qualified);
    });
  }

  /** True when every value bound to `name` is a `torch.distributions` distribution (`dist = Normal(mu, std)`). */
  holdsDistribution(name: string): boolean {
    return this.ask('distribution', name);
  }

  /** True when the name read at `read` was last bound, in its scope, to a new `torch.distributions` distribution. */
  isDistributionAt(read: SyntaxNode): boolean {
    const name = dottedName(read, this.deps.text);
    if (!name) return false;
    const def = this.deps.definitions.reaching(scopeOf(read), name, read.start);
    return def === undefined ? this.holdsDistribution(name) : this.bindsDistribution(def);
  }

  /** `def` binds a new distribution: `dist = Normal(mu, std)`. */
  private bindsDistribution(def: Definition): boolean {
    if (def.kind !== 'assign' || def.value === null || def.unpackIndex >= 0) return false;
    const value = unparenthesize(def.value);
    return is(value, 'call') && DISTRIBUTION_CLASS.test(this.deps.imports.qualify(dottedName(callee(value), this.deps.text)) ?? '');
  }

  private computeHoldsDistribution(name: string): boolean {
    const defs = this.definitionsOf(name);
    return defs.length > 0 && defs.every((d) => this.bindsDistribution(d));
  }

  /** True when `name` (an identifier or `self.x`) holds a module. */
  isModuleName(name: string): boolean {
    return this.ask('module', name);
  }

  private computeIsModuleName(name: string): boolean {
    let result = this.hasEvidence(name) || this.namedLikeModel(name);
    if (!result) {
      for (const def of this.definitionsOf(name)) {
        // `self.encoder, self.head = self._build(cfg)` where `_build` returns two modules.
        const part = def.kind === 'assign' && def.value !== null && def.unpackIndex >= 0 && this.unpacksModule(def.value, def.unpackIndex, def.node, 0);
        if (part || (def.kind !== 'for' && def.value && this.isModuleExpr(def.value))) {
          result = true;
          break;
        }
      }
    }
    if (LOSS_NAME.test(lastSegment(name)) || (result && (this.holdsPlainObject(name) || this.holdsDistribution(name)))) result = false;
    return result;
  }

  /**
   * The element at `index` of what `value` gives is a module: of a tuple literal, of the tuples a
   * function or method of this file returns (`self.encoder, self.head = self._build(cfg)`, a base's
   * static helper included), or of another file's function whose facts say so. Read from module
   * constructors and names alone, never from what values carry.
   */
  private unpacksModule(value: SyntaxNode, index: number, at: SyntaxNode, depth: number): boolean {
    const expr = unparenthesize(value);
    if (expr.type === 'expression_list' || expr.type === 'tuple') {
      const element = tupleElement(expr, index);
      return element !== null && this.isModuleExpr(element);
    }
    if (!is(expr, 'call') || depth >= 4) return false;
    const dotted = dottedName(callee(expr), this.deps.text);
    if (!dotted) return false;
    const facts = this.deps.projectSymbol(this.deps.imports.qualify(dotted));
    if (facts?.kind === 'function') return facts.function.returnsParts?.[index] === 'module';
    const method = /^self\.(\w+)$/.exec(dotted)?.[1];
    let candidates: readonly SyntaxNode[] = [];
    if (!dotted.includes('.')) candidates = this.deps.functionsNamed(dotted).filter((fn) => classOfMethod(fn) === null);
    else if (method) {
      const caller = enclosingFunction(at);
      const owner = caller ? classOfMethod(caller) : null;
      const methods = this.deps.functionsNamed(method).filter((fn) => classOfMethod(fn) !== null);
      const own = methods.filter((fn) => classOfMethod(fn) === owner);
      candidates = own.length ? own : methods;
    }
    if (candidates.length !== 1) return false;
    const returns = this.deps.returnsOf(candidates[0]!);
    return returns.length > 0 && returns.every((r) => {
      const returned = r.children.find((c) => c.named && c.type !== 'comment');
      return returned !== undefined && this.unpacksModule(returned, index, r, depth + 1);
    });
  }

  /**
   * The name alone says "model": only in files that use PyTorch (or no other framework), and not for
   * functions of this file, imported names, or verbs such as `build_model`.
   */
  private namedLikeModel(name: string): boolean {
    const last = lastSegment(name);
    // GAN code names its networks `G` and `D`; lower-case `g` and `d` are gradients and data.
    const architecture = ARCHITECTURE_NAME.test(last);
    if (!(MODEL_NAME.test(last) || architecture || /^(G|D)$/.test(last)) || MODEL_VERB.test(last)) return false;
    // A name the imports resolve (`torch.Generator`, `opts.model_opts` of an imported module) is what
    // that module calls one of its own functions or classes, not a name this file gave a model.
    if (this.deps.imports.qualify(name)) return false;
    // `cls.x` is an attribute of a class: a method or a setting, not a model instance.
    if (name.startsWith('cls.')) return false;
    if (this.deps.imports.usesOtherFrameworkOnly) return false;
    if (!name.includes('.') && (this.deps.imports.resolveName(name) || this.definesFunction(name) || this.classNames.has(name) || this.starImportedDefinition(name))) return false;
    return !(name.includes('.') && !MODEL_WORD.test(last) && this.namesMethod(name, last));
  }

  /**
   * `name`, which this file never binds, is a function or class that a module it star-imports from
   * the project defines (`model_filepath` after `from app.utils import *`): that module's own name.
   */
  private starImportedDefinition(name: string): boolean {
    const { stars } = this.deps.imports;
    if (!stars.length || this.definitionsOf(name).length) return false;
    return stars.some((star) => {
      const kind = this.deps.projectSymbol(memberOf(star, name))?.kind;
      return kind === 'function' || kind === 'class';
    });
  }

  /**
   * `self._get_model()`, `kge.pull_model(client)`: an attribute of a compound name that this file
   * never assigns, where a class of this file or of the project defines a method of that name, is
   * that method, not a model the object holds.
   */
  private namesMethod(name: string, last: string): boolean {
    if (this.definitionsOf(name).length) return false;
    if (this.deps.functionsNamed(last).some((fn) => classOfMethod(fn) !== null && !decoratorsOf(fn).some((d) => /^@\s*property\b/.test(nodeText(d, this.deps.text))))) return true;
    return this.deps.projectMethodsNamed(last).length > 0;
  }

  /** True when the expression evaluates to a module. */
  isModuleExpr(expression: SyntaxNode): boolean {
    const expr = unparenthesize(expression);
    const name = dottedName(expr, this.deps.text);
    if (name) return this.isModuleName(name);
    if (!is(expr, 'call')) return false;
    const m = methodCall(expr, this.deps.text);
    if (m && MODULE_PASSTHROUGH.has(m.method)) return this.isModuleExpr(m.receiver);
    return this.isModelConstructor(expr);
  }

  /** `Net()`, `nn.Linear(...)`, `torchvision.models.resnet50()`, `AutoModel.from_pretrained(...)`. */
  isModelConstructor(call: SyntaxNode): boolean {
    const dotted = dottedName(callee(call), this.deps.text);
    if (!dotted) return false;
    if (this.moduleClasses.has(dotted) || (this.isLocalClass(dotted) && this.isModuleClass(dotted))) return true;
    // Another file's module class, or a function of the project that returns a module.
    const facts = this.deps.projectSymbol(this.deps.imports.qualify(dotted));
    if (facts?.kind === 'class') return facts.class.module;
    if (facts?.kind === 'function') return facts.function.returns === 'module';
    const qualified = this.deps.imports.qualify(dotted) ?? dotted;
    const last = lastSegment(qualified);
    if (qualified.startsWith('torch.nn.') && /^[A-Z]/.test(last)) return !NON_MODEL_NN.test(last);
    if (qualified.startsWith('torchvision.models.') || qualified.startsWith('timm.')) return last !== 'list_models';
    if (['torch.hub.load', 'torch.jit.load'].includes(qualified)) return true;
    // They give back what they are given, compiled: a lambda or a function of this file stays a function.
    if (['torch.jit.script', 'torch.jit.trace', 'torch.compile'].includes(qualified)) return !this.compilesFunction(call);
    if (last === 'from_pretrained') {
      // Only PyTorch's model libraries make modules (ctransformers and TensorFlow have `from_pretrained` too),
      // or a project class that derives from one of theirs.
      const ownerFacts = this.deps.projectSymbol(this.deps.imports.qualify(dotted.slice(0, -'.from_pretrained'.length)));
      if (ownerFacts?.kind === 'class') return ownerFacts.class.module;
      if (!isTorchFamily(qualified)) return false;
      const owner = lastSegment(dotted.slice(0, -'.from_pretrained'.length));
      return /Model|For[A-Z]|Net|Transformer|Encoder|Decoder/.test(owner) && !/Pipeline|Tokenizer|Processor|Config/.test(owner);
    }
    return false;
  }

  /** A call that runs a model's forward pass. */
  isForwardCall(call: SyntaxNode): boolean {
    return this.deps.isForwardCall(call);
  }

  /**
   * Works out whether `call` runs a forward pass (see `isForwardCall`, which memoises the answer):
   * also a method of a module other than those named for running it (`policy.pi(x)`,
   * `encoder.forward_pass(batch)`) that runs the module's layers, and not a call of a module whose
   * `forward` or `__call__` turns gradients off itself.
   */
  classifiesAsForward(call: SyntaxNode): boolean {
    if (!is(call, 'call')) return false;
    const m = methodCall(call, this.deps.text);
    const receiver = m ? dottedName(m.receiver, this.deps.text) : null;
    if (this.classifiesAsForwardByName(call)) {
      const fn = callee(call);
      // The object called: a name (`model(x)`) or an attribute (`self.pipe(prompt)`).
      const called = fn?.type === 'identifier' || fn?.type === 'attribute' ? dottedName(fn, this.deps.text) : null;
      if (called && called !== 'self' && this.callDisablesGrad(called, CALL_METHODS)) return false;
      // `detector.predict(x)` of a class whose `predict` turns gradients off itself.
      if (receiver && receiver !== 'self' && m && this.callDisablesGrad(receiver, [m.method])) return false;
      // `model.predict(x)` of a library's model, or of a class that inherits `predict` from a library base.
      if (receiver && m && LIBRARY_INFERENCE_METHODS.has(m.method) && this.methodFromLibrary(receiver, m.method, call)) return false;
      // `swag_model.sample(0.0)` of another file's class whose `sample` runs no model: its code, not its name, decides.
      if (receiver && receiver !== 'self' && m && !CALL_METHODS.includes(m.method) && this.projectMethodRunsNoModel(receiver, m.method)) return false;
      return true;
    }
    if (!m || !receiver || receiver === 'self' || MODULE_ONLY_METHODS.has(m.method) || MODULE_PASSTHROUGH.has(m.method)) return false;
    // A method of another file's class that runs a forward pass with its caller's grad mode
    // (`trainer.predict(batch)`, `agent.select_action(state)`): the forward runs here.
    const methods = this.projectMethodsCalled(call);
    if (methods) return methods.length > 0 && methods.every(runsForwardForCaller);
    if (FORWARD_METHODS.has(m.method) || !this.isModuleName(receiver)) return false;
    // Of a class this file shows: its method runs a forward pass. (Of a module whose class nothing
    // shows, a method may be anything: `init_hidden`, `estimate_mfu`, `get_config`.)
    return this.instanceClassOf(receiver) !== undefined && this.methodOfInstanceForwards(receiver, m.method);
  }

  /**
   * The facts of the other files' methods a method call may run: of the receiver's class where it is
   * another file's; of every method of that name in the other files where the receiver is only
   * handed to this file (a parameter, `self.trainer.policy_net`) and this file defines none. Undefined
   * where neither holds. An abstract method stands for the subclasses' methods of its name.
   */
  projectMethodsCalled(call: SyntaxNode): readonly FunctionFacts[] | undefined {
    const m = methodCall(call, this.deps.text);
    const receiver = m ? dottedName(m.receiver, this.deps.text) : null;
    if (!m || !receiver || receiver === 'self') return undefined;
    // Asked first, once per method name: most method calls (`x.view(...)`) name no method of the project.
    const methods = this.deps.projectMethodsNamed(m.method);
    if (!methods.length) return undefined;
    // An abstract method never runs itself: a subclass's of that name does.
    const concrete = methods.filter((facts) => !facts.abstract);
    const cls = this.instanceClassOf(receiver);
    if (cls && 'project' in cls) {
      const facts = cls.project.methods[m.method];
      if (facts?.abstract && concrete.length) return concrete;
      return facts ? [facts] : [];
    }
    if (cls || !this.untypedHere(receiver) || this.deps.functionsNamed(m.method).length) return undefined;
    return concrete.length ? concrete : methods;
  }

  /**
   * Whether what a forward pass `call` gives back is of `kinds`, as far as facts tell: a call of
   * another file's method (see projectMethodsCalled) gives what that method's facts say it returns
   * (`pred_tokens`, a list of tags, is not its model's output); any other forward, its model's output.
   */
  forwardGives(call: SyntaxNode, kinds: ReadonlySet<ValueKind>): boolean {
    const methods = this.projectMethodsCalled(call);
    return methods === undefined || methods.every((facts) => kinds.has(facts.returns));
  }

  /**
   * `name` holds what this file is handed, never a value it makes: a parameter, or an attribute
   * that the file never assigns (`model_optim = self._select_optimizer()` is made here, whatever
   * its class).
   */
  private untypedHere(name: string): boolean {
    const defs = this.definitionsOf(name);
    return defs.length ? defs.every((d) => d.kind === 'parameter') : name.includes('.');
  }

  /**
   * Whether `method` of the class `receiver`'s values are instances of (this file's or another's)
   * trains; `__call__` is calling the object, which for a module runs its `forward`.
   */
  methodOfInstanceTrains(receiver: string, method: string): boolean {
    const cls = this.instanceClassOf(receiver);
    if (!cls) return false;
    const called = this.methodCalled(cls, method);
    if ('project' in cls) return cls.project.methods[called]?.trains === true;
    return this.methodsOfLocalClass(cls.local, called).some((m) => this.deps.methodTrains(m));
  }

  /**
   * The method a call runs on an object whose class is known: calling the object (`model(x)`,
   * `self.decoder(h)`) runs its `forward` (or `__call__`), `obj.m(x)` its `m`. This file's methods of
   * that name, or another file's facts; undefined where the object's class or the method is not known.
   */
  methodRunBy(call: SyntaxNode): { readonly local: readonly SyntaxNode[] } | { readonly project: FunctionFacts } | undefined {
    const fn = callee(call);
    const called = fn?.type === 'identifier' || fn?.type === 'attribute' ? dottedName(fn, this.deps.text) : null;
    if (!called || called === 'self') return undefined;
    let cls = this.instanceClassOf(called);
    let method = '__call__';
    if (!cls) {
      const m = methodCall(call, this.deps.text);
      const receiver = m ? dottedName(m.receiver, this.deps.text) : null;
      if (!m || !receiver || receiver === 'self') return undefined;
      cls = this.instanceClassOf(receiver);
      method = m.method;
      if (!cls) return undefined;
    }
    const name = this.methodCalled(cls, method);
    if ('project' in cls) {
      const facts = cls.project.methods[name];
      return facts ? { project: facts } : undefined;
    }
    const local = this.methodsOfLocalClass(cls.local, name);
    return local.length ? { local } : undefined;
  }

  /** The method that calling `method` on an instance of `cls` runs: calling a module runs its `forward`, unless its class defines `__call__`. */
  private methodCalled(cls: InstanceClass, method: string): string {
    if (method !== '__call__') return method;
    if ('project' in cls) return cls.project.module && !cls.project.methods.__call__ ? 'forward' : method;
    return this.isModuleClass(cls.local) && !this.methodsOfLocalClass(cls.local, '__call__').length ? 'forward' : method;
  }

  /** Whether `method` of the class `receiver`'s values are instances of runs a forward pass. */
  private methodOfInstanceForwards(receiver: string, method: string): boolean {
    const cls = this.instanceClassOf(receiver);
    if (!cls) return false;
    // A method that trains (`trainer.train_step(batch)`) uses the graph it records.
    if ('project' in cls) {
      const facts = cls.project.methods[method];
      return facts !== undefined && facts.forwards && !facts.disablesGrad && !facts.trains;
    }
    const own = this.methodsOfLocalClass(cls.local, method);
    return own.length > 0 && own.every((m) => this.deps.methodForwards(m) && !this.deps.methodDisablesGrad(m) && !this.deps.methodTrains(m));
  }

  /**
   * A forward call of a method whose own code runs the model under `no_grad` (`model.predict(x)`
   * where `predict` wraps `self.forward(x)` in `with torch.no_grad():`): it runs the model, so its
   * outputs are model outputs, but it records no graph whatever its caller's grad mode.
   */
  recordsNoGraph(call: SyntaxNode): boolean {
    const m = is(call, 'call') ? methodCall(call, this.deps.text) : null;
    const receiver = m ? dottedName(m.receiver, this.deps.text) : null;
    if (!m || !receiver) return false;
    // Asked first, by name: most calls name no method that any class of the project defines.
    if (!this.deps.functionsNamed(m.method).length && !this.deps.projectMethodsNamed(m.method).length) return false;
    let classes: readonly InstanceClass[] | undefined;
    if (receiver === 'self') {
      const name = this.enclosingClassName(call);
      classes = name !== null ? [{ local: name }] : undefined;
    } else classes = this.deps.instanceClasses(receiver);
    if (!classes?.length) return false;
    return classes.every((cls) => {
      if ('project' in cls) {
        const facts = cls.project.methods[m.method];
        return facts !== undefined && facts.forwards && !facts.gradForwards && !facts.trains;
      }
      const own = this.methodsOfLocalClass(cls.local, m.method);
      return own.length > 0 && own.every((fn) => this.deps.methodRunsModelGradOff(fn));
    });
  }

  /**
   * Every class `receiver`'s values are instances of is another file's, and its method `method` (its
   * own helpers followed, see the project summary) neither runs a model nor trains.
   */
  private projectMethodRunsNoModel(receiver: string, method: string): boolean {
    const classes = this.deps.instanceClasses(receiver);
    if (!classes?.length) return false;
    return classes.every((cls) => {
      if (!('project' in cls)) return false;
      const facts = cls.project.methods[method];
      // An abstract method's code is not what runs.
      return facts !== undefined && !facts.abstract && !facts.forwards && !facts.trains;
    });
  }

  /** A module whose `forward` (or `__call__`) turns gradients off: calling it records no graph. */
  private callDisablesGrad(name: string, methods: readonly string[]): boolean {
    const made = this.deps.madeBy(name);
    if (made && methods.some((method) => LIBRARY_CALLS_WITHOUT_GRAD.test(`${made}#${method}`))) return true;
    // Made by a project factory whose every return is a module that turns gradients off itself.
    const factory = made ? this.deps.projectSymbol(made) : undefined;
    if (factory?.kind === 'function' && factory.function.returnsGradOffModule && methods.some((m) => CALL_METHODS.includes(m))) return true;
    // One name may hold instances of different classes in different functions (`classifier =
    // CustomLabelsClassifier(...)` here, `TreeOfLifeClassifier(...)` there): each must turn them off.
    const classes = this.deps.instanceClasses(name);
    if (!classes?.length) return false;
    return classes.every((cls) => {
      if ('project' in cls) return methods.some((method) => cls.project.methods[method]?.disablesGrad === true);
      return methods.some((method) => {
        const own = this.methodsOfLocalClass(cls.local, method);
        return own.length > 0 && own.every((fn) => this.deps.methodDisablesGrad(fn));
      });
    });
  }

  /**
   * Whether `method`, called on `receiver` (`self` in `call`'s class), is inherited from a base outside
   * the project for every class the receiver's values are instances of (see PLAIN_BASE).
   */
  private methodFromLibrary(receiver: string, method: string, call: SyntaxNode): boolean {
    if (receiver === 'self') {
      const name = this.enclosingClassName(call);
      return name !== null && this.localMethodSource(name, method, new Set()) === 'library';
    }
    const defs = this.definitionsOf(receiver).filter((d) => d.kind !== 'parameter');
    return defs.length > 0 && defs.every((d) => {
      if (d.kind !== 'assign' || !d.value || d.unpackIndex >= 0) return false;
      const value = this.withoutPassthrough(d.value);
      const dotted = is(value, 'call') ? dottedName(callee(value), this.deps.text) : null;
      if (!dotted) return false;
      if (this.isLocalClass(dotted)) return this.localMethodSource(dotted, method, new Set()) === 'library';
      const qualified = this.deps.imports.qualify(dotted);
      if (!qualified) return false;
      const facts = this.deps.projectSymbol(qualified);
      if (facts) return facts.kind === 'class' && !(method in facts.class.methods) && facts.class.libraryBase;
      // Made by a library's class or factory (`SequenceClassificationTrainer(bert)`, `build_transformer_model(...)`); torch's own make modules without such methods.
      return !/^torch(\.|$)/.test(qualified);
    });
  }

  /** Where `method` of this file's class `name` is defined: in the project's code, only in a library base, or nowhere seen. */
  private localMethodSource(name: string, method: string, seen: Set<string>): 'project' | 'library' | 'unseen' {
    if (seen.has(name)) return 'unseen';
    seen.add(name);
    if (this.methodsOfLocalClass(name, method).length) return 'project';
    let library = false;
    for (const bases of this.deps.classKinds().bases.get(name) ?? []) {
      for (const dotted of bases) {
        if (!dotted) continue;
        if (this.isLocalClass(dotted)) {
          const source = this.localMethodSource(dotted, method, seen);
          if (source === 'project') return 'project';
          library ||= source === 'library';
          continue;
        }
        const qualified = this.deps.imports.qualify(dotted);
        if (!qualified) continue;
        const facts = this.deps.projectSymbol(qualified);
        if (facts?.kind === 'class') {
          if (method in facts.class.methods) return 'project';
          library ||= facts.class.libraryBase;
        } else if (!PLAIN_BASE.test(qualified)) library = true;
      }
    }
    return library ? 'library' : 'unseen';
  }

  /** The methods named `method` of this file's class `className`. */
  methodsOfLocalClass(className: string, method: string): SyntaxNode[] {
    return this.deps.functionsNamed(method).filter((fn) => {
      const owner = classOfMethod(fn);
      const name = owner && is(owner, 'class_definition') ? field(owner, 'name') : null;
      return name !== null && nodeText(name, this.deps.text) === className;
    });
  }

  /**
   * The class every value bound to `name` is an instance of (`policy = Policy(...).to(device)`,
   * `self.encoder = Encoder(cfg)`), or undefined when they differ or some value is not a class's.
   */
  instanceClassOf(name: string): InstanceClass | undefined {
    return this.deps.instanceClass(name);
  }

  /** Works out `instanceClassOf` from the definitions of `name` (see the model's INSTANCE_CLASS). */
  computeInstanceClassOf(name: string): InstanceClass | undefined {
    const classes = this.deps.instanceClasses(name);
    return classes?.length === 1 ? classes[0] : undefined;
  }

  /**
   * The classes of the values bound to `name`, one per class however often it is bound (see the
   * model's INSTANCE_CLASSES), or undefined when some value is not an instance of a class it can tell.
   */
  computeInstanceClassesOf(name: string): InstanceClass[] | undefined {
    const found = new Map<string, InstanceClass>();
    const passed = new Map<string, InstanceClass>();
    const keyOf = (cls: InstanceClass) => ('project' in cls ? cls.qualified : cls.local);
    for (const d of this.definitionsOf(name)) {
      if (d.kind === 'parameter') {
        // A parameter's class is its annotation's, when that names a class of this file or the project
        // (`dataset: Dataset`); otherwise what every call of its function passes for it
        // (`run_epoch(loader, model, SimpleLossCompute(...))`), which counts only where nothing else
        // in the file tells the name's class: the name may be a parameter of other functions too.
        const annotated = this.annotatedClass(d.node);
        const cls = annotated ? this.classNamed(annotated) : undefined;
        if (cls) found.set(keyOf(cls), cls);
        const fromCalls = annotated ? undefined : this.classPassedFor(d.node, false);
        if (fromCalls) passed.set(keyOf(fromCalls), fromCalls);
        continue;
      }
      if (d.kind !== 'assign' || !d.value || d.unpackIndex >= 0) return undefined;
      const value = this.withoutPassthrough(d.value);
      if (this.rebindsItself(name, value)) continue;
      if (!is(value, 'call')) return undefined;
      const dotted = dottedName(callee(value), this.deps.text);
      const cls = dotted ? this.classNamed(dotted) : undefined;
      if (!cls) return undefined;
      found.set(keyOf(cls), cls);
    }
    return [...(found.size ? found : passed).values()];
  }

  /** The class of a parameter's values: its annotation's, or the one every call of its function passes for it. */
  parameterClass(parameter: SyntaxNode): InstanceClass | undefined {
    const annotated = this.annotatedClass(parameter);
    return annotated ? this.classNamed(annotated) : this.classPassedFor(parameter, true);
  }

  /** The class a dotted name in this file names: one of this file's, or another project file's. */
  private classNamed(dotted: string): InstanceClass | undefined {
    if (this.isLocalClass(dotted)) return { local: dotted };
    const qualified = this.deps.imports.qualify(dotted);
    const facts = this.deps.projectSymbol(qualified);
    return facts?.kind === 'class' ? { project: facts.class, qualified: qualified! } : undefined;
  }

  /**
   * The class every call of the parameter's function (a function, not a method) in this file passes
   * for it: a new instance (`SimpleLossCompute(gen, crit)`) or a name that holds one
   * (`run_epoch(data, model, loss_compute)` after `loss_compute = SimpleLossCompute(...)`), names
   * followed only with `followNames` (a name's class asked while a name's class is being worked out
   * could ask itself); undefined when some call passes anything else, or none is seen.
   */
  private classPassedFor(parameter: SyntaxNode, followNames: boolean): InstanceClass | undefined {
    const list = parameter.parent;
    const fn = list?.parent;
    if (list?.type !== 'parameters' || fn?.type !== 'function_definition' || classOfMethod(fn) !== null) return undefined;
    const nameNode = parameter.type === 'identifier' ? parameter : parameter.children.find((c) => c.fieldName === 'name' || c.type === 'identifier');
    if (!nameNode) return undefined;
    const name = nodeText(nameNode, this.deps.text);
    // Where calls pass it by position: none for a keyword-only parameter.
    const index = positionalParameterNames(fn, this.deps.text).indexOf(name);
    let found: InstanceClass | undefined;
    for (const call of this.deps.callsOfName(functionName(fn, this.deps.text))) {
      const { positional, keywords } = callArguments(call, this.deps.text);
      const argument = keywords.get(name) ?? (index >= 0 ? positional[index] : undefined);
      const value = argument ? unparenthesize(argument) : null;
      let cls: InstanceClass | undefined;
      if (value && is(value, 'call')) {
        const dotted = dottedName(callee(value), this.deps.text);
        cls = dotted ? this.classNamed(dotted) : undefined;
      } else if (followNames && value?.type === 'identifier') {
        cls = this.instanceClassOf(nodeText(value, this.deps.text));
      }
      if (!cls || (found !== undefined && !sameInstanceClass(found, cls))) return undefined;
      found = cls;
    }
    return found;
  }

  /**
   * What every value bound to `name` is made by (`constructorNameOf`), or else the class that the
   * parameters it is bound from are annotated with. Asked through the model's MADE_BY: every forward
   * call's classification asks it, and a query keeps a call's answer from reading the name's definitions.
   */
  computeMadeBy(name: string): string | undefined {
    return this.constructorNameOf(name) ?? this.annotatedLibraryClassOf(name);
  }

  /**
   * The imported class, as the imports qualify it, that the annotations say every value of `name` is
   * an instance of: a parameter annotated with it (`pipe: Pipeline`), or a name assigned such a
   * parameter (`self.embedding_model = embedding_model` in `__init__(self, embedding_model: Pipeline)`).
   * Undefined where some value is anything else or the annotations differ.
   */
  private annotatedLibraryClassOf(name: string): string | undefined {
    let found: string | undefined;
    for (const d of this.definitionsOf(name)) {
      let parameter: SyntaxNode | undefined;
      if (d.kind === 'parameter') parameter = d.node;
      else {
        const value = d.kind === 'assign' && d.value && d.unpackIndex < 0 ? this.withoutPassthrough(d.value) : null;
        if (value?.type !== 'identifier') return undefined;
        const fn = enclosingFunction(d.node);
        const sources = fn ? this.deps.definitions.definitionsOf(fn, nodeText(value, this.deps.text)) : [];
        if (sources.length !== 1 || sources[0]!.kind !== 'parameter') return undefined;
        parameter = sources[0]!.node;
      }
      const annotation = annotationOf(parameter);
      const qualified = annotation ? this.deps.imports.qualify(dottedName(annotation, this.deps.text)) : null;
      if (!qualified || (found !== undefined && found !== qualified)) return undefined;
      found = qualified;
    }
    return found;
  }

  /**
   * The class a parameter's annotation names (`Dataset`, `data.Dataset`, `"Dataset"`) when it is one of
   * this file's classes or a class of the project; null otherwise (`nn.Module`, `Optional[...]`).
   */
  private annotatedClass(parameter: SyntaxNode): string | null {
    const annotation = annotationOf(parameter);
    if (!annotation) return null;
    const text = annotation.type === 'string' ? nodeText(annotation, this.deps.text).slice(1, -1) : dottedName(annotation, this.deps.text);
    if (!text || !/^[A-Za-z_][\w.]*$/.test(text)) return null;
    if (this.classNames.has(text) && !this.deps.imports.resolveName(text)) return text;
    return this.deps.projectSymbol(this.deps.imports.qualify(text))?.kind === 'class' ? text : null;
  }

  /**
   * The name of what every value bound to `name` is made by calling, as the imports qualify it
   * (`pkg.layers.Decoder` for `self.decoder = Decoder(...)`), when that is another file's name; the
   * project links it to a class.
   */
  constructorNameOf(name: string): string | undefined {
    return this.deps.constructorName(name);
  }

  /** Works out `constructorNameOf` from the definitions of `name` (see the model's CONSTRUCTOR_NAME). */
  computeConstructorNameOf(name: string): string | undefined {
    let found: string | undefined;
    for (const d of this.definitionsOf(name)) {
      if (d.kind === 'parameter') continue;
      if (d.kind !== 'assign' || !d.value || d.unpackIndex >= 0) return undefined;
      const value = this.withoutPassthrough(d.value);
      if (this.rebindsItself(name, value)) continue;
      const qualified = is(value, 'call') ? this.deps.imports.qualify(dottedName(callee(value), this.deps.text)) : null;
      if (!qualified || (found !== undefined && found !== qualified)) return undefined;
      found = qualified;
    }
    return found;
  }

  /** `classifiesAsForward` without following methods into classes: what a method's own body shows. */
  classifiesAsForwardByName(call: SyntaxNode): boolean {
    if (!is(call, 'call')) return false;
    const fn = callee(call);
    if (!fn) return false;
    const { text } = this.deps;
    if (fn.type === 'identifier' && nodeText(fn, text) === 'self') return this.insideModuleClass(call);
    const m = methodCall(call, text);
    if (m && FORWARD_METHODS.has(m.method)) {
      const receiver = dottedName(m.receiver, text);
      if (receiver === 'self') return this.insideModuleClass(call);
      // `model.predict(X)` is scikit-learn or Keras as often as PyTorch: a name alone is not enough.
      if (receiver && this.isModuleName(receiver) && (this.deps.imports.importsTorch || m.method === 'forward')) return true;
      if (m.method === 'forward') return this.isModuleExpr(m.receiver);
      return false;
    }
    if (fn.type === 'subscript') return this.isModelInCollection(fn);
    const name = dottedName(fn, text);
    if (!name || name === 'self') return false;
    // Imported functions (`torch.sigmoid`, `F.relu`) are operations, not models.
    if (this.deps.imports.qualify(name) && !this.isModuleName(name)) return false;
    if (LOSS_NAME.test(lastSegment(name))) return false;
    if (!this.isModuleName(name) && !this.ask('loaded', name)) return false;
    return !this.ask('layer', name) && !this.ask('class', name);
  }

  /**
   * `model_class = self.model.__class__` or `type(model)`, and names such as `model_cls` or
   * `model_factory`: calling a class (or a factory) builds a model rather than running one. So does
   * a name whose call gives what the file then uses as a module (`model = Model(cfg).to(device)`
   * before `model.parameters()`), however it was bound (`Model = getattr(module, name)`).
   */
  private computeHoldsClass(name: string): boolean {
    if (CLASS_WORDS.has(words(lastSegment(name)).at(-1) ?? '')) return true;
    if (!name.includes('.') && this.deps.callsOfName(name).some((call) => this.givesModule(call))) return true;
    const defs = this.definitionsOf(name).filter((d) => d.value && d.kind === 'assign');
    return defs.length > 0 && defs.every((d) => {
      const value = unparenthesize(d.value!);
      if (is(value, 'attribute')) return nodeText(field(value, 'attribute') ?? value, this.deps.text) === '__class__';
      return is(value, 'call') && dottedName(callee(value), this.deps.text) === 'type' && callArguments(value, this.deps.text).positional.length === 1;
    });
  }

  /**
   * What `call` gives is used as a module: bound, through methods that return the module itself
   * (`.to(device)`), to a name whose module-only method the same scope calls (an attribute's, the
   * file), or put in an `nn.ModuleList` or `nn.Sequential`.
   */
  private givesModule(call: SyntaxNode): boolean {
    let value = call;
    for (let up = value.parent; up?.type === 'attribute' && up.parent?.type === 'call'; up = value.parent) {
      const m = methodCall(up.parent, this.deps.text);
      if (!m || !MODULE_PASSTHROUGH.has(m.method)) break;
      value = up.parent;
    }
    const parent = value.parent;
    if (is(parent, 'assignment') && field(parent, 'right') === value) {
      const target = dottedName(field(parent, 'left'), this.deps.text);
      return target !== null && this.callsModuleMethodOf(target, scopeOf(parent));
    }
    // `nn.ModuleList([Model(cfg) for _ in range(k)])`, `nn.Sequential(Model(cfg), head)`.
    let holder = parent;
    if (holder?.type === 'list_comprehension' || holder?.type === 'list') holder = holder.parent;
    const container = holder?.type === 'argument_list' && is(holder.parent, 'call') ? dottedName(callee(holder.parent), this.deps.text) : null;
    return container !== null && /^torch\.nn\.(ModuleList|Sequential)$/.test(this.deps.imports.qualify(container) ?? '');
  }

  /** A call, in `scope` (anywhere for a dotted name), of a method of `name` that no tensor has (`model.parameters()`). */
  private callsModuleMethodOf(name: string, scope: SyntaxNode): boolean {
    return this.deps.moduleMethodCallsOn(name).some((call) => name.includes('.') || scopeOf(call) === scope);
  }

  /** `torch.compile(step)`: the first argument is a lambda or a function of this file (not a method), not a module. */
  private compilesFunction(call: SyntaxNode): boolean {
    const first = callArguments(call, this.deps.text).positional[0];
    if (!first) return false;
    const expr = unparenthesize(first);
    if (expr.type === 'lambda') return true;
    return expr.type === 'identifier' && this.deps.functionsNamed(nodeText(expr, this.deps.text)).some((fn) => classOfMethod(fn) === null);
  }

  /** `self.model["generator"](z)`, `models['netG'](z)`: a model kept in a collection under a string key. */
  private isModelInCollection(subscript: SyntaxNode): boolean {
    const base = subscript.children.find((c) => c.fieldName === 'value');
    const key = subscript.children.find((c) => c.fieldName === 'subscript');
    const name = base ? dottedName(base, this.deps.text) : null;
    if (!name || key?.type !== 'string' || LOSS_NAME.test(nodeText(key, this.deps.text))) return false;
    return /(^|\.)(models|nets|networks)$/.test(name) || this.isModuleName(name);
  }

  /**
   * `rnn = torch.load("model.pt")` then `rnn(x)`: a whole pickled model. Only a call makes it one (a
   * loaded state dict or tensor is never called), so this is asked of called names alone.
   */
  private computeHoldsLoadedObject(name: string): boolean {
    const defs = this.definitionsOf(name).filter((d) => d.value && d.kind === 'assign');
    return defs.length > 0 && defs.every((d) => {
      const value = this.withoutPassthrough(d.value!);
      if (!is(value, 'call')) return false;
      const dotted = dottedName(callee(value), this.deps.text);
      return dotted !== null && ['torch.load', 'torch.jit.load'].includes(this.deps.imports.qualify(dotted) ?? dotted);
    });
  }

  /** Names bound only to parameter-free layers or losses (`act = nn.ReLU()`). */
  private computeHoldsNonModelLayer(name: string): boolean {
    const defs = this.definitionsOf(name).filter((d) => d.value);
    if (!defs.length) return false;
    return defs.every((d) => {
      const value = unparenthesize(d.value!);
      if (!is(value, 'call')) return false;
      const dotted = dottedName(callee(value), this.deps.text);
      const qualified = dotted ? this.deps.imports.qualify(dotted) ?? dotted : '';
      return qualified.startsWith('torch.nn.') && NON_MODEL_NN.test(lastSegment(qualified));
    });
  }

  private insideModuleClass(node: SyntaxNode): boolean {
    const name = this.enclosingClassName(node);
    return name !== null && this.isModuleClass(name);
  }

  /** The name of the class whose method `node` is in, or null outside a method. */
  private enclosingClassName(node: SyntaxNode): string | null {
    const fn = enclosingFunction(node);
    const cls = fn ? classOfMethod(fn) : null;
    const name = cls && is(cls, 'class_definition') ? field(cls, 'name') : null;
    return name ? nodeText(name, this.deps.text) : null;
  }

  /** A value without the module methods that return the module itself (`Net(cfg).to(device).eval()` gives `Net(cfg)`). */
  private withoutPassthrough(expression: SyntaxNode): SyntaxNode {
    let value = unparenthesize(expression);
    for (let m = is(value, 'call') ? methodCall(value, this.deps.text) : null; m && MODULE_PASSTHROUGH.has(m.method); m = is(value, 'call') ? methodCall(value, this.deps.text) : null) {
      value = unparenthesize(m.receiver);
    }
    return value;
  }

  /**
   * `value`, what a definition of `name` binds once passthrough calls are taken off, is `name` itself
   * (`model = model.to(device)`, `self.net = self.net.eval()`): the same object, so the definition
   * tells nothing new of its class.
   */
  private rebindsItself(name: string, value: SyntaxNode): boolean {
    return (value.type === 'identifier' || value.type === 'attribute') && dottedName(value, this.deps.text) === name;
  }

  /** `dotted` names a class of this file that no import shadows. */
  private isLocalClass(dotted: string): boolean {
    return this.classNames.has(dotted) && !this.deps.imports.resolveName(dotted);
  }
}
