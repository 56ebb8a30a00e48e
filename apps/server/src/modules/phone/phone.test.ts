import { randomInt } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PHONE_LIMITS } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, uniqueIdentity } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { hashSecret } from '../../platform/tokens.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

let ipCounter = 0;
/** Each test asks from an address of its own, so that one test's budget never limits another. */
const freshIp = () => {
  ipCounter += 1;
  return `10.${Math.floor(ipCounter / 250)}.${ipCounter % 250}.${randomInt(1, 250)}`;
};
let numbers = 0;
// Random digits, then a counter: ~150 random draws repeated one 1 run in 110,000 (a resend answers 425).
const uniqueNumber = () => `010${randomInt(10_000, 100_000)}${String(++numbers % 1000).padStart(3, '0')}`;

function post(url: string, payload: Record<string, unknown>, ip = freshIp(), app = t.app) {
  return app.inject({ method: 'POST', url, payload, remoteAddress: ip });
}
const sendCode = (phone_number: string, ip?: string, app?: TestContext['app']) =>
  post('/thor/phone/verification/', { phone_number }, ip, app);
const verify = (phone_number: string, code: string, ip?: string) =>
  post('/thor/phone/verification/token/', { phone_number, code }, ip);
const register = (phone_number: string, temp_code: string, username: string, ip?: string) =>
  post('/thor/phone/register/', { phone_number, temp_code, username }, ip);

/** The code of the newest SMS to a number, read from the outbox as a fan's phone would show it. */
async function codeFromOutbox(phone: string, ctx = t): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: `/dev/sms-outbox?to=${encodeURIComponent(phone)}` });
  const sms = (res.json() as { body: string; kind: string }[])[0];
  expect(sms?.kind).toBe('login-code');
  const code = /^(\d{4}) /.exec(sms?.body ?? '')?.[1];
  if (!code) throw new Error(`no code in ${sms?.body}`);
  return code;
}

const otherCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

/** A number that verified its code and holds a temp_code for choosing a nickname. */
async function verifiedNewNumber(): Promise<{ phone: string; tempCode: string }> {
  const phone = uniqueNumber();
  expect((await sendCode(phone)).statusCode).toBe(200);
  const res = await verify(phone, await codeFromOutbox(phone));
  expect(res.statusCode).toBe(201);
  return { phone, tempCode: (res.json() as { temp_code: string }).temp_code };
}

