// textDocument/hover: over a flagged range, a short account of each rule that flagged it (why it costs
// memory, the fixes offered) with a link to the rule's full page.
import { MarkupKind, type Connection, type Hover, type HoverParams } from 'vscode-languageserver';
import { renderRuleHover } from '../rules/docs';
import { ruleByCode } from '../rules';
import type { DocumentLinter } from './document-linter';
import { problemsMessage } from './lsp-diagnostic';
import { estimateHoverText } from './estimate-hover';

export async function hover(params: HoverParams, linter: DocumentLinter): Promise<Hover | null> {
  const result = await linter.current(params.textDocument.uri);
  if (!result) return null;
  const offset = result.place.offsetAt(params.position);
  // An empty range still answers a hover on its one position.
  const hits = result.diagnostics.filter((d) => d.start <= offset && (offset < d.end || offset === d.start));
  const codes = [...new Set(hits.map((d) => d.code))];
  const sections = codes.flatMap((code) => {
    const rule = ruleByCode(code);
    if (!rule) return [];
    const fixes = hits.filter((d) => d.code === code).flatMap((d) => d.fixes);
    const titles = [...new Map(fixes.map((f) => [f.title, f])).values()];
    // A message Problems shows cut to its first clause is given whole here.
    const details = [...new Set(hits.filter((d) => d.code === code && problemsMessage(d.message) !== d.message).map((d) => d.message))];
    return [[...details, renderRuleHover(rule.meta, titles, linter.ruleDocLink(rule.meta), linter.locale)].join('\n\n')];
  });
  // Over a training batch size or the model's construction, the step's estimated memory too.
  const estimate = estimateHoverText(result, offset, linter.messages);
  if (estimate) sections.push(estimate);
  if (!sections.length) return null;
  if (!hits.length) return { contents: { kind: MarkupKind.Markdown, value: sections.join('\n\n---\n\n') } };
  const start = Math.min(...hits.map((d) => d.start));
  const end = Math.max(...hits.map((d) => d.end));
  return {
    contents: { kind: MarkupKind.Markdown, value: sections.join('\n\n---\n\n') },
    range: result.place.rangeOf(start, end),
  };
}

export function registerHover(connection: Connection, linter: DocumentLinter): void {
  connection.onHover((params) => hover(params, linter));
}
