import { LiveCaptionsResponse, PostLiveCaptionResponse } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createShow, createUser, login } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createLiveCaptionsRepo } from './live-captions.repo.ts';

let t: TestContext;
let host: Record<string, string>;
beforeAll(async () => {
  t = await createTestContext();
  const user = await createUser(t.db, { role: 'host' });
  host = auth(await login(t.app, user.email));
});
afterAll(async () => {
  await t?.close();
});

const post = (slug: string, payload: object, headers = host) =>
  t.app.inject({ method: 'POST', url: `/thor/host/shows/${slug}/captions`, headers, payload });

describe('POST /thor/host/shows/{slug}/captions', () => {
  it('stores a line on the show clock, lasting its reading time, and the origin finds it by its moment', async () => {
    const show = await createShow(t.db, { startIn: -5 });
    const before = Date.now();
    const res = await post(show.slug, { lang: 'en', text: 'Thank you Seoul!' });
    expect(res.statusCode, res.body).toBe(201);
    const { caption } = PostLiveCaptionResponse.parse(res.json());
    const start = Date.parse(caption.start);
    expect(start).toBeGreaterThanOrEqual(before - 5);
    expect(start).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(caption.end) - start).toBeGreaterThanOrEqual(1500);

    const rows = await createLiveCaptionsRepo(t.db).overlapping(
      show.id,
      'en',
      new Date(start - 1000),
      new Date(start + 1000),
    );
    expect(rows.map((r) => r.text)).toEqual(['Thank you Seoul!']);
    const none = await createLiveCaptionsRepo(t.db).overlapping(
      show.id,
      'ko',
      new Date(start - 1000),
      new Date(start + 1000),
    );
    expect(none).toEqual([]);

    const list = await t.app.inject({
      method: 'GET',
      url: `/thor/host/shows/${show.slug}/captions?lang=en`,
      headers: host,
    });
    expect(LiveCaptionsResponse.parse(list.json()).captions[0]?.text).toBe('Thank you Seoul!');
  });

  it('takes a captioner’s own timing up to 30 s back and its duration', async () => {
    const show = await createShow(t.db, { startIn: -5 });
    const start = new Date(Date.now() - 10_000).toISOString();
    const res = await post(show.slug, { lang: 'en', text: 'earlier words', start, duration_ms: 2000 });
    expect(res.statusCode).toBe(201);
    const { caption } = PostLiveCaptionResponse.parse(res.json());
    expect(caption.start).toBe(start);
    expect(Date.parse(caption.end) - Date.parse(start)).toBe(2000);
  });

  it('refuses a language the show has no captions in, empty or long text, and times out of range', async () => {
    const show = await createShow(t.db, { startIn: -5 });
    const cases: [object, string][] = [
      [{ lang: 'fr', text: 'bonjour' }, 'lang'],
      [{ lang: 'en', text: '   ' }, 'text'],
      [{ lang: 'en', text: 'x'.repeat(301) }, 'text'],
      [{ lang: 'en', text: 'late', start: new Date(Date.now() - 60_000).toISOString() }, 'start'],
      [{ lang: 'en', text: 'ahead', start: new Date(Date.now() + 60_000).toISOString() }, 'start'],
      [{ lang: 'en', text: 'short', duration_ms: 10 }, 'duration_ms'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(show.slug, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(field);
    }
    expect((await post('no-such-show', { lang: 'en', text: 'hi' })).statusCode).toBe(404);
  });

  it('is for hosts only', async () => {
    const show = await createShow(t.db, { startIn: -5 });
    const fan = await createUser(t.db);
    const asFan = await post(show.slug, { lang: 'en', text: 'hi' }, auth(await login(t.app, fan.email)));
    expect(asFan.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/thor/host/shows/${show.slug}/captions`,
      payload: { lang: 'en', text: 'hi' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
