// One home for the facts the analyses derive from a file: each fact is declared once, as a key that
// says how to compute it, and stored on the semantic model that it describes. Facts about the whole
// file live in the module store; facts about one function (or the module body) live with that
// function's node, so that they are built from that function alone and can later be kept for the
// functions an edit did not touch.
import type { SyntaxNode } from '../parser/syntax';
import type { SemanticModel } from './model';
import { enclosingFunction } from './scopes';

/** A fact about the whole file, computed at most once per semantic model. */
export class ModuleFact<T> {
  constructor(
    /** For debugging and error messages. */
    readonly name: string,
    readonly compute: (model: SemanticModel) => T,
  ) {}
}

/** A fact about one function (or the module body), computed at most once per function node. */
export class FunctionFact<T> {
  constructor(
    readonly name: string,
    readonly compute: (model: SemanticModel, scope: SyntaxNode) => T,
  ) {}
}

export class FactStore {
  private readonly moduleFacts = new Map<ModuleFact<unknown>, unknown>();
  private readonly functionFacts = new Map<SyntaxNode, Map<FunctionFact<unknown>, unknown>>();
  /** Per-statement facts of this version alone, where they are not kept with the statements. */
  private readonly statementFacts = new Map<PerStatementFact<unknown>, Map<SyntaxNode, unknown>>();
  /** See `valuesOfEach`. */
  private readonly eachStatementValues = new Map<PerStatementFact<unknown>, StatementValues<unknown>>();

  constructor(
    private readonly model: SemanticModel,
    /**
     * Whether the file's unchanged statements reach later versions of it as the same nodes (an open
     * document's incremental conversion): per-statement facts are then kept with the statements. A
     * tree parsed once is analysed once, and keeping would only cost it time and memory.
     */
    readonly keepsStatementFacts: boolean,
    /** What the analysis of the document's last version left for this one, and this one leaves for the next. */
    readonly memory?: VersionMemory,
  ) {}

  /** The value of a per-statement fact for this version of the file, computed on first use. */
  statement<T>(fact: PerStatementFact<T>, statement: SyntaxNode, compute: () => T): T {
    let values = this.statementFacts.get(fact) as Map<SyntaxNode, T> | undefined;
    if (!values) this.statementFacts.set(fact, (values = new Map()));
    let value = values.get(statement);
    if (value === undefined && !values.has(statement)) values.set(statement, (value = compute()));
    return value as T;
  }

  /** `fact` of each top-level statement of this version, in document order, worked out once per version. */
  valuesOfEach<T>(fact: PerStatementFact<T>): StatementValues<T> {
    let each = this.eachStatementValues.get(fact) as StatementValues<T> | undefined;
    if (!each) this.eachStatementValues.set(fact, (each = fact.valuesOfVersion(this.model)));
    return each;
  }

  /** See `sameStatementsAtEnds`. */
  private ends: { readonly before: readonly SyntaxNode[]; readonly value: [number, number] } | undefined;

  /**
   * How many top-level statements at the start and at the end of this version are those of the
   * earlier version whose statements are `before` (see `commonEnds`). Every per-statement fact kept
   * for an open document asks it of the same last version: it is worked out once.
   */
  sameStatementsAtEnds(before: readonly SyntaxNode[]): [number, number] {
    if (this.ends?.before !== before) this.ends = { before, value: commonEnds(before, this.model.root.children) };
    return this.ends.value;
  }

  /** The file's value of `fact`, computed on first use. */
  module<T>(fact: ModuleFact<T>): T {
    let value = this.moduleFacts.get(fact);
    if (value === undefined && !this.moduleFacts.has(fact)) this.moduleFacts.set(fact, (value = fact.compute(this.model)));
    return value as T;
  }

  /** The value of `fact` for `scope` (a function definition or the module), computed on first use. */
  function<T>(fact: FunctionFact<T>, scope: SyntaxNode): T {
    let facts = this.functionFacts.get(scope);
    if (!facts) this.functionFacts.set(scope, (facts = new Map()));
    if (!facts.has(fact)) facts.set(fact, fact.compute(this.model, scope));
    return facts.get(fact) as T;
  }

