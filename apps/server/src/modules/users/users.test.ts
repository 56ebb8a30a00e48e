import { SPEC_TEXT_EN } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createUser, login } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

async function loggedIn() {
  const user = await createUser(t.db);
  return { user, headers: auth(await login(t.app, user.email)) };
}

describe('PUT /thor/auth/user/', () => {
  it('200 changes the username (trimmed) and answers pk, username, first_name, last_name, email', async () => {
    const { user, headers } = await loggedIn();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/thor/auth/user/',
      headers,
      payload: { username: ' NewName01 ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      pk: user.id,
      username: 'NewName01',
      first_name: '',
      last_name: '',
      email: user.email,
    });
  });

  it('keeping one’s own name in another case is allowed', async () => {
    const { user, headers } = await loggedIn();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/thor/auth/user/',
      headers,
      payload: { username: user.username.toUpperCase() },
    });
    expect(res.statusCode).toBe(200);
  });

  it('409 USERNAME_TAKEN when another fan has it', async () => {
    const other = await createUser(t.db);
    const { headers } = await loggedIn();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/thor/auth/user/',
      headers,
      payload: { username: other.username },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'USERNAME_TAKEN',
      message: SPEC_TEXT_EN['username-update-409'],
    });
  });

  it('406 for profanity, 400 for an invalid name, 401 without a token; nothing changes', async () => {
    const { user, headers } = await loggedIn();
    const put = (username: unknown, h: Record<string, string> = headers) =>
      t.app.inject({ method: 'PUT', url: '/thor/auth/user/', headers: h, payload: { username } });
    expect((await put('bitchy')).statusCode).toBe(406);
    expect((await put('no way')).statusCode).toBe(400);
    expect((await put('x')).statusCode).toBe(400);
    expect((await put(42)).statusCode).toBe(400);
    expect((await put('Fine1234', {})).statusCode).toBe(401);
    const row = await t.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.username).toBe(user.username);
  });
});

describe('/thor/users/{id}/', () => {
  it('GET answers the whole user for oneself and only the public profile for another fan', async () => {
    const { user, headers } = await loggedIn();
    const other = await createUser(t.db);
    const self = await t.app.inject({ method: 'GET', url: `/thor/users/${user.id}/`, headers });
    expect(self.statusCode).toBe(200);
    expect(self.json()).toMatchObject({ id: user.id, email: user.email, email_verified: true });
    const them = await t.app.inject({ method: 'GET', url: `/thor/users/${other.id}/`, headers });
    expect(them.statusCode).toBe(200);
    expect(them.json()).toEqual({
      id: other.id,
      username: other.username,
      profile_image_75x75: null,
      profile_image_150x150: null,
    });
  });

  it('GET 404 for no such user, 400 for a non-numeric id, 401 without a token', async () => {
    const { headers } = await loggedIn();
    expect((await t.app.inject({ method: 'GET', url: '/thor/users/999999/', headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/thor/users/abc/', headers })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/thor/users/1/' })).statusCode).toBe(401);
  });

  it('PUT changes one’s own username and answers the user; another fan’s id is 404', async () => {
    const { user, headers } = await loggedIn();
    const other = await createUser(t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/thor/users/${user.id}/`,
      headers,
      payload: { username: 'Renamed77' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, username: 'Renamed77' });
    const denied = await t.app.inject({
      method: 'PUT',
      url: `/thor/users/${other.id}/`,
      headers,
      payload: { username: 'Hijack77' },
    });
    expect(denied.statusCode).toBe(404);
    const taken = await t.app.inject({
      method: 'PUT',
      url: `/thor/users/${user.id}/`,
      headers,
      payload: { username: other.username },
    });
    expect(taken.statusCode).toBe(409);
  });

  it('profile images given with http are answered with https', async () => {
    const { user, headers } = await loggedIn();
    await t.db
      .updateTable('users')
      .set({ profile_image_75x75: 'http://img.test/a.png' })
      .where('id', '=', user.id)
      .execute();
    const res = await t.app.inject({ method: 'GET', url: `/thor/users/${user.id}/`, headers });
    expect(res.json().profile_image_75x75).toBe('https://img.test/a.png');
  });
});
