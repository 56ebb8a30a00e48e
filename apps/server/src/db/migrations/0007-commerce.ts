import { type Kysely, sql } from 'kysely';

/**
 * Commerce (accounts sections 3, 4, 7): ticket items in the catalogue, payments on orders, billing
 * records, and the state of the embedded card provider `testpay` (DESIGN.md section 7).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A ticket item grants these attributes; refunds are possible until refund_stop_time.
  await db.schema.alterTable('catalog_items').addColumn('ticket_attributes', 'jsonb').execute();
  await db.schema.alterTable('catalog_items').addColumn('refund_stop_time', 'timestamptz').execute();

  await db.schema.alterTable('orders').addColumn('payment_intent_id', 'text').execute();
  await db.schema.alterTable('orders').addColumn('client_secret', 'text').execute();
  await db.schema.alterTable('orders').addColumn('cancel_reason', 'text').execute();
  await db.schema.alterTable('orders').addColumn('canceled_at', 'timestamptz').execute();
  await sql`create index orders_payment_intent_idx on orders (payment_intent_id)`.execute(db);

  // One record per fan and provider: the address, the provider customer (pg_key), the saved card.
  await db.schema
    .createTable('billing_infos')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('vendor', 'text', (c) => c.notNull())
    .addColumn('billing', 'jsonb', (c) => c.notNull())
    .addColumn('shipping', 'jsonb')
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('payment_method_id', 'text')
    .addColumn('card', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('billing_infos_pkey', ['user_id', 'vendor'])
    .execute();
  await sql`create unique index billing_infos_customer_idx on billing_infos (vendor, customer_id)`.execute(
    db,
  );

  // testpay: payment methods (card outcome kept, never the number) and intents.
  await db.schema
    .createTable('testpay_payment_methods')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text')
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('exp_month', 'integer', (c) => c.notNull())
    .addColumn('exp_year', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('testpay_intents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('payment', 'setup')`))
    .addColumn('client_secret', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text')
    .addColumn('amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payment_method_id', 'text')
    .addColumn('amount_refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'jsonb')
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['testpay_intents', 'testpay_payment_methods', 'billing_infos']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  for (const col of ['payment_intent_id', 'client_secret', 'cancel_reason', 'canceled_at']) {
    await db.schema.alterTable('orders').dropColumn(col).execute();
  }
  await db.schema.alterTable('catalog_items').dropColumn('ticket_attributes').execute();
  await db.schema.alterTable('catalog_items').dropColumn('refund_stop_time').execute();
}