  /** The value of `fact` for the function that `node` runs in (the module for top-level code). */
  around<T>(fact: FunctionFact<T>, node: SyntaxNode): T {
    return this.function(fact, enclosingFunction(node) ?? this.model.root);
  }
}

/**
 * What an open document's analysis keeps from one version for the next, besides the facts kept with
 * its statements: answers about the whole file that know what they read, so that the next version
 * works out again only those its edit could change.
 */
export class VersionMemory {
  private readonly kept = new Map<MemorySlot<unknown>, unknown>();

  get<T>(slot: MemorySlot<T>): T | undefined {
    return this.kept.get(slot) as T | undefined;
  }

  set<T>(slot: MemorySlot<T>, value: T | undefined): void {
    if (value === undefined) this.kept.delete(slot);
    else this.kept.set(slot, value);
  }
}

/** One thing a VersionMemory keeps, declared once where it is used. */
export class MemorySlot<T> {
  declare private readonly type: T;

  constructor(
    /** For debugging. */
    readonly name: string,
  ) {}
}

/**
 * The value kept in `memory`'s `slot` (or a new one), brought to this version by `update`. Taken out
 * of the memory while `update` runs: a value a failure left half updated must not serve the next version.
 */
function updateKept<T>(memory: VersionMemory | undefined, slot: MemorySlot<T>, create: () => T, update: (value: T) => void): T {
  const value = memory?.get(slot) ?? create();
  memory?.set(slot, undefined);
  update(value);
  memory?.set(slot, value);
  return value;
}

/**
 * Per-statement parts (a statement fact's values) merged key by key for the whole file. For an open
 * document the merge is kept from version to version: only the parts of the statements an edit
 * replaced leave and come in. A key's values come part by part, in no particular order.
 */
export class MergedParts<P, K, V> {
  private readonly byKey = new Map<K, Map<SyntaxNode, V>>();
  private parts: StatementValues<P> = NO_STATEMENT_VALUES;
  /** See `itemsInDocumentOrder`; a key's entry leaves when a statement with a value for it comes or goes. */
  private readonly ordered = new Map<K, unknown[]>();

  constructor(private readonly entriesOf: (part: P) => Iterable<readonly [K, V]>) {}

  /** Brings the merge to the file whose top-level statements and their parts are `now`. */
  update(now: StatementValues<P>): void {
    forEachStatementChange(
      this.parts,
      now,
      (statement, part) => {
        for (const [key] of this.entriesOf(part)) {
          this.ordered.delete(key);
          const values = this.byKey.get(key);
          values?.delete(statement);
          if (values?.size === 0) this.byKey.delete(key);
        }
      },
      (statement, part) => {
        for (const [key, value] of this.entriesOf(part)) {
          this.ordered.delete(key);
          let values = this.byKey.get(key);
          if (!values) this.byKey.set(key, (values = new Map()));
          values.set(statement, value);
        }
      },
    );
    this.parts = now;
  }

  has(key: K): boolean {
    return this.byKey.has(key);
  }

  /** The keys some statement's part has, in no particular order. */
  keys(): Iterable<K> {
    return this.byKey.keys();
  }

  valuesOf(key: K): Iterable<V> {
    return this.byKey.get(key)?.values() ?? [];
  }

  /**
   * The items of `key`'s values (lists), those of earlier statements first: the same array from version
   * to version until an edit brings or takes away a statement with a value for `key`.
   */
  itemsInDocumentOrder<I>(this: MergedParts<P, K, readonly I[]>, key: K): readonly I[] {
    let items = this.ordered.get(key) as I[] | undefined;
    if (items) return items;
    const values = this.byKey.get(key);
    if (!values) items = [];
    else if (values.size === 1) items = [...values.values().next().value!];
    // (A patch appends a new statement's value last.)
    else items = [...values].sort(([a], [b]) => a.start - b.start).flatMap(([, value]) => value);
    this.ordered.set(key, items);
    return items;
  }
}

/**
 * Per-statement groups (each statement's nodes by a key) merged key by key when a key is first asked
 * for: of some indexes (identifiers by name) an analysis asks a few keys only, and merging every key
 * would cost more. For an open document the merged groups are kept from version to version: a key's
 * group serves the next version unless the edit took away or brought a statement with that key.
 */
