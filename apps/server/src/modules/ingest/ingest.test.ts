import { BroadcastStatus, Channel, EnableIngestResponse, RotatedKey } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createShow, createUser, login, showEntity } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createShowsRepo } from '../shows/shows.repo.ts';

// The host routes of live ingest and the lifecycle's refusals (no engine here: ingest-push.test.ts
// pushes real feeds through nginx-rtmp and ffmpeg).
let t: TestContext;
let host: Record<string, string>;
let fan: Record<string, string>;
beforeAll(async () => {
  t = await createTestContext({ SHOWS_CACHE_MS: '0' });
  host = auth(await login(t.app, (await createUser(t.db, { role: 'host' })).email));
  fan = auth(await login(t.app, (await createUser(t.db)).email));
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'PUT' | 'POST', url: string, headers = host, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('live ingest: keys and lifecycle routes', () => {
  it('PUT turns a show into an ingest show: one key per pushed stream, shown once; streams point at the live origin', async () => {
    const show = await createShow(t.db, { startIn: 60 });
    const res = await call('PUT', `/thor/host/shows/${show.slug}/ingest/`, host, {});
    expect(res.statusCode).toBe(200);
    const body = EnableIngestResponse.parse(res.json());
    // The factory's show has two angles and 4K; the mosaic is composed, never pushed.
    expect(body.new_keys.map((k) => k.stream).sort()).toEqual(['mix-stream1', 'mix-stream2', 'stream4k']);
    expect(body.status).toMatchObject({ state: 'scheduled', rtmp_url: 'rtmp://encore.test:1935/live/' });
    expect(body.status.keys.map((k) => k.key_hint)).toEqual(body.new_keys.map((k) => k.key.slice(-4)));

    const again = EnableIngestResponse.parse(
      (await call('PUT', `/thor/host/shows/${show.slug}/ingest/`, host, {})).json(),
    );
    expect(again.new_keys).toEqual([]);
    const status = await call('GET', `/thor/host/shows/${show.slug}/ingest/`);
    expect(JSON.stringify(status.json())).not.toContain(body.new_keys[0]?.key);

    const row = await createShowsRepo(t.db).findBySlug(show.slug);
    expect(row?.details.streams['mix-stream1']?.hls.url).toBe(
      `/media/live/${show.slug}/mix-stream1/index.m3u8`,
    );
    expect(row?.details.streams.streampips4).toBeUndefined();
  });

  it('hosts only: 401 without a login, 403 for a fan; 404 for an unknown show, 409 for a show without ingest', async () => {
    const show = await createShow(t.db);
    expect((await call('GET', `/thor/host/shows/${show.slug}/ingest/`, {})).statusCode).toBe(401);
    expect((await call('GET', `/thor/host/shows/${show.slug}/ingest/`, fan)).statusCode).toBe(403);
    expect((await call('PUT', `/thor/host/shows/${show.slug}/ingest/`, fan, {})).statusCode).toBe(403);
    expect((await call('GET', '/thor/host/shows/no-such-show/ingest/')).statusCode).toBe(404);
    const plain = await call('POST', `/thor/host/shows/${show.slug}/ingest/go-live/`);
    expect(plain.statusCode, plain.body).toBe(409);
    expect(plain.json().code).toBe('INGEST_NOT_ENABLED');
  });

  it('rotating a key gives a new one, once; an unknown stream is 404', async () => {
    const show = await createShow(t.db);
    const made = EnableIngestResponse.parse(
      (await call('PUT', `/thor/host/shows/${show.slug}/ingest/`, host, {})).json(),
    );
    const res = await call('POST', `/thor/host/shows/${show.slug}/ingest/keys/mix-stream2/rotate/`);
    expect(res.statusCode).toBe(200);
    const rotated = RotatedKey.parse(res.json());
    expect(rotated.key).not.toBe(made.new_keys.find((k) => k.stream === 'mix-stream2')?.key);
    const status = BroadcastStatus.parse((await call('GET', `/thor/host/shows/${show.slug}/ingest/`)).json());
    expect(status.keys.find((k) => k.stream === 'mix-stream2')?.key_hint).toBe(rotated.key_hint);
    expect(
      (await call('POST', `/thor/host/shows/${show.slug}/ingest/keys/streampips4/rotate/`)).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/thor/host/shows/${show.slug}/ingest/keys/mix-stream2/rotate/`, fan)).statusCode,
    ).toBe(403);
  });

  it('Go live needs a healthy angle (409 NO_HEALTHY_FEED); End show needs a live show (409 NOT_LIVE)', async () => {
    const show = await createShow(t.db);
    await call('PUT', `/thor/host/shows/${show.slug}/ingest/`, host, {});
    const live = await call('POST', `/thor/host/shows/${show.slug}/ingest/go-live/`);
    expect(live.statusCode).toBe(409);
    expect(live.json()).toMatchObject({ code: 'NO_HEALTHY_FEED' });
    const end = await call('POST', `/thor/host/shows/${show.slug}/ingest/end/`);
    expect(end.statusCode).toBe(409);
    expect(end.json()).toMatchObject({ code: 'NOT_LIVE' });
  });

  it("an ingest show's channel status follows its broadcast, not its clock; a demo show keeps its clock", async () => {
    // Started ten minutes ago by the clock, but no one pressed Go live: fans see doors open.
    const entity = showEntity({ startIn: -10, enterIn: -20 });
    await createShowsRepo(t.db).insert(entity);
    const before = Channel.parse((await call('GET', `/thor/channels/${entity.channel_id}/`, fan)).json());
    expect(before.status).toBe('live');
    await call('PUT', `/thor/host/shows/${entity.slug}/ingest/`, host, {});
    const after = Channel.parse((await call('GET', `/thor/channels/${entity.channel_id}/`, fan)).json());
    expect(after.status).toBe('open');
    const status = BroadcastStatus.parse(
      (await call('GET', `/thor/host/shows/${entity.slug}/ingest/`)).json(),
    );
    expect(status.state).toBe('doors_open');
    // The demo seed (or a host's editor) puts the show's own sources back: its clock decides again.
    await createShowsRepo(t.db).upsertBySlug(entity);
    const reset = Channel.parse((await call('GET', `/thor/channels/${entity.channel_id}/`, fan)).json());
    expect(reset.status).toBe('live');
  });

  it('PUT checks the ladder: 400 for a rung out of range', async () => {
    const show = await createShow(t.db);
    const res = await call('PUT', `/thor/host/shows/${show.slug}/ingest/`, host, {
      ladder: [{ name: '90p', height: 90, video_kbps: 100 }],
    });
    expect(res.statusCode).toBe(400);
  });

  it("an angle's sync offset: set by a host, shown in the status; 400 out of ±10 s, 404 for an unknown stream", async () => {
    const show = await createShow(t.db);
    await call('PUT', `/thor/host/shows/${show.slug}/ingest/`, host, {});
    const url = `/thor/host/shows/${show.slug}/ingest/streams/mix-stream2/sync/`;
    const res = await call('PUT', url, host, { sync_offset_ms: 180 });
    expect(res.statusCode).toBe(200);
    const status = BroadcastStatus.parse(res.json());
    expect(status.keys.map((k) => [k.stream, k.sync_offset_ms])).toEqual([
      ['mix-stream1', 0],
      ['mix-stream2', 180],
      ['stream4k', 0],
    ]);
    expect((await call('PUT', url, host, { sync_offset_ms: 10_001 })).statusCode).toBe(400);
    expect((await call('PUT', url, host, { sync_offset_ms: 1.5 })).statusCode).toBe(400);
    expect((await call('PUT', url, fan, { sync_offset_ms: 0 })).statusCode).toBe(403);
    const unknown = `/thor/host/shows/${show.slug}/ingest/streams/streampips4/sync/`;
    expect((await call('PUT', unknown, host, { sync_offset_ms: 0 })).statusCode).toBe(404);
  });
});
