// A description of the machine and software the figures come from.
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, release, totalmem, type as osType } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './paths';

export interface MachineInfo {
  cpu: string;
  /** Logical cores Node may use. */
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  v8: string;
  versions: Record<string, string>;
}

function packageVersion(path: string): string {
  try {
    const json: unknown = JSON.parse(readFileSync(path, 'utf8'));
    const version = typeof json === 'object' && json !== null ? (json as Record<string, unknown>).version : undefined;
    return typeof version === 'string' ? version : 'unknown';
  } catch {
    return 'unknown';
  }
}

export function describeMachine(): MachineInfo {
  const model = cpus()[0]?.model.trim() || 'unknown CPU';
  return {
    cpu: model,
    cores: availableParallelism(),
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    os: `${osType()} ${release()}`,
    node: process.version,
    v8: process.versions.v8,
    versions: {
      oomlint: packageVersion(join(REPO_ROOT, 'package.json')),
      'web-tree-sitter': packageVersion(join(REPO_ROOT, 'node_modules', 'web-tree-sitter', 'package.json')),
      'tree-sitter-python': packageVersion(join(REPO_ROOT, 'node_modules', 'tree-sitter-python', 'package.json')),
      '@astral-sh/ruff-wasm-nodejs': packageVersion(join(REPO_ROOT, 'node_modules', '@astral-sh', 'ruff-wasm-nodejs', 'package.json')),
    },
  };
}

export function machineLine(machine: MachineInfo): string {
  return `${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.os}, Node ${machine.node}`;
}
