import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Analytics events (ANL-01..11), append-only. The envelope's fields that reports filter on are
  // columns; the kind-specific fields stay in event_data as the client sent them (validated first).
  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('event_time', 'timestamptz', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('event_category', 'text', (c) => c.notNull())
    // The hang session (ANL-03), null before joining.
    .addColumn('device_id', 'text')
    // The authenticated user, never the client's claim; kept when the account goes (analytics history).
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('event_data', 'jsonb', (c) => c.notNull())
    .execute();
  await sql`create index analytics_events_type_time_idx on analytics_events (event_type, event_time)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('analytics_events').ifExists().execute();
}
