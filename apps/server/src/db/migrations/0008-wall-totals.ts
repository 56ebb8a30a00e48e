import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per show: the light-stick taps of every fan (CHR-14). Nodes add their own batched deltas
  // with one upsert per batch, so the sum is exact whatever node took a post.
  await db.schema
    .createTable('wall_totals')
    .addColumn('show_id', 'integer', (c) => c.primaryKey().references('shows.id').onDelete('cascade'))
    .addColumn('lt_stk', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`lt_stk >= 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wall_totals').execute();
}
