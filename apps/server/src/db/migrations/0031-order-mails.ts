import { type Kysely, sql } from 'kysely';

/**
 * Receipt and refund mails (issue 26): an order keeps what its mails need after the fan has left the
 * page. `mail_lang` is the page's language when the fan ordered (the receipt is sent when the card
 * provider reports the payment, without the fan's request); `receipt_email` is the order body's own
 * address (accounts section 7), else the account's; `card` names the card that paid ('card-visa-4242',
 * the billing record's form), so that the refund mail says where the money goes back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders add column mail_lang text not null default 'en'
    check (mail_lang in ('en', 'ja', 'ko', 'zh-cn'))`.execute(db);
  await sql`alter table orders add column receipt_email text`.execute(db);
  await sql`alter table orders add column card text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const col of ['card', 'receipt_email', 'mail_lang']) {
    await sql`alter table orders drop column if exists ${sql.raw(col)}`.execute(db);
  }
}
