// Where a diagnostic's code link and a hover's "Full documentation" point. A client that can show the
// bundled rule pages itself names its command in `initializationOptions.ruleDocsCommand` (the VS Code
// extension does), so the link opens the page in the editor, offline; any other client gets the page
// on the repository's website, or no link when the package names no repository.
import type { Command } from 'vscode-languageserver';
import type { RuleMeta } from '../rules/rule';
import { ruleDocUrl } from '../rules/docs';
import { RULE_DOCS_COMMAND_OPTION, SHOW_RULE_DOCUMENTATION_COMMAND } from './protocol';

export type RuleDocLink = (meta: Pick<RuleMeta, 'code' | 'name'>) => string | undefined;

/** The command that shows a rule's page, for a code action titled `title`; undefined when none can. */
export type RuleDocCommand = (meta: Pick<RuleMeta, 'code' | 'name'>, title: string) => Command | undefined;

const COMMAND_ID = /^[A-Za-z][\w.-]*$/;

/** A `command:` URI that runs `command` with the rule code as its one argument. */
export function commandLink(command: string, code: string): string {
  return `command:${command}?${encodeURIComponent(JSON.stringify([code]))}`;
}

/** The client's own rule page command, when `initializationOptions` names a valid one. */
function clientRuleDocsCommand(initializationOptions: unknown): string | undefined {
  const command =
    typeof initializationOptions === 'object' && initializationOptions !== null
      ? (initializationOptions as Record<string, unknown>)[RULE_DOCS_COMMAND_OPTION]
      : undefined;
  return typeof command === 'string' && COMMAND_ID.test(command) ? command : undefined;
}

export function ruleDocLinks(initializationOptions: unknown, repositoryUrl: string | undefined): RuleDocLink {
  const command = clientRuleDocsCommand(initializationOptions);
  if (command) return (meta) => commandLink(command, meta.code);
  return (meta) => (repositoryUrl ? ruleDocUrl(meta, repositoryUrl) : undefined);
}

/**
 * The client's rule page command where it has one; otherwise the server's, which asks the client to
 * open the website (`window/showDocument`), where the client can and the package names a repository.
 */
export function ruleDocCommands(initializationOptions: unknown, repositoryUrl: string | undefined, canShowDocument: boolean): RuleDocCommand {
  const command = clientRuleDocsCommand(initializationOptions);
  if (command) return (meta, title) => ({ title, command, arguments: [meta.code] });
  if (!canShowDocument || !repositoryUrl) return () => undefined;
  return (meta, title) => ({ title, command: SHOW_RULE_DOCUMENTATION_COMMAND, arguments: [meta.code] });
}
