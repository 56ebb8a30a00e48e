import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes a file whole or not at all (a temp file renamed over it), one write at a time per file in
 * this process. Two writers of one file, e.g. an encoder's old packager run still finishing while its
 * reconnect's new run starts, used to share one temp name (`<file>.<pid>.tmp`): one renamed it away
 * under the other, whose rename failed with ENOENT and, unhandled, brought the server down on show
 * night (e2e show-night, 28 Nov). Each write now has its own temp name and follows the one before.
 */
let sequence = 0;
const chains = new Map<string, Promise<void>>();

export function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  const previous = chains.get(file) ?? Promise.resolve();
  const next = previous
    .catch(() => {})
    .then(async () => {
      await mkdir(path.dirname(file), { recursive: true });
      sequence += 1;
      const tmp = `${file}.${process.pid}.${sequence}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, file);
    });
  chains.set(file, next);
  next
    .finally(() => {
      if (chains.get(file) === next) chains.delete(file);
    })
    .catch(() => {});
  return next;
}
