import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '../src/db/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string;
  }
}

/**
 * Migrates once per run: a PGlite data dir dumped to a file (each test file loads it in ~1 s instead
 * of creating a database in ~5 s), or, with TEST_DATABASE_URL, a template database that each test
 * file copies with CREATE DATABASE ... TEMPLATE.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureMedia();
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `encore_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const tplUrl = new URL(url);
    tplUrl.pathname = `/${template}`;
    const db = new Kysely({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: tplUrl.toString(), max: 1 }) }),
    });
    await migrateToLatest(db);
    await db.destroy();
    project.provide('pgTemplate', template);
    project.provide('pgliteDump', '');
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'encore-test-'));
  const client = await PGlite.create();
  const handle = await openDatabase({ pglite: client });
  await migrateToLatest(handle.db);
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteDump', file);
  project.provide('pgTemplate', '');
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** The cache format the tests need (scripts/generate-media.mjs FORMAT): 2 brought DASH. */
const MEDIA_FORMAT = 2;

function cachedFormat(): number {
  try {
    const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'media-cache', 'manifest.json'), 'utf8'));
    return Number(manifest.format);
  } catch {
    return 0;
  }
}

/**
 * The video tests decrypt real segments of the demo media: generate it when the cache is missing or
 * of an older format (a few minutes, once; a complete cache is left alone). MEDIA_DIR pointing
 * elsewhere is the caller's to fill.
 */
function ensureMedia(): void {
  if (process.env.MEDIA_DIR || cachedFormat() >= MEDIA_FORMAT) return;
  const res = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/generate-media.mjs')], {
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error('scripts/generate-media.mjs failed: the demo media is missing');
}
