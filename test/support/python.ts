import { spawnSync } from 'node:child_process';

let available: boolean | undefined;

/** True when a `python3` is on PATH to check that fixed code still compiles. */
export function pythonAvailable(): boolean {
  available ??= spawnSync('python3', ['-c', 'pass'], { stdio: 'ignore' }).status === 0;
  return available;
}

/** Compiles Python source with `compile()` (what `py_compile` does) and returns the error, if any. */
export function pythonCompileError(source: string, name: string): string | null {
  const check = 'import sys\nsrc = sys.stdin.read()\ntry:\n    compile(src, sys.argv[1], "exec")\nexcept SyntaxError as e:\n    print(f"{e.msg} at line {e.lineno}")\n    sys.exit(1)\n';
  const result = spawnSync('python3', ['-c', check, name], { input: source, encoding: 'utf8' });
  return result.status === 0 ? null : (result.stdout || result.stderr).trim();
}
