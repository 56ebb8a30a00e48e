import { type Kysely, sql } from 'kysely';

/**
 * The control room (issue 13): the last cue of each kind per show, so that a reload of the control
 * room and a late joiner see the current state; and revoked booking codes, which can no longer be
 * redeemed. A host's per-fan chat off is a chat restriction of moderation (migration 0016).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('show_cues')
    .addColumn('show_id', 'integer', (c) => c.notNull().references('shows.id').onDelete('cascade'))
    .addColumn('cue', 'text', (c) => c.notNull())
    .addColumn('alert', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('show_cues_pk', ['show_id', 'cue'])
    .execute();
  await db.schema.alterTable('booking_codes').addColumn('revoked_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('booking_codes').dropColumn('revoked_at').execute();
  await db.schema.dropTable('show_cues').ifExists().execute();
}
