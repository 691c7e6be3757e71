// The repository URL from the extension's own package.json, for links to the rule pages.
import type * as vscode from 'vscode';

export function repositoryUrlOf(extension: vscode.Extension<unknown>): string | undefined {
  const manifest: unknown = extension.packageJSON;
  if (typeof manifest !== 'object' || manifest === null || !('repository' in manifest)) return undefined;
  const { repository } = manifest;
  if (typeof repository === 'string') return repository;
  if (typeof repository === 'object' && repository !== null && 'url' in repository && typeof repository.url === 'string') {
    return repository.url;
  }
  return undefined;
}
