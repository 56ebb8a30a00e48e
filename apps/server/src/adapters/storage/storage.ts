import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { UploadType } from '@encore/contract';

const EXTENSIONS: Record<UploadType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};
export const CONTENT_TYPES: Record<string, UploadType> = Object.fromEntries(
  Object.entries(EXTENSIONS).map(([type, ext]) => [ext, type as UploadType]),
);

/** A stored file's name: its content hash (the same image twice is one file) and its type's extension. */
export const UPLOAD_NAME_RE = /^[0-9a-f]{64}\.(png|jpg|webp|gif)$/;

export function uploadName(bytes: Buffer, type: UploadType): string {
  return `${createHash('sha256').update(bytes).digest('hex')}.${EXTENSIONS[type]}`;
}

/**
 * Where the control room's images go (DESIGN.md section 7: one interface, a real default): files
 * under DATA_DIR/uploads served by this app at /uploads/, or an S3-compatible bucket read through
 * its public URL (a CDN in front of it).
 */
export type Storage = {
  kind: 'local' | 's3';
  /** Stores the bytes; answers the URL browsers read them from. */
  put(bytes: Buffer, type: UploadType): Promise<string>;
  /** Local storage only: the bytes of a stored name (null: none). */
  read(name: string): Promise<Buffer | null>;
};

/** A file being written: `.<name>.<pid>.<nonce>.tmp` (no nonce before), renamed to `<name>` once whole. */
const TEMP_RE = /^\.[0-9a-f]{64}\.(png|jpg|webp|gif)\.(\d+)(\.[0-9a-f]{8})?\.tmp$/;
/** A temp file of a live process this old is left behind too (an upload takes seconds). */
const STALE_TEMP_MS = 3600_000;

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Removes the temp files a crashed or killed writer left (a full disk used to leave them for good):
 * those of processes that no longer run, of this process's pid from an earlier life, or an hour old.
 * Answers the names removed.
 */
export async function sweepTempFiles(dir: string, now = Date.now()): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const pid = Number(TEMP_RE.exec(name)?.[2] ?? Number.NaN);
    if (!Number.isInteger(pid)) continue;
    const file = path.join(dir, name);
    const old = await stat(file).then(
      (s) => now - s.mtimeMs > STALE_TEMP_MS,
      () => false,
    );
    if (pid === process.pid || !isAlive(pid) || old) {
      await unlink(file).then(
        () => removed.push(name),
        () => {},
      );
    }
  }
  return removed;
}

export function createLocalStorage(dir: string): Storage {
  return {
    kind: 'local',
    async put(bytes, type) {
      const name = uploadName(bytes, type);
      await mkdir(dir, { recursive: true });
      // Written aside and renamed: a reader never sees half a file. On any failure (a full disk) the
      // temp file goes: nothing half-written stays behind.
      const tmp = path.join(dir, `.${name}.${process.pid}.${randomUUID().slice(0, 8)}.tmp`);
      try {
        await writeFile(tmp, bytes);
        await rename(tmp, path.join(dir, name));
      } catch (err) {
        await unlink(tmp).catch(() => {});
        throw err;
      }
      return `/uploads/${name}`;
    },
    async read(name) {
      if (!UPLOAD_NAME_RE.test(name)) return null;
      try {
        return await readFile(path.join(dir, name));
      } catch {
        return null;
      }
    },
  };
}

export function createS3Storage(opts: {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  publicUrl: string;
}): Storage {
  const client = new S3Client({
    region: opts.region,
    ...(opts.endpoint ? { endpoint: opts.endpoint, forcePathStyle: true } : {}),
  });
  return {
    kind: 's3',
    async put(bytes, type) {
      const name = uploadName(bytes, type);
      await client.send(
        new PutObjectCommand({
          Bucket: opts.bucket,
          Key: `uploads/${name}`,
          Body: bytes,
          ContentType: type,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
      return `${opts.publicUrl}/uploads/${name}`;
    },
    async read() {
      return null;
    },
  };
}

/** The first bytes of each image type: a file must be what its Content-Type says. */
export function looksLike(bytes: Buffer, type: UploadType): boolean {
  const starts = (...b: number[]) => b.every((x, i) => bytes[i] === x);
  switch (type) {
    case 'image/png':
      return starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    case 'image/jpeg':
      return starts(0xff, 0xd8, 0xff);
    case 'image/gif':
      return (
        bytes.subarray(0, 6).toString('latin1') === 'GIF87a' ||
        bytes.subarray(0, 6).toString('latin1') === 'GIF89a'
      );
    case 'image/webp':
      return (
        bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
        bytes.subarray(8, 12).toString('latin1') === 'WEBP'
      );
  }
}
