// Between the text the analysis read and the document the client has: positions, ranges and edits.
// For a file they are the same text; for a notebook cell the analysis read the notebook's cells
// joined (see cell-place.ts).
import type { Position, Range } from 'vscode-languageserver';
import type { SourceText } from '../core/source';
import type { TextEdit } from '../core/types';
import type { DocumentEdits } from './protocol';

export interface DocumentPlace {
  /** The analysed text's offset for a position in the document. */
  offsetAt(position: Position): number;
  /** The document's range for offsets of the analysed text. */
  rangeOf(start: number, end: number): Range;
  /**
   * Edits of the analysed text (sorted, not overlapping) as edits of the client's documents, or
   * undefined when they cannot be written there (a notebook fix that reaches across cells).
   */
  documentEdits(edits: readonly TextEdit[]): DocumentEdits[] | undefined;
}

export function rangeOf(source: SourceText, start: number, end: number): Range {
  return { start: source.position(start), end: source.position(end) };
}

/** A document that is itself the analysed text. */
export class PlainPlace implements DocumentPlace {
  constructor(
    private readonly source: SourceText,
    private readonly uri: string,
    private readonly version: number,
  ) {}

  offsetAt(position: Position): number {
    return this.source.offset(position);
  }

  rangeOf(start: number, end: number): Range {
    return rangeOf(this.source, start, end);
  }

  documentEdits(edits: readonly TextEdit[]): DocumentEdits[] {
    return [{ uri: this.uri, version: this.version, edits: edits.map((e) => ({ range: this.rangeOf(e.start, e.end), newText: e.newText })) }];
  }
}
