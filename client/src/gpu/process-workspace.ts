// Finds which GPU processes run inside the open workspace folders, by their working directory. Only
// Linux exposes it (/proc/PID/cwd); anything unreadable (another user's process, a PID from another
// PID namespace, another OS) is simply not marked.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

/** The working directory of process `pid`, or undefined if it cannot be read. */
export async function readProcessCwd(pid: number): Promise<string | undefined> {
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    return await fs.readlink(`/proc/${pid}/cwd`);
  } catch {
    return undefined;
  }
}

/** Whether `target` is `folder` or lies below it. */
export function isInsideFolder(target: string, folder: string): boolean {
  const relative = path.relative(path.resolve(folder), path.resolve(target));
  const climbsOut = relative === '..' || relative.startsWith(`..${path.sep}`);
  return !climbsOut && !path.isAbsolute(relative);
}

/** The PIDs among `pids` whose working directory is inside one of `folders`. */
export async function findWorkspacePids(pids: readonly number[], folders: readonly string[]): Promise<Set<number>> {
  const inside = new Set<number>();
  if (folders.length === 0) return inside;
  await Promise.all(
    [...new Set(pids)].map(async (pid) => {
      const cwd = await readProcessCwd(pid);
      if (cwd !== undefined && folders.some((folder) => isInsideFolder(cwd, folder))) inside.add(pid);
    }),
  );
  return inside;
}

/** Longest command line shown; a training run's argument list can be very long. */
const MAX_COMMAND_LINE = 2_000;

/** The command line of process `pid` (arguments joined by spaces), or undefined if it cannot be read. */
export async function readProcessCommandLine(pid: number): Promise<string | undefined> {
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    const raw = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8');
    const line = raw.split('\0').filter(Boolean).join(' ').replace(/[\r\n]+/g, ' ');
    if (!line) return undefined;
    return line.length > MAX_COMMAND_LINE ? `${line.slice(0, MAX_COMMAND_LINE)}…` : line;
  } catch {
    return undefined;
  }
}
