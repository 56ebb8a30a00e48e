import { TICKET_TEXT_EN } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  createBookingCode,
  createShow,
  createTicket,
  createUser,
  login,
  STRONG_PASSWORD,
  uniqueIdentity,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { MANUAL_MISSES } from './tickets.service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

let ips = 0;
/** Each request from an address of its own unless told: the per-address budget is tested on purpose. */
const freshIp = () => {
  ips += 1;
  return `10.77.${Math.floor(ips / 250)}.${ips % 250}`;
};

function validate(
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
  ip = freshIp(),
  ctx = t,
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/thor/ticket/validate/',
    payload,
    headers,
    remoteAddress: ip,
  });
}

async function fan(ctx = t) {
  const user = await createUser(ctx.db);
  if (ctx === t) return { user, headers: auth(await login(ctx.app, user.email)) };
  // From an address of its own: a scaled-down context's login budget per address is small.
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/thor/auth/email_login/',
    payload: { email: user.email, password: STRONG_PASSWORD },
    remoteAddress: freshIp(),
  });
  expect(res.statusCode).toBe(200);
  return { user, headers: auth(res.json<{ key: string }>().key) };
}

const manual = (channelId: number, token: string, email: string, extra: Record<string, unknown> = {}) => ({
  channel_id: channelId,
  token,
  email,
  vendor: 'encore',
  redeemed_only: false,
  ...extra,
});

