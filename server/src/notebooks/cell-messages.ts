// Rule messages that name a line of the analysed text name, in a notebook, the cell and the line
// within it: "the loop in cell 3, line 5", not a line of the joined text nobody sees.
import type { RuleMessages } from '../l10n/messages';

/** A line of a notebook: its cell (1-based among all cells) and its line in the cell (1-based). */
export interface CellLine {
  cell: number;
  line: number;
}

/** `messages`, with the lines they name (1-based lines of the joined text) said as cells and lines. */
export function withCellLines(messages: RuleMessages, cellLine: (joinedLine: number) => CellLine): RuleMessages {
  return {
    ...messages,
    oom009NoMapLocation: ({ call, keptBy }) => {
      if (!keptBy) return messages.oom009NoMapLocation({ call, keptBy });
      const { cell, line } = cellLine(keptBy.loopLine);
      return messages.oom009NoMapLocation({ call, keptBy: { ...keptBy, loopLine: line, loopCell: cell } });
    },
    oom009KeptOnGpu: (p) => {
      const { cell, line } = cellLine(p.loopLine);
      return messages.oom009KeptOnGpu({ ...p, loopLine: line, loopCell: cell });
    },
  };
}
