import { type Kysely, sql } from 'kysely';

/**
 * Phone login (accounts section 5, 7): an account may be made by phone alone. Its email is '' (the
 * wire's User.email is a string), so the address index skips ''; a number belongs to one account. Sent codes are kept hashed with their tries; the SMS
 * outbox mirrors the mail outbox (the default SMS adapter keeps messages there). Partner-platform
 * accounts carry the platform's account id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index users_email_key`.execute(db);
  await sql`create unique index users_email_key on users (email) where email <> ''`.execute(db);
  await db.schema.alterTable('users').addColumn('phone_number', 'text').execute();
  await sql`create unique index users_phone_number_key on users (phone_number)`.execute(db);

  await db.schema
    .createTable('phone_codes')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verified_at', 'timestamptz')
    .addColumn('temp_code_hash', 'text', (c) => c.unique())
    .addColumn('temp_expires_at', 'timestamptz')
    .addColumn('temp_used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('phone_codes_number_idx')
    .on('phone_codes')
    .columns(['phone_number', 'created_at'])
    .execute();

  // Partner-platform login (accounts section 4): the platform's account id, and pending sign-ups.
  await db.schema.alterTable('users').addColumn('partner_id', 'text').execute();
  await sql`create unique index users_partner_id_key on users (partner_id)`.execute(db);
  await db.schema
    .createTable('partner_signups')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('partner_id', 'text', (c) => c.notNull())
    .addColumn('temp_code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('sms_outbox')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('to_number', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('error', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sms_outbox').ifExists().execute();
  await db.schema.dropTable('partner_signups').ifExists().execute();
  await sql`drop index if exists users_partner_id_key`.execute(db);
  await db.schema.alterTable('users').dropColumn('partner_id').execute();
  await db.schema.dropTable('phone_codes').ifExists().execute();
  await sql`drop index if exists users_phone_number_key`.execute(db);
  await db.schema.alterTable('users').dropColumn('phone_number').execute();
  await sql`drop index users_email_key`.execute(db);
  await sql`create unique index users_email_key on users (email)`.execute(db);
}
