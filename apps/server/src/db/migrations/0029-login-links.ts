import { type Kysely, sql } from 'kysely';

/**
 * Email tokens of a third purpose (issue 29, docs/decisions.md "a step-up past a stranger's lockout"):
 * a one-time sign-in link for an account that strangers' wrong passwords locked against new browsers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table email_tokens drop constraint if exists email_tokens_purpose_check`.execute(db);
  await sql`alter table email_tokens add constraint email_tokens_purpose_check
    check (purpose in ('verify', 'reset', 'login'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from email_tokens where purpose = 'login'`.execute(db);
  await sql`alter table email_tokens drop constraint if exists email_tokens_purpose_check`.execute(db);
  await sql`alter table email_tokens add constraint email_tokens_purpose_check
    check (purpose in ('verify', 'reset'))`.execute(db);
}
