// Which expressions hold an `nn.Module`, and which calls run one (forward passes).
import { field, is, type SyntaxNode } from '../parser/syntax';
import type { Definition, DefinitionIndex } from './definitions';
import { addReads, ModuleAnswers, type KnownAnswer, type Reads } from './module-answers';
import type { AnswerHistory } from './facts';
import type { ImportTable } from './imports';
import { callArguments, callee, dottedName, lastSegment, methodCall, nodeText, unparenthesize, words } from './names';
import { classOfMethod, enclosingFunction } from './scopes';

/** Names people give models; used when nothing else in the file says what a name holds. */
const MODEL_NAME = /^(model|net|network|encoder|decoder|backbone|classifier|generator|discriminator|teacher|student|policy|critic|actor|unet|vae|ema_model|netG|netD|rnn|lstm|gru|cnn|mlp)$|_(model|net|encoder|decoder)$|^(model|net)_/i;

/**
 * Names of well-known architectures, which hold one when they name a variable (`inception` in FID
 * code); `models.resnet18` of torchvision, or any imported name, builds one instead.
 */
const ARCHITECTURE_NAME = /^(inception(_v3)?|resnet\d*|resnext\d*|vgg\d*|densenet\d*|alexnet|mobilenet(_?v\d)?|efficientnet(_?b\d)?|vit|bert|roberta)$/i;

/** `build_model`, `unwrap_model`, `extract_embedder_from_model`: functions that make or handle models are not models. */
const MODEL_VERB = /^(get|build|load|create|make|init|initialize|save|unwrap|wrap|prepare|setup|set|update|compile|export|freeze|unfreeze|print|log|count|train|eval|evaluate|test|copy|clone|convert|register|resume|restore|download|instantiate|construct|define|fetch|select|extract|find|check|is|has|apply|attach|patch|replace|remove|add|merge|parse|read|write|dump|show|plot|visualize|summarize|describe|profile|validate|verify|inspect)_|_from_/i;

/** Names of loss functions and criteria: calling them is not a forward pass of a model. */
export const LOSS_NAME = /(^|_)(loss|losses|criterion|crit)(_|$)|^(loss|criterion)|loss_?fn|lossfn|Loss$/i;

/** Methods that only modules have; calling one on a name marks it as a module. */
const MODULE_ONLY_METHODS = new Set([
  'eval', 'train', 'parameters', 'named_parameters', 'load_state_dict', 'modules', 'named_modules', 'children',
  'named_children', 'register_forward_hook', 'register_forward_pre_hook', 'register_buffer', 'requires_grad_',
]);

/** Methods that return the module itself. */
const MODULE_PASSTHROUGH = new Set(['to', 'cuda', 'cpu', 'eval', 'train', 'half', 'float', 'double', 'bfloat16', 'requires_grad_', 'share_memory']);

/** Module methods that run the model (a forward pass by another name). `generate` is excluded: it disables grad itself. */
const FORWARD_METHODS = new Set([
  'forward', 'encode', 'decode', 'encode_image', 'encode_text', 'embed', 'extract_features', 'extract_feat',
  'forward_features', 'get_features', 'predict', 'infer', 'inference', 'sample', 'reconstruct',
]);

/** Last words of names that hold a class or a factory of models, not a model. */
const CLASS_WORDS = new Set(['class', 'cls', 'type', 'factory', 'constructor', 'builder', 'ctor']);

/** `torch.nn` classes without parameters or that compute losses: applying them is not a model forward. */
const NON_MODEL_NN = /^(ReLU\d*|LeakyReLU|PReLU|GELU|SiLU|Mish|ELU|SELU|Tanh|Sigmoid|Softmax\d*d?|LogSoftmax|Softplus|Hardswish|Hardtanh|Dropout\d*d?|AlphaDropout|Identity|Flatten|Unflatten|MaxPool\dd|AvgPool\dd|AdaptiveAvgPool\dd|AdaptiveMaxPool\dd|Upsample|PixelShuffle|PixelUnshuffle|CosineSimilarity|PairwiseDistance|\w*Loss)$/;

const MODULE_BASE = /(^|\.)(Module|LightningModule|PreTrainedModel|ModelMixin)$/;

