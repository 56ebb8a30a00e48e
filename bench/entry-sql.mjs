/**
 * The database's share of a doors-open entry: calls encore_enter (migrations 0023, 0024) straight
 * from a pool, in batches, as the devices service's batcher does, and reports the CPU of the
 * PostgreSQL backends per entry (from /proc: run it on the database's machine).
 *
 *   node bench/entry-sql.mjs <database url> <batch size> <batches in flight> <batches>
 *
 * The database must hold seeded fans (bench/seed-fans.ts); each entry takes the next ticket.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { cpuSeconds } from './processes.mjs';

const [url, batchArg, concArg, countArg] = process.argv.slice(2);
if (!url) {
  console.error('usage: node bench/entry-sql.mjs <database url> <batch size> <in flight> <batches>');
  process.exit(2);
}
const batch = Number(batchArg ?? 12);
const conc = Number(concArg ?? 4);
const batches = Number(countArg ?? 400);
const pool = new pg.Pool({ connectionString: url, max: conc });
const { rows: tickets } = await pool.query(
  `select t.id, t.user_id, t.show_id,
     (select a.id from auth_tokens a where a.user_id = t.user_id limit 1) as token
   from tickets t order by t.id`,
);
const clients = await Promise.all(Array.from({ length: conc }, () => pool.connect()));
const pids = await Promise.all(
  clients.map(async (c) => (await c.query('select pg_backend_pid() as pid')).rows[0].pid),
);
let next = 0;
async function one(client) {
  const entries = Array.from({ length: batch }, () => tickets[next++ % tickets.length]);
  const at = new Date();
  await client.query(
    `select kind, id, ticket_id, info from encore_enter($1::uuid[], $2::int[], $3::int[], $4::int[],
       $5::int[], $6::timestamptz[], $7::timestamptz, $8::timestamptz, $9::int)`,
    [
      entries.map(() => randomUUID()),
      entries.map((e) => e.user_id),
      entries.map((e) => e.show_id),
      entries.map((e) => e.id),
      entries.map((e) => e.token),
      entries.map(() => at.toISOString()),
      at.toISOString(),
      new Date(at.getTime() - 600_000).toISOString(),
      3,
    ],
  );
}
await Promise.all(clients.map(one));
const cpu0 = cpuSeconds(pids);
const t0 = performance.now();
let started = 0;
await Promise.all(
  clients.map(async (c) => {
    while (started < batches) {
      started += 1;
      await one(c);
    }
  }),
);
const ms = performance.now() - t0;
const us = ((cpuSeconds(pids) - cpu0) * 1e6) / (started * batch);
console.log(
  `batch ${batch}, ${conc} in flight: ${Math.round((started * batch * 1000) / ms)} entries/s, ` +
    `database CPU ${us.toFixed(1)} µs per entry, ${(ms / (started / conc)).toFixed(2)} ms per batch`,
);
for (const c of clients) c.release();
await pool.end();
