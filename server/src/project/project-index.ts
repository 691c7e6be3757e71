// The project's files' summaries, linked: which file and name an import means, and the facts of
// each function and class followed through the project's calls, bases and decorators. A file's
// analysis sees the project through `viewFor(path)`. Linked facts are worked out when first asked
// and kept until a summary changes; a chain of calls that comes back to itself is cut, and the
// function on the cycle counts as doing nothing more than its own code shows.
import type { ClassFacts, ExternalCall, FunctionFacts, ProjectView, SymbolFacts, ValueKind } from '../semantic/project-facts';
import { candidateNames, importedModule, modulePlaceOf, type ModulePlace } from './layout';
import { importedNames, type FileSummary, type LocalCall, type LocalClass, type LocalFunction, type LocalValue } from './summary';
import { memberOf } from '../semantic/imports';
import type { PathWords } from '../semantic/project-facts';
import { PLAIN_BASE } from '../semantic/modules';

/** A top-level name of a project file, and for a class, one of its members. */
interface Target {
  readonly path: string;
  readonly name: string;
  readonly member?: string;
}

interface Entry {
  readonly place: ModulePlace;
  readonly summary: FileSummary;
}

/** A call in the file at `path`, as its summary says it. */
interface CallFrom {
  readonly path: string;
  readonly call: LocalCall;
}

/** How many imports re-exporting one another a name is followed through. */
const MAX_LINKS = 16;

const NOTHING_MORE: FunctionFacts = { trains: false, disablesGrad: false, gradDecorator: false, forwards: false, gradForwards: false, keepsForwardOutputs: false, returns: 'unknown', returnsGradOffModule: false };

export class ProjectIndex {
  private readonly entries = new Map<string, Entry>();
  private readonly byModule = new Map<string, string>();
  /** Linked facts of this state of the summaries. */
  private linked = new LinkedFacts(this);
  private changes = 0;

  constructor(readonly root: string) {}

  /** Files whose summaries the index holds. */
  get size(): number {
    return this.entries.size;
  }

  /** Counts the changes of the summaries: views of different counts may answer differently. */
  get revision(): number {
    return this.changes;
  }

  /** Sets the summary of a file of the project; false when it is the one held already (or the file is no module). */
  set(path: string, summary: FileSummary): boolean {
    const place = modulePlaceOf(this.root, path);
    // A notebook is no module: nothing imports it.
    if (!place || !path.endsWith('.py')) return false;
    const old = this.entries.get(path);
    if (old && JSON.stringify(old.summary) === JSON.stringify(summary)) return false;
    this.entries.set(path, { place, summary });
    this.byModule.set(place.module, path);
    this.changed();
    return true;
  }

  delete(path: string): boolean {
    const old = this.entries.get(path);
    if (!old) return false;
    this.entries.delete(path);
    if (this.byModule.get(old.place.module) === path) this.byModule.delete(old.place.module);
    this.changed();
    return true;
  }

  has(path: string): boolean {
    return this.entries.has(path);
  }

  /** Every file's path and summary. */
  *summaries(): IterableIterator<[string, FileSummary]> {
    for (const [path, entry] of this.entries) yield [path, entry.summary];
  }

  private changed(): void {
    this.changes++;
    this.linked = new LinkedFacts(this);
  }

  /** What the file at `path` (one of the project's, or a new one beside them) sees of the rest of the project. */
  viewFor(path: string): ProjectView {
    const linked = this.linked;
    const place = modulePlaceOf(this.root, path);
    return {
      symbol: (qualified) => (place ? linked.symbol(path, place, qualified) : undefined),
      externalCallsOf: (name) => linked.externalCallsOf(path, name),
      externalMethodCallsOf: (name) => linked.externalMethodCallsOf(path, name),
      methodsNamed: (name) => linked.methodsNamed(path, name),
      get usesGpu() {
        return linked.usesGpuAround(path);
      },
      writtenPaths: () => linked.writtenPathsBesides(path),
    };
  }

  /** The paths of the files whose summaries name `path`'s module (they import from it). */
  dependentsOf(path: string): string[] {
    const place = this.entries.get(path)?.place ?? modulePlaceOf(this.root, path);
    if (!place) return [];
    const last = place.module.slice(place.module.lastIndexOf('.') + 1);
    const out: string[] = [];
    for (const [other, entry] of this.entries) {
      if (other === path) continue;
      if (importedNames(entry.summary).some((q) => q.includes(last))) out.push(other);
    }
    return out;
  }

