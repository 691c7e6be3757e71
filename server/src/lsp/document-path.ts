// The file a document belongs to, for project configuration and path-based heuristics.
import { fileURLToPath } from 'node:url';

/**
 * `file:` URIs map to their path; a notebook cell (`vscode-notebook-cell:`) to its notebook's path,
 * so the notebook's project configuration applies; `untitled:` and other schemes have none.
 */
export function documentPath(uri: string): string | undefined {
  try {
    const url = new URL(uri);
    if (url.protocol === 'file:') return fileURLToPath(url);
    if (url.protocol === 'vscode-notebook-cell:' && url.pathname.startsWith('/')) {
      // Same path syntax as the notebook's `file:` URI, but VS Code escapes a drive letter's colon;
      // the fragment names the cell.
      const path = url.pathname.replace(/^\/([a-z])%3a/i, '/$1:');
      return fileURLToPath(new URL(`file://${url.host}${path}`));
    }
  } catch {
    // Not a URI, or one that names no local file (a UNC host on POSIX, say).
  }
  return undefined;
}
