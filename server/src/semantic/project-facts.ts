// What the rest of a project says about the names a file imports from it: the facts a file's
// analysis reads about other files of the project. The project floor (server/src/project) works
// them out from each file's summary; a file analysed alone sees none (`NO_PROJECT`).

/** What a value is, as far as the analysis can tell. */
export type ValueKind =
  /** An `nn.Module` instance. */
  | 'module'
  /** A tensor that still carries its autograd graph (a forward pass's output, a loss). */
  | 'graph'
  /** A tensor known to carry no graph (`.detach()`, made under `no_grad`). */
  | 'detached'
  /** A tensor, graph or not. */
  | 'tensor'
  /** A Python number (`.item()`, `float(...)`, a count). */
  | 'number'
  /** A `torch.device` or a device string. */
  | 'device'
  /** Some other object: an instance of a class that is not a module, a string, a container. */
  | 'object'
  | 'unknown';

/**
 * The words of a path's literal parts: its text between separators, dots and placeholders, lower-case
 * (`checkpoint_best` and `out` of `"out/checkpoint_best.pth"`), file extensions left out; null when
 * the path has no literal part at all (`args.resume`, a parameter no call fills with a literal): any file.
 */
export type PathWords = readonly string[] | null;

/** What a function (or method) of another file does, followed through the project's calls. */
export interface FunctionFacts {
  /** Runs a backward pass or an optimiser step, itself or through the project's functions it calls. */
  readonly trains: boolean;
  /** Its own decorators run its body with gradients off. */
  readonly disablesGrad: boolean;
  /** Used as a decorator, it runs the decorated function with gradients off. */
  readonly gradDecorator: boolean;
  /** Runs a module's forward pass. */
  readonly forwards: boolean;
  /** Runs one that its own code does not put under `no_grad`: with gradients on wherever its caller has them on. */
  readonly gradForwards: boolean;
  /** Runs such forwards, and keeps the output of every one to itself (never backpropagated, returned or stored). */
  readonly keepsForwardOutputs: boolean;
  /**
   * Of a method: other files call it, and every such call (on objects of its class where there are
   * such calls, else of any method of its name) runs with grad mode on in code that does not train.
   */
  readonly calledWithGradOnly?: boolean;
  /** What it returns (`unknown` when its returns disagree or cannot be told). */
  readonly returns: ValueKind;
  /**
   * What each element of the tuple it returns is, when every return gives a tuple literal of the same
   * length (`return loss, acc.item()`: a graph, a number); `unknown` where the returns disagree.
   */
  readonly returnsParts?: readonly ValueKind[];
  /** Of a method: the parameters (by position after `self`) it adds to an attribute of its object (`self.sum += val * n`). */
  readonly accumulates?: readonly number[];
  /** Of a method: it only declares itself for subclasses to define (`@abstractmethod`, a body of `pass`). */
  readonly abstract?: boolean;
  /**
   * Every return gives a new module whose `forward` (or `__call__`) turns gradients off: calling what
   * it returns records no graph (a factory of `@torch.no_grad()` feature extractors).
   */
  readonly returnsGradOffModule: boolean;
}

/** A class of another file. */
export interface ClassFacts {
  /** Derives from `nn.Module`, directly or through the project's classes. */
  readonly module: boolean;
  /** Its own `__init__` freezes all of its parameters (see semantic/freezing.ts). */
  readonly freezesItself: boolean;
  /** A base, or a base's base, comes from outside the project (see modules.ts `PLAIN_BASE`): methods its own code does not define may be that base's. */
  readonly libraryBase: boolean;
  /** Its methods by name, its bases' included. */
  readonly methods: Readonly<Record<string, FunctionFacts>>;
}

export type SymbolFacts =
  | { readonly kind: 'function'; readonly function: FunctionFacts }
  | { readonly kind: 'class'; readonly class: ClassFacts }
  | { readonly kind: 'value'; readonly value: ValueKind; readonly instanceOf?: ClassFacts };

/**
 * The integers a call passes, as the calling file resolves them (a literal, a constant, an argparse
 * default): by position and by keyword, null for an argument that is not a known integer; `unpacks`
 * when it passes `*args` or `**kwargs`, which may fill any parameter.
 */
export interface PassedInts {
  readonly positional: readonly (number | null)[];
  readonly keywords: Readonly<Record<string, number | null>>;
  readonly unpacks: boolean;
}

/** A call, in another file of the project, of a function this file defines at its top level. */
export interface ExternalCall {
  /** The grad mode at the call is off (a `no_grad` block, a function whose mode is off). */
  readonly gradDisabled: boolean;
  /** The call runs in a loop (so the work it does is repeated per item). */
  readonly inLoop: boolean;
  /** The function the call is made in trains (backward, an optimiser step). */
  readonly callerTrains: boolean;
  /** The integers it passes (see PassedInts). */
  readonly passes?: PassedInts;
}

/** What a file's analysis may ask about the rest of its project. */
export interface ProjectView {
  /**
   * The facts of the project's symbol that `qualified` names, a name as this file's imports qualify it
   * (`pkg.models.Net`, or `.models.Net` relative to this file); undefined when it is not the
   * project's or cannot be told.
   */
  symbol(qualified: string): SymbolFacts | undefined;
  /** The calls other files of the project make of this file's top-level function `name`. */
  externalCallsOf(name: string): readonly ExternalCall[];
  /** The calls of a method named `name` (`x.name(...)`) that other files of the project make. */
  externalMethodCallsOf(name: string): readonly ExternalCall[];
  /** The facts of each method named `name` that a class of another file of the project defines. */
  methodsNamed(name: string): readonly FunctionFacts[];
  /** A file this one's imports connect it with (importing it, or imported by it, at any remove) moves models or tensors to a GPU. */
  readonly usesGpu: boolean;
  /** The words of the paths that the project's other files write (see checkpoint-files.ts). */
  writtenPaths(): readonly PathWords[];
}

/** The view of a file analysed on its own. */
export const NO_PROJECT: ProjectView = {
  symbol: () => undefined,
  externalCallsOf: () => [],
  externalMethodCallsOf: () => [],
  methodsNamed: () => [],
  usesGpu: false,
  writtenPaths: () => [],
};

/** Whether two symbols' facts are the same (an answer read from an equal one stays valid). */
export function sameSymbolFacts(a: SymbolFacts | undefined, b: SymbolFacts | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