  /** @internal */
  entry(path: string): Entry | undefined {
    return this.entries.get(path);
  }

  /** @internal */
  pathOfModule(module: string): string | undefined {
    return this.byModule.get(module);
  }

  /** @internal */
  allEntries(): IterableIterator<[string, Entry]> {
    return this.entries.entries();
  }
}

/** The facts linked from one state of the summaries, each worked out once when first asked. */
class LinkedFacts {
  private readonly functions = new Map<string, FunctionFacts>();
  private readonly classes = new Map<string, ClassFacts>();
  private readonly inProgress = new Set<string>();
  private externalCalls: Map<string, CallFrom[]> | undefined;
  private methodCalls: Map<string, CallFrom[]> | undefined;
  /** Whether a function is only ever called with grad off from other files (see calledWithGradOffOnly). */
  private readonly gradOffOnly = new Map<string, boolean>();
  /** Methods of the project's classes by name, with the file defining each. */
  private methods: Map<string, { path: string; facts: FunctionFacts }[]> | undefined;
  private gpuGroups: { find: (path: string) => string; gpu: Set<string> } | undefined;
  private readonly imported = new Map<string, readonly string[]>();
  private written: { path: string; words: PathWords }[] | undefined;

  constructor(private readonly index: ProjectIndex) {}

  /** The words of the paths that the project's files other than `path` write. */
  writtenPathsBesides(path: string): readonly PathWords[] {
    this.written ??= [...this.index.allEntries()].flatMap(([file, entry]) => entry.summary.writtenPaths.map((words) => ({ path: file, words })));
    return this.written.filter((w) => w.path !== path).map((w) => w.words);
  }

  /** Whether a file of the group that imports connect with `path` moves models or tensors to a GPU. */
  usesGpuAround(path: string): boolean {
    if (!this.gpuGroups) {
      // Files joined by their imports, in either direction, form a group (union-find).
      const parent = new Map<string, string>();
      const find = (p: string): string => {
        let root = p;
        while (parent.has(root) && parent.get(root) !== root) root = parent.get(root)!;
        parent.set(p, root);
        return root;
      };
      for (const [importer, entry] of this.index.allEntries()) {
        for (const imported of this.importsOf(importer, entry)) parent.set(find(imported), find(importer));
      }
      const gpu = new Set<string>();
      for (const [file, entry] of this.index.allEntries()) if (entry.summary.usesGpu) gpu.add(find(file));
      this.gpuGroups = { find, gpu };
    }
    return this.index.has(path) && this.gpuGroups.gpu.has(this.gpuGroups.find(path));
  }

  /** The files that import another file of the project or that another imports. */
  private linkedPaths(): Set<string> {
    const linked = new Set<string>();
    for (const [importer, entry] of this.index.allEntries()) {
      const imported = this.importsOf(importer, entry).filter((path) => path !== importer);
      if (imported.length) linked.add(importer);
      for (const path of imported) linked.add(path);
    }
    return linked;
  }

  /** The project files an entry's imports name, as modules or as packages of names (worked out once per file). */
  private importsOf(path: string, entry: Entry): readonly string[] {
    let paths = this.imported.get(path);
    if (!paths) {
      paths = importedNames(entry.summary).flatMap((qualified) => importedModule(entry.place, qualified, (parts) => this.index.pathOfModule(parts.join('.')))?.module ?? []);
      this.imported.set(path, paths);
    }
    return paths;
  }

  symbol(path: string, place: ModulePlace, qualified: string): SymbolFacts | undefined {
    const target = this.resolveFrom(path, place, qualified, 0);
    return target ? this.factsOf(target) : undefined;
  }

  externalCallsOf(path: string, name: string): readonly ExternalCall[] {
    return this.rawCallsOf(path, name).map((call) => this.asSeen(call));
  }

  externalMethodCallsOf(path: string, name: string): readonly ExternalCall[] {
    return this.rawMethodCallsOf(path, name).map((call) => this.asSeen(call));
  }