/** The questions about the rest of the file that classifying a call as a forward pass asks. */
type QuestionKind = 'module' | 'module class' | 'qualified' | 'imports torch' | 'loaded' | 'layer' | 'class';

export type ModuleAnswer = boolean | string | null;

/** Which classes of the file are modules, which visibly are not, and all their names. */
export interface ClassKinds {
  readonly moduleClasses: ReadonlySet<string>;
  readonly plainClasses: ReadonlySet<string>;
  readonly classNames: ReadonlySet<string>;
}

/** The dotted names that `calls` (the calls of one statement, say) call a module-only method on. */
export function moduleEvidenceIn(calls: readonly SyntaxNode[], text: string): Set<string> {
  const evidence = new Set<string>();
  for (const call of calls) {
    const m = methodCall(call, text);
    if (!m) continue;
    const name = dottedName(m.receiver, text);
    if (!name) continue;
    if (MODULE_ONLY_METHODS.has(m.method)) evidence.add(name);
    // `model.to(device)` / `model.cuda()` as a statement of its own only ever moves a module.
    if ((m.method === 'to' || m.method === 'cuda') && call.parent?.type === 'expression_statement') evidence.add(name);
  }
  return evidence;
}

export interface ModuleDeps {
  text: string;
  imports: ImportTable;
  definitions: DefinitionIndex;
  /** The file's classes (nested ones too); asked only when `classKinds` is not given. */
  classes(): readonly SyntaxNode[];
  /** What the classes are, where an earlier version of the file worked that out with the same classes and imports. */
  classKinds?: ClassKinds | undefined;
  /** Dotted names on which the file calls a module-only method (see `moduleEvidenceIn`). */
  evidence: { has(name: string): boolean };
  /** Function definitions of this file by name. */
  functionsNamed(name: string): readonly SyntaxNode[];
  /**
   * Where the answers to recorded questions go: answers an earlier version of the file worked out
   * may already be there (see ModuleAnswers). A new store by default.
   */
  answers?: ModuleAnswers;
  /**
   * The file's forward calls, where they are classified statement by statement and kept (an open
   * document): a call of a statement an edit did not touch is then looked up there, not classified again.
   */
  forwardCalls?(): ReadonlySet<SyntaxNode>;
}

/** `computeIsModuleName` of a name still being worked out: `false` for now, and the answers that meet it are not kept. */
const IN_PROGRESS = { result: false, reads: undefined } as const;

export class ModuleAnalysis {
  /** Names of classes in this file that subclass nn.Module (directly or through each other). */
  readonly moduleClasses: ReadonlySet<string>;
  /**
   * Names of classes in this file that visibly are not modules: no base, `object` or `ABC`, or only
   * such classes of this file. A base imported from elsewhere could be a module, so it counts as unknown.
   */
  readonly plainClasses: ReadonlySet<string>;
  /** Per name, whether it holds a module, and what working that out read (undefined while it is worked out). */
  private readonly memo = new Map<string, { result: boolean; reads: Reads | undefined }>();
  /** What the answer being worked out now has read so far. */
  private reads: Reads | undefined;
  /** isForwardCall per call node: several analyses ask about the same calls. */
  private readonly forwardMemo = new Map<SyntaxNode, boolean>();
  private classNameSet: ReadonlySet<string> | undefined;

  /** The questions about the rest of the file that the forward calls being classified asked, with their answers. */
  private recording: Map<string, ModuleAnswer> | undefined;
  /** This file's answers to the questions asked so far, some perhaps carried over from an earlier version. */
  private readonly answers: ModuleAnswers;
  /** How many recorded questions are being answered now: only the outermost is recorded. */
  private asking = 0;

  constructor(private readonly deps: ModuleDeps) {
    this.answers = deps.answers ?? new ModuleAnswers();
    if (deps.classKinds) {
      ({ moduleClasses: this.moduleClasses, plainClasses: this.plainClasses, classNames: this.classNameSet } = deps.classKinds);
      return;
    }
    this.moduleClasses = this.findModuleClasses();
    this.plainClasses = this.findPlainClasses(this.moduleClasses);
  }

