import type { Db } from '../db/database.ts';
import { hashPassword } from '../platform/passwords.ts';

export const DEMO_ACCOUNTS = [
  { email: 'fan@encore.test', username: 'demofan', role: 'fan', note: 'holds a ticket' },
  { email: 'guest@encore.test', username: 'demoguest', role: 'fan', note: 'no ticket' },
  { email: 'host@encore.test', username: 'demohost', role: 'host', note: 'host role' },
] as const;

/**
 * Seeds the demo accounts (verified, with DEMO_PASSWORD). Idempotent: an existing account keeps its
 * data, so restarting never loses what a demo user changed. Tickets and shows come with their issues.
 */
export async function seedDemo(db: Db, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  for (const account of DEMO_ACCOUNTS) {
    await db
      .insertInto('users')
      .values({
        email: account.email,
        username: account.username,
        password_hash: passwordHash,
        email_verified: true,
        role: account.role,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
