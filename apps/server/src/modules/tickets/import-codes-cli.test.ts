import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { showEntity } from '../../../test/factories.ts';
import { createExternalTestDatabase, type ExternalTestDatabase } from '../../../test/harness.ts';
import { createShowsRepo } from '../shows/shows.repo.ts';
import { runImportCodes } from './import-codes-cli.ts';

const run = promisify(execFile);
const CLI = path.join(import.meta.dirname, 'import-codes-cli.ts');

let ext: ExternalTestDatabase;
let dir: string;
const show = showEntity();

beforeAll(async () => {
  ext = await createExternalTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'encore-csv-'));
  const handle = await ext.open();
  await createShowsRepo(handle.db).insert(show);
  await handle.close();
});
afterAll(async () => {
  await ext?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The CLI's function in this process: starting PGlite in a new process costs seconds. */
async function inProcess(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runImportCodes(
    args,
    { LOG_LEVEL: 'silent', ...ext.env },
    {
      out: (t) => {
        stdout += t;
      },
      err: (t) => {
        stderr += t;
      },
    },
  );
  return { code, stdout, stderr };
}

/** Runs the real CLI in its own process, as `npm run import-codes` does. */
async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...ext.env };
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { env, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function csvFile(name: string, text: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, text);
  return file;
}

describe('import-codes CLI', () => {
  it('imports a file, prints {imported, errors}, exits 0; the same file again is refused with exit 1', async () => {
    const file = await csvFile(
      'good.csv',
      'code,email,vendor,attributes\ncli-0001,A@B.co,encore,"{""type"":""GA"",""4K"":true}"\nCLI-0002,c@d.co,ticketshop,\n',
    );
    const first = await cli([show.slug, file]);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({ imported: 2, errors: [] });

    const again = await inProcess([show.slug, file]);
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stdout)).toEqual({
      imported: 0,
      errors: [
        { line: 2, message: 'code "CLI-0001" already exists for this show' },
        { line: 3, message: 'code "CLI-0002" already exists for this show' },
      ],
    });

    const handle = await ext.open();
    const rows = await handle.db
      .selectFrom('booking_codes')
      .select(['code', 'email', 'attributes'])
      .orderBy('code')
      .execute();
    await handle.close();
    expect(rows).toEqual([
      { code: 'CLI-0001', email: 'a@b.co', attributes: { type: 'GA', '4K': true } },
      { code: 'CLI-0002', email: 'c@d.co', attributes: {} },
    ]);
  }, 60_000);

  it('an unknown show or a missing argument exits non-zero', async () => {
    const file = await csvFile('one.csv', 'code,email,vendor,attributes\nCLI-0009,a@b.co,encore,{}\n');
    const unknown = await inProcess(['no-such-show', file]);
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stdout)).toEqual({
      imported: 0,
      errors: [{ line: 0, message: 'Show not found.' }],
    });
    const usage = await cli([show.slug]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/Usage/);
  }, 60_000);
});
