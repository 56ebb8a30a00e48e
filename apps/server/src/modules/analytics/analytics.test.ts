import { ANALYTICS_BATCH_MAX, ANALYTICS_PIP_IDS, type AnalyticsEvent, makeVisitorId } from '@encore/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createUser, login } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

const visitor = makeVisitorId();
const envelope = {
  event_time: new Date().toISOString(),
  event_category: 'Encore Live: World Tour Final',
  device_id: 'hang-session-1',
  user_info: null,
};

const pipclick: AnalyticsEvent = {
  ...envelope,
  event_type: 'pipclick',
  event_data: {
    visitor_id: visitor,
    referrer: 'https://example.com/',
    referral: { utm_source: 'newsletter' },
    lastpip_id: 2,
    last_pip: 'CAM 2',
    pip_id: ANALYTICS_PIP_IDS.uhd,
    lastpip_duration: 42.5,
  },
};
const subtitles: AnalyticsEvent = {
  ...envelope,
  event_type: 'subtitleswitch',
  event_data: { visitor_id: visitor, language: 'ko', label: '한국어' },
};
const quality: AnalyticsEvent = {
  ...envelope,
  event_type: 'videoquality',
  event_data: { visitor_id: visitor, label: '720p', index: 0, height: 720 },
};
const lightstick: AnalyticsEvent = {
  ...envelope,
  event_type: 'bt_lightstick',
  event_data: { visitor_id: visitor, qualifier: 'pair' },
};
const loginClick: AnalyticsEvent = {
  ...envelope,
  device_id: null,
  event_type: 'login_register_click',
  event_data: { visitor_id: visitor },
};

function post(body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/thor/event/', payload: body as object, headers });
}

const rowsOf = (visitorId: string) =>
  t.db.selectFrom('analytics_events').selectAll().where('visitor_id', '=', visitorId).orderBy('id').execute();

describe('POST /thor/event/', () => {
  it('202 stores a batch of every kind, with the token’s user rather than the claimed one', async () => {
    const user = await createUser(t.db);
    const headers = auth(await login(t.app, user.email));
    const claimed = { user_id: user.id + 1000, username: 'someone-else' };
    const events = [pipclick, subtitles, quality, lightstick, loginClick].map((e) => ({
      ...e,
      user_info: claimed,
    }));
    const res = await post({ events }, headers);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 5 });

    const rows = await rowsOf(visitor);
    expect(rows.map((r) => r.event_type)).toEqual([
      'pipclick',
      'subtitleswitch',
      'videoquality',
      'bt_lightstick',
      'login_register_click',
    ]);
    expect(rows.every((r) => r.user_id === user.id)).toBe(true);
    expect(rows[0]).toMatchObject({
      event_category: envelope.event_category,
      device_id: 'hang-session-1',
      event_data: {
        lastpip_id: 2,
        last_pip: 'CAM 2',
        pip_id: 2160,
        lastpip_duration: 42.5,
        referral: { utm_source: 'newsletter' },
      },
    });
    expect(rows[0]?.event_time.toISOString()).toBe(envelope.event_time);
    expect(rows[4]?.device_id).toBeNull();
  });

  it('202 for an anonymous visitor: stored without a user', async () => {
    const id = makeVisitorId();
    const res = await post({ events: [{ ...loginClick, event_data: { visitor_id: id } }] });
    expect(res.statusCode).toBe(202);
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.user_id).toBeNull();
  });

  it('stores a full batch in one INSERT statement', async () => {
    const id = makeVisitorId();
    const events = Array.from({ length: ANALYTICS_BATCH_MAX }, (_, i) => ({
      ...quality,
      event_data: { visitor_id: id, label: `${i} kbps`, index: i % 8 },
    }));
    const res = await post({ events });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: ANALYTICS_BATCH_MAX });
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(ANALYTICS_BATCH_MAX);
    // received_at is now(), the transaction's start: one value for all means one statement, since
    // one INSERT per event (each its own transaction) would stamp each row with its own instant.
    expect(new Set(rows.map((r) => r.received_at.getTime())).size).toBe(1);
  });

  it('400 BAD_REQUEST for a malformed batch, and nothing of it is stored', async () => {
    const id = makeVisitorId();
    const good = { ...subtitles, event_data: { visitor_id: id, language: 'en', label: 'English' } };
    const bad = [
      {},
      { events: [] },
      { events: Array.from({ length: ANALYTICS_BATCH_MAX + 1 }, () => good) },
      { events: [good, { ...good, event_type: 'unknown' }] },
      { events: [good, { ...pipclick, event_data: { ...pipclick.event_data, lastpip_duration: -1 } }] },
      { events: [good, { ...good, event_data: { visitor_id: '123', language: 'en', label: 'English' } }] },
      { events: [good, { ...good, event_time: 'yesterday' }] },
      { events: [good, { ...lightstick, event_data: { visitor_id: id, qualifier: 'explode' } }] },
    ];
    for (const body of bad) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.json().code).toBe('BAD_REQUEST');
    }
    expect(await rowsOf(id)).toHaveLength(0);
  });

  it('500 SERVER_ERROR when the events cannot be stored (ANL-05)', async () => {
    await sql`alter table analytics_events rename to analytics_events_away`.execute(t.db);
    try {
      const res = await post({ events: [{ ...loginClick, event_data: { visitor_id: makeVisitorId() } }] });
      expect(res.statusCode).toBe(500);
      expect(res.json().code).toBe('SERVER_ERROR');
    } finally {
      await sql`alter table analytics_events_away rename to analytics_events`.execute(t.db);
    }
  });
});
