import type { Kysely } from 'kysely';

/**
 * The replay's window on the show clock (issue 27, docs/media.md "The replay on the show clock"): the
 * host's trim of the recording's start and end, null for the default (Go live to End show), and the
 * trim's version, one more at every change, so that a save based on an older read is refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('show_broadcasts')
    .addColumn('replay_start', 'timestamptz')
    .addColumn('replay_end', 'timestamptz')
    .addColumn('replay_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('show_broadcasts')
    .dropColumn('replay_start')
    .dropColumn('replay_end')
    .dropColumn('replay_version')
    .execute();
}
