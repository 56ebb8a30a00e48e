import { SPEC_TEXT_EN } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  createUser,
  lastMail,
  linkIn,
  login,
  STRONG_PASSWORD,
  uniqueIdentity,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { hashSecret } from '../../platform/tokens.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

function register(payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/thor/auth/email_register/', payload, headers });
}

function validRegistration(overrides: Record<string, unknown> = {}) {
  const id = uniqueIdentity();
  return {
    email: id.email,
    password1: STRONG_PASSWORD,
    password2: STRONG_PASSWORD,
    username: id.username,
    marketing_opt_in: true,
    referred_by: 'ENCORE_LIVE:spring',
    ...overrides,
  };
}

describe('POST /thor/auth/email_register/', () => {
  it('201 creates an unverified account and mails a verification link that verifies it', async () => {
    const body = validRegistration({ email: `  ${uniqueIdentity().email.toUpperCase()} ` });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 201 });
    const email = String(body.email).trim().toLowerCase();
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      email_verified: false,
      marketing_opt_in: true,
      referred_by: 'ENCORE_LIVE:spring',
    });
    expect(user.password_hash).toMatch(/^\$argon2id\$/);

    const mail = await lastMail(t.db, email);
    expect(mail?.kind).toBe('verify-email');
    const link = new URL(linkIn(mail?.text_body ?? ''));
    const verify = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toBe('/?go=login&verified=1');
    const after = await t.db
      .selectFrom('users')
      .select('email_verified')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(after.email_verified).toBe(true);

    // A link works once.
    const again = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(again.headers.location).toBe('/?go=login&verified=0');
  });

  it('302 for an existing verified email, with the spec text', async () => {
    const user = await createUser(t.db);
    const res = await register(validRegistration({ email: user.email }));
    expect(res.statusCode).toBe(302);
    expect(res.json()).toEqual({ code: 'EMAIL_EXISTS', message: SPEC_TEXT_EN['register-error-exists'] });
  });

  it('304 for an existing unverified email, and a fresh verification mail goes out', async () => {
    const user = await createUser(t.db, { verified: false });
    const res = await register(validRegistration({ email: user.email }));
    expect(res.statusCode).toBe(304);
    expect((await lastMail(t.db, user.email))?.kind).toBe('verify-email');
  });

  it('409 when the username is taken, whatever its case', async () => {
    const user = await createUser(t.db);
    const res = await register(validRegistration({ username: user.username.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'USERNAME_ALREADY_EXISTS',
      message: SPEC_TEXT_EN['register-error-409'],
    });
  });

  it.each([
    ['short', 'Ab1'],
    ['no uppercase', 'encore2026pass'],
    ['no lowercase', 'ENCORE2026PASS'],
    ['no digit', 'EncoreEncorePass'],
  ])('417 for a weak password (%s), listing the rules it misses', async (_case, password) => {
    const res = await register(validRegistration({ password1: password, password2: password }));
    expect(res.statusCode).toBe(417);
    expect(res.json().message).toBe(SPEC_TEXT_EN['register-error-417']);
    expect(res.json().rules.length).toBeGreaterThan(0);
  });

  it.each(['fuckface', 'sh1thead', 'TheAdmin'])(
    '406 for a profane or reserved username (%s)',
    async (username) => {
      const res = await register(validRegistration({ username }));
      expect(res.statusCode).toBe(406);
      expect(res.json().message).toBe(SPEC_TEXT_EN['register-error-406']);
    },
  );

  it.each([
    ['invalid email', { email: 'not-an-email' }, 'email'],
    ['email with a space', { email: 'fan one@example.test' }, 'email'],
    ['username too short', { username: 'ab' }, 'username'],
    ['username too long', { username: 'a'.repeat(21) }, 'username'],
    ['username with a space', { username: 'fan one' }, 'username'],
    ['username with a forbidden character', { username: 'fan.one' }, 'username'],
    ['passwords differ', { password2: 'Different2026pass' }, 'password2'],
    ['date of birth not a date', { date_of_birth: '2001-02-30' }, 'date_of_birth'],
    ['date of birth before 1910', { date_of_birth: '1909-12-31' }, 'date_of_birth'],
  ])('400 for %s, naming the field, and nothing is stored', async (_case, override, field) => {
    const body = validRegistration(override);
    const res = await register(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    const stored = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', String(body.email))
      .executeTakeFirst();
    expect(stored).toBeUndefined();
  });

  it('400 for a body that is not the schema (missing fields, wrong types)', async () => {
    expect((await register({ email: 'a@b.co' })).statusCode).toBe(400);
    const res = await register({ ...validRegistration(), marketing_opt_in: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'marketing_opt_in' });
  });

  it('trims the username before use', async () => {
    const body = validRegistration();
    const res = await register({ ...body, username: `  ${body.username}  ` });
    expect(res.statusCode).toBe(201);
    const row = await t.db
      .selectFrom('users')
      .select('username')
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(row.username).toBe(body.username);
  });

  it('age gate: 13 may register, 12 may not, and the refusal sets the 4-hour cookie that holds', async () => {
    const today = new Date();
    // 13 years before a 29 February has no 29th (1 day in 1,461): the 28th then, 13 years and a day.
    const day = today.getUTCMonth() === 1 ? Math.min(today.getUTCDate(), 28) : today.getUTCDate();
    const iso = (years: number) =>
      `${today.getUTCFullYear() - years}-${String(today.getUTCMonth() + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const thirteen = await register(validRegistration({ date_of_birth: iso(13) }));
    expect(thirteen.statusCode).toBe(201);

    const twelve = await register(
      validRegistration({ date_of_birth: `${today.getUTCFullYear() - 12}-01-01` }),
    );
    expect(twelve.statusCode).toBe(400);
    expect(twelve.json().code).toBe('TOO_YOUNG');
    expect(twelve.headers['set-cookie']).toMatch(/tooYoung=1; Max-Age=14400/);

    const retry = await register(validRegistration({ date_of_birth: '1990-01-01' }), {
      cookie: 'tooYoung=1',
    });
    expect(retry.statusCode).toBe(400);
    expect(retry.json().code).toBe('TOO_YOUNG');
  });
});

describe('POST /thor/auth/email_login/', () => {
  const loginReq = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/thor/auth/email_login/', payload: { email, password } });

  it('200 answers key and user; email is trimmed and lowercased, password trimmed', async () => {
    const user = await createUser(t.db);
    const res = await loginReq(`  ${user.email.toUpperCase()} `, ` ${STRONG_PASSWORD} `);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.key).toMatch(/^[\w-]{43}$/);
    expect(body.user).toEqual({
      id: user.id,
      email: user.email,
      username: user.username,
      first_name: '',
      last_name: '',
      profile_image_75x75: null,
      profile_image_150x150: null,
      email_verified: true,
      sms_verified: false,
      role: 'fan',
    });
    // Only a hash of the key is stored.
    const stored = await t.db
      .selectFrom('auth_tokens')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(body.key);
  });

  it('401 Incorrect password.', async () => {
    const user = await createUser(t.db);
    const res = await loginReq(user.email, 'Wrong2026pass');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'INCORRECT_PASSWORD', message: SPEC_TEXT_EN['login-error-401'] });
  });

  it('417 for an unverified email, only once the password is right', async () => {
    const user = await createUser(t.db, { verified: false });
    expect((await loginReq(user.email, 'Wrong2026pass')).statusCode).toBe(401);
    const res = await loginReq(user.email, STRONG_PASSWORD);
    expect(res.statusCode).toBe(417);
    expect(res.json().message).toBe(SPEC_TEXT_EN['login-error-417']);
  });

  it('406 for an account without a password', async () => {
    const user = await createUser(t.db, { password: null });
    const res = await loginReq(user.email, STRONG_PASSWORD);
    expect(res.statusCode).toBe(406);
    expect(res.json().message).toBe(SPEC_TEXT_EN['login-error-406']);
  });

  it('404 for an unknown account', async () => {
    const res = await loginReq(uniqueIdentity().email, STRONG_PASSWORD);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(SPEC_TEXT_EN['login-error-404']);
  });

  it('400 for an address that cannot be an account, or a password of the wrong format', async () => {
    const bad = await loginReq('no-at-sign', STRONG_PASSWORD);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(SPEC_TEXT_EN['login-error-400']);
    expect((await loginReq(uniqueIdentity().email, '  abcd ')).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/thor/auth/email_login/', payload: { email: 1 } }))
        .statusCode,
    ).toBe(400);
  });

  it('429 for the guessing client after five wrong passwords, even with the right one; not for the owner elsewhere', async () => {
    const user = await createUser(t.db);
    const from = (ip: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/thor/auth/email_login/',
        payload: { email: user.email, password },
        remoteAddress: ip,
      });
    for (let i = 0; i < 5; i += 1) expect((await from('10.9.0.1', `Wrong${i}2026pass`)).statusCode).toBe(401);
    const throttled = await from('10.9.0.1', STRONG_PASSWORD);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().message).toBe(SPEC_TEXT_EN['login-error-429']);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('10.9.0.2', STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('429 per IP once an address exceeds its budget', async () => {
    const ctx = await createTestContext({ RATE_LIMIT_SCALE: '0.01' });
    try {
      const user = await createUser(ctx.db);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/thor/auth/email_login/',
          payload: { email: user.email, password: STRONG_PASSWORD },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses[3]).toBe(429);
    } finally {
      await ctx.close();
    }
  });
});

describe('sessions', () => {
  it('a token authenticates; logout revokes it; a bad token is 401', async () => {
    const user = await createUser(t.db);
    const key = await login(t.app, user.email);
    const me = await t.app.inject({ method: 'GET', url: '/thor/auth/user/', headers: auth(key) });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);

    const out = await t.app.inject({ method: 'POST', url: '/thor/auth/logout/', headers: auth(key) });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/thor/auth/user/', headers: auth(key) });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHORIZED');

    expect((await t.app.inject({ method: 'GET', url: '/thor/auth/user/' })).statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/thor/auth/user/',
      headers: auth('x'.repeat(43)),
    });
    expect(forged.statusCode).toBe(401);
  });
});

describe('password reset', () => {
  const reset = (email: string) =>
    t.app.inject({ method: 'POST', url: '/thor/auth/password/reset/', payload: { email } });
  const confirm = (payload: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/thor/auth/password/reset/confirm/', payload });

  async function resetLink(email: string) {
    expect((await reset(` ${email.toUpperCase()} `)).statusCode).toBe(200);
    const mail = await lastMail(t.db, email);
    expect(mail?.kind).toBe('password-reset');
    const path = new URL(linkIn(mail?.text_body ?? '')).pathname;
    const pathToken = path.replace('/reset-password/', '');
    const dash = pathToken.indexOf('-');
    return { uid: pathToken.slice(0, dash), token: pathToken.slice(dash + 1) };
  }

  it('mails a link whose uid and token set a new password, logging out every session', async () => {
    const user = await createUser(t.db);
    const oldKey = await login(t.app, user.email);
    const { uid, token } = await resetLink(user.email);
    const res = await confirm({ uid, token, new_password1: 'Brand2026new', new_password2: 'Brand2026new' });
    expect(res.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/thor/auth/user/', headers: auth(oldKey) })).statusCode,
    ).toBe(401);
    expect((await login(t.app, user.email, 'Brand2026new')).length).toBeGreaterThan(20);
    // The link is spent.
    const reuse = await confirm({ uid, token, new_password1: 'Other2026new', new_password2: 'Other2026new' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toBe('INVALID_TOKEN');
  });

  it('answers 200 for an unknown address without sending anything, and 400 for an invalid one', async () => {
    const email = uniqueIdentity().email;
    expect((await reset(email)).statusCode).toBe(200);
    expect(await lastMail(t.db, email)).toBeUndefined();
    const bad = await reset('nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(SPEC_TEXT_EN['forgot-password-error']);
  });

  it('417 for a weak new password, 400 for a mismatch, a wrong token or another user’s uid', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const { uid, token } = await resetLink(user.email);
    expect((await confirm({ uid, token, new_password1: 'weak', new_password2: 'weak' })).statusCode).toBe(
      417,
    );
    expect(
      (await confirm({ uid, token, new_password1: 'Brand2026new', new_password2: 'Brand2026neW' }))
        .statusCode,
    ).toBe(400);
    const wrong = { new_password1: 'Brand2026new', new_password2: 'Brand2026new' };
    expect((await confirm({ uid, token: 'x'.repeat(43), ...wrong })).statusCode).toBe(400);
    expect((await confirm({ uid: other.id.toString(36), token, ...wrong })).statusCode).toBe(400);
    expect((await confirm({ uid: '!!', token, ...wrong })).statusCode).toBe(400);
  });

  it('a verification mail with an expired link verifies nothing', async () => {
    const user = await createUser(t.db, { verified: false });
    await t.db
      .insertInto('email_tokens')
      .values({
        user_id: user.id,
        purpose: 'verify',
        token_hash: 'expired',
        expires_at: new Date(Date.now() - 1000),
      })
      .execute();
    const res = await t.app.inject({ method: 'GET', url: '/thor/auth/verify_email/?token=whatever' });
    expect(res.headers.location).toBe('/?go=login&verified=0');
  });
});

describe('social login', () => {
  it('400 INVALID_FB_ACCOUNT: no social provider is configured', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/thor/auth/facebook/',
      payload: { access_token: 'abc' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_FB_ACCOUNT');
  });
});

describe('token lookups at doors-open', () => {
  it('many first requests at once are answered each with its own user; a revoked token among them is refused', async () => {
    const fans = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const user = await createUser(t.db);
        return { user, key: await login(t.app, user.email) };
      }),
    );
    const revoked = fans[5];
    if (!revoked) throw new Error('no fan');
    await t.db
      .updateTable('auth_tokens')
      .set({ revoked_at: new Date() })
      .where('token_hash', '=', hashSecret(revoked.key))
      .execute();
    const answers = await Promise.all(
      fans.map((f) =>
        t.app.inject({ method: 'GET', url: `/thor/users/${f.user.id}/`, headers: auth(f.key) }),
      ),
    );
    answers.forEach((res, i) => {
      const fan = fans[i];
      if (fan === revoked) expect(res.statusCode).toBe(401);
      else expect(res.json().username, fan?.user.email).toBe(fan?.user.username);
    });
  });
});
