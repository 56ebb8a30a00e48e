import { type APIRequestContext, expect, test } from '@playwright/test';
import { demoLoopShow, feedCopy, INGEST_SOURCE } from './ingest-source.ts';
import { linkFromOutbox, uniqueFan } from './outbox.ts';

export const PASSWORD = 'Encore2026pass';

export async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/thor/auth/email_login/', { data: { email, password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { key: string }).key;
}

/** A verified fan made through the real API: register, then open the mailed link. */
export async function verifiedFan(request: APIRequestContext): Promise<{ email: string; username: string }> {
  const fan = uniqueFan();
  const res = await request.post('/thor/auth/email_register/', {
    data: { email: fan.email, password1: PASSWORD, password2: PASSWORD, username: fan.username },
  });
  expect(res.status()).toBe(201);
  const link = new URL(await linkFromOutbox(request, fan.email, 'verify-email'));
  await request.get(`${link.pathname}${link.search}`, { maxRedirects: 0 });
  return fan;
}

type ShowBody = Record<string, unknown> & { event: Record<string, unknown> };

let shows = 0;

/**
 * Schedules a show of its own through the host API, its doors opening `doorsInMs` from now;
 * `eventConfig` replaces fields of the copied demo show's event configuration, and `source`, when
 * given, maps each stream name to the URL the copy plays (a replay's on-demand rendition ...).
 */
export async function scheduleShow(
  request: APIRequestContext,
  doorsInMs: number,
  eventConfig: Record<string, unknown> = {},
  /** Each stream's source: an HLS URL, or the whole entry (HLS and DASH). */
  source?: (stream: string) => string | { hls: { url: string }; dash?: { url: string } },
  /** Replaces fields of the show's times (a show already aired, its re-airings). */
  times: Record<string, unknown> = {},
  /** Other fields of the show (its latency mode). */
  fields: Record<string, unknown> = {},
): Promise<{ slug: string; name: string }> {
  const host = await apiLogin(request, 'host@encore.test', 'encore-demo');
  const active = async () =>
    ((await (await request.get('/thor/channels/active/')).json()) as { results: ShowBody[] }).results;
  // The demo show itself: other journeys' shows are active too, with sources of their own. Under
  // E2E_SOURCE=ingest, the demo show as the loop played it before it took ingest.
  const template =
    (demoLoopShow() as ShowBody | null) ?? (await active()).find((s) => s.slug === 'encore-live');
  if (!template) throw new Error('no demo show to copy');
  const { status: _s, doors_open_at: _d, ...show } = template;
  shows += 1;
  // Unique among the journeys' own shows (worker, then its count). A show made in the control room
  // takes the server's suggestion, one past the largest id in use, which can be the next of these:
  // then the same id moves past it (a 409 SHOW_ID_TAKEN, the rule issue 25 added).
  const firstId = 100_000 + test.info().workerIndex * 1000 + shows;
  const bodyFor = (id: number, tag: string, now: number) => ({
    ...show,
    ...fields,
    slug: `e2e-${tag}`,
    paid_event_name: `E2E_${tag.toUpperCase()}`,
    paid_event_id: id,
    channel_id: id,
    event_name: `E2E show ${tag}`,
    event_config: { ...(show.event_config as Record<string, unknown>), ...eventConfig },
    // Ticket item ids are global: the copy sells its own.
    ticket_items: ((show.ticket_items ?? []) as { item_id: string }[]).map((item, i) => ({
      ...item,
      item_id: `e2e-${tag}-${i}`,
    })),
    event: {
      ...show.event,
      event_enter_time: new Date(now + doorsInMs).toISOString(),
      event_start_time: new Date(now + doorsInMs + 60_000).toISOString(),
      event_end_time: new Date(now + 3 * 3600_000).toISOString(),
      reairings: [],
      ...times,
    },
    ...(source && {
      streams: Object.fromEntries(
        Object.keys(show.streams as Record<string, unknown>).map((name) => [
          name,
          ((s) => (typeof s === 'string' ? { hls: { url: s } } : s))(source(name)),
        ]),
      ),
    }),
  });
  let body = bodyFor(firstId, `${Date.now().toString(36)}${firstId}`, Date.now());
  // A new show: POST never replaces one (issue 25).
  const post = () =>
    request.post('/thor/host/shows', { data: body, headers: { authorization: `Token ${host}` } });
  let res = await post();
  for (let attempt = 1; attempt <= 5 && res.status() === 409; attempt++) {
    const id = firstId + attempt * 50_000;
    body = bodyFor(id, `${Date.now().toString(36)}${id}`, Date.now());
    res = await post();
  }
  expect(res.status(), await res.text()).toBe(201);
  // Nodes keep the show list for SHOWS_CACHE_MS: wait until the site lists the new show.
  await expect
    .poll(async () => {
      const config = (await (await request.get('/config.json')).json()) as { shows: { slug: string }[] };
      return config.shows.some((s) => s.slug === body.slug);
    })
    .toBe(true);
  // E2E_SOURCE=ingest: a copy playing the demo show's streams is fed by encoders of its own (the demo
  // show's live keys open for its own ticket holders only).
  if (INGEST_SOURCE && !source) await feedCopy(body.slug, test.info().file);
  return { slug: body.slug, name: body.paid_event_name };
}

/**
 * Imports one booking code for a show, bought with `email`, through the host CSV import; a Directors
 * ticket (6 angles) unless `attributes` say otherwise.
 */
export async function importCode(
  request: APIRequestContext,
  slug: string,
  email: string,
  attributes: Record<string, unknown> = { type: 'Directors' },
  /** The vendor that issued it: the code validates only in that vendor's form (issue 25). */
  vendor = 'ticketshop',
): Promise<string> {
  const host = await apiLogin(request, 'host@encore.test', 'encore-demo');
  const code = `E2E-${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`;
  const json = JSON.stringify(attributes).replaceAll('"', '""');
  const csv = `code,email,vendor,attributes\n${code},${email},${vendor},"${json}"\n`;
  const res = await request.post(`/thor/host/shows/${slug}/ticket-codes`, {
    data: csv,
    headers: { authorization: `Token ${host}`, 'content-type': 'text/csv' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return code;
}