export class LazilyMergedParts<K, V> {
  private parts: StatementValues<ReadonlyMap<K, readonly V[]>> = NO_STATEMENT_VALUES;
  private readonly merged = new Map<K, readonly V[]>();

  /** Brings the groups to the file whose top-level statements and their groups are `now`. */
  update(now: StatementValues<ReadonlyMap<K, readonly V[]>>): void {
    // (Nothing is merged yet the first time.)
    if (this.merged.size) {
      const forget = (_: SyntaxNode, part: ReadonlyMap<K, readonly V[]>) => {
        for (const key of part.keys()) this.merged.delete(key);
      };
      forEachStatementChange(this.parts, now, forget, forget);
    }
    this.parts = now;
  }

  /** The group of `key` across the statements, in document order. */
  get(key: K): readonly V[] {
    let group = this.merged.get(key);
    if (!group) {
      const values: V[] = [];
      for (const part of this.parts.values) {
        const own = part.get(key);
        if (own) for (const value of own) values.push(value);
      }
      this.merged.set(key, (group = values));
    }
    return group;
  }
}

/** The lazy merge of `fact`'s groups for this version, kept in `slot` for an open document (see LazilyMergedParts). */
export function lazilyMergedParts<K, V>(model: SemanticModel, slot: MemorySlot<LazilyMergedParts<K, V>>, fact: PerStatementFact<ReadonlyMap<K, readonly V[]>>): LazilyMergedParts<K, V> {
  return updateKept(model.facts.memory, slot, () => new LazilyMergedParts(), (merged) => merged.update(model.facts.valuesOfEach(fact)));
}

/**
 * Where a VersionMemory keeps a MergedParts, with the function that reads a part's entries. The merge
 * keeps that function for the document's life, so it is declared here, once, at module level: a
 * function made while a version is analysed could hold that version (its model, its tree) and, through
 * the parents of its replaced statements, every version after it.
 */
export class MergeSlot<P, K, V> extends MemorySlot<MergedParts<P, K, V>> {
  constructor(
    name: string,
    readonly entriesOf: (part: P) => Iterable<readonly [K, V]>,
  ) {
    super(name);
  }
}

/** The merge of `fact`'s parts for this version, kept in `slot` for an open document (see MergedParts). */
export function mergedParts<P, K, V>(model: SemanticModel, slot: MergeSlot<P, K, V>, fact: PerStatementFact<P>): MergedParts<P, K, V> {
  return updateKept(model.facts.memory, slot, () => new MergedParts(slot.entriesOf), (merged) => merged.update(model.facts.valuesOfEach(fact)));
}

/** A file-wide value kept for an open document, with the per-statement parts it was made from. */
export interface PatchedValue<T, P> {
  value: T;
  parts: StatementValues<P>;
}

/**
 * A file-wide value for this version. For an open document, the one kept in `slot` from its last
 * version, brought to this one by `patch` with the parts (`fact` of each top-level statement) that the
 * edit took away and brought; otherwise, and the first time, made by `create`.
 */
export function patchedFromVersionToVersion<T, P>(
  model: SemanticModel,
  slot: MemorySlot<PatchedValue<T, P>>,
  fact: PerStatementFact<P>,
  create: () => T,
  patch: (value: T, removed: P[], added: P[]) => T,
): T {
  const { memory } = model.facts;
  if (!memory) return create();
  const parts = model.facts.valuesOfEach(fact);
  return updateKept(memory, slot, () => ({ value: create(), parts }), (kept) => {
    const { removed, added } = statementChanges(kept.parts, parts);
    kept.value = patch(kept.value, removed, added);
    kept.parts = parts;
  }).value;
}

/**
 * What per-statement parts (`before`, of a version the memory kept) an edit took away and which it
 * brought (`now`): a top-level statement the edit did not touch is the same node in both, with the
 * same part unless its fact gave it another.
 */
export function statementChanges<T>(before: StatementValues<T>, now: StatementValues<T>): { removed: T[]; added: T[] } {
  const removed: T[] = [];
  const added: T[] = [];
  forEachStatementChange(before, now, (_, part) => removed.push(part), (_, part) => added.push(part));
  return { removed, added };
}

