import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The columns the server filters and sorts on are columns; the rest of the Show entity is one
  // jsonb document, read whole and validated against the contract when written.
  await db.schema
    .createTable('shows')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('paid_event_name', 'text', (c) => c.notNull())
    .addColumn('paid_event_id', 'integer', (c) => c.notNull().check(sql`paid_event_id > 0`))
    .addColumn('channel_id', 'integer', (c) => c.notNull().check(sql`channel_id > 0`))
    .addColumn('event_name', 'text', (c) => c.notNull())
    .addColumn('artist_name', 'text', (c) => c.notNull())
    .addColumn('event_start_time', 'timestamptz', (c) => c.notNull())
    .addColumn('event_enter_time', 'timestamptz')
    .addColumn('event_end_time', 'timestamptz', (c) => c.notNull())
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('shows_times_check', sql`event_end_time > event_start_time`)
    .execute();
  await sql`create unique index shows_slug_key on shows (slug)`.execute(db);
  await sql`create unique index shows_paid_event_name_key on shows (paid_event_name)`.execute(db);
  await sql`create unique index shows_paid_event_id_key on shows (paid_event_id)`.execute(db);
  await sql`create unique index shows_channel_id_key on shows (channel_id)`.execute(db);
  // The listed shows are those not yet ended (config.json, channels/active).
  await sql`create index shows_end_idx on shows (event_end_time)`.execute(db);

  await db.schema
    .createTable('booking_codes')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('show_id', 'integer', (c) => c.notNull().references('shows.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('vendor', 'text', (c) => c.notNull())
    .addColumn('attributes', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('show').check(sql`kind in ('show', 'merch')`))
    .addColumn('redeemed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('redeemed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The manual check looks a code up by show and code; imports check existing codes the same way.
  await sql`create unique index booking_codes_show_code_key on booking_codes (show_id, code)`.execute(db);
  await sql`create index booking_codes_redeemed_by_idx on booking_codes (redeemed_by) where redeemed_by is not null`.execute(
    db,
  );

  await db.schema
    .createTable('tickets')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('show_id', 'integer', (c) => c.notNull().references('shows.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('code', 'purchase', 'grant')`))
    .addColumn('booking_code_id', 'integer', (c) => c.references('booking_codes.id').onDelete('set null'))
    .addColumn('attributes', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The doors-open hot path: one fan's ticket for one show, a single index probe.
  await sql`create unique index tickets_user_show_key on tickets (user_id, show_id)`.execute(db);
  await sql`create index tickets_show_idx on tickets (show_id)`.execute(db);
  await sql`create index tickets_booking_code_idx on tickets (booking_code_id) where booking_code_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['tickets', 'booking_codes', 'shows']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
