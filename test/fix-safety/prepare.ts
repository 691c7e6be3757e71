// Writes the copies the fix-safety harness runs, for a machine without Node (a GPU machine):
//   node out/test/fix-safety/prepare.js DIR
// leaves DIR/as-written, DIR/safe-fixes, DIR/all-fixes and DIR/manifest.json, which
// `python3 test/fix-safety/run_programs.py DIR/manifest.json --out RESULTS.json --device cuda`
// runs and judges there (scripts/gpu-evidence.sh does).
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { prepare } from './harness';

async function main(): Promise<number> {
  const target = process.argv[2];
  if (!target) {
    console.error('usage: node out/test/fix-safety/prepare.js DIR');
    return 2;
  }
  const dir = resolve(target);
  if (existsSync(dir) && readdirSync(dir).length) {
    console.error(`prepare: ${dir} is not empty; give an empty or new folder`);
    return 2;
  }
  mkdirSync(dir, { recursive: true });
  const manifest = await prepare(dir);
  const changed = manifest.programs.filter((p) => p.variants['safe fixes'] || p.variants['all fixes']).length;
  console.log(`prepared ${manifest.programs.length} programs (${changed} changed by a fix level) in ${dir}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
