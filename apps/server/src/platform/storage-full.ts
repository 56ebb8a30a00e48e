import { unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../errors.ts';

/** Node's codes for a full disk and a spent quota. */
const FULL_ERRNOS = new Set(['ENOSPC', 'EDQUOT']);
/** PostgreSQL's SQLSTATE disk_full (class 53, insufficient resources). */
const PG_DISK_FULL = '53100';
/** PGlite and PostgreSQL say it in words too ("could not extend file ...: No space left on device"). */
const FULL_TEXT = /could not extend file|no space left on device|disk quota exceeded|disk full/i;

/** True when the error (or one it wraps) says the disk or quota is full. */
export function isStorageFull(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (FULL_ERRNOS.has(code) || code === PG_DISK_FULL)) return true;
    if (typeof message === 'string' && FULL_TEXT.test(message)) return true;
    e = cause;
  }
  return false;
}

/** Seconds a client is asked to wait before trying a write again. */
export const STORAGE_RETRY_SECONDS = 60;

/** The answer to a write the disk had no room for: 507, nothing saved, try later (never a bare 500). */
export const storageFull = () =>
  new AppError(
    'INSUFFICIENT_STORAGE',
    507,
    'The server has no room to save this right now, so nothing was saved. Please try again later.',
    { retryAfter: STORAGE_RETRY_SECONDS },
  );

/** A full-disk answer counts against /healthz this long, also when the probe cannot see that disk. */
const REMEMBER_MS = 30_000;
/** The probe writes a page's worth, as a real write would need. */
const PROBE_BYTES = 4096;
/** One probe answers the health checks of this long. */
const PROBE_EVERY_MS = 5000;

/**
 * Does this node have room to write? For /healthz (docs/decisions.md "a full disk"): a small file is
 * written to and removed from DATA_DIR, and a full-disk error answered to a request (PostgreSQL's disk
 * may be another machine's) counts for REMEMBER_MS.
 */
export function createStorageHealth(opts: { dir: string; now?: () => number }) {
  const now = opts.now ?? Date.now;
  let lastFullAt = Number.NEGATIVE_INFINITY;
  let probe: { at: number; full: Promise<boolean> } | null = null;
  const file = path.join(opts.dir, `.healthz-probe.${process.pid}`);

  async function probeFull(): Promise<boolean> {
    try {
      // A DATA_DIR not made yet is no full disk (ENOENT): nothing is created for a probe.
      await writeFile(file, Buffer.alloc(PROBE_BYTES));
      return false;
    } catch (err) {
      return isStorageFull(err);
    } finally {
      await unlink(file).catch(() => {});
    }
  }

  return {
    /** A request's write failed for want of room. */
    noteFull(): void {
      lastFullAt = now();
    },
    /** True while writes fail for want of room. */
    async full(): Promise<boolean> {
      if (now() - lastFullAt < REMEMBER_MS) return true;
      if (!probe || now() - probe.at >= PROBE_EVERY_MS) probe = { at: now(), full: probeFull() };
      return probe.full;
    },
  };
}

export type StorageHealth = ReturnType<typeof createStorageHealth>;
