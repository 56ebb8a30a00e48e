import { SPEC_TEXT_EN } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  createUser,
  lastMail,
  linkIn,
  STRONG_PASSWORD,
  uniqueIdentity,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { LOGIN_THROTTLE } from './login-throttle.ts';

// A tenth of every budget (RATE_LIMIT_SCALE): the account ceiling is 10 failures, the per-IP one 5,
// a known device's own 1; the per-client delay after 5 failures is a rule, not a budget.
const SCALE = 0.1;
const ACCOUNT_CEILING = LOGIN_THROTTLE.accountFailures.points * SCALE;
const IP_CEILING = LOGIN_THROTTLE.ipFailures.points * SCALE;

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_SCALE: String(SCALE) });
});
afterAll(async () => {
  await t?.close();
});

function attempt(email: string, password: string, ip: string, cookie?: string, ctx = t) {
  return ctx.app.inject({
    method: 'POST',
    url: '/thor/auth/email_login/',
    payload: { email, password },
    remoteAddress: ip,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

/** The device cookie a successful login set, as a browser would send it back. */
function deviceCookie(res: { headers: Record<string, unknown> }): string {
  const raw = String(res.headers['set-cookie']);
  expect(raw).toMatch(/^encore_device=[\w-]{43}; .*HttpOnly; SameSite=Strict/);
  expect(raw).toContain('Path=/thor/auth/');
  return raw.split(';')[0] ?? '';
}

describe('login throttling (ASVS 2.2.1): brute force is slowed, the owner is not locked out', () => {
  it('an attacker hammering one account from one IP is throttled there, the owner logs in from another client', async () => {
    const user = await createUser(t.db);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1)
      statuses.push((await attempt(user.email, `Wrong${i}2026pass`, '10.1.0.1')).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    // The right password from the attacking client does not pass either.
    expect((await attempt(user.email, STRONG_PASSWORD, '10.1.0.1')).statusCode).toBe(429);
    const owner = await attempt(user.email, STRONG_PASSWORD, '10.1.0.2');
    expect(owner.statusCode).toBe(200);
  });

  it('the delay grows with each failure past the fifth (1 s, then 2 s)', async () => {
    // At full budgets: the per-IP ceiling (50) stays out of the way of this one client.
    const full = await createTestContext();
    try {
      const user = await createUser(full.db);
      const from = (password: string) => attempt(user.email, password, '10.2.0.1', undefined, full);
      for (let i = 0; i < 5; i += 1) expect((await from(`Wrong${i}2026pass`)).statusCode).toBe(401);
      const first = await from('Wrong52026pass');
      expect(first.statusCode).toBe(429);
      expect(first.headers['retry-after']).toBe('1');
      // Wait on the condition the client is told about: the throttle lets the next try through.
      let next = first;
      const deadline = Date.now() + 5000;
      while (next.statusCode === 429 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        next = await from('Wrong62026pass');
      }
      expect(next.statusCode).toBe(401);
      const second = await from(STRONG_PASSWORD);
      expect(second.statusCode).toBe(429);
      expect(second.headers['retry-after']).toBe('2');
    } finally {
      await full.close();
    }
  });

  it('distributed guessing stops at the account ceiling for unknown devices; a known device still logs in', async () => {
    const user = await createUser(t.db);
    const before = await attempt(user.email, STRONG_PASSWORD, '10.3.0.200');
    expect(before.statusCode).toBe(200);
    const cookie = deviceCookie(before);

    for (let i = 0; i < ACCOUNT_CEILING; i += 1) {
      expect((await attempt(user.email, `Wrong${i}2026pass`, `10.3.1.${i}`)).statusCode).toBe(401);
    }
    // Any new client, right password or not, is refused: the guesses are bounded per account.
    const stranger = await attempt(user.email, STRONG_PASSWORD, '10.3.2.1');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toBe(SPEC_TEXT_EN['login-error-429']);
    // The owner's browser is known: it passes, from any address.
    expect((await attempt(user.email, STRONG_PASSWORD, '10.3.3.1', cookie)).statusCode).toBe(200);
    // A forged cookie is no known device.
    expect(
      (await attempt(user.email, STRONG_PASSWORD, '10.3.3.2', `encore_device=${'A'.repeat(43)}`)).statusCode,
    ).toBe(429);
  });

  it('a known device has its own ceiling: a stolen cookie cannot guess past it', async () => {
    const user = await createUser(t.db);
    const cookie = deviceCookie(await attempt(user.email, STRONG_PASSWORD, '10.4.0.1'));
    for (let i = 0; i < ACCOUNT_CEILING; i += 1)
      await attempt(user.email, `Wrong${i}2026pass`, `10.4.1.${i}`);
    expect((await attempt(user.email, 'Wrong2026cookie', '10.4.2.1', cookie)).statusCode).toBe(401);
    // Its own budget (one failure at this scale) is spent: it is an unknown device again.
    expect((await attempt(user.email, STRONG_PASSWORD, '10.4.2.1', cookie)).statusCode).toBe(429);
  });

  it('one client guessing many accounts stops at the per-IP ceiling', async () => {
    for (let i = 0; i < IP_CEILING; i += 1) {
      const victim = await createUser(t.db);
      expect((await attempt(victim.email, 'Wrong2026pass', '10.5.0.1')).statusCode).toBe(401);
    }
    const next = await createUser(t.db);
    expect((await attempt(next.email, STRONG_PASSWORD, '10.5.0.1')).statusCode).toBe(429);
    expect((await attempt(uniqueIdentity().email, STRONG_PASSWORD, '10.5.0.1')).statusCode).toBe(429);
    expect((await attempt(next.email, STRONG_PASSWORD, '10.5.0.2')).statusCode).toBe(200);
  });

  it('step-up: strangers lock the account; its owner signs in a new browser by an emailed one-time link, the guesser gets nothing', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < ACCOUNT_CEILING; i += 1)
      expect((await attempt(user.email, `Wrong${i}2026pass`, `10.6.1.${i}`)).statusCode).toBe(401);
    const locked = await attempt(user.email, STRONG_PASSWORD, '10.6.2.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', step_up: 'email_link' });

    const ask = (email: string, ip: string, lang?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/thor/auth/login_link/',
        payload: { email, ...(lang ? { lang } : {}) },
        remoteAddress: ip,
      });
    const asked = await ask(user.email, '10.6.2.1', 'ja');
    expect(asked.statusCode).toBe(200);
    const mail = await lastMail(t.db, user.email);
    expect(mail).toMatchObject({ kind: 'login-link', subject: 'Encore: ログイン用リンク' });
    const link = linkIn(mail?.text_body ?? '');
    expect(link).toMatch(/^http:\/\/encore\.test\/sign-in\/[\w-]{43}$/);
    const token = link.split('/').pop() ?? '';

    // The owner opens it in a new browser (no device cookie) on another address.
    const confirm = (cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/thor/auth/login_link/confirm/',
        payload: { token },
        remoteAddress: '10.6.3.1',
        ...(cookie ? { headers: { cookie } } : {}),
      });
    const signedIn = await confirm();
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ user: { email: user.email } });
    const me = await t.app.inject({ url: '/thor/auth/user/', headers: auth(signedIn.json().key) });
    expect(me.statusCode).toBe(200);
    // Once only.
    expect((await confirm()).json()).toMatchObject({ code: 'INVALID_TOKEN' });
    // That browser is now known: its password logins pass while strangers are still held.
    const cookie = deviceCookie(signedIn);
    expect((await attempt(user.email, STRONG_PASSWORD, '10.6.3.2', cookie)).statusCode).toBe(200);
    expect((await attempt(user.email, STRONG_PASSWORD, '10.6.3.3')).statusCode).toBe(429);

    // Asking answers the same for an account that is not locked and for no account, and mails nothing.
    const free = await createUser(t.db);
    const unknown = uniqueIdentity().email;
    for (const email of [free.email, unknown]) {
      const res = await ask(email, '10.6.4.1');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(asked.json());
      expect(await lastMail(t.db, email)).toBeUndefined();
    }
  });
});
