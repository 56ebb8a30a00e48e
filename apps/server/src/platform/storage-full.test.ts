import { spawnSync } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { auth, createUser, login, STRONG_PASSWORD, uniqueIdentity } from '../../test/factories.ts';
import { sweepTempFiles } from '../adapters/storage/storage.ts';
import { buildApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase, PGLITE_OPTIONS } from '../db/database.ts';
import { isStorageFull } from './storage-full.ts';

// A 1x1 transparent PNG, made unique per upload by a trailing chunk of bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const image = (n: number) => Buffer.concat([PNG, Buffer.alloc(64 * 1024, n)]);

/**
 * The whole node on a small disk of its own (issue 29): DATA_DIR, its PGlite database and its uploads
 * on a tmpfs the test mounts, then filled to the last byte.
 */
const mountPoint = await mkdtemp(path.join(tmpdir(), 'encore-fulldisk-'));
const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', mountPoint]).status === 0;
if (!mounted) {
  console.log(`SKIP: a full disk: cannot mount a tmpfs at ${mountPoint} (needs root)`);
  await rm(mountPoint, { recursive: true, force: true });
}

const filler = path.join(mountPoint, 'filler');

/** Writes until the disk refuses even a single byte. */
function fillDisk(): void {
  const fd = openSync(filler, 'a');
  try {
    for (const size of [1 << 20, 4096, 1]) {
      const chunk = Buffer.alloc(size, 1);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (err) {
        expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
      }
    }
  } finally {
    closeSync(fd);
  }
}

describe.skipIf(!mounted)('a full disk (DATA_DIR on a 64 MB tmpfs, filled)', () => {
  let app: FastifyInstance;
  let handle: DatabaseHandle;
  let host: Record<string, string>;
  const uploadsDir = path.join(mountPoint, 'uploads');

  beforeAll(async () => {
    await mkdir(path.join(mountPoint, 'pg'));
    const dumpFile = inject('pgliteDump');
    const client = await PGlite.create(path.join(mountPoint, 'pg'), {
      ...PGLITE_OPTIONS,
      ...(dumpFile ? { loadDataDir: new Blob([await readFile(dumpFile)]) } : {}),
    });
    if (!dumpFile) {
      const migrating = await openDatabase({ pglite: client });
      await migrateToLatest(migrating.db);
    }
    await client.close();
    // A writer killed mid-upload left these before this start: a dead pid's and an old-style name.
    await mkdir(uploadsDir);
    await writeFile(path.join(uploadsDir, `.${'a'.repeat(64)}.png.999999999.tmp`), 'half');
    await writeFile(path.join(uploadsDir, `.${'b'.repeat(64)}.png.999999998.0123abcd.tmp`), 'half');
    handle = await openDatabase({ dataDir: mountPoint });
    const config = parseConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://encore.test',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      DATA_DIR: mountPoint,
    });
    app = await buildApp(config, { database: handle, redis: null, keyPrefix: 'fulldisk:', logger: false });
    await app.ready();
    host = auth(await login(app, (await createUser(handle.db, { role: 'host' })).email));
  }, 60_000);

  afterAll(async () => {
    if (!mounted) return;
    await unlink(filler).catch(() => {});
    await app?.close();
    // PGlite may abort on a checkpoint that met the full disk: the test is over by then.
    await handle?.close().catch(() => {});
    spawnSync('umount', ['-l', mountPoint]);
    await rm(mountPoint, { recursive: true, force: true });
  });

  const upload = (bytes: Buffer) =>
    app.inject({
      method: 'POST',
      url: '/thor/host/uploads',
      headers: { ...host, 'content-type': 'image/png' },
      payload: bytes,
    });
  let registrations = 0;
  const register = () => {
    const id = uniqueIdentity();
    registrations += 1;
    return app.inject({
      method: 'POST',
      url: '/thor/auth/email_register/',
      payload: { ...id, password1: STRONG_PASSWORD, password2: STRONG_PASSWORD },
      // An address each: the per-address registration budget is not under test.
      remoteAddress: `10.29.${Math.floor(registrations / 250)}.${registrations % 250}`,
    });
  };
  const tempFiles = async () => (await readdir(uploadsDir)).filter((n) => n.endsWith('.tmp'));

  it('at start the unfinished upload files of dead writers are swept', async () => {
    expect(await tempFiles()).toEqual([]);
  });

  it('uploads and registrations answer 507 INSUFFICIENT_STORAGE, leave no temp file, and /healthz says so', async () => {
    expect((await upload(image(1))).statusCode).toBe(201);
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    fillDisk();

    const refused = await upload(image(2));
    expect(refused.statusCode, refused.body).toBe(507);
    expect(refused.json()).toMatchObject({ code: 'INSUFFICIENT_STORAGE' });
    expect(refused.json().message).toMatch(/nothing was saved/);
    expect(refused.headers['retry-after']).toBe('60');
    expect(await tempFiles()).toEqual([]);

    // A registration writes rows until a table needs a new page: each answer is 201 or 507, never 500.
    const statuses: number[] = [];
    for (let i = 0; i < 60 && !statuses.includes(507); i += 1) statuses.push((await register()).statusCode);
    expect(statuses.filter((s) => s !== 201 && s !== 507)).toEqual([]);
    expect(statuses).toContain(507);

    const health = await app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'degraded', failing: ['storage'] });
    // Liveness has no I/O behind it: the balancer keeps the node, which still serves every read.
    expect((await app.inject({ url: '/livez' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/thor/auth/user/', headers: host })).statusCode).toBe(200);

    // Room again: the next upload is stored.
    await unlink(filler);
    expect((await upload(image(3))).statusCode).toBe(201);
  });
});

describe('isStorageFull', () => {
  it('knows ENOSPC, EDQUOT, PostgreSQL 53100 and PGlite’s words, also wrapped; nothing else', () => {
    expect(isStorageFull(Object.assign(new Error('write'), { code: 'ENOSPC' }))).toBe(true);
    expect(isStorageFull(Object.assign(new Error('write'), { code: 'EDQUOT' }))).toBe(true);
    expect(isStorageFull({ code: '53100', message: 'x' })).toBe(true);
    expect(isStorageFull(new Error('could not extend file "base/1/16385": No space left on device'))).toBe(
      true,
    );
    expect(isStorageFull(new Error('insert failed', { cause: { code: 'ENOSPC' } }))).toBe(true);
    expect(isStorageFull(Object.assign(new Error('gone'), { code: 'ENOENT' }))).toBe(false);
    expect(isStorageFull(null)).toBe(false);
  });

  it('the sweep keeps a live writer’s recent temp file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'encore-sweep-'));
    try {
      // pid 1 is alive on every system.
      const live = `.${'c'.repeat(64)}.png.1.tmp`;
      const dead = `.${'d'.repeat(64)}.png.999999997.tmp`;
      await writeFile(path.join(dir, live), 'x');
      await writeFile(path.join(dir, dead), 'x');
      await writeFile(path.join(dir, 'other.tmp'), 'x');
      expect(await sweepTempFiles(dir)).toEqual([dead]);
      expect((await readdir(dir)).sort()).toEqual([live, 'other.tmp'].sort());
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
