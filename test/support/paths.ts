import { join } from 'node:path';

/** Repository root, from out/test/support/ where the compiled tests run. */
export const REPO_ROOT = join(__dirname, '..', '..', '..');
export const GRAMMAR_DIR = join(REPO_ROOT, 'grammars');
export const FIXTURES_DIR = join(REPO_ROOT, 'test', 'fixtures');
