import { randomBytes } from 'node:crypto';
import { SPEC_TEXT_EN } from '@encore/contract';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createUser, login, STRONG_PASSWORD, uniqueIdentity } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import * as m0011 from '../../db/migrations/0011-username-skeleton.ts';
import { isProfaneUsername } from '../../platform/profanity.ts';
import { isReservedUsername, usernameSkeleton } from './username-skeleton.ts';
import { createUsersRepo, isUsernameConflict } from './users.repo.ts';

/**
 * Issue 12: a name may not impersonate another. NFKC first (full width folds to ASCII), zero-width
 * and bidi controls refused (400), and a name whose confusable skeleton (Unicode TS #39) equals a
 * taken or reserved one is "already in use" (409, the spec's texts), on every path that sets a name.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

/** A fresh ASCII name the test can disguise: letters only, so every look-alike below applies. */
function freshName(): string {
  for (;;) {
    // A letter per digit: all digits as 'x' gave 'demoxxxxxxxx' 1 time in 43, alike names 1 run in 77.
    const name = `demo${randomBytes(4)
      .toString('hex')
      .replace(/[0-9]/g, (d) => 'ghjknpqstv'.charAt(Number(d)))}`;
    if (!isProfaneUsername(name)) return name;
  }
}

function register(username: string) {
  const { email } = uniqueIdentity();
  return t.app.inject({
    method: 'POST',
    url: '/thor/auth/email_register/',
    payload: { email, password1: STRONG_PASSWORD, password2: STRONG_PASSWORD, username },
  });
}

describe('the confusable skeleton', () => {
  it('maps look-alikes of a name to one key, and different names to different keys', () => {
    const key = usernameSkeleton('demohost');
    for (const alike of ['dеmohost', 'DemoHost', 'dem0host', 'ｄｅｍｏｈｏｓｔ', 'dеmоhоst', 'demοhost']) {
      expect(usernameSkeleton(alike), alike).toBe(key);
    }
    expect(usernameSkeleton('demoghost')).not.toBe(key);
    expect(usernameSkeleton('모두의팬')).not.toBe(usernameSkeleton('모두의밴'));
  });

  it('reserved names and their look-alikes are reserved; names merely containing them are not', () => {
    for (const name of [
      'admin',
      'аdmin',
      'Host',
      'hοst',
      'encore',
      'еncore',
      'support',
      'ѕupport',
      'moderator',
    ]) {
      expect(isReservedUsername(name), name).toBe(true);
    }
    expect(isReservedUsername('hostess')).toBe(false);
    expect(isReservedUsername('demohost')).toBe(false);
  });
});

describe('registration', () => {
  it('409 for a look-alike of an existing name (Cyrillic е, digit 0, full width, other case)', async () => {
    const name = freshName();
    expect((await register(name)).statusCode).toBe(201);
    for (const alike of [
      name.replace('e', 'е'),
      name.replace('o', '0'),
      name.toUpperCase(),
      toFullWidth(name),
    ]) {
      const res = await register(alike);
      expect(res.statusCode, alike).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'USERNAME_ALREADY_EXISTS',
        message: SPEC_TEXT_EN['register-error-409'],
        field: 'username',
      });
    }
  });

  it('409 for a reserved name or its look-alike', async () => {
    // Names the profanity filter leaves alone (it refuses some reserved words itself, with 406).
    for (const name of ['hοst', 'ѕupport', 'еncore', 'sysop', 'rооt']) {
      const res = await register(name);
      expect(res.statusCode, name).toBe(409);
      expect(res.json().code).toBe('USERNAME_ALREADY_EXISTS');
    }
  });

  it('400 for zero-width and bidirectional controls in a name', async () => {
    const name = freshName();
    for (const hidden of ['\u200b', '\u200d', '\u2060', '\ufeff', '\u202e', '\u2066', '\u061c', '\u3164']) {
      const res = await register(`${name.slice(0, 4)}${hidden}${name.slice(4)}`);
      expect(res.statusCode, JSON.stringify(hidden)).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'INVALID_USERNAME',
        message: SPEC_TEXT_EN['username-invalid'],
      });
    }
  });

  it('stores the NFKC form: a full-width name is kept as the letters it shows', async () => {
    const name = freshName();
    expect((await register(toFullWidth(name))).statusCode).toBe(201);
    const row = await t.db
      .selectFrom('users')
      .select(['username', 'username_skeleton'])
      .where('username', '=', name)
      .executeTakeFirst();
    expect(row).toEqual({ username: name, username_skeleton: usernameSkeleton(name) });
  });
});

describe('username change', () => {
  it('409 USERNAME_TAKEN for a look-alike of another fan’s name, on both paths; one’s own look-alike is fine', async () => {
    const other = await createUser(t.db, { username: freshName() });
    const me = await createUser(t.db, { username: freshName() });
    const headers = auth(await login(t.app, me.email));
    const alike = other.username.replace('e', 'е');
    for (const url of ['/thor/auth/user/', `/thor/users/${me.id}/`]) {
      const res = await t.app.inject({ method: 'PUT', url, headers, payload: { username: alike } });
      expect(res.statusCode, url).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'USERNAME_TAKEN',
        message: SPEC_TEXT_EN['username-update-409'],
      });
    }
    const own = me.username.replace('o', '0');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/thor/auth/user/',
      headers,
      payload: { username: own },
    });
    expect(res.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('users')
      .select('username_skeleton')
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(row.username_skeleton).toBe(usernameSkeleton(me.username));
  });
});

describe('the database keeps skeletons unique', () => {
  it('a look-alike inserted past the service check (a race) is refused by the unique index', async () => {
    const repo = createUsersRepo(t.db);
    const name = freshName();
    await repo.insert({ email: `${name}@example.test`, username: name, password_hash: null });
    const err = await repo
      .insert({ email: `${name}2@example.test`, username: name.replace('e', 'е'), password_hash: null })
      .then(() => null)
      .catch((e: unknown) => e);
    expect(isUsernameConflict(err)).toBe(true);
  });
});

describe('migration 0011', () => {
  it('backfills skeletons oldest first; a newer existing look-alike keeps its name without one', async () => {
    await m0011.down(t.db as unknown as Kysely<unknown>);
    const name = freshName();
    const insert = (username: string) =>
      t.db
        .insertInto('users')
        .values({ email: `${username}@example.test`, username, password_hash: null })
        .returning('id')
        .executeTakeFirstOrThrow();
    const older = await insert(name);
    const newer = await insert(name.replace('o', '0'));
    await m0011.up(t.db as unknown as Kysely<unknown>);
    const rows = await t.db
      .selectFrom('users')
      .select(['id', 'username_skeleton'])
      .where('id', 'in', [older.id, newer.id])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: older.id, username_skeleton: usernameSkeleton(name) },
      { id: newer.id, username_skeleton: null },
    ]);
    expect((await register(name.replace('e', 'е'))).statusCode).toBe(409);
  });
});

function toFullWidth(ascii: string): string {
  return [...ascii].map((c) => String.fromCodePoint((c.codePointAt(0) ?? 0) + 0xfee0)).join('');
}
