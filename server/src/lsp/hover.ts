// textDocument/hover: over a flagged range, the documentation of the rule that flagged it.
import { MarkupKind, type Connection, type Hover, type HoverParams } from 'vscode-languageserver';
import { renderRuleMarkdown } from '../rules/docs';
import { ruleByCode } from '../rules';
import type { DocumentLinter } from './document-linter';
import { rangeOf } from './lsp-diagnostic';

export async function hover(params: HoverParams, linter: DocumentLinter): Promise<Hover | null> {
  const result = await linter.current(params.textDocument.uri);
  if (!result) return null;
  const offset = result.source.offset(params.position);
  // An empty range still answers a hover on its one position.
  const hits = result.diagnostics.filter((d) => d.start <= offset && (offset < d.end || offset === d.start));
  const codes = [...new Set(hits.map((d) => d.code))];
  const pages = codes.flatMap((code) => {
    const rule = ruleByCode(code);
    return rule ? [renderRuleMarkdown(rule.meta)] : [];
  });
  if (!pages.length) return null;
  const start = Math.min(...hits.map((d) => d.start));
  const end = Math.max(...hits.map((d) => d.end));
  return {
    contents: { kind: MarkupKind.Markdown, value: pages.join('\n\n---\n\n') },
    range: rangeOf(result.source, start, end),
  };
}

export function registerHover(connection: Connection, linter: DocumentLinter): void {
  connection.onHover((params) => hover(params, linter));
}
