// The answers about names that classifying forward calls asks (is `model` a module here? what does
// `nn.Linear` stand for?), kept from one version of an open document to the next. Each answer knows
// the names whose definitions, module-only method calls and functions it read; an edit forgets the
// answers that read a name the edited statements define, call a module-only method on or name a
// function, and keeps the rest. The imports and the classes (with their bases), which any answer may
// read, are compared whole: when either changed, nothing is kept.
import { MemorySlot, statementChanges, type AnswerHistory, type StatementValues } from './facts';
import type { ClassKinds, ModuleAnswer } from './modules';

/** What working out an answer read: names, and whether it met a name still being worked out. */
export interface Reads {
  readonly names: Set<string>;
  /** Met a name still being worked out (a cycle of definitions), which answered false for now: not kept. */
  fragile: boolean;
}

export function addReads(into: Reads, from: Reads): void {
  for (const name of from.names) into.names.add(name);
  if (from.fragile) into.fragile = true;
}

/** An answer with its question's string: the statements that record a question share that one string. */
export interface KnownAnswer {
  readonly question: string;
  readonly answer: ModuleAnswer;
}

export class ModuleAnswers implements AnswerHistory {
  private readonly answers = new Map<string, KnownAnswer & { readonly reads: readonly string[] }>();
  /** Per name, the questions whose answers read it. */
  private readonly readers = new Map<string, Set<string>>();
  /** Questions whose answers met a cycle. */
  private fragile: string[] = [];
  private forgets = 0;
  /** Per question forgotten at least once, the count of forgets when it last was. */
  private readonly forgottenAt = new Map<string, number>();
  /** The questions forgotten since the epoch `logStart`, in order (see `forgottenAfter`). */
  private log: string[] = [];
  private logStart = 0;

  /** Grows each time an answer leaves the store (see AnswerHistory). */
  get epoch(): number {
    return this.forgets;
  }

  forgottenSince(question: string, epoch: number): boolean {
    return (this.forgottenAt.get(question) ?? -1) >= epoch;
  }

  forgottenAfter(epoch: number): readonly string[] | undefined {
    return epoch < this.logStart ? undefined : this.log.slice(epoch - this.logStart);
  }

  get(question: string): KnownAnswer | undefined {
    return this.answers.get(question);
  }

  add(question: string, answer: ModuleAnswer, reads: Reads): KnownAnswer {
    this.forgetAnswer(question);
    const known = { question, answer, reads: [...reads.names] };
    this.answers.set(question, known);
    if (reads.fragile) this.fragile.push(question);
    for (const name of known.reads) {
      const readers = this.readers.get(name);
      if (readers) readers.add(question);
      else this.readers.set(name, new Set([question]));
    }
    return known;
  }

  /** Forgets the answers that read any of `names`, and those that met a cycle. */
  forget(names: Iterable<string>): void {
    for (const question of this.fragile) this.forgetAnswer(question);
    this.fragile = [];
    for (const name of names) {
      const readers = this.readers.get(name);
      if (readers) for (const question of [...readers]) this.forgetAnswer(question);
    }
  }

  private forgetAnswer(question: string): void {
    const known = this.answers.get(question);
    if (!known) return;
    this.answers.delete(question);
    this.forgottenAt.set(question, this.forgets++);
    this.log.push(question);
    // Only the forgets since the last version or so are asked for: the log keeps the newer half.
    if (this.log.length > MOST_FORGETS_LOGGED) {
      const dropped = this.log.length >> 1;
      this.log = this.log.slice(dropped);
      this.logStart += dropped;
    }
    for (const name of known.reads) {
      const readers = this.readers.get(name)!;
      readers.delete(question);
      if (!readers.size) this.readers.delete(name);
    }
  }

  get size(): number {
    return this.answers.size;
  }
}

/** The forgets `forgottenAfter` can list; a reader asking about older ones asks all its questions again. */
const MOST_FORGETS_LOGGED = 4096;

/**
 * Past this many answers a store starts afresh: questions no statement asks any more (a name typed
 * letter by letter asks one per letter) are only forgotten when a name they read changes.
 */
const MOST_ANSWERS_KEPT = 250_000;

/** What one top-level statement contributes to what the answers read (see ModuleAnswers). */
export interface StatementReads {
  /** Names it defines (in any scope), calls a module-only method on, or defines a function under. */
  readonly names: ReadonlySet<string>;
  /** Its classes (nested ones too), each as its name and bases. */
  readonly classes: readonly string[];
}

/** Where an open document keeps its last version's answers (see VersionMemory). */
export const MODULE_ANSWERS = new MemorySlot<AnswersOfVersion>('module answers');

/** One version's answers, with what each of its top-level statements contributes to them. */
export interface AnswersOfVersion {
  readonly answers: ModuleAnswers;
  /** What its classes are (set once the version's module analysis exists). */
  classKinds?: ClassKinds;
  readonly importsKey: string;
  readonly statements: StatementValues<StatementReads>;
}

/**
 * The answers of `earlier` that still hold in a version whose imports and top-level statements are
 * these: the store itself, with the answers that read something the edit changed forgotten, and what
 * the classes are; or a new store when the imports or the classes changed. The store then belongs to
 * the new version.
 */
export function carryAnswers(earlier: AnswersOfVersion | undefined, importsKey: string, statements: StatementValues<StatementReads>): { answers: ModuleAnswers; classKinds?: ClassKinds | undefined } {
  if (!earlier || earlier.importsKey !== importsKey || earlier.answers.size > MOST_ANSWERS_KEPT) return { answers: new ModuleAnswers() };
  const { removed, added } = statementChanges(earlier.statements, statements);
  const changed = new Set<string>();
  const classes = new Map<string, number>();
  for (const [parts, sign] of [[removed, -1], [added, 1]] as const) {
    for (const reads of parts) {
      for (const name of reads.names) changed.add(name);
      for (const cls of reads.classes) classes.set(cls, (classes.get(cls) ?? 0) + sign);
    }
  }
  for (const count of classes.values()) if (count !== 0) return { answers: new ModuleAnswers() };
  earlier.answers.forget(changed);
  return { answers: earlier.answers, classKinds: earlier.classKinds };
}
