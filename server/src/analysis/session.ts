// What an open document's analysis carries from one version to the next: the database of its facts
// (see semantic/engine). The editor holds one session per document it goes on analysing and hands it to
// `analyze` with each version; what is inside stays here.
import type { Settings } from '../core/settings';
import type { SourceText } from '../core/source';
import type { SyntaxNode } from '../parser/syntax';
import { Database } from '../semantic/engine/database';
import { SemanticModel } from '../semantic/model';
import type { ProjectView } from '../semantic/project-facts';

export class AnalysisSession {
  readonly #db = new Database<SemanticModel>(undefined, true);

  /** How many answers of the facts named `name` the session has worked out so far (tests, measurements). */
  workedOut(name: string): number {
    return this.#db.workedOut(name);
  }

  /** The model of the document's next version, whose answers serve it where nothing they read changed. */
  modelOf(root: SyntaxNode, source: SourceText, settings: Settings, path: string | undefined, earlierImports?: ReadonlyMap<string, string>, project?: ProjectView): SemanticModel {
    return new SemanticModel(root, source, settings, path, earlierImports, this.#db, project);
  }
}
