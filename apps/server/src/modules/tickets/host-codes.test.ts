import { randomUUID } from 'node:crypto';
import {
  DRM_TOKEN_HEADER,
  DrmTokenResponse,
  EnterEventResponse,
  RevokeResult,
  TicketCodePage,
} from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  createBookingCode,
  createTicket,
  createUser,
  login,
  showEntity,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createShowsRepo } from '../shows/shows.repo.ts';

let t: TestContext;
let host: Record<string, string>;
let fanHeaders: Record<string, string>;
beforeAll(async () => {
  t = await createTestContext();
  host = auth(await login(t.app, (await createUser(t.db, { role: 'host' })).email));
  fanHeaders = auth(await login(t.app, (await createUser(t.db)).email));
});
afterAll(async () => {
  await t?.close();
});

/** An open show on the origin's demo streams (the key route needs them). */
async function openShow() {
  const entity = showEntity({ startIn: 10 });
  entity.streams = Object.fromEntries(
    ['mix-stream1', 'mix-stream2', 'streampips4'].map((s) => [s, { hls: { url: `/media/${s}/index.m3u8` } }]),
  );
  return createShowsRepo(t.db).insert(entity);
}
type Show = Awaited<ReturnType<typeof openShow>>;

const get = (url: string, headers = host) => t.app.inject({ url, headers });
const post = (url: string, payload?: object, headers = host) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

async function keyUri(): Promise<string> {
  const playlist = await t.app.inject({ url: '/media/mix-stream1/360p/live.m3u8' });
  return /#EXT-X-KEY:METHOD=AES-128,URI="([^"]+)"/.exec(playlist.body)?.[1] ?? '';
}

/** A fan who redeemed `code`, entered the show and holds a DRM token that opens the key. */
const manualCheck = (show: Show, code: { code: string; email: string }) => ({
  channel_id: show.channel_id,
  token: code.code,
  email: code.email,
  vendor: 'encore',
  redeemed_only: false,
});

async function watchingFan(show: Show, code: { code: string; email: string }) {
  const user = await createUser(t.db);
  const headers = auth(await login(t.app, user.email));
  const redeem = await post('/thor/ticket/validate/', manualCheck(show, code), headers);
  expect(redeem.statusCode, redeem.body).toBe(200);
  const enter = await post(`/thor/shows/${show.slug}/enter/`, undefined, headers);
  expect(enter.statusCode).toBe(200);
  const session = EnterEventResponse.parse(enter.json()).session_id;
  const qs = new URLSearchParams({
    video: String(show.channel_id),
    stream: 'mix-stream1',
    paid_event: String(show.paid_event_id),
    stream_type: 'hls',
    session_id: session,
  });
  const drm = await get(`/thor/video/drm/?${qs}`, headers);
  expect(drm.statusCode, drm.body).toBe(200);
  return { user, headers, qs, token: DrmTokenResponse.parse(drm.json()).token };
}