describe('phone login', () => {
  it('a new number: SMS code, 201 temp_code, nickname registration 201 {key, user}', async () => {
    const digits = uniqueNumber();
    // Section 5: the first hyphen is removed and the value trimmed; the rest of the typing is kept out
    // of the number's identity.
    const typed = ` ${digits.slice(0, 3)}-${digits.slice(3)} `;
    const sent = await sendCode(typed);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      detail: 'Verification code sent.',
      expires_in: PHONE_LIMITS.codeTtlSeconds,
      resend_in: PHONE_LIMITS.resendSeconds,
    });
    const code = await codeFromOutbox(digits);
    expect(code).toMatch(/^\d{4}$/);
    const stored = await t.db
      .selectFrom('phone_codes')
      .selectAll()
      .where('phone_number', '=', digits)
      .executeTakeFirstOrThrow();
    // A SHA-256 hex digest, not the code (4 digits occur inside 64 random hex digits 1 time in 1,100).
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);

    const token = await verify(typed, code);
    expect(token.statusCode).toBe(201);
    const { temp_code } = token.json() as { temp_code: string };
    expect(temp_code.length).toBeGreaterThan(20);
    // A code works once.
    expect((await verify(digits, code)).json()).toMatchObject({ code: 'PHONE_NUMBER_UNMATCHED' });

    const name = uniqueIdentity().username;
    const reg = await register(typed, temp_code, ` ${name} `);
    expect(reg.statusCode).toBe(201);
    const { key, user } = reg.json() as { key: string; user: Record<string, unknown> };
    expect(user).toMatchObject({ username: name, email: '', sms_verified: true, email_verified: false });
    const me = await t.app.inject({ method: 'GET', url: `/thor/users/${user.id}/`, headers: auth(key) });
    expect(me.statusCode).toBe(200);
    // The temp code is spent.
    expect((await register(digits, temp_code, uniqueIdentity().username)).statusCode).toBe(406);
  });

  it('a known number logs in with 200 {key, user}', async () => {
    const { phone, tempCode } = await verifiedNewNumber();
    const name = uniqueIdentity().username;
    const reg = await register(phone, tempCode, name);
    const userId = (reg.json() as { user: { id: number } }).user.id;
    // The resend window is per number: a second code for it within the window is SMS_ALREADY_SENT.
    const soon = await sendCode(phone);
    expect(soon.statusCode).toBe(425);
    expect(soon.json()).toMatchObject({ code: 'SMS_ALREADY_SENT' });
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);

    // A code issued for the number (as a send after the window would) logs the account in.
    const other = uniqueNumber();
    await t.db.updateTable('users').set({ phone_number: other }).where('id', '=', userId).execute();
    expect((await sendCode(other)).statusCode).toBe(200);
    const login = await verify(other, await codeFromOutbox(other));
    expect(login.statusCode).toBe(200);
    const body = login.json() as { key: string; user: { id: number; username: string } };
    expect(body.user).toMatchObject({ id: userId, username: name });
    const me = await t.app.inject({ method: 'GET', url: `/thor/users/${userId}/`, headers: auth(body.key) });
    expect(me.statusCode).toBe(200);
  });

  it('400 INVALID_PHONE_NUMBER and INVALID_CODE for malformed input', async () => {
    for (const bad of ['', 'abc', '12', '+', '0000000']) {
      const res = await sendCode(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_PHONE_NUMBER', field: 'phone_number' });
    }
    const phone = uniqueNumber();
    await sendCode(phone);
    for (const bad of ['123', '12345', '12a4', '']) {
      const res = await verify(phone, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_CODE', field: 'code' });
    }
  });

  it('406 CODE_UNMATCHED for a wrong code, 412 TOO_MANY_REQUESTS once its tries are spent', async () => {
    const phone = uniqueNumber();
    await sendCode(phone);
    const code = await codeFromOutbox(phone);
    for (let left = PHONE_LIMITS.codeAttempts - 1; left >= 0; left--) {
      const res = await verify(phone, otherCode(code));
      expect(res.statusCode).toBe(406);
      expect(res.json()).toMatchObject({ code: 'CODE_UNMATCHED', attempts_left: left });
    }
    // Even the right code no longer works: the fan asks for a new one.
    const spent = await verify(phone, code);
    expect(spent.statusCode).toBe(412);
    expect(spent.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });

  it('a number has 10 wrong codes a day across its codes and addresses; then even the right code waits (429)', async () => {
    const phone = uniqueNumber();
    expect((await sendCode(phone)).statusCode).toBe(200);
    const first = await codeFromOutbox(phone);
    /** A new code for the number, as if the fan had asked again after the resend window. */
    const freshCode = async (code: string) => {
      await t.db
        .insertInto('phone_codes')
        .values({
          phone_number: phone,
          code_hash: hashSecret(`${phone}:${code}`),
          expires_at: new Date(Date.now() + 60_000),
        })
        .execute();
      return code;
    };
    let code = first;
    for (let wrong = 0; wrong < PHONE_LIMITS.dailyWrongCodes; wrong++) {
      // Each code takes its own 5 tries; the new ones come from many addresses.
      if (wrong > 0 && wrong % PHONE_LIMITS.codeAttempts === 0) code = await freshCode('1357');
      expect((await verify(phone, otherCode(code))).statusCode).toBe(406);
    }
    const right = await freshCode('2468');
    const refused = await verify(phone, right);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    // No new SMS either while the number waits.
    expect((await sendCode(phone)).statusCode).toBe(429);
    // Another number is not affected.
    const other = uniqueNumber();
    expect((await sendCode(other)).statusCode).toBe(200);
    expect((await verify(other, await codeFromOutbox(other))).statusCode).toBe(201);
  });

  it('403 PHONE_NUMBER_UNMATCHED without a live code, after expiry, and for a temp_code of another number', async () => {
    expect((await verify(uniqueNumber(), '1234')).json()).toMatchObject({ code: 'PHONE_NUMBER_UNMATCHED' });
    expect((await verify(uniqueNumber(), '1234')).statusCode).toBe(403);

    const phone = uniqueNumber();
    await sendCode(phone);
    const code = await codeFromOutbox(phone);
    await t.db
      .updateTable('phone_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('phone_number', '=', phone)
      .execute();
    expect((await verify(phone, code)).statusCode).toBe(403);

    const { tempCode } = await verifiedNewNumber();
    const res = await register(uniqueNumber(), tempCode, uniqueIdentity().username);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'PHONE_NUMBER_UNMATCHED' });
  });

  it('register: 406 INVALID_CODE, 409 USERNAME_ALREADY_EXISTS (temp_code kept), 409 PHONE_NUMBER_ALREADY_USED, 400/406 usernames', async () => {
    const unknown = await register(uniqueNumber(), 'not-a-temp-code', uniqueIdentity().username);
    expect(unknown.statusCode).toBe(406);
    expect(unknown.json()).toMatchObject({ code: 'INVALID_CODE' });

    const first = await verifiedNewNumber();
    const taken = uniqueIdentity().username;
    expect((await register(first.phone, first.tempCode, taken)).statusCode).toBe(201);

    const second = await verifiedNewNumber();
    const clash = await register(second.phone, second.tempCode, taken.toUpperCase());
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'USERNAME_ALREADY_EXISTS', field: 'username' });
    const invalid = await register(second.phone, second.tempCode, 'a b');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 'INVALID_USERNAME' });
    const profane = await register(second.phone, second.tempCode, 'fuckface');
    expect(profane.statusCode).toBe(406);
    expect(profane.json()).toMatchObject({ code: 'USERNAME_PROFANITY' });

    // Another sign-up took the number meanwhile: the number is usable only by that user.
    await t.db
      .insertInto('users')
      .values({ email: '', username: uniqueIdentity().username, phone_number: second.phone })
      .execute();
    const used = await register(second.phone, second.tempCode, uniqueIdentity().username);
    expect(used.statusCode).toBe(409);
    expect(used.json()).toMatchObject({ code: 'PHONE_NUMBER_ALREADY_USED' });
  });

  it('429 TOO_MANY_REQUESTS past the per-address SMS budget', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await sendCode(uniqueNumber(), ip)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    const res = await sendCode(uniqueNumber(), ip);
    expect(res.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('429 TOO_MANY_REQUESTS past the per-address verification budget', async () => {
    const ip = freshIp();
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await verify(uniqueNumber(), '1234', ip)).statusCode;
    expect(last).toBe(429);
  });
});