/**
 * Calls `gone` for each statement of `before` whose part is not its part in `now` (or that is not in
 * `now`), then `come` for each statement of `now` whose part is not its part in `before`. An edit
 * replaces a run of statements and leaves those before and after it, in the same order: the runs at
 * both ends where statements and parts are the same are skipped without a lookup.
 */
export function forEachStatementChange<T>(before: StatementValues<T>, now: StatementValues<T>, gone: (statement: SyntaxNode, part: T) => void, come: (statement: SyntaxNode, part: T) => void): void {
  const [prefix, suffix] = commonEnds(before.statements, now.statements, (i, j) => before.values[i] === now.values[j]);
  // In between, a statement may still be the same with the same part (an edit at two places).
  const middle = (each: StatementValues<T>) => {
    const parts = new Map<SyntaxNode, T>();
    for (let i = prefix; i < each.statements.length - suffix; i++) parts.set(each.statements[i]!, each.values[i]!);
    return parts;
  };
  const beforeMiddle = middle(before);
  const nowMiddle = middle(now);
  // A part also changes when its fact gave the same statement another (under other imports, say).
  for (const [statement, part] of beforeMiddle) if (nowMiddle.get(statement) !== part) gone(statement, part);
  for (const [statement, part] of nowMiddle) if (beforeMiddle.get(statement) !== part) come(statement, part);
}

/** A per-statement fact's values for the top-level statements of one version of a file, in document order. */
export interface StatementValues<T> {
  readonly statements: readonly SyntaxNode[];
  readonly values: readonly T[];
}

const NO_STATEMENT_VALUES: StatementValues<never> = { statements: [], values: [] };

/**
 * How many statements at the start and at the end of `now` are the same nodes as in `before` (and, with
 * `sameValue`, have the same value there): an edit replaces a run of top-level statements and leaves
 * those before and after it, in the same order.
 */
function commonEnds(before: readonly SyntaxNode[], now: readonly SyntaxNode[], sameValue: (i: number, j: number) => boolean = () => true): [number, number] {
  let prefix = 0;
  while (prefix < before.length && prefix < now.length && before[prefix] === now[prefix] && sameValue(prefix, prefix)) prefix++;
  let suffix = 0;
  for (let i = before.length - 1, j = now.length - 1; suffix < before.length - prefix && suffix < now.length - prefix; i--, j--, suffix++) {
    if (before[i] !== now[j] || !sameValue(i, j)) break;
  }
  return [prefix, suffix];
}

/**
 * One item per statement of `now`: for the statements an edit left at both ends of the file, the item
 * `kept` (the last version's) has for it, brought to this version by `reuse`; `fresh` for the others.
 */
function atBothEnds<K, T>(
  kept: StatementValues<K> | undefined,
  now: readonly SyntaxNode[],
  reuse: (item: K, statement: SyntaxNode) => T,
  fresh: (statement: SyntaxNode) => T,
  [prefix, suffix]: [number, number],
): T[] {
  const items: T[] = [];
  for (let i = 0; i < prefix; i++) items.push(reuse(kept!.values[i]!, now[i]!));
  for (let i = prefix; i < now.length - suffix; i++) items.push(fresh(now[i]!));
  for (let i = now.length - suffix; i < now.length; i++) items.push(reuse(kept!.values[i - now.length + kept!.statements.length]!, now[i]!));
  return items;
}

/**
 * `atBothEnds` where the items kept serve as they are: copied a run at a time (the statements of a
 * long file but one, at every keystroke) rather than one by one.
 */
function keptAtBothEnds<T>(kept: readonly T[], now: readonly SyntaxNode[], fresh: (statement: SyntaxNode) => T, [prefix, suffix]: [number, number]): T[] {
  const middle: T[] = [];
  for (let i = prefix; i < now.length - suffix; i++) middle.push(fresh(now[i]!));
  return kept.slice(0, prefix).concat(middle, kept.slice(kept.length - suffix));
}

/** A fact kept per top-level statement (see StatementFact and CheckedStatementFact). */
export abstract class PerStatementFact<T> {
  constructor(
    /** For debugging. */
    readonly name: string,
  ) {}

