// What the configuration status shows, worked out without VS Code (config-status.ts applies it).
import type { ConfigProblemStatus } from '../../server/src/lsp/protocol';

/** Which items to make, change and take away to show `wanted`, given the URIs shown now. */
export function statusChanges(shown: ReadonlySet<string>, wanted: readonly ConfigProblemStatus[]): { show: ConfigProblemStatus[]; remove: string[] } {
  const wantedUris = new Set(wanted.map((item) => item.uri));
  return { show: [...wanted], remove: [...shown].filter((uri) => !wantedUris.has(uri)) };
}

/** `.../pyproject.toml` as its folder and name, short enough for the status bar. */
export function shortName(uri: string): string {
  let path = uri.replace(/^file:\/\//, '');
  try {
    path = decodeURIComponent(path);
  } catch {
    // Shown as sent.
  }
  const parts = path.split('/').filter(Boolean);
  return parts.slice(-2).join('/');
}
