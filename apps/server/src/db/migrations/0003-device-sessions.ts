import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per device that entered a show with a ticket (DEV-01, DEV-02). Rows are ended, never
  // deleted: the history answers "why was I logged out" and feeds abuse checks later.
  await db.schema
    .createTable('device_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('show_id', 'integer', (c) => c.notNull().references('shows.id').onDelete('cascade'))
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
    // The login that opened it: signing out of one browser frees that browser's place only.
    .addColumn('auth_token_id', 'integer', (c) => c.references('auth_tokens.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ended_at', 'timestamptz')
    .addColumn('end_reason', 'text', (c) =>
      c.check(sql`end_reason in ('replaced', 'left', 'expired', 'logout')`),
    )
    .addCheckConstraint('device_sessions_end_check', sql`(ended_at is null) = (end_reason is null)`)
    .execute();
  // Entry reads the open sessions of one ticket: a partial index keeps it small however long the
  // history grows.
  await sql`create index device_sessions_open_ticket_idx on device_sessions (ticket_id, created_at) where ended_at is null`.execute(
    db,
  );
  await sql`create index device_sessions_open_token_idx on device_sessions (auth_token_id) where ended_at is null`.execute(
    db,
  );
  await sql`create index device_sessions_user_idx on device_sessions (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('device_sessions').ifExists().execute();
}
