import { type Kysely, sql } from 'kysely';

/**
 * The cue timeline (issue 27): every show-wide timed cue (overlay, slate, light-stick, ls) with the
 * show-clock moment it takes effect, so the live playlists and MPDs carry it, a fan who joins later
 * gets the state of their picture's moment and the replay re-plays it. And each watching fan's
 * latest distance behind the show clock, which the control room turns into "the slowest fans see
 * it at".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table cue_timeline (
      id bigserial primary key,
      show_id integer not null references shows (id) on delete cascade,
      at timestamptz not null,
      kind text not null,
      alert jsonb not null,
      sent_by integer references users (id) on delete set null,
      sent_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index cue_timeline_show_at_idx on cue_timeline (show_id, at, id)`.execute(db);
  await sql`
    create table fan_distances (
      show_id integer not null references shows (id) on delete cascade,
      user_id integer not null references users (id) on delete cascade,
      behind_ms integer not null,
      reported_at timestamptz not null,
      primary key (show_id, user_id)
    )`.execute(db);
  await sql`create index fan_distances_show_reported_idx on fan_distances (show_id, reported_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists fan_distances`.execute(db);
  await sql`drop table if exists cue_timeline`.execute(db);
}
