// Runs a child process to completion and measures it from the outside: wall time from spawn to
// exit, and (on Linux) the CPU time it and its own children used, from this process's counters of
// waited-for children.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface ProcessRun {
  wallMs: number;
  /** User plus system CPU time; undefined where /proc is not available. */
  cpuMs: number | undefined;
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Clock ticks per second for /proc times; Linux uses 100 on every common configuration. */
const CLOCK_TICKS = 100;

/** CPU time of this process's waited-for children so far (cutime + cstime), in ms. */
export function childrenCpuMs(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** CPU time (user + system) another process has used so far, in ms; undefined where /proc cannot tell. */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** CPU time of this process itself and of its waited-for children, in ms. */
export function selfAndChildrenCpuMs(): { self: number; children: number | undefined } {
  const usage = process.cpuUsage();
  return { self: (usage.user + usage.system) / 1000, children: childrenCpuMs() };
}

export function runProcess(command: string, args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const cpuBefore = childrenCpuMs();
    const started = performance.now();
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = performance.now() - started;
      const cpuAfter = childrenCpuMs();
      resolve({
        wallMs,
        cpuMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
        code,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
      });
    });
  });
}
