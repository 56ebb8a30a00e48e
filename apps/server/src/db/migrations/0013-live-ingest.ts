import { type Kysely, sql } from 'kysely';

/**
 * Live ingest (issue 11). `ingest_streams`: one row per pushed stream of a show (angles, fan wall,
 * 4K) with its stream key, stored as a lookup id plus the SHA-256 of its secret (the key is shown to
 * the host once, when made), and the AES-128 key that encrypts its segments (handed out only by the
 * key route behind the DRM token, like the demo's). `show_broadcasts`: the show's lifecycle once it
 * takes live ingest.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('show_broadcasts')
    .addColumn('show_id', 'integer', (c) => c.primaryKey().references('shows.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`state in ('pending', 'live', 'ended', 'replay')`),
    )
    .addColumn('ladder', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('live_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('ingest_streams')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('show_id', 'integer', (c) => c.notNull().references('shows.id').onDelete('cascade'))
    .addColumn('stream', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull().unique())
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('key_hint', 'text', (c) => c.notNull())
    .addColumn('key_created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('media_key_id', 'text', (c) => c.notNull())
    .addColumn('media_key', 'text', (c) => c.notNull())
    .addColumn('media_iv', 'text', (c) => c.notNull())
    .addUniqueConstraint('ingest_streams_show_stream', ['show_id', 'stream'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ingest_streams').execute();
  await db.schema.dropTable('show_broadcasts').execute();
}
