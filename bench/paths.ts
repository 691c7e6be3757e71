// Where things are, computed from the compiled file's location (out/bench/ in the repository).
import { join } from 'node:path';

export const REPO_ROOT = join(__dirname, '..', '..');
export const BENCH_ROOT = join(REPO_ROOT, 'bench');
export const GRAMMAR_DIR = join(REPO_ROOT, 'grammars');
export const CLI_BUNDLE = join(REPO_ROOT, 'dist', 'cli.js');
export const SERVER_BUNDLE = join(REPO_ROOT, 'dist', 'server.js');
