// The few facts the server takes from the extension's package.json, read at run time next to the
// bundle (package.json ships in every install).
import { readFileSync } from 'node:fs';

export interface PackageInfo {
  version: string | undefined;
  /** Base of the rule documentation links. */
  repositoryUrl: string | undefined;
}

export function readPackageInfo(packageJsonPath: string): PackageInfo {
  let manifest: unknown;
  try {
    manifest = JSON.parse(readFileSync(packageJsonPath, 'utf8'));
  } catch {
    return { version: undefined, repositoryUrl: undefined };
  }
  const fields = typeof manifest === 'object' && manifest !== null ? (manifest as Record<string, unknown>) : {};
  const repository = fields.repository;
  const repositoryUrl =
    typeof repository === 'string'
      ? repository
      : typeof repository === 'object' && repository !== null && typeof (repository as { url?: unknown }).url === 'string'
        ? (repository as { url: string }).url
        : undefined;
  return { version: typeof fields.version === 'string' ? fields.version : undefined, repositoryUrl };
}
