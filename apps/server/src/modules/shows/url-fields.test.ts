import type { Show } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createShow, createUser, login, showEntity } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createShowsRepo } from './shows.repo.ts';

/**
 * Issue 29, item 4: every URL field a host sets takes http(s) or a path on this site and nothing
 * else; a bad one is a 400 naming the field, and nothing is written.
 */
let t: TestContext;
let host: Record<string, string>;
beforeAll(async () => {
  t = await createTestContext({ SHOWS_CACHE_MS: '0' });
  host = auth(await login(t.app, (await createUser(t.db, { role: 'host' })).email));
});
afterAll(async () => {
  await t?.close();
});

/** A new show (POST), or with `version` an edit of the stored show at that version (PUT). */
const save = (show: Show, version?: number) =>
  version === undefined
    ? t.app.inject({ method: 'POST', url: '/thor/host/shows', headers: host, payload: show })
    : t.app.inject({
        method: 'PUT',
        url: `/thor/host/shows/${show.slug}`,
        headers: host,
        payload: { ...show, version },
      });

const MERCH = { name: 'Tee', url: 'https://shop.example/tee', image: '/tee.png' };

/** Each URL field of a show, as a path and a way to set it. */
const FIELDS: Array<[string, (s: Show, v: string) => Show]> = [
  [
    'event_config.merch.items.0.url',
    (s, v) => ({ ...s, event_config: { ...s.event_config, merch: { items: [{ ...MERCH, url: v }] } } }),
  ],
  [
    'event_config.merch.items.0.image',
    (s, v) => ({ ...s, event_config: { ...s.event_config, merch: { items: [{ ...MERCH, image: v }] } } }),
  ],
  ['event_config.iframe_src', (s, v) => ({ ...s, event_config: { ...s.event_config, iframe_src: v } })],
  [
    'event_config.cheer.background_image',
    (s, v) => ({
      ...s,
      event_config: { ...s.event_config, cheer: { ...s.event_config.cheer, background_image: v } },
    }),
  ],
  [
    'event_config.cheer.sprites.0',
    (s, v) => ({
      ...s,
      event_config: { ...s.event_config, cheer: { ...s.event_config.cheer, sprites: [v] } },
    }),
  ],
  [
    'ticketing.0.logo',
    (s, v) => ({ ...s, ticketing: s.ticketing.map((x, i) => (i === 0 ? { ...x, logo: v } : x)) }),
  ],
  [
    'ticketing.0.qr',
    (s, v) => ({ ...s, ticketing: s.ticketing.map((x, i) => (i === 0 ? { ...x, qr: v } : x)) }),
  ],
  [
    'ticketing.1.external_urls.en',
    (s, v) => ({
      ...s,
      ticketing: s.ticketing.map((x, i) => (i === 1 ? { ...x, external_urls: { en: v } } : x)),
    }),
  ],
  [
    'caption_files.0.url',
    (s, v) => ({ ...s, caption_files: [{ language: 'en', label: 'English', url: v }] }),
  ],
  [
    'streams.mix-stream1.hls.url',
    (s, v) => ({ ...s, streams: { ...s.streams, 'mix-stream1': { hls: { url: v } } } }),
  ],
  [
    'streams.mix-stream1.dash.url',
    (s, v) => ({
      ...s,
      streams: { ...s.streams, 'mix-stream1': { hls: { url: '/m.m3u8' }, dash: { url: v } } },
    }),
  ],
];

const HOSTILE = [
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'file:///etc/passwd',
  'gopher://127.0.0.1:70/_x',
  '//evil.example/x',
  '/\\127.0.0.1:8259/x',
];

describe('URL fields of POST /thor/host/shows and PUT /thor/host/shows/{slug} (issue 29)', () => {
  it('400 naming the field for any scheme but http(s) and for a path leaving the site; nothing written', async () => {
    const existing = await createShow(t.db);
    const stored = (await t.app.inject({ url: `/thor/host/shows/${existing.slug}`, headers: host })).json();
    const base = stored as Show & { version: number };
    for (const [field, set] of FIELDS) {
      for (const bad of HOSTILE) {
        const fresh = showEntity();
        const created = await save(set(fresh, bad));
        expect(created.statusCode, `${field} ${bad}`).toBe(400);
        expect(created.json().field, `${field} ${bad}`).toBe(field);
        const edited = await save(set(base, bad), base.version);
        expect(edited.statusCode, `${field} ${bad}`).toBe(400);
        expect(edited.json().field, `${field} ${bad}`).toBe(field);
        const missing = await t.app.inject({ url: `/thor/host/shows/${fresh.slug}`, headers: host });
        expect(missing.statusCode).toBe(404);
      }
    }
    const after = (await t.app.inject({ url: `/thor/host/shows/${existing.slug}`, headers: host })).json();
    expect(after).toEqual(stored);
  });

  it('takes https, http and paths on this site', async () => {
    for (const [field, set] of FIELDS) {
      const good =
        field === 'event_config.merch.items.0.url' || field === 'event_config.iframe_src'
          ? 'https://shop.example/x'
          : '/media/x.png';
      const res = await save(set(showEntity(), good));
      expect(res.statusCode, `${field} ${res.body}`).toBe(201);
    }
  });
});

describe('URL fields of a slate cue (issue 29)', () => {
  it('400 naming url or link for a scheme that is not http(s)', async () => {
    const show = await createShow(t.db, { startIn: 10 });
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: `/thor/host/shows/${show.slug}/alerts`, headers: host, payload });
    for (const bad of HOSTILE) {
      const link = await post({ type: 'slate', url: '/slate.png', link: bad });
      expect(link.statusCode, bad).toBe(400);
      expect(link.json().field).toBe('link');
      const url = await post({ type: 'slate', url: bad });
      expect(url.statusCode, bad).toBe(400);
      expect(url.json().field).toBe('url');
    }
    expect((await post({ type: 'slate', url: '/slate.png', link: 'https://shop.example/' })).statusCode).toBe(
      202,
    );
  });
});

describe('a show stored before the allow-list (issue 29)', () => {
  it('is answered without its bad URLs, not with a 500', async () => {
    const entity = showEntity();
    const show = await createShowsRepo(t.db).insert({
      ...entity,
      event_config: {
        ...entity.event_config,
        merch: { items: [MERCH, { ...MERCH, url: 'javascript:alert(1)' }] },
        iframe_src: '/\\127.0.0.1:8259/x',
      },
      ticketing: entity.ticketing.map((v) => ({ ...v, logo: 'data:image/svg+xml,<svg/>' })),
    });
    const res = await t.app.inject({ url: `/thor/channels/${show.channel_id}/`, headers: host });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Show;
    expect(body.event_config.merch?.items).toEqual([MERCH]);
    expect(body.event_config.iframe_src).toBe('');
    expect(body.ticketing.map((v) => v.logo)).toEqual(entity.ticketing.map(() => ''));
  });
});
