// Writes a fixed file so that nothing is ever lost or taken over: the new text goes to a temporary
// file next to the original with the original's mode and owner, is flushed to disk, and is renamed
// over it in one step, only if the file on disk is still the one that was read. A full disk, a size
// limit or a kill half way leaves the original as it was; a temporary file a kill left behind is
// removed by the next write in that folder.
//
// Refused, with the reason: a link out of the checked folders, a read-only file, a file of another
// user (the rename would make it ours), a file with hard links (the rename would separate them), a
// file whose owner or group cannot be kept, and a file that changed since it was read.
import { createHash, randomBytes } from 'node:crypto';
import {
  accessSync,
  closeSync,
  constants,
  fchmodSync,
  fchownSync,
  fstatSync,
  fsyncSync,
  lstatSync,
  openSync,
  readdirSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
  type Stats,
} from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, isAbsolute, join, relative } from 'node:path';
import { readRegularFile } from './read-regular-file';

export class RefusedWrite extends Error {}

/** The file as it was read: the write goes ahead only if it is still so. */
export interface ReadSnapshot {
  bytes: Uint8Array;
  dev: number;
  ino: number;
}

/** True when `path` is `root` or inside it. */
function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

const currentUid = (): number | undefined => (typeof process.getuid === 'function' ? process.getuid() : undefined);

/**
 * The real file to write for `path`, or a RefusedWrite: a link that leads out of every folder being
 * checked, a read-only file (judged by its mode bits, so running as root changes nothing), a file the
 * user may not write, one owned by someone else, and one with other hard links.
 */
export function writableTarget(path: string, roots: readonly string[]): { target: string; stats: Stats } {
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
  const stats = statSync(real);
  if ((stats.mode & 0o222) === 0) throw new RefusedWrite('read-only file: not written');
  const uid = currentUid();
  if (uid !== undefined && uid !== 0) {
    try {
      accessSync(real, constants.W_OK);
    } catch {
      throw new RefusedWrite('you may not write this file: not written');
    }
    // Replacing it would make the new file ours: the owner would lose it.
    if (stats.uid !== uid) throw new RefusedWrite(`owned by another user (uid ${stats.uid}); replacing it would make it yours: not written`);
  }
  if (stats.nlink > 1) throw new RefusedWrite(`has ${stats.nlink} hard links; replacing it would separate them: not written`);
  return { target: real, stats };
}

/** Temporary files this process has open, removed if it exits before renaming them. */
const inFlight = new Set<string>();
let exitHookInstalled = false;

function removeInFlight(): void {
  for (const temporary of inFlight) {
    try {
      unlinkSync(temporary);
    } catch {
      // Gone already.
    }
  }
  inFlight.clear();
}

/** Names this machine in temporary names, so that a folder shared between machines is cleaned only by its own. */
const HOST_TAG = createHash('sha256').update(hostname()).digest('hex').slice(0, 8);
const TEMPORARY_NAME = /^\..+\.oomlint-([0-9a-f]{8})-(\d+)-[0-9a-f]{8}\.tmp$/;

function temporaryName(target: string): string {
  return join(dirname(target), `.${basename(target)}.oomlint-${HOST_TAG}-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Folders whose leftovers this process has looked for already. */
const cleanedFolders = new Set<string>();

/**
 * Removes temporary files of this tool's naming that a killed run left in `folder`: only regular
 * files, of this user, made on this machine by a process that no longer runs.
 */
export function removeStaleTemporaries(folder: string): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return removed;
  }
  const uid = currentUid();
  for (const name of names) {
    const match = TEMPORARY_NAME.exec(name);
    if (!match || match[1] !== HOST_TAG) continue;
    const pid = Number(match[2]);
    if (pid === process.pid || isRunning(pid)) continue;
    const path = join(folder, name);
    try {
      const stats = lstatSync(path);
      if (!stats.isFile() || (uid !== undefined && stats.uid !== uid)) continue;
      unlinkSync(path);
      removed.push(path);
    } catch {
      // Gone meanwhile, or not ours to remove.
    }
  }
  return removed;
}

/** Whether the file at `target` is still the one in `snapshot`. */
function unchangedSince(target: string, snapshot: ReadSnapshot): boolean {
  const stats = statSync(target);
  if (stats.dev !== snapshot.dev || stats.ino !== snapshot.ino || stats.size !== snapshot.bytes.length) return false;
  const now = readRegularFile(target, snapshot.bytes.length);
  return now.ok && Buffer.compare(now.bytes, snapshot.bytes) === 0;
}

/**
 * Replaces `path` with `text` (UTF-8). `snapshot` is the file as it was read: when given, the write
 * happens only if the file is still that (checked again just before the rename).
 */
export function writeFileAtomic(path: string, text: string, roots: readonly string[] = [], snapshot?: ReadSnapshot): void {
  const { target, stats } = writableTarget(path, roots);
  const folder = dirname(target);
  if (!cleanedFolders.has(folder)) {
    cleanedFolders.add(folder);
    removeStaleTemporaries(folder);
  }
  if (snapshot && !unchangedSince(target, snapshot)) throw new RefusedWrite('changed on disk while oomlint was fixing it: not written; run the fix again');
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', removeInFlight);
  }
  const temporary = temporaryName(target);
  const bytes = Buffer.from(text, 'utf8');
  let renamed = false;
  inFlight.add(temporary);
  try {
    const fd = openSync(temporary, 'wx', 0o600);
    try {
      // The mode as it was, not as the umask would have it.
      fchmodSync(fd, stats.mode & 0o7777);
      keepOwner(fd, stats);
      for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset, bytes.length - offset);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (snapshot && !unchangedSince(target, snapshot)) throw new RefusedWrite('changed on disk while oomlint was fixing it: not written; run the fix again');
    renameSync(temporary, target);
    renamed = true;
    syncFolder(folder);
  } finally {
    if (!renamed) {
      try {
        unlinkSync(temporary);
      } catch {
        // Never created, or already gone.
      }
    }
    inFlight.delete(temporary);
  }
}

/** The new file gets the original's owner and group, or the write is refused (a file must not change hands). */
function keepOwner(fd: number, original: Stats): void {
  const uid = currentUid();
  if (uid === undefined) return;
  const mine = fstatSync(fd);
  if (mine.uid === original.uid && mine.gid === original.gid) return;
  try {
    // Root keeps both; a user can keep the group when they belong to it.
    fchownSync(fd, uid === 0 ? original.uid : -1, original.gid);
  } catch {
    throw new RefusedWrite(`its group (gid ${original.gid}) could not be kept: not written`);
  }
  // The mode again: changing the owner clears set-user-ID and set-group-ID bits.
  fchmodSync(fd, original.mode & 0o7777);
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
