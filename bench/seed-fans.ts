/**
 * Seeds a doors-open crowd for bench/doors-open.mjs: one show whose doors are open, and N fans,
 * each with a ticket and an auth token of a known key, written in batches straight into the
 * database (registering through the API would spend ~50 ms of Argon2 per fan).
 *
 * Runs BEFORE the server starts: with PGlite the server then holds DATA_DIR alone.
 *   DATA_DIR=/tmp/x node bench/seed-fans.ts 2000        (or DATABASE_URL=postgres://...)
 * Prints one JSON line: { slug, paidEventName, channelId, fans, keyPrefix }; fan i's key is the prefix and i
 * padded to 7 digits.
 */
import { randomBytes } from 'node:crypto';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.ts';
import { createShowsRepo } from '../apps/server/src/modules/shows/shows.repo.ts';
import { hashSecret } from '../apps/server/src/platform/tokens.ts';
import { demoShows } from '../apps/server/src/seed/demo-shows.ts';

const BATCH = 1000;
const MAX_FANS = 200_000;

/** Fan i's auth token key; doors-open.mjs builds the same keys. */
function keyFor(prefix: string, i: number): string {
  return `${prefix}${String(i).padStart(7, '0')}`;
}

const fans = Number(process.argv[2] ?? 2000);
if (!Number.isInteger(fans) || fans < 1 || fans > MAX_FANS) {
  process.stderr.write(`fans must be 1..${MAX_FANS}\n`);
  process.exit(2);
}

const tag = randomBytes(4).toString('hex');
const handle = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR,
});
try {
  await migrateToLatest(handle.db);
  const db = handle.db;
  const [template] = demoShows(new Date());
  if (!template) throw new Error('no demo show to copy');
  const idBase = 100_000 + (Number.parseInt(tag.slice(0, 4), 16) % 100_000);
  const show = await createShowsRepo(db).insert({
    ...template,
    slug: `bench-${tag}`,
    paid_event_name: `BENCH_${tag.toUpperCase()}`,
    paid_event_id: idBase,
    channel_id: idBase,
  });

  const keyPrefix = `bench_${tag}_`;
  for (let start = 0; start < fans; start += BATCH) {
    const ids = Array.from({ length: Math.min(BATCH, fans - start) }, (_, k) => start + k);
    await db.transaction().execute(async (tx) => {
      const users = await tx
        .insertInto('users')
        .values(
          ids.map((i) => ({
            email: `fan${i}.${tag}@bench.test`,
            username: `b${tag}${i}`,
            password_hash: null,
            email_verified: true,
          })),
        )
        .returning('id')
        .execute();
      await tx
        .insertInto('auth_tokens')
        .values(
          users.map((u, k) => ({
            user_id: u.id,
            token_hash: hashSecret(keyFor(keyPrefix, ids[k] ?? 0)),
            user_agent: 'bench',
          })),
        )
        .execute();
      await tx
        .insertInto('tickets')
        .values(
          users.map((u) => ({
            user_id: u.id,
            show_id: show.id,
            source: 'grant' as const,
            attributes: JSON.stringify({ type: 'GA' }),
          })),
        )
        .execute();
    });
  }
  process.stdout.write(
    `${JSON.stringify({ slug: show.slug, paidEventName: show.paid_event_name, channelId: show.channel_id, fans, keyPrefix })}\n`,
  );
} finally {
  await handle.close();
}