describe('GET /thor/host/shows/{slug}/ticket-codes', () => {
  it('searches by code or email prefix, vendor and state, page by page; exports the same as CSV', async () => {
    const show = await openShow();
    const redeemer = await createUser(t.db);
    for (let i = 0; i < 5; i += 1) {
      await createBookingCode(t.db, { showId: show.id, code: `ALPHA-${i}`, email: `a${i}@x.test` });
    }
    await createBookingCode(t.db, {
      showId: show.id,
      code: 'BETA-1',
      email: 'beta@x.test',
      vendor: 'ticketshop',
      redeemedBy: redeemer.id,
    });
    const base = `/thor/host/shows/${show.slug}/ticket-codes`;
    const first = TicketCodePage.parse((await get(`${base}?q=alpha&per_page=2`)).json());
    expect(first).toMatchObject({ total: 5, page: 1, per_page: 2, vendors: ['encore', 'ticketshop'] });
    expect(first.results.map((c) => c.code)).toEqual(['ALPHA-0', 'ALPHA-1']);
    const third = TicketCodePage.parse((await get(`${base}?q=alpha&per_page=2&page=3`)).json());
    expect(third.results.map((c) => c.code)).toEqual(['ALPHA-4']);
    const byEmail = TicketCodePage.parse((await get(`${base}?q=BETA@`)).json());
    expect(byEmail.results).toEqual([
      expect.objectContaining({ code: 'BETA-1', redeemed_by: redeemer.username, vendor: 'ticketshop' }),
    ]);
    expect(TicketCodePage.parse((await get(`${base}?state=redeemed`)).json()).total).toBe(1);
    expect(TicketCodePage.parse((await get(`${base}?state=open&vendor=encore`)).json()).total).toBe(5);

    const csv = await get(`${base}.csv?state=redeemed`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('code,email,vendor,type,mview,4K,redeemed_by,redeemed_at,revoked_at');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^BETA-1,beta@x.test,ticketshop,GA,,,${redeemer.username},`));
  });

  it('400 for a bad state or page; 404 for an unknown show; 403 for a fan; 401 without a token', async () => {
    const show = await openShow();
    const base = `/thor/host/shows/${show.slug}/ticket-codes`;
    expect((await get(`${base}?state=lost`)).statusCode).toBe(400);
    expect((await get(`${base}?page=0`)).statusCode).toBe(400);
    expect((await get('/thor/host/shows/no-such-show/ticket-codes')).statusCode).toBe(404);
    expect((await get('/thor/host/shows/no-such-show/ticket-codes.csv')).statusCode).toBe(404);
    for (const url of [base, `${base}.csv`]) {
      expect((await get(url, fanHeaders)).statusCode).toBe(403);
      expect((await get(url, {})).statusCode).toBe(401);
    }
    expect((await post(`${base}/ANY/revoke`, undefined, fanHeaders)).statusCode).toBe(403);
    expect(
      (await post(`/thor/host/shows/${show.slug}/tickets/revoke`, { username: 'x' }, fanHeaders)).statusCode,
    ).toBe(403);
  });
});

describe('revoking a code or a ticket', () => {
  it('a revoked code ends its ticket and device session: the DRM token stops opening the key at once, no new token, no redeem', async () => {
    const show = await openShow();
    const code = await createBookingCode(t.db, { showId: show.id, attributes: { mview: 4 } });
    const fan = await watchingFan(show, code);
    const uri = await keyUri();
    expect((await t.app.inject({ url: uri, headers: { [DRM_TOKEN_HEADER]: fan.token } })).statusCode).toBe(
      200,
    );

    const res = await post(`/thor/host/shows/${show.slug}/ticket-codes/${code.code.toLowerCase()}/revoke`);
    expect(res.statusCode).toBe(200);
    expect(RevokeResult.parse(res.json())).toMatchObject({
      code: code.code,
      ticket_removed: true,
      sessions_ended: 1,
    });
    // The revocation reaches every node's key check through the bus: at once in process, within the
    // pub/sub round trip with Redis (a few ms), well within the token's lifetime.
    await expect
      .poll(
        async () => (await t.app.inject({ url: uri, headers: { [DRM_TOKEN_HEADER]: fan.token } })).statusCode,
        {
          timeout: 2000,
          interval: 20,
        },
      )
      .toBe(403);
    expect((await get(`/thor/video/drm/?${fan.qs}`, fan.headers)).statusCode).toBe(403);
    const again = await post('/thor/ticket/validate/', manualCheck(show, code), fan.headers);
    expect(again.statusCode).not.toBe(200);
    const listed = TicketCodePage.parse(
      (await get(`/thor/host/shows/${show.slug}/ticket-codes?state=revoked`)).json(),
    );
    expect(listed.results.map((c) => c.code)).toEqual([code.code]);
    expect((await post(`/thor/host/shows/${show.slug}/ticket-codes/NO-SUCH/revoke`)).statusCode).toBe(404);
  });

  it("revokes a fan's ticket by username; 404 when the fan holds none", async () => {
    const show = await openShow();
    const user = await createUser(t.db);
    await createTicket(t.db, { userId: user.id, showId: show.id });
    const url = `/thor/host/shows/${show.slug}/tickets/revoke`;
    const res = await post(url, { username: user.username.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: null, ticket_removed: true, sessions_ended: 0 });
    expect((await post(url, { username: user.username })).statusCode).toBe(404);
    expect((await post(url, { username: `nobody-${randomUUID().slice(0, 8)}` })).statusCode).toBe(404);
    expect((await post(url, {})).statusCode).toBe(400);
  });
});

describe('the host preview: DRM tokens without a ticket', () => {
  it('a host gets a token for every view of any show without a ticket or device place, and it opens the key; a fan without a ticket does not', async () => {
    const show = await openShow();
    const qs = (stream: string) =>
      new URLSearchParams({
        video: String(show.channel_id),
        stream,
        paid_event: String(show.paid_event_id),
        stream_type: 'hls',
        session_id: randomUUID(),
      });
    const res = await get(`/thor/video/drm/?${qs('streampips4')}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = DrmTokenResponse.parse(res.json());
    expect(body.entitlements.multiview).toBe(6);
    const uri = await keyUri();
    expect((await t.app.inject({ url: uri, headers: { [DRM_TOKEN_HEADER]: body.token } })).statusCode).toBe(
      200,
    );
    const refused = await get(`/thor/video/drm/?${qs('mix-stream1')}`, fanHeaders);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('NO_TICKET');
  });
});