  /** What the classes are: they depend on the classes (names and bases) and the imports alone. */
  get classKinds(): ClassKinds {
    return { moduleClasses: this.moduleClasses, plainClasses: this.plainClasses, classNames: this.classNames };
  }

  /**
   * The forward calls among `calls` (the calls of one top-level statement), with every question
   * their classification asked about the rest of the file and its answer. Asked again against
   * another version of the file (`answer`), the same answers mean the same forward calls.
   */
  forwardCallsAmong(calls: readonly SyntaxNode[]): { forward: SyntaxNode[]; questions: Map<string, ModuleAnswer> } {
    const questions = new Map<string, ModuleAnswer>();
    this.recording = questions;
    try {
      const forward = calls.filter((call) => {
        // Computed again rather than taken from the memo, so that its questions are recorded.
        const result = this.computeIsForwardCall(call);
        this.forwardMemo.set(call, result);
        return result;
      });
      return { forward, questions };
    } finally {
      this.recording = undefined;
    }
  }

  /** Which answers that `answer` gave may have changed since (see CheckedStatementFact). */
  get answerHistory(): AnswerHistory {
    return this.answers;
  }

  /** This file's answer to a question that `forwardCallsAmong` recorded. */
  answer(question: string): ModuleAnswer {
    return this.entry(question).answer;
  }

  private entry(question: string): KnownAnswer {
    let known = this.answers.get(question);
    if (!known) {
      const split = question.indexOf(':');
      const { value, reads } = this.reading(() => this.answerOf(question.slice(0, split) as QuestionKind, question.slice(split + 1)));
      known = this.answers.add(question, value, reads);
    }
    return known;
  }

  /** `compute()`, with what it read about names; what it read counts as read by the computation around it too. */
  private reading<T>(compute: () => T): { value: T; reads: Reads } {
    const outer = this.reads;
    const reads: Reads = { names: new Set(), fragile: false };
    this.reads = reads;
    try {
      return { value: compute(), reads };
    } finally {
      this.reads = outer;
      if (outer) addReads(outer, reads);
    }
  }

  // The answers read the file by name through these three, so that each knows the names it read
  // (the imports and the classes, which any answer may read, are compared whole; see ModuleAnswers).

  private definitionsOf(name: string): readonly Definition[] {
    this.reads?.names.add(name);
    return this.deps.definitions.allDefinitionsOf(name);
  }

  private hasEvidence(name: string): boolean {
    this.reads?.names.add(name);
    return this.deps.evidence.has(name);
  }

  private definesFunction(name: string): boolean {
    this.reads?.names.add(name);
    return this.deps.functionsNamed(name).length > 0;
  }

  private answerOf(kind: QuestionKind, name: string): ModuleAnswer {
    switch (kind) {
      case 'module': return this.computeIsModuleName(name);
      case 'module class': return this.moduleClasses.has(name);
      case 'qualified': return this.deps.imports.qualify(name);
      case 'imports torch': return this.deps.imports.importsTorch;
      case 'loaded': return this.computeHoldsLoadedObject(name);
      case 'layer': return this.computeHoldsNonModelLayer(name);
      case 'class': return this.computeHoldsClass(name);
    }
  }

  /**
   * The answer to a question about the rest of the file, recorded when forward calls are being
   * classified. Whether a name holds a module is read from the file's answers when no answer being
   * worked out needs to know what it reads: an open document's answers hold from version to version
   * where its edits changed nothing they read (see ModuleAnswers), and are not worked out again.
   */
  private ask<T extends ModuleAnswer>(kind: QuestionKind, name: string): T {
    if (!this.recording && kind === 'module' && !this.reads && this.asking === 0) return this.entry(`${kind}:${name}`).answer as T;
    if (!this.recording || this.asking > 0) return this.answerOf(kind, name) as T;
    this.asking++;
    try {
      const { question, answer } = this.entry(`${kind}:${name}`);
      this.recording.set(question, answer);
      return answer as T;
    } finally {
      this.asking--;
    }
  }

