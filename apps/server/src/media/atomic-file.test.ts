import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from './atomic-file.ts';

describe('writeFileAtomic', () => {
  it('many writers of one file at once: none fails, the last write wins, no temp file is left', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'encore-atomic-'));
    const file = path.join(dir, 'live', 'index.json');
    await Promise.all(Array.from({ length: 50 }, (_, i) => writeFileAtomic(file, JSON.stringify({ i }))));
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ i: 49 });
    expect(await readdir(path.dirname(file))).toEqual(['index.json']);
  });
});