  /** The calls of `path`'s top-level name (`fn`, `Class.method`) that other files make, as their summaries say them. */
  private rawCallsOf(path: string, name: string): readonly CallFrom[] {
    if (!this.externalCalls) {
      this.externalCalls = new Map();
      for (const [caller, entry] of this.index.allEntries()) {
        for (const call of entry.summary.calls) {
          const target = this.resolveFrom(caller, entry.place, call.callee, 0);
          if (!target || target.path === caller) continue;
          const key = `${target.path}\0${target.member === undefined ? target.name : `${target.name}.${target.member}`}`;
          const list = this.externalCalls.get(key);
          const item = { path: caller, call };
          if (list) list.push(item);
          else this.externalCalls.set(key, [item]);
        }
      }
    }
    return this.externalCalls.get(`${path}\0${name}`) ?? [];
  }

  /** The calls of a method named `name` that files other than `path` make, as their summaries say them. */
  private rawMethodCallsOf(path: string, name: string): readonly CallFrom[] {
    if (!this.methodCalls) {
      this.methodCalls = new Map();
      // Calls by method name count from files an import links to another: only they can hold the
      // project's objects (and the command line summarises only them).
      const linked = this.linkedPaths();
      for (const [caller, entry] of this.index.allEntries()) {
        if (!linked.has(caller)) continue;
        for (const call of entry.summary.methodCalls) {
          const item = { path: caller, call };
          const list = this.methodCalls.get(call.callee);
          if (list) list.push(item);
          else this.methodCalls.set(call.callee, [item]);
        }
      }
    }
    return (this.methodCalls.get(name) ?? []).filter((c) => c.path !== path);
  }

  /** The calls of `path`'s method `cls.method` in other files: on objects of its class where there are such calls, else of any method of its name. */
  private rawCallsOfMethod(path: string, cls: string, method: string): readonly CallFrom[] {
    const typed = this.rawCallsOf(path, `${cls}.${method}`);
    return typed.length ? typed : this.rawMethodCallsOf(path, method);
  }

  /**
   * A call as its callee sees it: with grad mode off also where the function it is made in is only
   * ever called with grad off from other files (`validate()` under `torch.no_grad()` in train.py
   * calling `evaluate()` of a third file), followed through the project's files.
   */
  private asSeen({ path, call }: CallFrom): ExternalCall {
    const gradDisabled = call.gradDisabled || (call.caller !== undefined && this.calledWithGradOffOnly(path, call.caller));
    return { gradDisabled, inLoop: call.inLoop, callerTrains: call.callerTrains, ...(call.passes ? { passes: call.passes } : {}) };
  }

  /** Every call that other files make of `path`'s `name` (`fn` or `Class.method`) runs with grad off, seen as above. */
  private calledWithGradOffOnly(path: string, name: string): boolean {
    const key = `${path}\0${name}`;
    const known = this.gradOffOnly.get(key);
    if (known !== undefined) return known;
    // A function met again while its answer is worked out (calls in a ring) is not known to be guarded.
    this.gradOffOnly.set(key, false);
    const dot = name.indexOf('.');
    const calls = dot < 0 ? this.rawCallsOf(path, name) : this.rawCallsOfMethod(path, name.slice(0, dot), name.slice(dot + 1));
    const answer = calls.length > 0 && calls.every((call) => this.asSeen(call).gradDisabled);
    this.gradOffOnly.set(key, answer);
    return answer;
  }

  methodsNamed(path: string, name: string): readonly FunctionFacts[] {
    if (!this.methods) {
      this.methods = new Map();
      for (const [file, entry] of this.index.allEntries()) {
        for (const [className, cls] of Object.entries(entry.summary.classes)) {
          const own = this.classFacts(file, className, cls).methods;
          for (const method of Object.keys(cls.methods)) {
            const item = { path: file, facts: own[method]! };
            const list = this.methods.get(method);
            if (list) list.push(item);
            else this.methods.set(method, [item]);
          }
        }
      }
    }
    return (this.methods.get(name) ?? []).filter((m) => m.path !== path).map((m) => m.facts);
  }