const codeRow = (id: number) =>
  t.db.selectFrom('booking_codes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const ticketsOf = (userId: number, showId: number) =>
  t.db
    .selectFrom('tickets')
    .selectAll()
    .where('user_id', '=', userId)
    .where('show_id', '=', showId)
    .execute();

describe('POST /thor/ticket/validate/, manual check', () => {
  it('200 redeems a code (trimmed, uppercased; email trimmed, lowercased) to the account', async () => {
    const show = await createShow(t.db);
    const email = uniqueIdentity().email;
    const code = await createBookingCode(t.db, {
      showId: show.id,
      code: 'ENCORE-0001',
      email,
      attributes: { mview: 4 },
    });
    const { user, headers } = await fan();
    const res = await validate(
      manual(show.channel_id, '  encore-0001 ', ` ${email.toUpperCase()} `),
      headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      paid_event_name: show.paid_event_name,
      paid_event_id: show.paid_event_id,
      status: true,
      ticket_attributes: { mview: 4 },
      entitlements: { multiview: 4, uhd: false },
    });
    expect(await codeRow(code.id)).toMatchObject({ redeemed_by: user.id });
    const [ticket] = await ticketsOf(user.id, show.id);
    expect(ticket).toMatchObject({ source: 'code', booking_code_id: code.id, attributes: { mview: 4 } });
    // From now on the cached check finds it.
    const cached = await validate({ paid_event: show.paid_event_name, redeemed_only: true }, headers);
    expect(cached.statusCode).toBe(200);
  });

  it('re-redeeming one’s own code is a 200 and changes nothing', async () => {
    const show = await createShow(t.db);
    const code = await createBookingCode(t.db, { showId: show.id });
    const { user, headers } = await fan();
    expect((await validate(manual(show.channel_id, code.code, code.email), headers)).statusCode).toBe(200);
    const first = await codeRow(code.id);
    const again = await validate(manual(show.channel_id, code.code, code.email), headers);
    expect(again.statusCode).toBe(200);
    expect(await codeRow(code.id)).toEqual(first);
    expect(await ticketsOf(user.id, show.id)).toHaveLength(1);
  });

  it.each(['ab', 'abc', ' ab ', 'AB CD', 'CODE!', ''])(
    '406 INVALID_TICKET for a malformed code %j',
    async (token) => {
      const show = await createShow(t.db);
      const { headers } = await fan();
      const res = await validate(manual(show.channel_id, token, 'a@b.co'), headers);
      expect(res.statusCode).toBe(406);
      expect(res.json().code).toBe('INVALID_TICKET');
    },
  );

  it('412 with one body for an unknown code, another show’s code and a wrong email: nothing tells a code exists', async () => {
    const show = await createShow(t.db);
    const other = await createShow(t.db);
    const code = await createBookingCode(t.db, { showId: show.id });
    const elsewhere = await createBookingCode(t.db, { showId: other.id });
    const { headers } = await fan();
    const answers = [
      await validate(manual(show.channel_id, code.code, 'someone-else@example.test'), headers),
      await validate(manual(show.channel_id, 'NOPE-NOPE', 'someone-else@example.test'), headers),
      await validate(manual(show.channel_id, 'NOPE-NOPE', code.email), headers),
      await validate(manual(show.channel_id, elsewhere.code, elsewhere.email), headers),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(412);
      expect(res.json()).toEqual({
        code: 'EMAIL_NOT_RECOGNIZED',
        message: TICKET_TEXT_EN.emailNotRecognized,
        field: 'email',
      });
    }
    expect((await codeRow(code.id)).redeemed_by).toBeNull();
  });

  it('failed checks are budgeted per address: new accounts on one address get no fresh budget', async () => {
    const show = await createShow(t.db);
    const code = await createBookingCode(t.db, { showId: show.id });
    const ip = freshIp();
    // Three accounts spend their own 10 checks each: 30 misses from one address.
    for (let a = 0; a < MANUAL_MISSES.perAddress.points / 10; a += 1) {
      const { headers } = await fan();
      for (let i = 0; i < 10; i += 1) {
        const res = await validate(manual(show.channel_id, `GUESS-${a}${i}00`, code.email), headers, ip);
        expect(res.statusCode).toBe(412);
      }
    }
    const next = await fan();
    const res = await validate(manual(show.channel_id, code.code, code.email), next.headers, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: TICKET_TEXT_EN.inProgress });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // The same fan from another address redeems the pass.
    const elsewhere = await validate(manual(show.channel_id, code.code, code.email), next.headers);
    expect(elsewhere.statusCode).toBe(200);
  });

  it('failed checks are budgeted per show: many addresses and accounts together stop at its ceiling', async () => {
    // A hundredth of each budget: 20 misses per show, one check per account.
    const small = await createTestContext({ RATE_LIMIT_SCALE: '0.01' });
    try {
      const show = await createShow(small.db);
      const other = await createShow(small.db);
      const code = await createBookingCode(small.db, { showId: show.id });
      const spare = await createBookingCode(small.db, { showId: other.id });
      const check = async (channelId: number, token: string, email: string) =>
        validate(manual(channelId, token, email), (await fan(small)).headers, freshIp(), small);
      for (let i = 0; i < MANUAL_MISSES.perShow.points * 0.01; i += 1) {
        expect((await check(show.channel_id, `GUESS-${i}000`, code.email)).statusCode).toBe(412);
      }
      expect((await check(show.channel_id, code.code, code.email)).statusCode).toBe(429);
      // Another show's passes are not held up.
      expect((await check(other.channel_id, spare.code, spare.email)).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('415 for a merch code, with the spec text', async () => {
    const show = await createShow(t.db);
    const code = await createBookingCode(t.db, { showId: show.id, kind: 'merch' });
    const { headers } = await fan();
    const res = await validate(manual(show.channel_id, code.code, code.email), headers);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(TICKET_TEXT_EN.merchCode);
    expect((await codeRow(code.id)).redeemed_by).toBeNull();
  });

  it("406 naming the issuing vendor for a code sent through another vendor's form; nothing redeemed (issue 25)", async () => {
    const show = await createShow(t.db);
    const shopCode = await createBookingCode(t.db, { showId: show.id, vendor: 'ticketshop' });
    const ownCode = await createBookingCode(t.db, { showId: show.id, vendor: 'encore' });
    const { user, headers } = await fan();
    const viaEncore = await validate(manual(show.channel_id, shopCode.code, shopCode.email), headers);
    expect(viaEncore.statusCode).toBe(406);
    expect(viaEncore.json()).toEqual({
      code: 'INVALID_TICKET',
      message: TICKET_TEXT_EN.otherVendor('ticketshop'),
      field: 'token',
      vendor: 'ticketshop',
    });
    const viaShop = await validate(
      manual(show.channel_id, ownCode.code, ownCode.email, { vendor: 'ticketshop' }),
      headers,
    );
    expect(viaShop.statusCode).toBe(406);
    expect(viaShop.json()).toMatchObject({ vendor: 'encore', message: TICKET_TEXT_EN.otherVendor('encore') });
    expect((await codeRow(shopCode.id)).redeemed_by).toBeNull();
    expect((await codeRow(ownCode.id)).redeemed_by).toBeNull();
    expect(await ticketsOf(user.id, show.id)).toHaveLength(0);
    // A wrong email still gets the one 412 that tells nothing, vendor or not.
    const stranger = await validate(
      manual(show.channel_id, shopCode.code, 'someone-else@example.test'),
      headers,
    );
    expect(stranger.statusCode).toBe(412);
    // Through its own vendor's form the same code redeems.
    const own = await validate(
      manual(show.channel_id, shopCode.code, shopCode.email, { vendor: 'ticketshop' }),
      headers,
    );
    expect(own.statusCode).toBe(200);
  });

  it('409 TICKET_ALREADY_REDEEMED for a code another account holds', async () => {
    const show = await createShow(t.db);
    const other = await createUser(t.db);
    const code = await createBookingCode(t.db, { showId: show.id, redeemedBy: other.id });
    const { user, headers } = await fan();
    const res = await validate(manual(show.channel_id, code.code, code.email), headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('TICKET_ALREADY_REDEEMED');
    expect(await ticketsOf(user.id, show.id)).toHaveLength(0);
  });

  it('two accounts racing for one code: exactly one 200 and one 409, one ticket', async () => {
    const show = await createShow(t.db);
    const code = await createBookingCode(t.db, { showId: show.id });
    const [a, b] = await Promise.all([fan(), fan()]);
    const results = await Promise.all([
      validate(manual(show.channel_id, code.code, code.email), a.headers),
      validate(manual(show.channel_id, code.code, code.email), b.headers),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results[0]?.statusCode === 200 ? a.user : b.user;
    expect((await codeRow(code.id)).redeemed_by).toBe(winner.id);
    const tickets = await t.db
      .selectFrom('tickets')
      .select('user_id')
      .where('show_id', '=', show.id)
      .execute();
    expect(tickets).toEqual([{ user_id: winner.id }]);
  });

  it('redeemed_only true only checks: 402 for an unredeemed code, 200 once it is one’s own', async () => {
    const show = await createShow(t.db);
    const code = await createBookingCode(t.db, { showId: show.id });
    const { user, headers } = await fan();
    const check = () =>
      validate(manual(show.channel_id, code.code, code.email, { redeemed_only: true }), headers);
    expect((await check()).statusCode).toBe(402);
    expect((await codeRow(code.id)).redeemed_by).toBeNull();
    expect(await ticketsOf(user.id, show.id)).toHaveLength(0);
    expect((await validate(manual(show.channel_id, code.code, code.email), headers)).statusCode).toBe(200);
    expect((await check()).statusCode).toBe(200);
  });

  it('a fan who holds a ticket keeps it and leaves a code that gives no more unredeemed; a better one upgrades', async () => {
    const show = await createShow(t.db);
    const { user, headers } = await fan();
    await createTicket(t.db, { userId: user.id, showId: show.id, attributes: { tmo: false } });
    const ga = await createBookingCode(t.db, { showId: show.id, attributes: { type: 'GA' } });
    const same = await validate(manual(show.channel_id, ga.code, ga.email), headers);
    expect(same.statusCode).toBe(200);
    expect(same.json().entitlements.multiview).toBe(4);
    expect((await codeRow(ga.id)).redeemed_by).toBeNull();

    const directors = await createBookingCode(t.db, {
      showId: show.id,
      attributes: { type: 'Directors', '4K': true },
    });
    const up = await validate(manual(show.channel_id, directors.code, directors.email), headers);
    expect(up.json().entitlements).toEqual({ multiview: 6, uhd: true });
    expect((await codeRow(directors.id)).redeemed_by).toBe(user.id);
    const tickets = await ticketsOf(user.id, show.id);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({
      booking_code_id: directors.id,
      attributes: { type: 'Directors', '4K': true },
    });
  });

  it('an upgrade shows at once in the cached check, which keeps tickets in memory', async () => {
    const show = await createShow(t.db);
    const { user, headers } = await fan();
    await createTicket(t.db, { userId: user.id, showId: show.id, attributes: { type: 'GA' } });
    const cached = () => validate({ paid_event: show.paid_event_name, redeemed_only: true }, headers);
    expect((await cached()).json().entitlements.multiview).toBe(1);
    const directors = await createBookingCode(t.db, { showId: show.id, attributes: { type: 'Directors' } });
    await validate(manual(show.channel_id, directors.code, directors.email), headers);
    expect((await cached()).json().entitlements.multiview).toBe(6);
  });

  it('400 VIDEO_NOT_FOUND for an unknown channel; 401 without a token', async () => {
    const { headers } = await fan();
    const res = await validate(manual(987_654, 'ABCD-1234', 'a@b.co'), headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VIDEO_NOT_FOUND');
    expect((await validate(manual(987_654, 'ABCD-1234', 'a@b.co'))).statusCode).toBe(401);
  });

  it('429 after 10 manual checks in 5 minutes for one account, with the spec text; others unaffected', async () => {
    const show = await createShow(t.db);
    const { headers } = await fan();
    for (let i = 0; i < 10; i += 1) {
      expect((await validate(manual(show.channel_id, `MISS-${i}000`, 'a@b.co'), headers)).statusCode).toBe(
        412,
      );
    }
    const res = await validate(manual(show.channel_id, 'MISS-X000', 'a@b.co'), headers);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: TICKET_TEXT_EN.inProgress });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const other = await fan();
    expect((await validate(manual(show.channel_id, 'MISS-Y000', 'a@b.co'), other.headers)).statusCode).toBe(
      412,
    );
  });
});
