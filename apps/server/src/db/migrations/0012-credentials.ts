import { type Kysely, sql } from 'kysely';

/**
 * Credentials and sessions (issue 12, docs/decisions.md "Credentials and sessions"):
 * - login_devices: the browsers that logged in to an account with its password (OWASP device
 *   cookies). Only a hash of the device cookie is kept; a known device passes the account-wide
 *   ceiling of failed logins that strangers may exhaust.
 * - the outboxes are purged by age, found by these indexes; a delivered message's body (a reset link,
 *   a login code) is not kept: bodies of rows already delivered are blanked here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_devices')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index login_devices_key on login_devices (user_id, device_hash)`.execute(db);
  await sql`create index login_devices_used_idx on login_devices (last_used_at)`.execute(db);
  await sql`create index mail_outbox_created_idx on mail_outbox (created_at)`.execute(db);
  await sql`create index sms_outbox_created_idx on sms_outbox (created_at)`.execute(db);
  await sql`update mail_outbox set text_body = '', html_body = '' where sent_at is not null`.execute(db);
  await sql`update sms_outbox set body = '' where sent_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['mail_outbox_created_idx', 'sms_outbox_created_idx']) {
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
  }
  await db.schema.dropTable('login_devices').ifExists().execute();
}
