// Writes a fixed file so that nothing is ever lost: the new text goes to a temporary file next to
// the original, is flushed to disk, and then renamed over it in one step. A full disk, a size limit
// or a kill half way leaves the original as it was.
import { randomBytes } from 'node:crypto';
import { chownSync, closeSync, fsyncSync, openSync, realpathSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join, relative, isAbsolute } from 'node:path';

export class RefusedWrite extends Error {}

/** True when `path` is `root` or inside it. */
function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * The real file to write for `path`, or a RefusedWrite: a link that leads out of every folder being
 * checked, and a read-only file (judged by its mode bits, so running as root changes nothing).
 */
export function writableTarget(path: string, roots: readonly string[]): string {
  const real = realpathSync(path);
  const realRoots = roots.map((r) => {
    try {
      return realpathSync(r);
    } catch {
      return r;
    }
  });
  if (realRoots.length && !realRoots.some((root) => isInside(root, real))) {
    throw new RefusedWrite(`links to ${real}, outside the checked folders: not written`);
  }
  const mode = statSync(real).mode;
  if ((mode & 0o222) === 0) throw new RefusedWrite('read-only file: not written');
  return real;
}

export function writeFileAtomic(path: string, text: string, roots: readonly string[] = []): void {
  const target = writableTarget(path, roots);
  const stats = statSync(target);
  const temporary = join(dirname(target), `.${basename(target)}.oomlint-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  const bytes = Buffer.from(text, 'utf8');
  let renamed = false;
  try {
    const fd = openSync(temporary, 'wx', stats.mode & 0o7777);
    try {
      for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset, bytes.length - offset);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (typeof process.getuid === 'function' && process.getuid() === 0 && (stats.uid !== 0 || stats.gid !== 0)) {
      // Root writing someone else's file keeps it theirs.
      chownSync(temporary, stats.uid, stats.gid);
    }
    renameSync(temporary, target);
    renamed = true;
    syncFolder(dirname(target));
  } finally {
    if (!renamed) {
      try {
        unlinkSync(temporary);
      } catch {
        // Never created, or already gone.
      }
    }
  }
}

/** Makes the rename itself durable; some filesystems cannot, which is not worth failing for. */
function syncFolder(folder: string): void {
  try {
    const fd = openSync(folder, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Best effort.
  }
}
