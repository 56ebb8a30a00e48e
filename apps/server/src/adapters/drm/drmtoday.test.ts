import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DRM_TOKEN_HEADER, DrmTokenResponse, EnterEventResponse } from '@encore/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auth, createShow, createTicket, createUser, login } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { AppError } from '../../errors.ts';
import { createDrmTodayAdapter, LICENCE_ERROR_TEXT, LICENCE_PATHS, unwrapCkc } from './drmtoday.ts';

// A tiny licence server on localhost stands in for the provider: it records what it receives and
// answers what the test sets.
type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: Buffer };
let server: Server;
let licenceUrl: string;
let seen: Seen[] = [];
let answer: { status: number; body: string | Buffer; delayMs?: number } = { status: 200, body: '' };

const SECRET_HEX = '0123456789abcdef'.repeat(4);
const LICENCE = Buffer.from('the-licence-bytes-\u0000\u0001\u00ff', 'latin1');

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      const reply = () => {
        res.statusCode = answer.status;
        res.end(answer.body);
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  licenceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen = [];
  answer = { status: 200, body: LICENCE };
});

const viewer = {
  userId: 7,
  sessionId: '11111111-2222-4333-8444-555555555555',
  paidEventId: 1001,
  stream: 'mix-stream1',
};
const adapter = (timeoutMs?: number) =>
  createDrmTodayAdapter({
    licenceUrl,
    merchant: 'encore-merchant',
    upfrontSecret: Buffer.from(SECRET_HEX, 'hex'),
    upfrontKeyId: 'kid-1',
    ...(timeoutMs ? { timeoutMs } : {}),
  });

function decodeJwt(token: string) {
  const [h = '', p = '', s = ''] = token.split('.');
  const expected = createHmac('sha256', Buffer.from(SECRET_HEX, 'hex'))
    .update(`${h}.${p}`)
    .digest('base64url');
  return {
    valid: s === expected,
    header: JSON.parse(Buffer.from(h, 'base64url').toString()),
    payload: JSON.parse(Buffer.from(p, 'base64url').toString()),
  };
}

