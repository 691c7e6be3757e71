// Resident memory of another process, in bytes: /proc on Linux, `ps` elsewhere.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export function residentBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    if (match) return Number(match[1]) * 1024;
  } catch {
    // Not Linux, or the process is gone: ask ps.
  }
  const kilobytes = Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim());
  if (!Number.isFinite(kilobytes) || kilobytes <= 0) throw new Error(`could not read the resident memory of process ${pid}`);
  return kilobytes * 1024;
}
