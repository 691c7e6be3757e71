import { spawnSync } from 'node:child_process';

/** Where Debian installs its own interpreter, which sees python3-torch when a pyenv python3 does not. */
const SYSTEM_BIN_PATH = ['/usr/local/bin', '/usr/bin', '/bin'].join(':');

export interface PythonWithTorch {
  /** Command to spawn. */
  command: string;
  /** PATH to spawn it with, so that a bare `python3` resolves to the interpreter that was checked. */
  pathEnv: string;
  /** Where it was found, for messages. */
  origin: string;
  torchVersion: string;
}

function torchVersion(command: string, pathEnv: string): string | undefined {
  const probe = spawnSync(command, ['-c', 'import torch; print(torch.__version__)'], {
    env: { ...process.env, PATH: pathEnv },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return probe.status === 0 ? probe.stdout.trim() : undefined;
}

/**
 * The first Python that can import torch: $OOMLINT_PYTHON, then python3 on PATH, then python3 in
 * the system bin folders. Undefined when none can.
 */
export function findPythonWithTorch(): PythonWithTorch | undefined {
  const userPath = process.env.PATH ?? '';
  const candidates: Omit<PythonWithTorch, 'torchVersion'>[] = [];
  const configured = process.env.OOMLINT_PYTHON;
  if (configured) candidates.push({ command: configured, pathEnv: userPath, origin: 'OOMLINT_PYTHON' });
  candidates.push({ command: 'python3', pathEnv: userPath, origin: 'PATH' });
  candidates.push({ command: 'python3', pathEnv: SYSTEM_BIN_PATH, origin: 'the system bin folders' });
  for (const candidate of candidates) {
    const version = torchVersion(candidate.command, candidate.pathEnv);
    if (version !== undefined) return { ...candidate, torchVersion: version };
  }
  return undefined;
}
