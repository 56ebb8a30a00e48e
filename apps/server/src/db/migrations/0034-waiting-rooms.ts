import { type Kysely, sql } from 'kysely';

/**
 * The waiting room's host settings per show (issue 28, docs/decisions.md "The waiting room"). A show
 * without a row has the defaults. `counters` holds a single node's lines (RoomCounters per window),
 * written once a second, so that a restarted node resumes them; a cluster keeps them in Redis.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('waiting_rooms')
    .addColumn('show_id', 'integer', (c) => c.primaryKey().references('shows.id').onDelete('cascade'))
    .addColumn('rate_per_second', 'double precision', (c) => c.notNull())
    .addColumn('max_active', 'integer', (c) => c.notNull())
    .addColumn('policy', 'text', (c) => c.notNull().check(sql`policy in ('arrival', 'random')`))
    .addColumn('paused', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('prequeue_minutes', 'integer', (c) => c.notNull())
    .addColumn('counters', 'jsonb')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('waiting_rooms').execute();
}