  /** The project name that `qualified`, written in the file at `path`, means. */
  private resolveFrom(path: string, place: ModulePlace, qualified: string, links: number, starsSeen?: Set<string>): Target | undefined {
    if (links > MAX_LINKS) return undefined;
    if (qualified.startsWith('#')) {
      const [name, member] = qualified.slice(1).split('.');
      return { path, name: name!, ...(member ? { member } : {}) };
    }
    for (const candidate of candidateNames(place, qualified)) {
      const target = this.resolveAbsolute(candidate, links, starsSeen);
      if (target) return target;
    }
    return undefined;
  }

  private resolveAbsolute(name: string, links: number, starsSeen?: Set<string>): Target | undefined {
    const parts = name.split('.');
    for (let i = parts.length - 1; i >= 1; i--) {
      const path = this.index.pathOfModule(parts.slice(0, i).join('.'));
      if (!path) continue;
      const entry = this.index.entry(path)!;
      const [symbol, member, ...more] = parts.slice(i) as [string, ...string[]];
      const { summary } = entry;
      if (symbol in summary.functions || symbol in summary.classes || symbol in summary.values) {
        return more.length ? undefined : { path, name: symbol, ...(member ? { member } : {}) };
      }
      // A package's `__init__` (or any module) that imports the name makes it its own.
      const reexported = summary.imports[symbol];
      if (reexported !== undefined) return this.resolveFrom(path, entry.place, [reexported, ...parts.slice(i + 1)].join('.'), links + 1, starsSeen);
      // `from .model import *` makes the module's public names its own (a package's `__init__` often
      // does). Each module's star imports are searched once per name asked, however many lead to it.
      if (symbol.startsWith('_') || !summary.stars.length) return undefined;
      const seen = starsSeen ?? new Set<string>();
      if (seen.has(path)) return undefined;
      seen.add(path);
      for (const star of summary.stars) {
        const target = this.resolveFrom(path, entry.place, memberOf(star, parts.slice(i).join('.')), links + 1, seen);
        if (target) return target;
      }
      return undefined;
    }
    return undefined;
  }

  private factsOf(target: Target): SymbolFacts | undefined {
    const summary = this.index.entry(target.path)?.summary;
    if (!summary) return undefined;
    const cls = summary.classes[target.name];
    if (cls) {
      const facts = this.classFacts(target.path, target.name, cls);
      if (target.member === undefined) return { kind: 'class', class: facts };
      const method = facts.methods[target.member];
      return method ? { kind: 'function', function: method } : undefined;
    }
    if (target.member !== undefined) return undefined;
    const fn = summary.functions[target.name];
    if (fn) return { kind: 'function', function: this.functionFacts(target.path, target.name, fn) };
    const value = summary.values[target.name];
    if (!value) return undefined;
    const instanceOf = 'call' in value ? this.classCalled(target.path, value.call) : undefined;
    return { kind: 'value', value: this.valueKind(target.path, value), ...(instanceOf ? { instanceOf } : {}) };
  }

  private classCalled(path: string, ref: string): ClassFacts | undefined {
    const entry = this.index.entry(path);
    const target = entry ? this.resolveFrom(path, entry.place, ref, 0) : undefined;
    const facts = target ? this.factsOf(target) : undefined;
    return facts?.kind === 'class' ? facts.class : undefined;
  }

  private classFacts(path: string, name: string, cls: LocalClass): ClassFacts {
    const key = `${path}\0${name}`;
    const known = this.classes.get(key);
    if (known) return known;
    if (this.inProgress.has(key)) return { module: cls.module, freezesItself: cls.freezesItself, libraryBase: cls.libraryBase, methods: {} };
    this.inProgress.add(key);
    const entry = this.index.entry(path)!;
    let module = cls.module;
    let libraryBase = cls.libraryBase;
    const methods: Record<string, FunctionFacts> = {};
    for (const base of cls.bases) {
      const target = this.resolveFrom(path, entry.place, base, 0);
      const facts = target ? this.factsOf(target) : undefined;
      if (facts?.kind !== 'class') {
        // An imported base the project does not hold (`bert4torch.models.BaseModel` where bert4torch is installed, not part of it).
        if (!base.startsWith('#') && !PLAIN_BASE.test(base)) libraryBase = true;
        continue;
      }
      module ||= facts.class.module;
      libraryBase ||= facts.class.libraryBase;
      Object.assign(methods, facts.class.methods);
    }
    for (const [method, fn] of Object.entries(cls.methods)) {
      const calls = this.rawCallsOfMethod(path, name, method).map((call) => this.asSeen(call));
      const calledWithGradOnly = calls.length > 0 && calls.every((call) => !call.gradDisabled && !call.callerTrains);
      methods[method] = { ...this.functionFacts(path, `${name}.${method}`, fn), calledWithGradOnly };
    }
    // Freezing is its own `__init__`'s: a subclass may add parameters after its base's freezes them.
    const facts = { module, freezesItself: cls.freezesItself, libraryBase, methods };
    this.inProgress.delete(key);
    this.classes.set(key, facts);
    return facts;
  }