  /** The fact for `statement`, a top-level statement of `model`'s file. */
  abstract of(model: SemanticModel, statement: SyntaxNode): T;

  /** The fact for each top-level statement of `model`'s file, in document order (worked out once per version). */
  ofEach(model: SemanticModel): readonly T[] {
    return model.facts.valuesOfEach(this).values;
  }

  /**
   * The fact for each top-level statement of `model`'s file. For an open document, what was kept for
   * the statements of its last version serves the statements an edit left at both ends of the file
   * without a lookup, as far as it still holds (see `keptValues` of each kind of fact).
   */
  valuesOfVersion(model: SemanticModel): StatementValues<T> {
    const statements = model.root.children;
    const memory = model.facts.keepsStatementFacts ? model.facts.memory : undefined;
    return { statements, values: memory ? this.keptValues(model, memory, statements) : statements.map((statement) => this.of(model, statement)) };
  }

  /** The values of `statements`, an open document's, brought over from what `memory` kept of its last version. */
  protected abstract keptValues(model: SemanticModel, memory: VersionMemory, statements: readonly SyntaxNode[]): T[];
}

/**
 * A fact about one top-level statement (a child of the module) that depends on the statement's own
 * subtree, and on `keyOf`'s answer for the file where one is given (the file's imports, say). A node
 * object outlives an edit only when its subtree is unchanged (the incremental conversion moves it), so
 * the value is kept with the statement node and serves every later version of the file in which the
 * statement is the same node under the same key: after a keystroke, only the statement it touched is
 * worked out again. The value must not hold offsets, which move when text before the statement changes.
 */
export class StatementFact<T> extends PerStatementFact<T> {
  private readonly kept = new WeakMap<SyntaxNode, { key: string; value: T }>();
  /** An open document's values for each statement of its last version, with the key they were worked out under. */
  private readonly keptSlot: MemorySlot<StatementValues<T> & { key: string }>;

  constructor(
    name: string,
    private readonly compute: (model: SemanticModel, statement: SyntaxNode) => T,
    private readonly keyOf: (model: SemanticModel) => string = () => '',
  ) {
    super(name);
    this.keptSlot = new MemorySlot(`${name} of each statement`);
  }

  /**
   * A statement's value is the same while the statement is the same node under the same key: with
   * the key unchanged, the values of the statements an edit left at both ends of the file are kept.
   */
  protected keptValues(model: SemanticModel, memory: VersionMemory, statements: readonly SyntaxNode[]): T[] {
    const key = this.keyOf(model);
    const kept = memory.get(this.keptSlot);
    const still = kept?.key === key ? kept : undefined;
    const values = still ? keptAtBothEnds(still.values, statements, (statement) => this.of(model, statement), model.facts.sameStatementsAtEnds(still.statements)) : statements.map((statement) => this.of(model, statement));
    memory.set(this.keptSlot, { statements, values, key });
    return values;
  }

  of(model: SemanticModel, statement: SyntaxNode): T {
    if (!model.facts.keepsStatementFacts) return model.facts.statement(this, statement, () => this.compute(model, statement));
    const key = this.keyOf(model);
    const known = this.kept.get(statement);
    if (known && known.key === key) return known.value;
    const value = this.compute(model, statement);
    this.kept.set(statement, { key, value });
    return value;
  }
}

/**
 * A fact about one top-level statement that also depends on answers about the rest of the file (is
 * `model` a module here?). Its computation returns the questions it asked with their answers, and a
 * value kept from an earlier version of the file serves a later one when the statement is the same
 * node and every one of those questions gets the same answer there. An edit elsewhere that changes
 * no answer the statement relied on costs it nothing: each question is asked again once for the file.
 */
export class CheckedStatementFact<T, A> extends PerStatementFact<T> {
  /**
   * Per statement: the value; the questions with their answers in one flat list (question, answer,
   * question, ...), which takes less memory than a map; and where the answers come from a history,
   * that history and its epoch when they last held.
   */
  private readonly kept = new WeakMap<SyntaxNode, KeptCheckedValue<T, A>>();
  /** An open document's entries for each statement of its last version, with the history they came from. */
  private readonly entriesSlot: MemorySlot<KeptEntries<T, A>>;

