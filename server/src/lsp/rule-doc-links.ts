// Where a diagnostic's code link and a hover's "Full documentation" point. A client that can show the
// bundled rule pages itself names its command in `initializationOptions.ruleDocsCommand` (the VS Code
// extension does), so the link opens the page in the editor, offline; any other client gets the page
// on the repository's website, or no link when the package names no repository.
import type { RuleMeta } from '../rules/rule';
import { ruleDocUrl } from '../rules/docs';
import { RULE_DOCS_COMMAND_OPTION } from './protocol';

export type RuleDocLink = (meta: Pick<RuleMeta, 'code' | 'name'>) => string | undefined;

const COMMAND_ID = /^[A-Za-z][\w.-]*$/;

/** A `command:` URI that runs `command` with the rule code as its one argument. */
export function commandLink(command: string, code: string): string {
  return `command:${command}?${encodeURIComponent(JSON.stringify([code]))}`;
}

export function ruleDocLinks(initializationOptions: unknown, repositoryUrl: string | undefined): RuleDocLink {
  const command =
    typeof initializationOptions === 'object' && initializationOptions !== null
      ? (initializationOptions as Record<string, unknown>)[RULE_DOCS_COMMAND_OPTION]
      : undefined;
  if (typeof command === 'string' && COMMAND_ID.test(command)) return (meta) => commandLink(command, meta.code);
  return (meta) => (repositoryUrl ? ruleDocUrl(meta, repositoryUrl) : undefined);
}
