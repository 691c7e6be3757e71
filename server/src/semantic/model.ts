import type { Settings } from '../analysis/settings';
import type { SourceText } from '../analysis/source';
import { walk, type SyntaxNode } from '../parser/syntax';

export class SemanticModel {
  private readonly byKind = new Map<string, SyntaxNode[]>();

  constructor(
    readonly root: SyntaxNode,
    readonly source: SourceText,
    readonly settings: Settings,
    readonly path: string | undefined,
  ) {
    walk(root, (n) => {
      let list = this.byKind.get(n.type);
      if (!list) this.byKind.set(n.type, (list = []));
      list.push(n);
    });
  }

  nodesOfKind(kind: string): readonly SyntaxNode[] {
    return this.byKind.get(kind) ?? [];
  }
}