  private functionFacts(path: string, name: string, fn: LocalFunction): FunctionFacts {
    const key = `${path}\0${name}`;
    const known = this.functions.get(key);
    if (known) return known;
    if (this.inProgress.has(key)) return { ...NOTHING_MORE, trains: fn.trains, disablesGrad: fn.disablesGrad, gradDecorator: fn.gradDecorator, forwards: fn.forwards, gradForwards: fn.gradForwards, keepsForwardOutputs: fn.keepsForwardOutputs };
    this.inProgress.add(key);
    const entry = this.index.entry(path)!;
    const called = (ref: string): FunctionFacts | undefined => {
      const target = this.resolveFrom(path, entry.place, ref, 0);
      const facts = target ? this.factsOf(target) : undefined;
      return facts?.kind === 'function' ? facts.function : undefined;
    };
    let trains = fn.trains;
    let forwards = fn.forwards;
    for (const ref of fn.calls) {
      if (trains && forwards) break;
      const facts = called(ref);
      trains ||= facts?.trains ?? false;
      forwards ||= facts?.forwards ?? false;
    }
    const disablesGrad = fn.disablesGrad || fn.decorators.some((ref) => called(ref)?.gradDecorator === true);
    let returns: ValueKind | undefined;
    for (const value of fn.returns) {
      const kind = this.valueKind(path, value);
      returns = returns === undefined || returns === kind ? kind : 'unknown';
    }
    // A function without a return statement gives None.
    const returnsGradOffModule = fn.returnsInstancesOf.length > 0 && fn.returnsInstancesOf.every((ref) => {
      const target = this.resolveFrom(path, entry.place, ref, 0);
      const cls = target ? this.factsOf(target) : undefined;
      return cls?.kind === 'class' && cls.class.module && (cls.class.methods.forward?.disablesGrad === true || cls.class.methods.__call__?.disablesGrad === true);
    });
    const returnsParts = this.tupleKinds(path, fn.returnedTuples);
    const facts: FunctionFacts = {
      trains, disablesGrad, gradDecorator: fn.gradDecorator, forwards, gradForwards: fn.gradForwards && !disablesGrad, keepsForwardOutputs: fn.keepsForwardOutputs && !disablesGrad,
      returns: returns ?? 'object', ...(returnsParts ? { returnsParts } : {}), ...(fn.accumulates.length ? { accumulates: fn.accumulates } : {}), ...(fn.abstract ? { abstract: true } : {}), returnsGradOffModule,
    };
    this.inProgress.delete(key);
    this.functions.set(key, facts);
    return facts;
  }

  /** The kind of each position of the returned tuples, where all have one length (see FunctionFacts.returnsParts). */
  private tupleKinds(path: string, tuples: readonly (readonly LocalValue[])[]): ValueKind[] | undefined {
    const length = tuples[0]?.length;
    if (length === undefined || tuples.some((t) => t.length !== length)) return undefined;
    return Array.from({ length }, (_, i) => {
      const kinds = new Set(tuples.map((t) => this.valueKind(path, t[i]!)));
      return kinds.size === 1 ? [...kinds][0]! : 'unknown';
    });
  }

  private valueKind(path: string, value: LocalValue): ValueKind {
    if ('kind' in value) return value.kind;
    const entry = this.index.entry(path);
    const target = entry ? this.resolveFrom(path, entry.place, value.call, 0) : undefined;
    const facts = target ? this.factsOf(target) : undefined;
    if (facts?.kind === 'class') return facts.class.module ? 'module' : 'object';
    if (facts?.kind === 'function') return facts.function.returns;
    return 'unknown';
  }
}
