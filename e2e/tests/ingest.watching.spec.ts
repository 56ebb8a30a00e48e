import type { APIRequestContext, Page } from '@playwright/test';
import { scheduleShow } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  activeShow,
  broadcast,
  type Encoder,
  encoderClock,
  encoderLag,
  goLive,
  hostKey,
  startDemoEncoder,
  steadyEncoderLag,
  waitHealthy,
} from '../support/ingest.ts';
import { fanWith, onVideo, play, type Session, seekTo, waitPlaying, watch } from '../support/watching.ts';

// Issue 11: a show fed by real encoders. The demo encoder pushes two angles over RTMP to the engine
// Encore supervises; the fan watches them through the same origin, DRM token and player as the demo.
test.describe.configure({ timeout: 300_000 });

let encoder: Encoder | null = null;

/** One chat message from `fan` in the show's hang, through the API. */
async function sayInShow(request: APIRequestContext, fan: Session, slug: string, text: string) {
  const headers = { authorization: `Token ${fan.key}` };
  const config = (await (await request.get('/config.json')).json()) as {
    shows: { slug: string; channel_id: number; paid_event_name: string }[];
  };
  const show = config.shows.find((s) => s.slug === slug);
  if (!show) throw new Error(`no show ${slug}`);
  const list = await request.get(
    `/thor/hangs/get_hangs_list/?filter=featured_hangs&channel_id=${show.channel_id}`,
    {
      headers,
    },
  );
  const featured = ((await list.json()) as { hang_category_list: { hangs: { id: number }[] }[] })
    .hang_category_list[0]?.hangs[0];
  if (!featured) throw new Error('no hang');
  const join = await request.put('/thor/hangs/join_hang/', {
    headers,
    data: { hang_id: featured.id, session_id: 'new' },
  });
  expect(join.status(), await join.text()).toBe(200);
  const hang = (await join.json()) as { id: number; session_id: string };
  const toss = await request.post(`/thor/hangs/${hang.id}/${hang.session_id}/toss/`, {
    headers,
    data: {
      hang_id: hang.id,
      toss_type: 'chat',
      toss_id: crypto.randomUUID(),
      toss_text: text,
      toss_data: null,
      paid_event_name: show.paid_event_name,
    },
  });
  expect(toss.status(), await toss.text()).toBe(200);
}

/** The text of the cues the <video> shows now. */
const activeCueText = (page: Page) =>
  onVideo(page, (v) =>
    [...v.textTracks]
      .filter((t) => t.mode === 'showing')
      .flatMap((t) => [...(t.activeCues ?? [])])
      .map((c) => c.text)
      .join(' '),
  );

/** The first EXT-X-GAP run between pictures of the replay's first rendition (media seconds). */
async function middleGap(request: APIRequestContext, fan: Session, url: string) {
  const headers = { authorization: `Token ${fan.key}` };
  const main = await request.get(url, { headers });
  const variant = (await main.text()).split('\n').find((l) => l.trim() && !l.startsWith('#'));
  if (!variant) throw new Error('no variant');
  const at = new URL(variant.trim(), new URL(url, 'http://x'));
  const listing = await (await request.get(at.pathname + at.search, { headers })).text();
  let t = 0;
  let gap = false;
  const frags: { start: number; end: number; gap: boolean }[] = [];
  for (const line of listing.split('\n')) {
    if (line.startsWith('#EXT-X-GAP')) gap = true;
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (extinf) {
      const d = Number(extinf[1]);
      frags.push({ start: t, end: t + d, gap });
      t += d;
      gap = false;
    }
  }
  const first = frags.findIndex((f, i) => f.gap && frags.slice(0, i).some((p) => !p.gap));
  if (first < 0) return null;
  let last = first;
  while (frags[last + 1]?.gap) last++;
  if (!frags[last + 1]) return null;
  return { start: frags[first]?.start ?? 0, end: frags[last]?.end ?? 0 };
}

test.afterEach(() => encoder?.stop());

