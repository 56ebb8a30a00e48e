import { UNSAFE_TEXT_MESSAGE } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING } from '../../test/commerce-fixtures.ts';
import { auth, createShow, createUser, login, STRONG_PASSWORD } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { parseCodeCsv } from '../modules/tickets/code-import.ts';

/**
 * The classes of issue 12 that answered 500, one request per place it was seen: a NUL byte in any
 * string (PostgreSQL refuses it), an id of 2^31 or more (int4 overflow), a lone surrogate, and a
 * stream named like an Object.prototype member. Each is now the schema's 400 naming the field (the
 * media origin: 404). route-fuzz.test.ts drives every route with these and more.
 */
let t: TestContext;
let fan: Record<string, string>;
let host: Record<string, string>;
let slug: string;
beforeAll(async () => {
  t = await createTestContext();
  const user = await createUser(t.db);
  fan = auth(await login(t.app, user.email));
  const hostUser = await createUser(t.db, { role: 'host' });
  host = auth(await login(t.app, hostUser.email));
  slug = (await createShow(t.db)).slug;
});
afterAll(async () => {
  await t?.close();
});

type Case = [
  name: string,
  method: 'GET' | 'POST' | 'PUT',
  url: () => string,
  body: unknown,
  who: () => object,
];
const nobody = () => ({});
const asFan = () => fan;

const NUL_CASES: Case[] = [
  [
    'login',
    'POST',
    () => '/thor/auth/email_login/',
    { email: 'a\u0000b@x.com', password: 'secret1' },
    nobody,
  ],
  [
    'register',
    'POST',
    () => '/thor/auth/email_register/',
    { email: 'n@x.com', password1: STRONG_PASSWORD, password2: STRONG_PASSWORD, username: 'ab\u0000cd' },
    nobody,
  ],
  ['password reset', 'POST', () => '/thor/auth/password/reset/', { email: 'a\u0000@x.com' }, nobody],
  [
    'ticket check',
    'POST',
    () => '/thor/ticket/validate/',
    { channel_id: 1, token: 'AB\u0000CD', email: 'a@b.co', vendor: 'encore', redeemed_only: true },
    asFan,
  ],
  ['enter', 'POST', () => '/thor/shows/a%00b/enter/', undefined, asFan],
  ['orders', 'GET', () => '/thor/pg/order/?order_id=a%00b', undefined, asFan],
  [
    'billing',
    'POST',
    () => '/thor/pg/billing_info/',
    { billing: { ...BILLING, city: 'Se\u0000oul' } },
    asFan,
  ],
  ['hangs', 'PUT', () => '/thor/hangs/join_hang/', { hang_id: 1, session_id: 'n\u0000ew' }, asFan],
  ['username', 'PUT', () => '/thor/auth/user/', { username: 'ab\u0000cd' }, asFan],
  ['phone', 'POST', () => '/thor/phone/verification/', { phone_number: '010\u00001234' }, nobody],
];

describe('hostile strings and ids are the schema’s 400, never a 500 (issue 12)', () => {
  it.each(NUL_CASES)('a NUL byte: %s', async (name, method, url, body, who) => {
    const res = await t.app.inject({
      method,
      url: url(),
      headers: who() as Record<string, string>,
      ...(body === undefined ? {} : { payload: body as object }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
    // A union (the three ticket-check shapes) answers that no shape matched, not which field.
    if (name !== 'ticket check') expect(res.json().message).toContain(UNSAFE_TEXT_MESSAGE);
  });

  it('a NUL byte in a booking-code CSV', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/thor/host/shows/${slug}/ticket-codes`,
      headers: { ...host, 'content-type': 'text/csv' },
      payload: 'code,email,vendor,attributes\nAB\u0000CD,a@b.co,encore,\n',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(UNSAFE_TEXT_MESSAGE);
  });

  it('a NUL byte in a CSV read by the import command is a line error', () => {
    // The command (npm run import-codes) reads a file, not a request: no schema sees it. (A lone
    // surrogate does not survive the CSV reader's decoding: it arrives as U+FFFD.)
    const { rows, errors } = parseCodeCsv('code,email,vendor,attributes\nABCD,a\u0000b@x.com,encore,\n', [
      'encore',
    ]);
    expect(rows).toEqual([]);
    expect(errors).toEqual([{ line: 2, message: expect.stringContaining('is not a valid address') }]);
  });

  it('a lone surrogate names its field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/thor/auth/email_login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a\\ud800@x.com","password":"secret1"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'email', message: `email: ${UNSAFE_TEXT_MESSAGE}` });
  });

  it.each([
    ['a user id', 'GET', '/thor/users/2147483648/', undefined],
    ['a hang id', 'PUT', '/thor/hangs/join_hang/', { hang_id: 2 ** 31, session_id: 'new' }],
    [
      'a channel id',
      'POST',
      '/thor/ticket/validate/',
      { channel_id: 2 ** 31, token: 'ABCD', email: 'a@b.co', vendor: 'encore', redeemed_only: true },
    ],
    ['a hang id in a query', 'GET', '/thor/hangs/hang_status/?hang_id=99999999999', undefined],
  ] as const)('an integer past int4: %s', async (_name, method, url, body) => {
    const res = await t.app.inject({ method, url, headers: fan, ...(body ? { payload: body } : {}) });
    expect(res.statusCode).toBe(400);
  });
});

describe('the media origin looks streams up by own name only (issue 12)', () => {
  it.each(['constructor', 'hasownproperty', 'tostring', 'valueof'])(
    '/media/%s/... is a 404',
    async (name) => {
      for (const url of [
        `/media/${name}/index.m3u8`,
        `/media/${name}/v1080/vod.m3u8`,
        `/media/layouts/${name}.json`,
      ]) {
        const res = await t.app.inject({ method: 'GET', url, headers: fan });
        expect(res.statusCode, url).toBeLessThan(500);
      }
      const res = await t.app.inject({ method: 'GET', url: `/media/${name}/index.m3u8`, headers: fan });
      expect(res.statusCode).toBe(404);
    },
  );
});