  constructor(
    name: string,
    private readonly compute: (model: SemanticModel, statement: SyntaxNode) => { value: T; questions: ReadonlyMap<string, A> },
    /** The answer to a recorded question in `model`'s file. */
    private readonly answer: (model: SemanticModel, question: string) => A,
    /**
     * Where the answers come from a store kept from version to version: the store, which tells which
     * answers it may have changed since an epoch. Only those questions are asked again: at a
     * keystroke that changes no answer a statement read, the statement costs a lookup.
     */
    private readonly historyOf?: (model: SemanticModel) => AnswerHistory,
  ) {
    super(name);
    this.entriesSlot = new MemorySlot(`${name} entries of each statement`);
  }

  of(model: SemanticModel, statement: SyntaxNode): T {
    if (!model.facts.keepsStatementFacts) return model.facts.statement(this, statement, () => this.compute(model, statement).value);
    return this.entryOf(model, statement).value;
  }

  /** What is kept for `statement`, brought to `model`'s file: its value still holds there, or it is worked out again. */
  private entryOf(model: SemanticModel, statement: SyntaxNode): KeptCheckedValue<T, A> {
    const known = this.kept.get(statement);
    return known && this.holdsNow(model, known, this.historyOf?.(model)) ? known : this.computed(model, statement);
  }

  /**
   * Whether `entry`'s answers are still this file's, asking again only those its history forgot since
   * they last held (all of them without one); the entry then holds from this version on.
   */
  private holdsNow(model: SemanticModel, entry: KeptCheckedValue<T, A>, history: AnswerHistory | undefined): boolean {
    if (!(history && history === entry.history ? this.heldSince(model, entry, history) : this.stillHolds(model, entry.questions))) return false;
    entry.history = history;
    entry.epoch = history?.epoch ?? 0;
    return true;
  }

  /** `statement`'s value worked out with the questions it asked, kept with the statement. */
  private computed(model: SemanticModel, statement: SyntaxNode): KeptCheckedValue<T, A> {
    const computed = this.compute(model, statement);
    const questions: (string | A)[] = [];
    for (const [question, answer] of computed.questions) questions.push(question, answer);
    // Read after the computation, which may be what brings the store to this version.
    const history = this.historyOf?.(model);
    const entry = { value: computed.value, questions, history, epoch: history?.epoch ?? 0 };
    this.kept.set(statement, entry);
    return entry;
  }

  /**
   * The kept entries of the statements an edit left at both ends of the file serve this version
   * without a lookup. They all held at the last version, so each question they asked had that
   * version's answer: a question is asked once more, not once per statement that asked it, and only
   * where the answer may have changed (with a history of answers, those it forgot since). The
   * statements that asked a question whose answer changed are worked out again; a statement that
   * asked nothing keeps its value.
   */
  protected keptValues(model: SemanticModel, memory: VersionMemory, statements: readonly SyntaxNode[]): T[] {
    const history = this.historyOf?.(model);
    const kept = memory.get(this.entriesSlot);
    // Taken out while it is brought to this version: a failure must not leave it half updated.
    memory.set(this.entriesSlot, undefined);
    const questions = kept?.questions ?? new AskedQuestions<A>();
    const [prefix, suffix] = kept ? model.facts.sameStatementsAtEnds(kept.statements) : [0, 0];
    // The statements the edit replaced (or that are the same nodes in its run) leave the index first.
    for (let i = prefix; kept && i < kept.statements.length - suffix; i++) questions.remove(kept.statements[i]!, kept.values[i]!.questions);
    const changed = new Set<SyntaxNode>();
    const mayHaveChanged = kept && history && kept.history === history ? history.forgottenAfter(kept.epoch) : undefined;
    for (const question of mayHaveChanged ?? questions.all()) {
      const answer = questions.answerOf(question);
      if (answer === NOT_ASKED) continue;
      const now = this.answer(model, question);
      if (now === answer) continue;
      questions.answered(question, now);
      for (const statement of questions.askers(question)) changed.add(statement);
    }
    const rework = (statement: SyntaxNode, entry?: KeptCheckedValue<T, A>) => {
      if (entry) questions.remove(statement, entry.questions);
      const next = entry ? this.computed(model, statement) : this.entryOf(model, statement);
      questions.add(statement, next.questions);
      return next;
    };
    const entries = atBothEnds(kept, statements, (entry, statement) => (changed.has(statement) ? rework(statement, entry) : entry), (statement) => rework(statement), [prefix, suffix]);
    memory.set(this.entriesSlot, { statements, values: entries, history, epoch: history?.epoch ?? 0, questions });
    return entries.map((entry) => entry.value);
  }

