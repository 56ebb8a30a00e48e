/// <reference path="../types/fs-native-extensions.d.ts" />
import { closeSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { tryLock, unlock } from 'fs-native-extensions';

/** Who holds a data directory, as its owner wrote it into the lock file. */
type Holder = { pid: number; started_at: string; command: string };

function holderOf(file: string): Holder | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof parsed.pid === 'number' ? (parsed as Holder) : null;
  } catch {
    return null;
  }
}

export class DataDirInUseError extends Error {}

/**
 * One owner per data directory (issue 12): PGlite is one process's database, and two processes
 * writing one folder lose acknowledged writes and can leave it unreadable. The owner holds an
 * exclusive OS lock on DATA_DIR/encore.lock (an open-file-description lock on Linux, flock on macOS,
 * LockFileEx on Windows) for as long as it runs. The kernel drops the lock when the process dies,
 * however it dies, so a kill -9 never leaves a stale lock, and a reused pid cannot look like an owner.
 * Anyone else, server or tool, is refused with the owner's pid; nobody takes over a live owner.
 * The file stays after release: deleting a lock file races with the next opener.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, 'encore.lock');
  const fd = openSync(file, 'a+');
  let locked = false;
  try {
    locked = tryLock(fd);
  } finally {
    if (!locked) closeSync(fd);
  }
  if (!locked) {
    const holder = holderOf(file);
    const who = holder
      ? `process ${holder.pid} (${holder.command}, started ${holder.started_at})`
      : 'another process';
    const stopIt = holder ? `stop it first (kill ${holder.pid}, or Ctrl-C in its terminal)` : 'stop it first';
    throw new DataDirInUseError(
      `The data directory ${dir} is in use by ${who}. Only one process may open it: ${stopIt}, ` +
        'or give this one another DATA_DIR. A tool can use the HTTP API of the running server instead.',
    );
  }
  const holder: Holder = {
    pid: process.pid,
    started_at: new Date().toISOString(),
    command: path.basename(process.argv[1] ?? process.argv0),
  };
  ftruncateSync(fd);
  writeSync(fd, `${JSON.stringify(holder)}\n`, 0);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    unlock(fd);
    closeSync(fd);
  };
}
