import { type Kysely, sql } from 'kysely';

/**
 * Moderation (issue 13, docs/decisions.md "Moderation"): per-show moderators, chat restrictions
 * (timeouts, bans and the host's per-fan chat off, one mechanism), slow mode, show-level blocked terms,
 * deleted and reviewed tosses, fans' reports, and the audit log of every host and moderator action.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('show_moderators')
    .addColumn('show_id', 'integer', (c) => c.notNull().references('shows.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('appointed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('show_moderators_pkey', ['show_id', 'user_id'])
    .execute();
  await sql`create index show_moderators_user_idx on show_moderators (user_id)`.execute(db);

  // One row per fan and show: a newer restriction replaces the older; until null lasts until lifted.
  await db.schema
    .createTable('chat_restrictions')
    .addColumn('show_id', 'integer', (c) => c.notNull().references('shows.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('timeout', 'ban', 'chat_off')`))
    .addColumn('until', 'timestamptz')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('chat_restrictions_pkey', ['show_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('show_chat_policies')
    .addColumn('show_id', 'integer', (c) => c.primaryKey().references('shows.id').onDelete('cascade'))
    .addColumn('slow_mode_seconds', 'integer', (c) =>
      c.notNull().defaultTo(0).check(sql`slow_mode_seconds >= 0`),
    )
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('show_blocked_terms')
    .addColumn('show_id', 'integer', (c) => c.notNull().references('shows.id').onDelete('cascade'))
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('show_blocked_terms_pkey', ['show_id', 'term'])
    .execute();

  // Held tosses gain two reasons; a deleted toss stays for the audit trail but is never shown again.
  await sql`alter table tosses drop constraint if exists tosses_held_reason_check`.execute(db);
  await sql`alter table tosses add constraint tosses_held_reason_check
    check (held_reason in ('profanity', 'chat_disabled', 'blocked_term', 'restricted'))`.execute(db);
  await sql`alter table tosses add column deleted_at timestamptz`.execute(db);
  await sql`alter table tosses add column reviewed_at timestamptz`.execute(db);
  // The moderators' queue: held by a filter and not yet reviewed.
  await sql`create index tosses_held_queue_idx on tosses (hang_id, send_time)
    where held_reason in ('profanity', 'blocked_term') and reviewed_at is null`.execute(db);

  await db.schema
    .createTable('toss_reports')
    .addColumn('toss_id', 'uuid', (c) => c.notNull().references('tosses.id').onDelete('cascade'))
    .addColumn('reporter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('resolved_at', 'timestamptz')
    .addPrimaryKeyConstraint('toss_reports_pkey', ['toss_id', 'reporter_id'])
    .execute();
  await sql`create index toss_reports_open_idx on toss_reports (toss_id) where resolved_at is null`.execute(
    db,
  );

  // Who did what to what, when: kept with the actor's name, so that the log reads the same later.
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('show_id', 'integer', (c) => c.references('shows.id').onDelete('cascade'))
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_username', 'text', (c) => c.notNull())
    .addColumn('actor_role', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index audit_log_show_idx on audit_log (show_id, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'audit_log',
    'toss_reports',
    'show_blocked_terms',
    'show_chat_policies',
    'chat_restrictions',
    'show_moderators',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`drop index if exists tosses_held_queue_idx`.execute(db);
  await sql`alter table tosses drop column if exists deleted_at`.execute(db);
  await sql`alter table tosses drop column if exists reviewed_at`.execute(db);
  await sql`alter table tosses drop constraint if exists tosses_held_reason_check`.execute(db);
  await sql`alter table tosses add constraint tosses_held_reason_check
    check (held_reason in ('profanity', 'chat_disabled'))`.execute(db);
}
