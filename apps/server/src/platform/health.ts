import type { Db } from '../db/database.ts';
import type { Redis } from './redis.ts';

/** A health probe answers within this, whatever hangs behind it. */
const PROBE_MS = 1500;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('probe timed out')), ms).unref()),
  ]);
}

/** The parts of the node that do not work now, for /healthz (empty: healthy). */
export async function failingParts(
  db: Db,
  redis: Redis | undefined,
  storageFull: () => Promise<boolean> = async () => false,
): Promise<string[]> {
  const [database, cache, full] = await Promise.all([
    within(PROBE_MS, db.selectFrom('users').select('id').limit(1).execute()).then(
      () => true,
      () => false,
    ),
    !redis
      ? Promise.resolve(true)
      : redis.status !== 'ready'
        ? Promise.resolve(false)
        : within(PROBE_MS, redis.ping()).then(
            () => true,
            () => false,
          ),
    within(PROBE_MS, storageFull()).catch(() => false),
  ]);
  return [...(database ? [] : ['database']), ...(cache ? [] : ['redis']), ...(full ? ['storage'] : [])];
}