describe('the DRMtoday adapter', () => {
  it('FairPlay: posts spc=<base64> form-urlencoded with x-dt headers, and unwraps the <ckc> answer', async () => {
    answer = { status: 200, body: `<ckc>${LICENCE.toString('base64')}</ckc>\n` };
    const spc = Buffer.from('server-playback-context');
    const licence = await adapter().requestLicence({ system: 'fairplay', challenge: spc, viewer });
    expect(licence.equals(LICENCE)).toBe(true);

    expect(seen).toHaveLength(1);
    const [req] = seen;
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe(LICENCE_PATHS.fairplay);
    expect(req?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(req?.body.toString());
    expect([...form.keys()]).toEqual(['spc']);
    expect(form.get('spc')).toBe(spc.toString('base64'));

    const custom = JSON.parse(Buffer.from(String(req?.headers['x-dt-custom-data']), 'base64').toString());
    expect(custom).toEqual({ userId: '7', sessionId: viewer.sessionId, merchant: 'encore-merchant' });
    const jwt = decodeJwt(String(req?.headers['x-dt-auth-token']));
    expect(jwt.valid).toBe(true);
    expect(jwt.header).toEqual({ alg: 'HS256', typ: 'JWT', kid: 'kid-1' });
    expect(JSON.parse(jwt.payload.optData)).toEqual(custom);
    expect(JSON.parse(jwt.payload.crt)).toEqual([
      { assetId: 'mix-stream1', variantId: '1001', storeLicense: false },
    ]);
    expect(jwt.payload.exp - jwt.payload.iat).toBe(60);
  });

  it('a FairPlay answer without <ckc> tags is plain base64', async () => {
    answer = { status: 200, body: LICENCE.toString('base64') };
    const licence = await adapter().requestLicence({
      system: 'fairplay',
      challenge: Buffer.from('x'),
      viewer,
    });
    expect(licence.equals(LICENCE)).toBe(true);
  });

  it('Widevine and PlayReady: the challenge bytes as the body, the licence bytes back', async () => {
    const challenge = Buffer.from([0, 1, 2, 250, 251, 252]);
    for (const [system, type] of [
      ['widevine', 'application/octet-stream'],
      ['playready', 'text/xml; charset=utf-8'],
    ] as const) {
      seen = [];
      const licence = await adapter().requestLicence({ system, challenge, viewer });
      expect(licence.equals(LICENCE), system).toBe(true);
      expect(seen[0]?.url).toBe(LICENCE_PATHS[system]);
      expect(seen[0]?.headers['content-type']).toBe(type);
      expect(seen[0]?.body.equals(challenge)).toBe(true);
      expect(seen[0]?.headers['x-dt-auth-token']).toBeTruthy();
      expect(seen[0]?.headers['x-dt-custom-data']).toBeTruthy();
    }
  });

  it('failures: 403 LICENCE_DENIED for a refusal, 502 LICENCE_ERROR otherwise, 504 on timeout', async () => {
    const ask = (timeoutMs?: number) =>
      adapter(timeoutMs).requestLicence({ system: 'widevine', challenge: Buffer.from('c'), viewer });
    const failure = async (p: Promise<unknown>) => {
      const err = await p.then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(AppError);
      const e = err as AppError;
      expect(e.message).toBe(LICENCE_ERROR_TEXT);
      return [e.status, e.code];
    };
    answer = { status: 403, body: 'denied' };
    expect(await failure(ask())).toEqual([403, 'LICENCE_DENIED']);
    answer = { status: 500, body: 'oops' };
    expect(await failure(ask())).toEqual([502, 'LICENCE_ERROR']);
    answer = { status: 200, body: 'late', delayMs: 500 };
    expect(await failure(ask(100))).toEqual([504, 'LICENCE_TIMEOUT']);
    answer = { status: 200, body: '<ckc>not base64!</ckc>' };
    expect(
      await failure(adapter().requestLicence({ system: 'fairplay', challenge: Buffer.from('c'), viewer })),
    ).toEqual([502, 'LICENCE_ERROR']);
  });

  it('unwrapCkc strips the tags and surrounding space', () => {
    expect(unwrapCkc(' <ckc>AAEC</ckc> ').equals(Buffer.from([0, 1, 2]))).toBe(true);
    expect(unwrapCkc('AAEC').equals(Buffer.from([0, 1, 2]))).toBe(true);
    expect(() => unwrapCkc('<ckc></ckc>')).toThrow(LICENCE_ERROR_TEXT);
  });
});

describe('POST /thor/video/licence/{system}/ with DRM_PROVIDER=drmtoday', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({
      DRM_PROVIDER: 'drmtoday',
      DRM_LICENCE_URL: licenceUrl,
      DRM_MERCHANT: 'encore-merchant',
      DRM_UPFRONT_SECRET: SECRET_HEX,
      DRM_UPFRONT_KEY_ID: 'kid-1',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function viewerWithToken() {
    const show = await createShow(t.db, { startIn: 10 });
    const user = await createUser(t.db);
    await createTicket(t.db, { userId: user.id, showId: show.id, attributes: { mview: 4 } });
    const headers = auth(await login(t.app, user.email));
    const entered = await t.app.inject({ method: 'POST', url: `/thor/shows/${show.slug}/enter/`, headers });
    const session = EnterEventResponse.parse(entered.json()).session_id;
    const q = new URLSearchParams({
      video: String(show.channel_id),
      stream: 'mix-stream1',
      paid_event: String(show.paid_event_id),
      stream_type: 'hls',
      session_id: session,
    });
    const res = await t.app.inject({ method: 'GET', url: `/thor/video/drm/?${q}`, headers });
    expect(res.statusCode).toBe(200);
    return { user, session, headers, drm: DrmTokenResponse.parse(res.json()) };
  }

  it('the token answer names the licence proxy; FairPlay goes through it to the provider and back', async () => {
    const { user, session, headers, drm } = await viewerWithToken();
    expect(drm.provider).toBe('drmtoday');
    expect(drm.licence?.urls).toEqual({
      widevine: '/thor/video/licence/widevine/',
      playready: '/thor/video/licence/playready/',
      fairplay: '/thor/video/licence/fairplay/',
    });
    answer = { status: 200, body: `<ckc>${LICENCE.toString('base64')}</ckc>` };
    const spc = Buffer.from('an-spc-from-safari');
    const res = await t.app.inject({
      method: 'POST',
      url: drm.licence?.urls.fairplay ?? '',
      headers: {
        ...headers,
        [DRM_TOKEN_HEADER]: drm.token,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ spc: spc.toString('base64') }).toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.rawPayload.equals(LICENCE)).toBe(true);
    expect(new URLSearchParams(seen[0]?.body.toString()).get('spc')).toBe(spc.toString('base64'));
    const custom = JSON.parse(Buffer.from(String(seen[0]?.headers['x-dt-custom-data']), 'base64').toString());
    expect(custom).toEqual({ userId: String(user.id), sessionId: session, merchant: 'encore-merchant' });
  });

  it('Widevine bytes pass through; refusals map to 403, provider failures to 502', async () => {
    const { headers, drm } = await viewerWithToken();
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/thor/video/licence/widevine/',
        headers: { ...headers, [DRM_TOKEN_HEADER]: drm.token, 'content-type': 'application/octet-stream' },
        payload: Buffer.from([8, 1, 18, 0]),
      });
    const ok = await post();
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.equals(LICENCE)).toBe(true);
    expect(seen[0]?.body.equals(Buffer.from([8, 1, 18, 0]))).toBe(true);
    answer = { status: 403, body: 'no' };
    expect((await post()).json()).toMatchObject({ code: 'LICENCE_DENIED', message: LICENCE_ERROR_TEXT });
    answer = { status: 503, body: 'down' };
    const failed = await post();
    expect([failed.statusCode, failed.json().code]).toEqual([502, 'LICENCE_ERROR']);
  });

  it('401 without the auth token or the DRM token; 403 for a token of another user; 404 for no such system', async () => {
    const a = await viewerWithToken();
    const b = await viewerWithToken();
    const post = (headers: Record<string, string>, system = 'widevine') =>
      t.app.inject({
        method: 'POST',
        url: `/thor/video/licence/${system}/`,
        headers: { ...headers, 'content-type': 'application/octet-stream' },
        payload: Buffer.from('c'),
      });
    expect((await post({ [DRM_TOKEN_HEADER]: a.drm.token })).statusCode).toBe(401);
    expect((await post(a.headers)).statusCode).toBe(401);
    expect((await post({ ...a.headers, [DRM_TOKEN_HEADER]: b.drm.token })).statusCode).toBe(403);
    // ClearKey is Encore's own licence (CLEARKEY_LICENCE_PATH, a JSON route of its own), not a proxy.
    expect((await post({ ...a.headers, [DRM_TOKEN_HEADER]: a.drm.token }, 'primetime')).statusCode).toBe(404);
    expect(seen).toHaveLength(0);
  });
});