test('live ingest: two pushed angles keep the moment, a dropped encoder shows the slate and comes back, End show, then the replay from the start', async ({
  browser,
  request,
  baseURL,
}, info) => {
  const { slug } = await scheduleShow(request, -60_000);
  const host = await hostKey(request);
  const auth = { authorization: `Token ${host}` };
  encoder = startDemoEncoder(baseURL ?? '', slug, 2);
  await waitHealthy(request, host, slug, 2);
  // The landing page follows the show's state as the host presses Go live and End show (no reload):
  // before Go live the show's doors are open, although its clock says it started a minute ago.
  const fan = await fanWith(request, { type: 'Directors' }, slug);
  const landingContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await landingContext.addInitScript((s) => {
    localStorage.setItem('agreeCookies', 'true');
    localStorage.setItem('authToken', JSON.stringify(s.key));
    localStorage.setItem('user', JSON.stringify(s.user));
  }, fan);
  const landing = await landingContext.newPage();
  // Go live once the landing follows the show (its subscribe to state-<slug> is on the wire): the
  // show list it reads otherwise is cached by the nodes for a few seconds.
  const following = landing.waitForEvent('websocket').then((ws) =>
    ws.waitForEvent('framesent', {
      predicate: (f) => String(f.payload).includes(`"state-${slug}"`),
      timeout: 30_000,
    }),
  );
  await landing.goto(`/?show=${slug}`);
  const pill = landing.getByTestId('show-ticketing').getByTestId('show-status');
  await expect(pill).toHaveAttribute('data-status', 'open', { timeout: 30_000 });
  await following;

  await goLive(request, host, slug);
  // Nodes keep the show list for a few seconds: the fan's video data must name the live origin.
  await expect
    .poll(async () => {
      const show = await activeShow(request, slug);
      return `${show?.status} ${show?.streams['mix-stream1']?.hls.url}`;
    })
    .toBe(`live /media/live/${slug}/mix-stream1/index.m3u8`);

  // At once on state-<slug>; a frame lost to a reconnect is caught up by the 10 s re-read of the list
  // (which the nodes cache a few seconds).
  await expect(pill).toHaveAttribute('data-status', 'live', { timeout: 25_000 });
  await expect(landing.getByTestId('hero')).toHaveAttribute('data-stage', 'live');
  const page = await watch(browser, fan, { slug });
  await waitPlaying(page);
  await expect(page.getByTestId('player')).toHaveAttribute('data-live', 'true');
  await expect(page.getByTestId('event-status')).toHaveAttribute('data-status', 'live');
  await page.screenshot({ path: info.outputPath('ingest-angle1.png') });
  const before = await steadyEncoderLag(page);
  const dateGapBefore = (await encoderClock(page))?.dateGap ?? Number.NaN;

  // Angle 2 has its own encoder: the switch lands on the same moment of the burned-in clock.
  await page.getByTestId('pip-selector-button').click();
  await page.getByTestId('pip-selector-menu').locator('[data-pip="2"]').click();
  await expect.poll(() => onVideo(page, (v) => v.dataset.stream ?? '')).toContain('mix-stream2');
  await waitPlaying(page);
  // One show clock: a program date means the same burned-in moment on both angles (this holds on a
  // loaded machine too, where the player's own lag drifts). What remains is the two encoders' own
  // capture-to-publish latency, which a loaded machine spreads (0.31 s seen in CI): docs/media.md
  // promises the same moment within 0.5 s, and the host's sync offset is there for more.
  await expect
    .poll(async () => Math.abs(((await encoderClock(page))?.dateGap ?? Number.NaN) - dateGapBefore))
    .toBeLessThan(500);
  // And the player keeps the moment: the picture is as far behind the clock as before the switch.
  await expect
    .poll(async () => Math.abs(((await encoderLag(page)) ?? Number.NaN) - before), { timeout: 20_000 })
    .toBeLessThan(500);
  await page.screenshot({ path: info.outputPath('ingest-angle2.png') });

  // A fan's chat message during the show: the replay shows it beside the picture at its moment.
  const chatText = `live words ${Date.now().toString(36)}`;
  await sayInShow(request, fan, slug, chatText);

  // Live captions: the host posts a line; it reaches the fan's caption menu as live WebVTT
  // (after the switch: the moment check above compares with a lag measured just before it).
  await page.getByTestId('player').hover();
  await page.getByTestId('player-captions').click();
  await page.getByTestId('captions-menu').locator('[data-value="en"]').click();
  const caption = await request.post(`/thor/host/shows/${slug}/captions`, {
    headers: auth,
    data: { lang: 'en', text: 'Welcome to the live show', duration_ms: 10_000 },
  });
  expect(caption.status(), await caption.text()).toBe(201);
  await expect
    .poll(() => activeCueText(page), { timeout: 45_000, intervals: [250] })
    .toContain('Welcome to the live show');

  // Back to angle 1; its encoder drops: the picture plays to the live edge, then the slate, not an error.
  await page.getByTestId('pip-selector-button').click();
  await page.getByTestId('pip-selector-menu').locator('[data-pip="1"]').click();
  await expect.poll(() => onVideo(page, (v) => v.dataset.stream ?? '')).toContain('mix-stream1');
  await waitPlaying(page);
  encoder.drop();
  const slate = page.getByTestId('player-standby');
  await expect(slate).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('player')).toHaveAttribute('data-standby', 'brb');
  await expect(slate).toContainText("We'll be right back");
  await page.screenshot({ path: info.outputPath('ingest-slate.png') });
  await expect(page.getByTestId('player-error')).toHaveCount(0);

  // It returns: the picture again, on its own (a discontinuity, no reload).
  encoder.restore();
  await expect(slate).toBeHidden({ timeout: 60_000 });
  const t0 = await onVideo(page, (v) => v.currentTime);
  await expect.poll(() => onVideo(page, (v) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(t0 + 1);

  // End show: the playlists end and the fan sees the end slate.
  const end = await request.post(`/thor/host/shows/${slug}/ingest/end/`, { headers: auth });
  expect(end.status()).toBe(200);
  await expect(page.getByTestId('player')).toHaveAttribute('data-standby', 'ended', { timeout: 60_000 });
  await expect(slate).toContainText('The show has ended');
  // The viewer follows the broadcast in real time (show-<slug>), not the show's scheduled end.
  await expect(page.getByTestId('event-status')).toHaveAttribute('data-status', 'ended');
  await expect(landing.getByTestId('hero')).toHaveAttribute('data-stage', 'ended', { timeout: 25_000 });
  await expect(pill).toHaveCount(0);
  await landingContext.close();
  await page.screenshot({ path: info.outputPath('ingest-ended.png') });
  await expect
    .poll(async () => (await broadcast(request, host, slug)).state, { timeout: 30_000 })
    .toBe('replay');

  // The replay: from the start, on demand, with the scrubber.
  await page.reload();
  await expect(page.getByTestId('viewer')).toBeVisible({ timeout: 30_000 });
  await waitPlaying(page);
  await expect(page.getByTestId('player')).toHaveAttribute('data-live', 'false');
  expect(await onVideo(page, (v) => v.currentTime)).toBeLessThan(15);
  await page.getByTestId('player').hover();
  const scrubber = page.getByTestId('player-scrubber');
  await expect(scrubber).toBeVisible();
  // The whole recording of angle 1: both encoder runs, its drop in between.
  await expect
    .poll(async () => Number(await page.getByTestId('player').getAttribute('data-duration')))
    .toBeGreaterThan(10);
  const duration = Number(await page.getByTestId('player').getAttribute('data-duration'));
  console.log(`replay duration ${duration} s`);
  // A click at three quarters of the scrubber plays from there.
  const box = await scrubber.boundingBox();
  if (!box) throw new Error('no scrubber box');
  await scrubber.click({ position: { x: box.width * 0.75, y: box.height / 2 } });
  await expect
    .poll(() => onVideo(page, (v) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(duration * 0.75 - 3);

  // The drop on the show clock: angle 1's replay shows the live show's slate for the gap's length, its
  // scrubber moving on, then the picture after the gap (issue 27). Seeks, not a play-through.
  const gap = await middleGap(request, fan, (await onVideo(page, (v) => v.dataset.stream ?? '')) || '');
  if (!gap) throw new Error('no gap in the replay of angle 1');
  console.log(`replay gap ${gap.start.toFixed(1)}-${gap.end.toFixed(1)} s`);
  await seekTo(page, gap.start + 1);
  await expect(slate).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('player')).toHaveAttribute('data-standby', 'brb');
  await expect(slate).toContainText("We'll be right back");
  await expect.poll(async () => Number(await scrubber.inputValue())).toBeCloseTo(gap.start + 1, 0);
  await page.screenshot({ path: info.outputPath('ingest-replay-slate.png') });
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: info.outputPath('ingest-replay-slate-phone.png') });
  if (viewport) await page.setViewportSize(viewport);
  // Played from 3 s before the gap's end (hls.js itself jumps holes under 2 s while a seek waits).
  const nearEnd = Math.max(gap.start + 0.5, gap.end - 3);
  await seekTo(page, nearEnd);
  await play(page);
  await expect.poll(async () => Number(await scrubber.inputValue())).toBeGreaterThan(nearEnd + 0.5);
  await expect(slate).toBeHidden({ timeout: 20_000 });
  await expect
    .poll(() => onVideo(page, (v) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(gap.end + 0.5);
  await expect(page.getByTestId('player')).toHaveAttribute('data-playing', 'true');
  // Played into the gap (1.5 s before it): the slate as the picture reaches it, not a jump past it.
  await seekTo(page, Math.max(0, gap.start - 1.5));
  await play(page);
  await expect(slate).toBeVisible({ timeout: 20_000 });
  const inGap = Number(await scrubber.inputValue());
  expect(inGap).toBeGreaterThan(gap.start - 0.5);
  expect(inGap).toBeLessThan(gap.end);

  // The chat replay follows the picture: the message at the end, not at the very start.
  const replayChat = page.getByTestId('chat-replay').getByTestId('chat-list');
  await seekTo(page, duration - 2);
  await expect(replayChat).toContainText(chatText, { timeout: 20_000 });
  await seekTo(page, 0.5);
  await expect(replayChat).not.toContainText(chatText);
});