  private stillHolds(model: SemanticModel, questions: readonly (string | A)[]): boolean {
    for (let i = 0; i < questions.length; i += 2) if (this.answer(model, questions[i] as string) !== questions[i + 1]) return false;
    return true;
  }

  /** The answers of `known`, which held at its epoch of `history`, hold now: those forgotten since are asked again. */
  private heldSince(model: SemanticModel, known: KeptCheckedValue<T, A>, history: AnswerHistory): boolean {
    if (known.epoch === history.epoch) return true;
    const { questions } = known;
    for (let i = 0; i < questions.length; i += 2) {
      const question = questions[i] as string;
      if (history.forgottenSince(question, known.epoch) && this.answer(model, question) !== questions[i + 1]) return false;
    }
    return true;
  }
}

interface KeptCheckedValue<T, A> {
  readonly value: T;
  readonly questions: readonly (string | A)[];
  history: AnswerHistory | undefined;
  epoch: number;
}

/** An open document's entries of a checked fact for the statements of its last version (see `keptValues`). */
interface KeptEntries<T, A> extends StatementValues<KeptCheckedValue<T, A>> {
  /** Where the answers came from, and its epoch at that version. */
  readonly history: AnswerHistory | undefined;
  readonly epoch: number;
  /** The questions those statements asked, with that version's answers. */
  readonly questions: AskedQuestions<A>;
}

const NOT_ASKED = Symbol('not asked');

/**
 * The questions that the kept statements of a checked fact asked, each with its answer at the last
 * version (all those statements held then, so they share it) and the statements that asked it.
 */
class AskedQuestions<A> {
  private readonly byQuestion = new Map<string, { answer: A; askers: Set<SyntaxNode> }>();

  all(): Iterable<string> {
    return [...this.byQuestion.keys()];
  }

  answerOf(question: string): A | typeof NOT_ASKED {
    const known = this.byQuestion.get(question);
    return known ? known.answer : NOT_ASKED;
  }

  askers(question: string): Iterable<SyntaxNode> {
    return this.byQuestion.get(question)?.askers ?? [];
  }

  answered(question: string, answer: A): void {
    const known = this.byQuestion.get(question);
    if (known) known.answer = answer;
  }

  /** `statement` asked `questions` (question, answer, question, ...), answered as in this version. */
  add(statement: SyntaxNode, questions: readonly (string | A)[]): void {
    for (let i = 0; i < questions.length; i += 2) {
      const question = questions[i] as string;
      const known = this.byQuestion.get(question);
      if (known) known.askers.add(statement);
      else this.byQuestion.set(question, { answer: questions[i + 1] as A, askers: new Set([statement]) });
    }
  }

  remove(statement: SyntaxNode, questions: readonly (string | A)[]): void {
    for (let i = 0; i < questions.length; i += 2) {
      const known = this.byQuestion.get(questions[i] as string);
      if (!known) continue;
      known.askers.delete(statement);
      if (!known.askers.size) this.byQuestion.delete(questions[i] as string);
    }
  }
}

/**
 * A store of answers kept from version to version that counts the answers it forgets: an answer it
 * gave at `epoch` is the one it gives now unless its question was forgotten since.
 */
export interface AnswerHistory {
  readonly epoch: number;
  forgottenSince(question: string, epoch: number): boolean;
  /** The questions forgotten since `epoch` (some twice, perhaps), or undefined where that is no longer known. */
  forgottenAfter(epoch: number): readonly string[] | undefined;
}

/** A per-function memo of answers about its nodes (loops, expressions), filled as questions come. */
export function memoFact<K, V>(name: string): FunctionFact<Map<K, V>> {
  return new FunctionFact(name, () => new Map<K, V>());
}
