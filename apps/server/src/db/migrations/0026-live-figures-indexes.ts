import { type Kysely, sql } from 'kysely';

/**
 * The control room's live figures read a show's live device sessions and each live fan's last
 * angle choice every few seconds (figures.repo.ts). Without these indexes both were full scans, and
 * on the embedded database, whose statistics are never gathered by an autovacuum, the per-angle
 * query became a nested loop of live sessions by live sessions: at 40,000 fans one sample ran for
 * minutes and held PGlite's one connection, so the node answered /healthz and nothing else
 * (issue 28, the doors-open bench's "0 requests/s" phase).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index device_sessions_live_show_idx on device_sessions (show_id, last_seen_at) where ended_at is null`.execute(
    db,
  );
  await sql`create index analytics_events_pipclick_user_idx on analytics_events (user_id, received_at) where event_type = 'pipclick'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists analytics_events_pipclick_user_idx`.execute(db);
  await sql`drop index if exists device_sessions_live_show_idx`.execute(db);
}
