import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/database.ts';
import { hashPassword } from '../src/platform/passwords.ts';

export const STRONG_PASSWORD = 'Encore2026pass';

let counter = 0;
/** A fresh, unique identity per call, so that tests never share data. */
export function uniqueIdentity(): { email: string; username: string } {
  counter += 1;
  const tag = `${randomBytes(3).toString('hex')}${counter}`;
  return { email: `fan${tag}@example.test`, username: `fan${tag}` };
}

export async function createUser(
  db: Db,
  overrides: { email?: string; username?: string; password?: string | null; verified?: boolean; role?: 'fan' | 'host' } = {},
) {
  const id = uniqueIdentity();
  const password = overrides.password === undefined ? STRONG_PASSWORD : overrides.password;
  return db
    .insertInto('users')
    .values({
      email: overrides.email ?? id.email,
      username: overrides.username ?? id.username,
      password_hash: password === null ? null : await hashPassword(password),
      email_verified: overrides.verified ?? true,
      role: overrides.role ?? 'fan',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function login(app: FastifyInstance, email: string, password = STRONG_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/thor/auth/email_login/', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<{ key: string }>().key;
}

export const auth = (key: string) => ({ authorization: `Token ${key}` });

/** The newest mail to an address, from the outbox table. */
export async function lastMail(db: Db, to: string) {
  return db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('id', 'desc').executeTakeFirst();
}

export function linkIn(text: string): string {
  const match = /(https?:\/\/\S+)/.exec(text);
  if (!match?.[1]) throw new Error(`no link in mail: ${text}`);
  return match[1];
}
