import type { Kysely } from 'kysely';

/**
 * The per-angle sync offset of live ingest (issue 11, docs/decisions.md "One show clock for pushed
 * angles"): an operator's correction, in ms, for an encoder whose pipeline is slower or faster than
 * the others', added to the show clock's reading of that angle's publish.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('ingest_streams')
    .addColumn('sync_offset_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ingest_streams').dropColumn('sync_offset_ms').execute();
}
