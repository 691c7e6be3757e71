// Waits for a file on disk to reach some content, woken by file-system events rather than a clock.
import { watch } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';

async function readOrEmpty(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return '';
  }
}

/** Resolves with the file's text once `accept` holds for it; rejects after `timeoutMs`. */
export async function waitForFileText(path: string, accept: (text: string) => boolean, timeoutMs: number): Promise<string> {
  const initial = await readOrEmpty(path);
  if (accept(initial)) return initial;
  // The folder is watched, not the file: an editor may save by replacing the file.
  const watcher = watch(dirname(path));
  try {
    return await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(async () => {
        reject(new Error(`${path} did not reach the expected content within ${timeoutMs} ms; it reads:\n${await readOrEmpty(path)}`));
      }, timeoutMs);
      const check = async (): Promise<void> => {
        const text = await readOrEmpty(path);
        if (!accept(text)) return;
        clearTimeout(timer);
        resolve(text);
      };
      watcher.on('change', (_event, changed) => {
        if (changed === null || String(changed) === basename(path)) void check();
      });
      watcher.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      // A write between the first read and the watch start would otherwise go unseen.
      void check();
    });
  } finally {
    watcher.close();
  }
}
