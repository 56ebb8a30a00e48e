import type { Kysely } from 'kysely';

/**
 * A show's version (issue 25, docs/decisions.md "Saves that cannot lose work"): one more at every
 * change, so that a host's save based on an older read is refused instead of undoing the change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('shows')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shows').dropColumn('version').execute();
}