  private findModuleClasses(): Set<string> {
    const { text, imports } = this.deps;
    const moduleClasses = new Set<string>();
    let changed = true;
    while (changed) {
      changed = false;
      for (const cls of this.deps.classes()) {
        if (!is(cls, 'class_definition')) continue;
        const name = field(cls, 'name');
        const bases = field(cls, 'superclasses');
        if (!name || !bases || moduleClasses.has(nodeText(name, text))) continue;
        const isModule = bases.children.some((b) => {
          const dotted = dottedName(b, text);
          if (!dotted) return false;
          const qualified = imports.qualify(dotted) ?? dotted;
          return MODULE_BASE.test(qualified) || moduleClasses.has(dotted);
        });
        if (isModule) {
          moduleClasses.add(nodeText(name, text));
          changed = true;
        }
      }
    }
    return moduleClasses;
  }

  /** Classes defined in this file: calling one (`discriminator()`) constructs it, whatever it is called. */
  get classNames(): ReadonlySet<string> {
    if (!this.classNameSet) {
      const names = new Set<string>();
      for (const cls of this.deps.classes()) {
        const name = is(cls, 'class_definition') ? field(cls, 'name') : null;
        if (name) names.add(nodeText(name, this.deps.text));
      }
      this.classNameSet = names;
    }
    return this.classNameSet;
  }

  private findPlainClasses(moduleClasses: ReadonlySet<string>): Set<string> {
    const { text, imports } = this.deps;
    const plainClasses = new Set<string>();
    const named = new Map<string, SyntaxNode[]>();
    for (const cls of this.deps.classes()) {
      const name = is(cls, 'class_definition') ? field(cls, 'name') : null;
      if (name) named.set(nodeText(name, text), [...(named.get(nodeText(name, text)) ?? []), cls]);
    }
    let changed = true;
    while (changed) {
      changed = false;
      for (const [name, classes] of named) {
        if (plainClasses.has(name) || moduleClasses.has(name)) continue;
        const plain = classes.every((cls) => {
          const bases = is(cls, 'class_definition') ? field(cls, 'superclasses') : null;
          return !bases || bases.children.filter((b) => b.named && b.type !== 'comment').every((b) => {
            const dotted = dottedName(b, text);
            if (!dotted) return false;
            const qualified = imports.qualify(dotted) ?? dotted;
            return qualified === 'object' || qualified === 'abc.ABC' || plainClasses.has(dotted);
          });
        });
        if (plain) {
          plainClasses.add(name);
          changed = true;
        }
      }
    }
    return plainClasses;
  }

  /**
   * Every value bound to `name` is an instance of a plain class of this file (`ckpt = Checkpointer()`):
   * its `load_state_dict` or `eval` are that class's own methods, and calling it is not a forward pass.
   */
  private holdsPlainObject(name: string): boolean {
    if (!this.plainClasses.size) return false;
    const defs = this.definitionsOf(name);
    return defs.length > 0 && defs.every((d) => {
      const value = d.value && d.unpackIndex < 0 ? unparenthesize(d.value) : null;
      if (!is(value, 'call')) return false;
      const dotted = dottedName(callee(value), this.deps.text);
      return dotted !== null && this.plainClasses.has(dotted) && !this.deps.imports.resolveName(dotted);
    });
  }

  /** True when `name` (an identifier or `self.x`) holds a module. */
  isModuleName(name: string): boolean {
    return this.ask('module', name);
  }

