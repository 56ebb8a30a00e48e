import { type Kysely, sql } from 'kysely';

/**
 * Live captions (issue 11): lines a host or a captioning service posts during a show, per language.
 * The origin reads the lines overlapping each caption segment; the recording's captions are the same
 * rows, so the replay keeps them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table live_captions (
      id bigserial primary key,
      show_id integer not null references shows (id) on delete cascade,
      lang text not null,
      text text not null,
      start_at timestamptz not null,
      end_at timestamptz not null,
      posted_by integer references users (id) on delete set null,
      created_at timestamptz not null default now(),
      check (end_at > start_at)
    )`.execute(db);
  await sql`create index live_captions_show_lang_start_idx on live_captions (show_id, lang, start_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists live_captions`.execute(db);
}
