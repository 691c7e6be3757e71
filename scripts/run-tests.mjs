// Runs every compiled test file under out/test with Node's built-in runner.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function testFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return testFiles(path);
    return path.endsWith('.test.js') ? [path] : [];
  });
}

const only = process.argv.slice(2);
const files = testFiles('out/test').filter((f) => !only.length || only.some((o) => f.includes(o)));
const result = spawnSync(process.execPath, ['--test', '--test-reporter=spec', ...files], { stdio: 'inherit' });
process.exit(result.status ?? 1);
