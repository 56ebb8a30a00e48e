import { type Kysely, sql } from 'kysely';

/**
 * Data retention (COM-62): the purge job finds expired rows by these indexes instead of scanning
 * whole tables; and client secrets of orders canceled before this migration are deleted as new
 * cancellations delete them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index orders_canceled_idx on orders (canceled_at) where status = 'canceled'`.execute(db);
  await sql`create index analytics_events_received_idx on analytics_events (received_at)`.execute(db);
  await sql`create index device_sessions_seen_idx on device_sessions ((coalesce(ended_at, last_seen_at)))`.execute(
    db,
  );
  await sql`create index hang_sessions_left_idx on hang_sessions ((coalesce(left_at, created_at)))`.execute(
    db,
  );
  await sql`update orders set client_secret = null where status = 'canceled'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'orders_canceled_idx',
    'analytics_events_received_idx',
    'device_sessions_seen_idx',
    'hang_sessions_left_idx',
  ]) {
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
  }
}
