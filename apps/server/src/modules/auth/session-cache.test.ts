import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createUser, lastMail, linkIn, login } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import type { UserRow } from '../../db/schema.ts';
import { createSessionCache } from './session-cache.ts';

describe('the session cache', () => {
  const user = (id: number) => ({ id }) as UserRow;
  const entry = (id: number, tokenId: number) => ({ user: user(id), tokenId, lastUsedAt: 0 });

  it('answers within its TTL, then forgets', () => {
    let now = 1000;
    const cache = createSessionCache({ ttlMs: 100, max: 10, now: () => now });
    cache.set('a', entry(1, 11), cache.epoch());
    expect(cache.get('a')?.tokenId).toBe(11);
    now += 100;
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps at most `max` entries, the least recently used (to within a second) leaving first', () => {
    let now = 0;
    const cache = createSessionCache({ ttlMs: 60_000, max: 2, now: () => now });
    cache.set('a', entry(1, 1), cache.epoch());
    cache.set('b', entry(2, 2), cache.epoch());
    now += 1000;
    cache.get('a');
    cache.set('c', entry(3, 3), cache.epoch());
    expect([cache.get('a')?.tokenId, cache.get('b'), cache.get('c')?.tokenId]).toEqual([1, undefined, 3]);
  });

  it('forgets one login or all of a user; a lookup begun before a forget is not stored', () => {
    const cache = createSessionCache({ ttlMs: 1000, max: 10, now: () => 0 });
    cache.set('a', entry(1, 1), cache.epoch());
    cache.set('b', entry(1, 2), cache.epoch());
    cache.set('c', entry(2, 3), cache.epoch());
    cache.forget(1, 1);
    expect([cache.get('a'), cache.get('b')?.tokenId]).toEqual([undefined, 2]);
    const started = cache.epoch();
    cache.forget(1);
    cache.set('a', entry(1, 1), started);
    expect([cache.get('a'), cache.get('b'), cache.get('c')?.tokenId]).toEqual([undefined, undefined, 3]);
  });

  it('stores nothing with a TTL of 0', () => {
    const cache = createSessionCache({ ttlMs: 0, max: 10, now: () => 0 });
    cache.set('a', entry(1, 1), cache.epoch());
    expect(cache.size()).toBe(0);
  });
});

describe('authentication with the session cache', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ AUTH_CACHE_MS: '1500' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const me = (key: string, app = t.app) =>
    app.inject({ method: 'GET', url: '/thor/auth/user/', headers: auth(key) });

  it('a username change shows at once on the node that made it', async () => {
    const user = await createUser(t.db);
    const key = await login(t.app, user.email);
    expect((await me(key)).json().username).toBe(user.username);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/thor/auth/user/',
      headers: auth(key),
      payload: { username: `${user.username}x` },
    });
    expect(put.statusCode).toBe(200);
    expect((await me(key)).json().username).toBe(`${user.username}x`);
  });

  it('a password reset refuses the old tokens at once, even those just used', async () => {
    const user = await createUser(t.db);
    const key = await login(t.app, user.email);
    expect((await me(key)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/thor/auth/password/reset/', payload: { email: user.email } });
    const mail = await lastMail(t.db, user.email);
    const pathToken = new URL(linkIn(mail?.text_body ?? '')).pathname.split('/').pop() ?? '';
    const dash = pathToken.indexOf('-');
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/thor/auth/password/reset/confirm/',
      payload: {
        uid: pathToken.slice(0, dash),
        token: pathToken.slice(dash + 1),
        new_password1: 'Brand2026new',
        new_password2: 'Brand2026new',
      },
    });
    expect(confirm.statusCode).toBe(200);
    expect((await me(key)).statusCode).toBe(401);
  });

  it('another node refuses a logged-out token within the cache TTL', async () => {
    const other = await t.peer();
    const user = await createUser(t.db);
    const key = await login(t.app, user.email);
    expect((await me(key, other)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/thor/auth/logout/', headers: auth(key) })).statusCode,
    ).toBe(200);
    expect((await me(key)).statusCode).toBe(401);
    const deadline = Date.now() + 1500 + 2000;
    let status = 200;
    while (status !== 401 && Date.now() < deadline) {
      status = (await me(key, other)).statusCode;
      if (status !== 401) await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(401);
  });
});
