import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A show's chat is sharded into hangs of bounded capacity (DESIGN.md section 5); rank 1 is the
  // featured hang, later ranks are created as earlier ones fill. `suffix` is pubnubForHang: random,
  // so channel names say nothing about shows or counts.
  await db.schema
    .createTable('hangs')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('show_id', 'integer', (c) => c.notNull().references('shows.id').onDelete('cascade'))
    .addColumn('rank', 'integer', (c) => c.notNull().check(sql`rank > 0`))
    .addColumn('suffix', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text', (c) => c.notNull().defaultTo('live'))
    .addColumn('image', 'text')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index hangs_show_rank_key on hangs (show_id, rank)`.execute(db);
  await sql`create unique index hangs_suffix_key on hangs (suffix)`.execute(db);

  // One row per join of a fan to a hang ('new' on first join); ended by leave_hang, never deleted.
  await db.schema
    .createTable('hang_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('hang_id', 'integer', (c) => c.notNull().references('hangs.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('left_at', 'timestamptz')
    .execute();
  await sql`create index hang_sessions_user_idx on hang_sessions (user_id)`.execute(db);

  // Tosses are written in batches (one insert for many); toss_id is the sender's uuid, so a retried
  // send is stored once. Held tosses (a banned word, chat off) are kept for moderation, never shown.
  await db.schema
    .createTable('tosses')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('hang_id', 'integer', (c) => c.notNull().references('hangs.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('toss_type', 'text', (c) => c.notNull().check(sql`toss_type in ('chat', 'sticker')`))
    .addColumn('toss_text', 'text', (c) => c.notNull())
    .addColumn('sticker_id', 'text')
    // The sticker's image as it was sent: the toss reads the same later whatever the catalogue does.
    .addColumn('sticker_image', 'text')
    .addColumn('send_time', 'timestamptz', (c) => c.notNull())
    .addColumn('held_reason', 'text', (c) => c.check(sql`held_reason in ('profanity', 'chat_disabled')`))
    .execute();
  // join_hang reads a hang's latest delivered tosses.
  await sql`create index tosses_hang_time_idx on tosses (hang_id, send_time desc) where held_reason is null`.execute(
    db,
  );

  // The host's chat switch per show (ALR-09): what late joiners and the toss check read.
  await db.schema
    .createTable('show_chat_settings')
    .addColumn('show_id', 'integer', (c) => c.primaryKey().references('shows.id').onDelete('cascade'))
    .addColumn('chat_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Chat monikers a sender carries; position 0 first ('verified' first marks a verified sender).
  await db.schema
    .createTable('user_monikers')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('moniker', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('user_monikers_pkey', ['user_id', 'moniker'])
    .execute();

  // The shop catalogue: sticker packs (bundle) hold stickers through catalog_bundle_items.
  await db.schema
    .createTable('catalog_items')
    .addColumn('item_id', 'text', (c) => c.primaryKey())
    .addColumn('category', 'text', (c) => c.notNull().check(sql`category in ('bundle', 'sticker', 'ticket')`))
    .addColumn('paid_event_name', 'text')
    .addColumn('display_name', 'jsonb', (c) => c.notNull())
    .addColumn('display_description', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('display_image', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('sale_currency_symbol', 'text', (c) => c.notNull())
    .addColumn('tax_collected', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('in_stock', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('available_from', 'timestamptz')
    .addColumn('available_until', 'timestamptz')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index catalog_items_event_idx on catalog_items (paid_event_name, category)`.execute(db);
  await db.schema
    .createTable('catalog_bundle_items')
    .addColumn('bundle_id', 'text', (c) =>
      c.notNull().references('catalog_items.item_id').onDelete('cascade'),
    )
    .addColumn('item_id', 'text', (c) => c.notNull().references('catalog_items.item_id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('catalog_bundle_items_pkey', ['bundle_id', 'item_id'])
    .execute();

  // Orders: one row per ordered item (sub_order_id); 'fulfilled' means owned (STK-08).
  await db.schema
    .createTable('orders')
    .addColumn('sub_order_id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_id', 'text', (c) => c.notNull().references('catalog_items.item_id'))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'fulfilled', 'canceled')`),
    )
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1).check(sql`quantity > 0`))
    .addColumn('total_charges', 'integer', (c) => c.notNull().check(sql`total_charges >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('time_ordered', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('refund_stop_time', 'timestamptz')
    .execute();
  await sql`create index orders_user_idx on orders (user_id, time_ordered desc)`.execute(db);
  await sql`create index orders_order_id_idx on orders (order_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'orders',
    'catalog_bundle_items',
    'catalog_items',
    'user_monikers',
    'show_chat_settings',
    'tosses',
    'hang_sessions',
    'hangs',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
