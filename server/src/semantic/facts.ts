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

  constructor(private readonly model: SemanticModel) {}

  /** The file's value of `fact`, computed on first use. */
  module<T>(fact: ModuleFact<T>): T {
    if (!this.moduleFacts.has(fact)) this.moduleFacts.set(fact, fact.compute(this.model));
    return this.moduleFacts.get(fact) as T;
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

/** A per-function memo of answers about its nodes (loops, expressions), filled as questions come. */
export function memoFact<K, V>(name: string): FunctionFact<Map<K, V>> {
  return new FunctionFact(name, () => new Map<K, V>());
}
