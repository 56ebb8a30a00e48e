import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  CLEARKEY_LICENCE_PATH,
  ClearKeyLicence,
  DRM_TOKEN_HEADER,
  DrmTokenResponse,
  EnterEventResponse,
  type TicketAttributes,
} from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  createTicket,
  createUser,
  expiredDrmToken,
  login,
  showEntity,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createShowsRepo } from '../shows/shows.repo.ts';

// Encore's own ClearKey licence for the origin's DASH (PLY-31), on the real app and the real demo
// media: the licence's key decrypts a live CENC segment, and every refusal of the key route applies.
const exec = promisify(execFile);
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

/** An open show whose streams have DASH (and HLS) on the origin. */
async function dashShow(streams = ['mix-stream1', 'mix-stream2']) {
  const entity = showEntity({ startIn: 10 });
  entity.streams = Object.fromEntries(
    streams.map((s) => [
      s,
      { hls: { url: `/media/${s}/index.m3u8` }, dash: { url: `/media/${s}/dash/live.mpd` } },
    ]),
  );
  return createShowsRepo(t.db).insert(entity);
}
type Show = Awaited<ReturnType<typeof dashShow>>;

async function viewer(show: Show, attributes: TicketAttributes = { mview: 4 }) {
  const user = await createUser(t.db);
  await createTicket(t.db, { userId: user.id, showId: show.id, attributes });
  const headers = auth(await login(t.app, user.email));
  const enter = async () => {
    const res = await t.app.inject({ method: 'POST', url: `/thor/shows/${show.slug}/enter/`, headers });
    expect(res.statusCode).toBe(200);
    return EnterEventResponse.parse(res.json()).session_id;
  };
  const session = await enter();
  const qs = new URLSearchParams({
    video: String(show.channel_id),
    stream: 'mix-stream1',
    paid_event: String(show.paid_event_id),
    stream_type: 'dash',
    session_id: session,
  });
  const res = await t.app.inject({ method: 'GET', url: `/thor/video/drm/?${qs}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  const body = DrmTokenResponse.parse(res.json());
  expect(body.stream_type).toBe('dash');
  return { user, headers, session, token: body.token, enter };
}

/** The key id of a stream's DASH, read from its live MPD (cenc:default_KID), as ClearKey's base64url. */
async function kidOf(stream: string): Promise<string> {
  const mpd = await t.app.inject({ method: 'GET', url: `/media/${stream}/dash/live.mpd` });
  const uuid = /cenc:default_KID="([0-9a-f-]{36})"/.exec(mpd.body)?.[1] ?? '';
  return Buffer.from(uuid.replaceAll('-', ''), 'hex').toString('base64url');
}

function licence(kids: string[], headers: Record<string, string>, token?: string) {
  return t.app.inject({
    method: 'POST',
    url: CLEARKEY_LICENCE_PATH,
    headers: { ...headers, ...(token === undefined ? {} : { [DRM_TOKEN_HEADER]: token }) },
    payload: { kids, type: 'temporary' },
  });
}

describe('POST /thor/video/licence/clearkey/', () => {
  it('a ticket holder gets the ClearKey licence, and its key decrypts a live DASH segment', async () => {
    const show = await dashShow();
    const { headers, token } = await viewer(show);
    const kid = await kidOf('mix-stream1');
    const res = await licence([kid], headers, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = ClearKeyLicence.parse(res.json());
    expect(body).toMatchObject({ type: 'temporary', keys: [{ kty: 'oct', kid }] });

    // A live segment of the current loop (its tfdt moved) decrypts with that key and decodes.
    const mpd = (await t.app.inject({ method: 'GET', url: '/media/mix-stream1/dash/live.mpd' })).body;
    const ast = Date.parse(/availabilityStartTime="([^"]+)"/.exec(mpd)?.[1] ?? '');
    const build = /media="\$RepresentationID\$\/([0-9a-f]{8})-/.exec(mpd)?.[1];
    const number = Math.floor((Date.now() - ast) / 2000) - 2;
    const init = await t.app.inject({ method: 'GET', url: `/media/mix-stream1/dash/360p/${build}-init.mp4` });
    const seg = await t.app.inject({
      method: 'GET',
      url: `/media/mix-stream1/dash/360p/${build}-${number}.m4s`,
    });
    expect([init.statusCode, seg.statusCode]).toEqual([200, 200]);
    const dir = await mkdtemp(path.join(tmpdir(), 'encore-cenc-'));
    try {
      const file = path.join(dir, 'live.mp4');
      await writeFile(file, Buffer.concat([init.rawPayload, seg.rawPayload]));
      const key = Buffer.from(body.keys[0]?.k ?? '', 'base64url').toString('hex');
      const decode = (extra: string[]) =>
        exec('ffmpeg', ['-v', 'error', ...extra, '-i', file, '-frames:v', '10', '-f', 'null', '-']);
      const clear = await decode(['-decryption_key', key]);
      expect(clear.stderr).toBe('');
      // Without the key the H.264 decoder chokes on ciphertext.
      const locked = await decode([]).catch((e: { stderr: string }) => e);
      expect(locked.stderr).not.toBe('');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('401 without the auth token or the DRM token, 403 for a forged one or another fan’s, 401 DRM_TOKEN_EXPIRED for an expired one', async () => {
    const show = await dashShow();
    const { user, headers, session, token } = await viewer(show);
    const kid = await kidOf('mix-stream1');

    expect((await licence([kid], {}, token)).statusCode).toBe(401);
    const none = await licence([kid], headers);
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('UNAUTHORIZED');
    const [payload = ''] = token.split('.');
    const forged = await licence([kid], headers, `${payload}.${'A'.repeat(43)}`);
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('DRM_TOKEN_INVALID');
    // A genuine token of someone else, sent with this fan's login.
    const other = await viewer(show);
    const borrowed = await licence([kid], headers, other.token);
    expect(borrowed.statusCode).toBe(403);
    expect(borrowed.json().code).toBe('DRM_TOKEN_INVALID');
    const expired = expiredDrmToken(t.config.drm.tokenSecret, { userId: user.id, session }, show);
    const late = await licence([kid], headers, expired);
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('DRM_TOKEN_EXPIRED');
  });

  it('403 FORBIDDEN for the key of a stream outside the show or the view, 404 for an unknown key id, 400 for a malformed request', async () => {
    const show = await dashShow(['mix-stream1']);
    const { headers, token } = await viewer(show, { type: 'Directors' });
    // streampips6 has DASH on the origin and the Directors view would cover it, but this show lacks it.
    const outside = await licence([await kidOf('streampips6')], headers, token);
    expect(outside.statusCode).toBe(403);
    expect(outside.json().code).toBe('FORBIDDEN');
    // A GA ticket (one view) has no angle but the base one.
    const wide = await dashShow(['mix-stream1', 'mix-stream2']);
    const ga = await viewer(wide, { type: 'GA' });
    expect((await licence([await kidOf('mix-stream1')], ga.headers, ga.token)).statusCode).toBe(200);
    const angle = await licence([await kidOf('mix-stream2')], ga.headers, ga.token);
    expect(angle.statusCode).toBe(403);
    expect(angle.json().code).toBe('FORBIDDEN');

    const unknown = await licence([Buffer.alloc(16, 9).toString('base64url')], headers, token);
    expect(unknown.statusCode).toBe(404);
    for (const kids of [[], ['not-a-key-id'], Array(17).fill(await kidOf('mix-stream1'))]) {
      expect((await licence(kids, headers, token)).statusCode, JSON.stringify(kids)).toBe(400);
    }
  });

  it('a device logged out by a newer one loses the licence at once (the device limit)', async () => {
    const show = await dashShow();
    const { headers, token, enter } = await viewer(show);
    const kid = await kidOf('mix-stream1');
    expect((await licence([kid], headers, token)).statusCode).toBe(200);
    await enter();
    await enter();
    await expect
      .poll(async () => (await licence([kid], headers, token)).statusCode, { timeout: 2000, interval: 20 })
      .toBe(403);
    expect((await licence([kid], headers, token)).json().code).toBe('NOT_ACTIVE');
  });
});