  private computeIsModuleName(name: string): boolean {
    const cached = this.memo.get(name);
    if (cached !== undefined) {
      if (this.reads) {
        // A name still being worked out (a cycle) answers false for now: what depends on that is not kept.
        if (cached.reads) addReads(this.reads, cached.reads);
        else this.reads.fragile = true;
      }
      return cached.result;
    }
    this.memo.set(name, IN_PROGRESS);
    const { value, reads } = this.reading(() => {
      let result = this.hasEvidence(name) || this.namedLikeModel(name);
      if (!result) {
        for (const def of this.definitionsOf(name)) {
          if (def.kind !== 'for' && def.value && this.isModuleExpr(def.value)) {
            result = true;
            break;
          }
        }
      }
      if (LOSS_NAME.test(lastSegment(name)) || (result && this.holdsPlainObject(name))) result = false;
      return result;
    });
    this.memo.set(name, { result: value, reads });
    return value;
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
    if (architecture && this.deps.imports.qualify(name)) return false;
    // `cls.x` is an attribute of a class: a method or a setting, not a model instance.
    if (name.startsWith('cls.')) return false;
    if (this.deps.imports.usesOtherFrameworkOnly) return false;
    if (!name.includes('.') && (this.deps.imports.resolveName(name) || this.definesFunction(name) || this.classNames.has(name))) return false;
    return true;
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
    if (this.ask('module class', dotted)) return true;
    const qualified = this.ask<string | null>('qualified', dotted) ?? dotted;
    const last = lastSegment(qualified);
    if (qualified.startsWith('torch.nn.') && /^[A-Z]/.test(last)) return !NON_MODEL_NN.test(last);
    if (qualified.startsWith('torchvision.models.') || qualified.startsWith('timm.')) return last !== 'list_models';
    if (['torch.hub.load', 'torch.jit.load', 'torch.jit.script', 'torch.jit.trace', 'torch.compile'].includes(qualified)) return true;
    if (last === 'from_pretrained') {
      const owner = lastSegment(dotted.slice(0, -'.from_pretrained'.length));
      return /Model|For[A-Z]|Net|Transformer|Encoder|Decoder/.test(owner) && !/Pipeline|Tokenizer|Processor|Config/.test(owner);
    }
    return false;
  }

  /** A call that runs a model's forward pass. */
  isForwardCall(call: SyntaxNode): boolean {
    let forward = this.forwardMemo.get(call);
    if (forward === undefined) {
      // While a statement's calls are classified (recording), the file's set is what is being made.
      const classified = this.recording ? undefined : this.deps.forwardCalls?.();
      forward = classified ? classified.has(call) : this.computeIsForwardCall(call);
      this.forwardMemo.set(call, forward);
    }
    return forward;
  }

  private computeIsForwardCall(call: SyntaxNode): boolean {
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
      if (receiver && this.isModuleName(receiver) && (this.ask('imports torch', '') || m.method === 'forward')) return true;
      if (m.method === 'forward') return this.isModuleExpr(m.receiver);
      return false;
    }
    if (fn.type === 'subscript') return this.isModelInCollection(fn);
    const name = dottedName(fn, text);
    if (!name || name === 'self') return false;
    // Imported functions (`torch.sigmoid`, `F.relu`) are operations, not models.
    if (this.ask('qualified', name) && !this.isModuleName(name)) return false;
    if (LOSS_NAME.test(lastSegment(name))) return false;
    if (!this.isModuleName(name) && !this.ask('loaded', name)) return false;
    return !this.ask('layer', name) && !this.ask('class', name);
  }

  /**
   * `model_class = self.model.__class__` or `type(model)`, and names such as `model_cls` or
   * `model_factory`: calling a class (or a factory) builds a model rather than running one.
   */
  private computeHoldsClass(name: string): boolean {
    if (CLASS_WORDS.has(words(lastSegment(name)).at(-1) ?? '')) return true;
    const defs = this.definitionsOf(name).filter((d) => d.value && d.kind === 'assign');
    return defs.length > 0 && defs.every((d) => {
      const value = unparenthesize(d.value!);
      if (is(value, 'attribute')) return nodeText(field(value, 'attribute') ?? value, this.deps.text) === '__class__';
      return is(value, 'call') && dottedName(callee(value), this.deps.text) === 'type' && callArguments(value, this.deps.text).positional.length === 1;
    });
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
      let value = unparenthesize(d.value!);
      for (let m = is(value, 'call') ? methodCall(value, this.deps.text) : null; m && MODULE_PASSTHROUGH.has(m.method); m = is(value, 'call') ? methodCall(value, this.deps.text) : null) {
        value = unparenthesize(m.receiver);
      }
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
    const fn = enclosingFunction(node);
    const cls = fn ? classOfMethod(fn) : null;
    const name = cls && is(cls, 'class_definition') ? field(cls, 'name') : null;
    return name !== null && this.ask<boolean>('module class', nodeText(name, this.deps.text));
  }
}
