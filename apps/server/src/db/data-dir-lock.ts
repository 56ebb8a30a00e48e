import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ownerOf(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * PGlite is one process's database: a tool opening the folder while the server runs (the import CLI)
 * would corrupt it. The server records its pid in a lock file and always takes the folder (a pid left
 * by a crash must never keep it from starting); a tool (`takeOver: false`) refuses while that pid is
 * alive. Answers the release function, which leaves a lock someone else has taken since alone.
 */
export class DataDirInUseError extends Error {}

export function lockDataDir(dir: string, opts: { takeOver: boolean }): () => void {
  const file = path.join(dir, 'encore.lock');
  const owner = ownerOf(file);
  if (!opts.takeOver && owner !== null && owner !== process.pid && isAlive(owner)) {
    throw new DataDirInUseError(
      `The database in ${dir} is in use by process ${owner} (a running Encore server?). ` +
        'Stop it first, or use the HTTP API.',
    );
  }
  writeFileSync(file, String(process.pid));
  return () => {
    if (ownerOf(file) === process.pid) rmSync(file, { force: true });
  };
}
