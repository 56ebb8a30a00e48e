import { TICKET_TEXT_EN, TicketValidateResponse } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createShow, createTicket, createUser, login } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

function validate(payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/thor/ticket/validate/', payload, headers });
}

async function fan() {
  const user = await createUser(t.db);
  const key = await login(t.app, user.email);
  return { user, key, headers: auth(key) };
}

describe('POST /thor/ticket/validate/, cached check', () => {
  it('200 for a ticket holder, with attributes and server-computed entitlements', async () => {
    const show = await createShow(t.db);
    const { user, headers } = await fan();
    await createTicket(t.db, {
      userId: user.id,
      showId: show.id,
      attributes: { type: 'Directors', '4K': true },
    });
    const res = await validate({ paid_event: show.paid_event_name, redeemed_only: true }, headers);
    expect(res.statusCode).toBe(200);
    expect(TicketValidateResponse.parse(res.json())).toEqual({
      paid_event_name: show.paid_event_name,
      paid_event_id: show.paid_event_id,
      status: true,
      ticket_attributes: { type: 'Directors', '4K': true },
      entitlements: { multiview: 6, uhd: true },
    });
  });

  it('402 NO_TICKET without a ticket; the partner vendor answers 404', async () => {
    const show = await createShow(t.db);
    const { headers } = await fan();
    const res = await validate({ paid_event: show.paid_event_name, redeemed_only: false }, headers);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ code: 'NO_TICKET', message: TICKET_TEXT_EN.noAccessPass });
    const partner = await validate(
      {
        paid_event: show.paid_event_name,
        redeemed_only: true,
        vendor: 'weverse',
        channel_id: show.channel_id,
      },
      headers,
    );
    expect(partner.statusCode).toBe(404);
    expect(partner.json().message).toBe('Weverse ticket not found.');
  });

  it('the third-party video vendor: its tickets are bound to the account, so the cached check answers (TIX-32)', async () => {
    const show = await createShow(t.db, { vendors: [['thirdparty', 'thirdparty']] });
    const holder = await fan();
    await createTicket(t.db, { userId: holder.user.id, showId: show.id });
    const body = { paid_event: show.paid_event_name, redeemed_only: true, vendor: 'thirdparty' };
    const ok = await validate(body, holder.headers);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: true, paid_event_id: show.paid_event_id });
    const other = await fan();
    expect((await validate(body, other.headers)).statusCode).toBe(402);
  });

  it('another fan’s ticket is not yours', async () => {
    const show = await createShow(t.db);
    const holder = await createUser(t.db);
    await createTicket(t.db, { userId: holder.id, showId: show.id });
    const { headers } = await fan();
    expect(
      (await validate({ paid_event: show.paid_event_name, redeemed_only: true }, headers)).statusCode,
    ).toBe(402);
  });

  it('401 without a token or with a bad one; 400 for an unknown paid event', async () => {
    const show = await createShow(t.db);
    const body = { paid_event: show.paid_event_name, redeemed_only: true };
    expect((await validate(body)).statusCode).toBe(401);
    expect((await validate(body, auth('x'.repeat(43)))).statusCode).toBe(401);
    const { headers } = await fan();
    const unknown = await validate({ paid_event: 'NO_SUCH_SHOW', redeemed_only: true }, headers);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('VIDEO_NOT_FOUND');
  });

  it('400 for a body that matches no shape', async () => {
    const { headers } = await fan();
    for (const body of [
      {},
      { paid_event: 'X' },
      { token: 'ABCD', email: 'a@b.co' },
      { auth_token: 5, paid_event: 'X' },
    ]) {
      const res = await validate(body, headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('BAD_REQUEST');
    }
  });
});

describe('POST /thor/ticket/validate/, token check', () => {
  it('answers for the owner of the auth token, without an Authorization header', async () => {
    const show = await createShow(t.db);
    const { user, key } = await fan();
    await createTicket(t.db, { userId: user.id, showId: show.id, attributes: { tmo: false } });
    const res = await validate({ auth_token: key, paid_event: show.paid_event_name });
    expect(res.statusCode).toBe(200);
    expect(res.json().entitlements).toEqual({ multiview: 4, uhd: false });
  });

  it('401 for an unknown auth token, even with a valid header; 402 for an owner without a ticket', async () => {
    const show = await createShow(t.db);
    const { key, headers } = await fan();
    const bad = await validate({ auth_token: 'not-a-token', paid_event: show.paid_event_name }, headers);
    expect(bad.statusCode).toBe(401);
    const none = await validate({ auth_token: key, paid_event: show.paid_event_name });
    expect(none.statusCode).toBe(402);
  });
});

describe('entitlements are computed on the server', () => {
  it.each([
    ['GA', { type: 'GA' }, true, { multiview: 1, uhd: false }],
    ['Directors', { type: 'Directors' }, true, { multiview: 6, uhd: false }],
    ['tmo true', { tmo: true }, true, { multiview: 6, uhd: false }],
    ['tmo false', { tmo: false }, true, { multiview: 4, uhd: false }],
    ['mview 4', { mview: 4 }, true, { multiview: 4, uhd: false }],
    ['no attributes', {}, true, { multiview: 1, uhd: false }],
    ['4K with a stream4k', { type: 'GA', '4K': true }, true, { multiview: 1, uhd: true }],
    ['4K without a stream4k', { type: 'Directors', '4K': true }, false, { multiview: 6, uhd: false }],
  ] as const)('%s', async (_case, attributes, with4k, entitlements) => {
    const show = await createShow(t.db, { with4k });
    const { user, headers } = await fan();
    await createTicket(t.db, { userId: user.id, showId: show.id, attributes });
    const res = await validate({ paid_event: show.paid_event_name, redeemed_only: true }, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ticket_attributes: attributes, entitlements });
  });
});