describe('SMS adapter: Twilio transport', () => {
  let server: Server;
  let received: { path: string; auth: string; form: URLSearchParams }[] = [];
  let answer = 201;
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push({
          path: req.url ?? '',
          auth: req.headers.authorization ?? '',
          form: new URLSearchParams(body),
        });
        res.writeHead(answer, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('delivers the code through the provider API; a refused SMS answers 502 and can be asked again at once', async () => {
    const ctx = await createTestContext({
      SMS_PROVIDER: 'twilio',
      SMS_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      SMS_ACCOUNT_SID: 'AC123',
      SMS_AUTH_TOKEN: 'secret-token',
      SMS_FROM: '+15550001111',
    });
    try {
      received = [];
      answer = 201;
      const phone = uniqueNumber();
      expect((await sendCode(phone, freshIp(), ctx.app)).statusCode).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0]?.path).toBe('/2010-04-01/Accounts/AC123/Messages.json');
      expect(received[0]?.auth).toBe(`Basic ${Buffer.from('AC123:secret-token').toString('base64')}`);
      expect(received[0]?.form.get('To')).toBe(phone);
      expect(received[0]?.form.get('From')).toBe('+15550001111');
      expect(received[0]?.form.get('Body')).toMatch(/^\d{4} is your Encore login code/);
      const row = await ctx.db
        .selectFrom('sms_outbox')
        .selectAll()
        .where('to_number', '=', phone)
        .executeTakeFirstOrThrow();
      expect(row.sent_at).not.toBeNull();
      // The delivered code is a live secret: the outbox keeps the delivery record, not the body.
      const sentCode = /^(\d{4}) /.exec(received[0]?.form.get('Body') ?? '')?.[1] ?? '';
      expect(sentCode).toMatch(/^\d{4}$/);
      expect(row.body).toBe('');

      answer = 500;
      const failing = uniqueNumber();
      const res = await sendCode(failing, freshIp(), ctx.app);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'SMS_SEND_FAILED' });
      // The undelivered code is retired, and the fan may ask again without waiting.
      const code = /^(\d{4}) /.exec(received.at(-1)?.form.get('Body') ?? '')?.[1] ?? '';
      expect(code).toMatch(/^\d{4}$/);
      const failedRow = await ctx.db
        .selectFrom('sms_outbox')
        .selectAll()
        .where('to_number', '=', failing)
        .executeTakeFirstOrThrow();
      expect(failedRow.error).not.toBeNull();
      expect(failedRow.body).toBe('');
      expect(
        (await post('/thor/phone/verification/token/', { phone_number: failing, code }, freshIp(), ctx.app))
          .statusCode,
      ).toBe(403);
      answer = 201;
      expect((await sendCode(failing, freshIp(), ctx.app)).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });

  it('production without an SMS provider answers 502 SMS_SEND_FAILED instead of a code no one can read', async () => {
    const prod = await createTestContext({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      DRM_TOKEN_SECRET: 'a-production-secret-of-32-chars!',
    });
    try {
      const res = await sendCode(uniqueNumber(), freshIp(), prod.app);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'SMS_SEND_FAILED' });
    } finally {
      await prod.close();
    }
  });
});
