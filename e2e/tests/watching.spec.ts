import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { PASSWORD, scheduleShow, verifiedFan } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { DESKTOP, fanWithTicket, openViewer } from '../support/viewer.ts';

// Issue 4: the viewer page on the demo show (encore-live), whose media origin serves live HLS with
// one program-date-time clock burned into every angle.
test.describe.configure({ timeout: 120_000 });

const SLUG = 'encore-live';
type Session = { key: string; user: unknown };

async function login(request: APIRequestContext, email: string, password: string): Promise<Session> {
  const res = await request.post('/thor/auth/email_login/', { data: { email, password } });
  expect(res.status()).toBe(200);
  return (await res.json()) as Session;
}

/** A fresh fan holding a ticket to the demo show with these attributes (host CSV import, then redeem). */
async function fanWith(
  request: APIRequestContext,
  attributes: Record<string, unknown>,
  slug = SLUG,
): Promise<Session> {
  const fan = await verifiedFan(request);
  const host = await login(request, 'host@encore.test', 'encore-demo');
  const code = `W-${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e6)}`;
  const json = JSON.stringify(attributes).replaceAll('"', '""');
  const imported = await request.post(`/thor/host/shows/${slug}/ticket-codes`, {
    data: `code,email,vendor,attributes\n${code},${fan.email},ticketshop,"${json}"\n`,
    headers: { authorization: `Token ${host.key}`, 'content-type': 'text/csv' },
  });
  expect(imported.status(), await imported.text()).toBe(201);
  const session = await login(request, fan.email, PASSWORD);
  const config = (await (await request.get('/config.json')).json()) as {
    shows: { slug: string; channel_id: number }[];
  };
  const channel = config.shows.find((s) => s.slug === slug)?.channel_id ?? 0;
  const redeemed = await request.post('/thor/ticket/validate/', {
    data: { channel_id: channel, token: code, email: fan.email, vendor: 'ticketshop', redeemed_only: false },
    headers: { authorization: `Token ${session.key}` },
  });
  expect(redeemed.status(), await redeemed.text()).toBe(200);
  return session;
}

interface WatchOptions {
  slug?: string;
  /** A phone: 390x844, touch first. */
  phone?: boolean;
  /** Runs on the context before the page opens (routes). */
  setup?: (context: BrowserContext) => Promise<void>;
}

/** Opens the viewer as `session` (stored the way the app stores a login), muted autoplay allowed. */
async function watch(browser: Browser, session: Session, opts: WatchOptions = {}): Promise<Page> {
  const context = await browser.newContext(
    opts.phone
      ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
      : { viewport: { width: 1440, height: 900 } },
  );
  await opts.setup?.(context);
  await context.addInitScript((s) => {
    localStorage.setItem('agreeCookies', 'true');
    localStorage.setItem('authToken', JSON.stringify(s.key));
    localStorage.setItem('user', JSON.stringify(s.user));
  }, session);
  const page = await context.newPage();
  await page.goto(`/event/${opts.slug ?? SLUG}`);
  await expect(page.getByTestId('viewer')).toBeVisible({ timeout: 30_000 });
  return page;
}

// The e2e project has no DOM types: what the tests read of the <video> and its text tracks.
interface CueLike {
  text?: string;
}
interface TrackLike {
  mode: string;
  language: string;
  activeCues: Iterable<CueLike> | null;
}
interface VideoLike {
  currentTime: number;
  paused: boolean;
  muted: boolean;
  volume: number;
  readyState: number;
  videoHeight: number;
  dataset: Record<string, string | undefined>;
  textTracks: Iterable<TrackLike>;
}

const video = (page: Page) => page.getByTestId('player-video');
/** Runs `fn` on the player's <video> in the page. */
const onVideo = <R>(page: Page, fn: (v: VideoLike) => R) =>
  video(page).evaluate(fn as unknown as (el: unknown) => R);
const currentTime = (page: Page) => onVideo(page, (v) => v.currentTime);

async function waitPlaying(page: Page) {
  await expect
    .poll(() => onVideo(page, (v) => !v.paused && v.readyState >= 3 && v.currentTime > 0), {
      timeout: 45_000,
    })
    .toBe(true);
}

/**
 * How far the picture on screen is behind the wall clock, in ms: now minus the program date of the
 * frame (the stream's date-to-media-time mapping is on the video element).
 */
const lag = (page: Page) =>
  onVideo(page, (v) => {
    const offset = Number(v.dataset.clockOffset);
    return Date.now() - (offset + v.currentTime * 1000);
  });

/** The id of the element in full screen, or null. */
const fullscreenId = (page: Page) =>
  page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { fullscreenElement: { id: string } | null } })
      .document;
    return doc.fullscreenElement?.id ?? null;
  });

/** The lag once playback runs smoothly: two readings 300 ms apart agree within 50 ms. */
async function steadyLag(page: Page): Promise<number> {
  let last = await lag(page);
  await expect
    .poll(
      async () => {
        const previous = last;
        last = await lag(page);
        return Math.abs(last - previous);
      },
      { intervals: [300], timeout: 20_000 },
    )
    .toBeLessThan(50);
  return last;
}

test('the demo fan watches live: the picture plays with its camera label; the overlay and the pip selector switch angles', async ({
  browser,
  request,
}, info) => {
  const page = await watch(browser, await login(request, 'fan@encore.test', 'encore-demo'));
  await waitPlaying(page);
  await expect(page.getByTestId('primary-viewer')).toHaveAttribute('data-stream', 'mix-stream1');
  const t0 = await currentTime(page);
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(t0 + 1);
  await expect(page.getByTestId('player')).toHaveAttribute('data-live', 'true');
  await expect(page.getByTestId('player-live')).toBeVisible();
  await expect(page.getByTestId('player-scrubber')).toHaveCount(0);
  await expect(page.getByTestId('current-stream')).toContainText('CAM 1');
  await page.screenshot({ path: info.outputPath('viewer-cam1.png') });
  await page.screenshot({ path: '../.screenshots/watching-cam1.png' });

  // The overlay: MULTIVIEW heading, boxes after 400 ms over the 6-angle mosaic.
  await page.getByTestId('multiview-button').click();
  const overlay = page.getByTestId('multiview-overlay');
  await expect(overlay.getByRole('heading', { name: 'MULTIVIEW' })).toBeVisible();
  await expect(page.getByTestId('primary-viewer')).toHaveAttribute('data-stream', 'streampips6');
  await expect(overlay.getByTestId('multiview-box')).toHaveCount(6);
  await expect(overlay.locator('[data-pip="1"]')).toHaveAttribute('aria-pressed', 'true');
  await overlay.locator('[data-pip="3"]').click();
  await expect(overlay).toBeHidden();
  await expect(page.getByTestId('primary-viewer')).toHaveAttribute('data-stream', 'mix-stream3');
  await expect(page.getByTestId('current-stream')).toContainText('CAM 3');
  await expect.poll(() => onVideo(page, (v) => v.dataset.stream ?? '')).toContain('mix-stream3');

  // The top navigation's pip selector lists the six angles and switches too.
  await page.getByTestId('pip-selector-button').click();
  const menu = page.getByTestId('pip-selector-menu');
  await expect(menu.getByRole('menuitemradio')).toHaveCount(6);
  await menu.locator('[data-pip="5"]').click();
  await expect(menu).toBeHidden();
  await expect(page.getByTestId('primary-viewer')).toHaveAttribute('data-stream', 'mix-stream5');
});

test('an angle switch via the overlay lands within half a second of the same moment', async ({
  browser,
  request,
}) => {
  const page = await watch(browser, await login(request, 'fan@encore.test', 'encore-demo'));
  await waitPlaying(page);
  const before = await steadyLag(page);
  await page.getByTestId('multiview-button').click();
  const overlay = page.getByTestId('multiview-overlay');
  await overlay.locator('[data-pip="3"]').click();
  await expect.poll(() => onVideo(page, (v) => v.dataset.stream ?? '')).toContain('mix-stream3');
  await waitPlaying(page);
  // Same moment: the lag behind the shared clock is what it was on the first angle, within 0.5 s.
  await expect.poll(async () => Math.abs((await lag(page)) - before), { timeout: 10_000 }).toBeLessThan(500);
});

test('the control bar: muted start, click to unmute, volume kept, pause and back to live, full screen on #primaryViewer; the overlay closes by its button and by Escape', async ({
  browser,
  request,
}) => {
  const page = await watch(browser, await fanWith(request, { type: 'Directors' }));
  await waitPlaying(page);

  // Muted autoplay, with the desktop wording of the unmute button.
  expect(await onVideo(page, (v) => v.muted)).toBe(true);
  const unmute = page.getByTestId('player-tap-unmute');
  await expect(unmute).toHaveText('Click to unmute');
  await unmute.click();
  await expect(unmute).toBeHidden();
  await expect(page.getByTestId('player-mute')).toHaveAttribute('data-muted', 'false');

  // The slider (desktop only) moves the volume, and the level is kept.
  const slider = page.getByTestId('player-volume');
  await slider.focus();
  for (let i = 0; i < 20; i++) await slider.press('ArrowLeft');
  await expect.poll(() => onVideo(page, (v) => v.volume)).toBeLessThan(0.95);
  // The level the video plays at is the one kept for the next visit.
  await expect
    .poll(async () => {
      const stored = await page.evaluate(() => Number(localStorage.getItem('volume')));
      return Math.abs(stored - (await onVideo(page, (v) => v.volume)));
    })
    .toBeLessThan(0.001);

  // Pause, then play: a live stream goes back to the live edge.
  await page.getByTestId('player').hover();
  await page.getByTestId('player-play').click();
  await expect.poll(() => onVideo(page, (v) => v.paused)).toBe(true);
  await expect(page.getByTestId('player-play')).toHaveAttribute('data-playing', 'false');
  await page.getByTestId('player').hover();
  await page.getByTestId('player-play').click();
  await expect.poll(() => onVideo(page, (v) => v.paused)).toBe(false);
  await expect(page.getByTestId('player-live')).toHaveAttribute('data-edge', 'true');

  // Full screen takes #primaryViewer, so the controls and overlays stay on top of the picture.
  await page.getByTestId('player').hover();
  await page.getByTestId('player-fullscreen').click();
  await expect.poll(() => fullscreenId(page)).toBe('primaryViewer');
  await page.getByTestId('player').hover();
  await page.getByTestId('player-fullscreen').click();
  await expect.poll(() => fullscreenId(page)).toBeNull();

  // The overlay closes by its button and by Escape; leaving it without a choice restores the angle.
  const overlay = page.getByTestId('multiview-overlay');
  await page.getByTestId('multiview-button').click();
  await expect(page.getByTestId('primary-viewer')).toHaveAttribute('data-stream', 'streampips6');
  await overlay.getByTestId('multiview-close').click();
  await expect(overlay).toBeHidden();
  await expect(page.getByTestId('primary-viewer')).toHaveAttribute('data-stream', 'mix-stream1');
  await page.getByTestId('multiview-button').click();
  await expect(overlay).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(overlay).toBeHidden();
  await expect(page.getByTestId('primary-viewer')).toHaveAttribute('data-stream', 'mix-stream1');
});

test('captions in Korean show a cue, and the choice is kept', async ({ browser, request }) => {
  const page = await watch(browser, await fanWith(request, { type: 'Directors' }));
  await waitPlaying(page);
  await page.getByTestId('player').hover();
  await page.getByTestId('player-captions').click();
  const menu = page.getByTestId('captions-menu');
  await expect(menu.getByRole('menuitemradio').first()).toHaveText('Off');
  await menu.locator('[data-value="ko"]').click();
  const cue = () =>
    onVideo(page, (v) => {
      const shown = [...v.textTracks].filter((t) => t.mode === 'showing');
      const active = shown.flatMap((t) => [...(t.activeCues ?? [])]);
      return { languages: shown.map((t) => t.language), text: active.map((c) => c.text).join(' ') };
    });
  await expect.poll(async () => (await cue()).languages, { timeout: 20_000 }).toEqual(['ko']);
  await expect.poll(async () => /[가-힣]/.test((await cue()).text), { timeout: 30_000 }).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('captionSelection'))).toBe('"ko"');
});

test('a fan without 4K sees no 4K button, four angles and the quality menu; the choice is kept', async ({
  browser,
  request,
}) => {
  // tmo false: a 4-view ticket without the 4K attribute.
  const page = await watch(browser, await fanWith(request, { tmo: false }));
  await expect(page.getByTestId('uhd-button')).toHaveCount(0);
  await expect(page.getByTestId('multiview-button')).toBeVisible();
  await page.getByTestId('pip-selector-button').click();
  await expect(page.getByTestId('pip-selector-menu').getByRole('menuitemradio')).toHaveCount(4);
  await page.keyboard.press('Escape');

  await page.getByTestId('player').hover();
  await page.getByTestId('player-quality').click();
  const menu = page.getByTestId('quality-menu');
  await expect(menu.getByRole('menuitemradio')).toHaveText(['720p', '480p', '360p', 'Auto']);
  await expect(menu.locator('[data-value="-1"]')).toHaveAttribute('aria-checked', 'true');
  await menu.getByRole('menuitemradio', { name: '360p' }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('qualitySelection'))).toBe('360');
});

test('a quality change reaches the picture', async ({ browser, request }) => {
  const page = await watch(browser, await fanWith(request, { tmo: false }));
  await waitPlaying(page);
  await page.getByTestId('player').hover();
  await page.getByTestId('player-quality').click();
  await page.getByTestId('quality-menu').getByRole('menuitemradio', { name: '360p' }).click();
  await expect(page.getByTestId('player')).toHaveAttribute('data-height', '360', { timeout: 20_000 });
  await expect.poll(() => onVideo(page, (v) => v.videoHeight), { timeout: 20_000 }).toBe(360);
});

test('a 4K ticket switches to the 4K view and back to multiview', async ({ browser, request }) => {
  const page = await watch(browser, await fanWith(request, { type: 'Directors', '4K': true }));
  await waitPlaying(page);
  await page.getByTestId('uhd-button').click();
  const notice = page.getByTestId('uhd-notice-modal');
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Okay, Got It' }).click();
  await expect(notice).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('streamingNotice4k'))).toBe('true');
  await expect(page.getByTestId('primary-viewer')).toHaveAttribute('data-stream', 'stream4k');
  await expect(page.getByTestId('viewer')).toHaveAttribute('data-mode', 'uhd');
  await expect(page.getByTestId('player')).toHaveAttribute('data-height', '2160', { timeout: 30_000 });
  await waitPlaying(page);
  await expect.poll(() => onVideo(page, (v) => v.videoHeight), { timeout: 30_000 }).toBe(2160);
  // Pips are not selectable in 4K.
  await expect(page.getByTestId('pip-selector-button')).toBeDisabled();
  await page.getByTestId('multiview-button').click();
  await expect(page.getByTestId('viewer')).toHaveAttribute('data-mode', 'multiview');
  await expect(page.getByTestId('primary-viewer')).toHaveAttribute('data-stream', 'mix-stream1');
});

test('a 1-view GA ticket sees no pips', async ({ browser, request }) => {
  const page = await watch(browser, await fanWith(request, { type: 'GA' }));
  await waitPlaying(page);
  await expect(page.getByTestId('primary-viewer')).toHaveAttribute('data-stream', 'mix-stream1');
  await expect(page.getByTestId('pip-selector')).toHaveCount(0);
  await expect(page.getByTestId('multiview-button')).toHaveCount(0);
  await expect(page.getByTestId('uhd-button')).toHaveCount(0);
});

type ShowBody = Record<string, unknown> & {
  event: Record<string, unknown>;
  streams: Record<string, { hls: { url: string } }>;
};

/**
 * A show of its own through the host API, on now, copied from the demo show; `url` maps each stream
 * to its source (a replay's on-demand rendition, or a source that does not exist).
 */
async function showWithSources(request: APIRequestContext, url: (name: string) => string): Promise<string> {
  const host = await login(request, 'host@encore.test', 'encore-demo');
  const active = (await (await request.get('/thor/channels/active/')).json()) as { results: ShowBody[] };
  const template = active.results.find((s) => s.slug === SLUG);
  if (!template) throw new Error('no demo show to copy');
  const { status: _s, doors_open_at: _d, ...show } = template;
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const id = 100_000 + Math.floor(Math.random() * 800_000);
  const now = Date.now();
  const body = {
    ...show,
    slug: `w-${tag}`,
    paid_event_name: `W_${tag.toUpperCase()}`,
    paid_event_id: id,
    channel_id: id,
    event_name: `Replay ${tag}`,
    event: {
      ...show.event,
      event_enter_time: new Date(now - 20 * 60_000).toISOString(),
      event_start_time: new Date(now - 10 * 60_000).toISOString(),
      event_end_time: new Date(now + 3 * 3600_000).toISOString(),
      reairings: [],
    },
    streams: Object.fromEntries(Object.keys(show.streams).map((name) => [name, { hls: { url: url(name) } }])),
  };
  const res = await request.put(`/thor/host/shows/${body.slug}`, {
    data: body,
    headers: { authorization: `Token ${host.key}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  await expect
    .poll(async () => {
      const config = (await (await request.get('/config.json')).json()) as { shows: { slug: string }[] };
      return config.shows.some((s) => s.slug === body.slug);
    })
    .toBe(true);
  return body.slug;
}

/** The value of a CSS custom property on an element. */
const cssVar = (page: Page, testId: string, name: string) =>
  page.getByTestId(testId).evaluate(
    (el, n) =>
      (
        globalThis as unknown as {
          getComputedStyle: (e: unknown) => { getPropertyValue: (p: string) => string };
        }
      )
        .getComputedStyle(el)
        .getPropertyValue(n)
        .trim(),
    name,
  );

test('on demand (a replay): the scrubber seeks, played/total time, no LIVE button, loop on; on a phone a bigger dot and full-screen menus', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const slug = await showWithSources(request, (name) => `/media/${name}/vod.m3u8`);
  const session = await fanWith(request, { type: 'Directors' }, slug);
  const page = await watch(browser, session, { slug });
  await waitPlaying(page);

  // Player state on demand (PLY-01): not live, the loop's 20 s duration, muted, playing.
  const player = page.getByTestId('player');
  await expect(player).toHaveAttribute('data-live', 'false');
  await expect(player).toHaveAttribute('data-duration', '20');
  await expect(player).toHaveAttribute('data-muted', 'true');
  await expect(player).toHaveAttribute('data-playing', 'true');
  await player.hover();
  await expect(page.getByTestId('player-live')).toHaveCount(0);
  const scrubber = page.getByTestId('player-scrubber');
  await expect(scrubber).toBeVisible();
  // The loop's 20 s (the audio may run a few frames longer than the video).
  expect(Math.abs(Number(await scrubber.getAttribute('max')) - 20)).toBeLessThan(0.5);
  expect(await cssVar(page, 'player-scrubber', '--dot')).toBe('12px');
  await expect(page.getByTestId('player-time')).toHaveText(/^0:[01]\d \/ 0:20$/);

  // Seeking: a click at three quarters of the scrubber plays from about 15 s.
  await expect.poll(() => currentTime(page)).toBeLessThan(12);
  const box = await scrubber.boundingBox();
  if (!box) throw new Error('no scrubber box');
  await scrubber.click({ position: { x: box.width * 0.75, y: box.height / 2 } });
  await expect.poll(() => currentTime(page), { timeout: 5_000 }).toBeGreaterThan(13.5);
  await player.hover();
  await expect(page.getByTestId('player-time')).toHaveText(/^0:1[3-9] \/ 0:20$/);
  await page.screenshot({ path: test.info().outputPath('replay-desktop.png') });

  // Loop is on: past the end, the replay starts over instead of ending.
  await expect
    .poll(() => onVideo(page, (v) => v.currentTime < 8 && !v.paused), { timeout: 30_000 })
    .toBe(true);
  expect(await onVideo(page, (v) => (v as unknown as { ended: boolean }).ended)).toBe(false);
  await page.context().close();

  // A phone: the scrubber dot is 18, captions and qualities open as full-screen menus (CAPQ-07).
  const phone = await watch(browser, session, { slug, phone: true });
  await waitPlaying(phone);
  expect(await cssVar(phone, 'player-scrubber', '--dot')).toBe('18px');
  for (const [button, menu] of [
    ['player-captions', 'captions-menu'],
    ['player-quality', 'quality-menu'],
  ] as const) {
    await phone.getByTestId('player').tap();
    await phone.getByTestId(button).tap();
    const sheet = phone.getByTestId(menu);
    await expect(sheet).toBeVisible();
    await expect(sheet).toHaveClass(/choice-menu--sheet/);
    expect(await sheet.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    // On top of everything: the page header, the unmute button and the picture stay beneath it.
    for (const [x, y] of [
      [20, 20],
      [195, 100],
      [370, 420],
      [195, 830],
    ] as const) {
      const onTop = await sheet.evaluate(
        (el, [px, py]) =>
          el.contains(
            (
              globalThis as unknown as { document: { elementFromPoint: (a: number, b: number) => unknown } }
            ).document.elementFromPoint(px, py) as never,
          ),
        [x, y] as const,
      );
      expect(onTop, `${menu} at ${x},${y}`).toBe(true);
    }
    await phone.screenshot({ path: test.info().outputPath(`phone-${menu}.png`) });
    await phone.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
  }
});

test('live: playback starts near the live edge, playlist requests carry the auth token, the controls hide by themselves, and casting falls back when the Cast SDK cannot load', async ({
  browser,
  request,
}) => {
  const session = await fanWith(request, { type: 'Directors' });
  const playlists: { url: string; authorization: string | undefined }[] = [];
  const castSdk: string[] = [];
  const page = await watch(browser, session, {
    setup: async (context) => {
      // Google is out of reach here: the sender SDK's load fails, as it would offline.
      await context.route('https://www.gstatic.com/**', (route) => route.abort('internetdisconnected'));
      context.on('request', (req) => {
        if (req.url().includes('cast_sender.js')) castSdk.push(req.url());
        if (/\/media\/.+\.m3u8/.test(req.url()))
          void req
            .allHeaders()
            .then((h) => playlists.push({ url: req.url(), authorization: h.authorization }));
      });
    },
  });
  await waitPlaying(page);

  // PLY-03: hls.js starts at the live edge (a few segments back), not at the start of the 2-minute
  // window; the picture's program date is seconds behind the wall clock.
  const behind = await steadyLag(page);
  expect(behind).toBeGreaterThan(0);
  expect(behind).toBeLessThan(12_000);
  await expect(page.getByTestId('player-live')).toHaveAttribute('data-edge', 'true');

  // PLY-29: every playlist of the origin (multivariant, media, subtitles) carries the fan's token.
  await expect.poll(() => playlists.length).toBeGreaterThan(2);
  expect(playlists.some((p) => p.url.includes('/index.m3u8'))).toBe(true);
  expect(playlists.some((p) => p.url.includes('/live.m3u8'))).toBe(true);
  for (const p of playlists) expect(p.authorization, p.url).toBe(`Token ${session.key}`);

  // PLY-24: nobody touched the player, yet its controls hide once it plays.
  await expect(page.getByTestId('player')).toHaveAttribute('data-controls', 'hidden');

  // PLY-28/PLY-30: Chromium asked for the Cast sender SDK (casting is enabled), could not load it and
  // stays on the Remote Playback API; without a device the cast button is hidden (PLY-17). The DRM
  // choice off Safari is Widevine (no PlayReady in Chromium).
  await expect
    .poll(() => castSdk)
    .toEqual(['https://www.gstatic.com/cv/js/sender/v1/cast_sender.js?loadCastFramework=1']);
  await expect(page.getByTestId('player')).toHaveAttribute('data-cast-via', 'remote-playback');
  await expect(page.getByTestId('player')).toHaveAttribute('data-cast-status', 'unavailable');
  await expect(page.getByTestId('player-cast')).toHaveCount(0);
  await expect(page.getByTestId('player')).toHaveAttribute('data-drm-system', 'widevine');
  expect(await onVideo(page, (v) => !v.paused)).toBe(true);
});

test('a device that left the show: the next key request fails, the licence refresh fails too, and the DRM dialog says so', async ({
  browser,
  request,
}) => {
  const session = await fanWith(request, { type: 'Directors' });
  const sessions: string[] = [];
  const page = await watch(browser, session, {
    setup: async (context) => {
      context.on('response', (res) => {
        if (res.request().method() === 'POST' && /\/enter\/$/.test(res.url()))
          void res.json().then((b: { session_id: string }) => sessions.push(b.session_id));
      });
    },
  });
  await waitPlaying(page);
  const sessionId = sessions[0];
  expect(sessionId).toBeTruthy();

  // The device session ends (as if left from another tab): its key access goes at once.
  const left = await request.delete(`/thor/shows/${SLUG}/enter/${sessionId}/`, {
    headers: { authorization: `Token ${session.key}` },
  });
  expect(left.status()).toBe(204);
  const keyAnswers: number[] = [];
  const tokenAnswers: number[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/media/keys/')) keyAnswers.push(res.status());
    if (res.url().includes('/thor/video/drm/')) tokenAnswers.push(res.status());
  });
  // Another angle needs its key: refused, so the player asks for a new DRM token, which is refused.
  await page.getByTestId('pip-selector-button').click();
  await page.getByTestId('pip-selector-menu').locator('[data-pip="3"]').click();
  const dialog = page.getByTestId('player-error');
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toHaveAttribute('data-kind', 'drm');
  await expect(dialog).toContainText('There was a problem with DRM. Please try again.');
  expect(keyAnswers.length).toBeGreaterThan(0);
  expect(keyAnswers.every((s) => s === 403)).toBe(true);
  expect(tokenAnswers.length).toBeGreaterThan(0);
  expect(tokenAnswers.every((s) => s >= 400)).toBe(true);
});

test('an unknown video: the viewer shows the video-load-failed notice', async ({ browser, request }) => {
  const session = await fanWith(request, { type: 'GA' });
  const page = await watch(browser, session, {
    // The viewer asks for a video id the server does not know (its real 404 VIDEO_NOT_FOUND).
    setup: async (context) => {
      await context.route(/\/thor\/video\/\d+\/$/, (route) =>
        route.continue({
          url: route
            .request()
            .url()
            .replace(/\/thor\/video\/\d+\/$/, '/thor/video/987654321/'),
        }),
      );
    },
  });
  const notice = page.getByTestId('video-load-failed');
  await expect(notice).toBeVisible();
  await expect(notice).toHaveText('The video failed to load. Please check your connection and try again.');
  await expect(page.getByTestId('player')).toHaveCount(0);
});

test('quality and captions: Auto after a manual level, the low-bandwidth banner and its Auto hint; analytics only on the fan’s choices', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const events: { event_type: string; event_data: Record<string, unknown> }[] = [];
  const page = await watch(browser, await fanWith(request, { type: 'Directors' }), {
    setup: async (context) => {
      context.on('request', (req) => {
        if (req.method() === 'POST' && req.url().endsWith('/thor/event/'))
          events.push(...((req.postDataJSON() as { events: typeof events }).events ?? []));
      });
    },
  });
  await waitPlaying(page);
  const player = page.getByTestId('player');
  const chooseQuality = async (label: string) => {
    await player.hover();
    await page.getByTestId('player-quality').click();
    await page.getByTestId('quality-menu').getByRole('menuitemradio', { name: label }).click();
  };
  const playerEvents = () =>
    events.filter((e) => e.event_type === 'videoquality' || e.event_type === 'subtitleswitch');

  // CAPQ-12: 360p by hand, then Auto (-1): the player adapts back up to 720p on this fast link.
  await chooseQuality('360p');
  await expect(player).toHaveAttribute('data-height', '360', { timeout: 20_000 });
  await chooseQuality('Auto');
  await expect(player).toHaveAttribute('data-chosen-level', '-1');
  await expect(player).toHaveAttribute('data-height', '720', { timeout: 30_000 });
  expect(await page.evaluate(() => localStorage.getItem('qualitySelection'))).toBeNull();

  // A caption choice.
  await player.hover();
  await page.getByTestId('player-captions').click();
  await page.getByTestId('captions-menu').locator('[data-value="ko"]').click();

  // PLY-48: 720p by hand on a link that cannot carry it: the banner, and its hint sets Auto.
  const cdp = await page.context().newCDPSession(page);
  // The looped segments repeat every 20 s and are immutable: without the HTTP cache, each one really
  // crosses the slow link.
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 40,
    downloadThroughput: 150_000,
    uploadThroughput: 150_000,
  });
  await chooseQuality('720p');
  const banner = page.getByTestId('player-low-bandwidth');
  await expect(banner).toBeVisible({ timeout: 60_000 });
  await expect(banner).toContainText(
    'Your network quality is not strong enough to support your chosen quality level',
  );
  await banner.getByRole('button', { name: 'Set quality to Auto' }).click();
  await expect(banner).toBeHidden();
  await expect(player).toHaveAttribute('data-chosen-level', '-1');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  // CAPQ-05/CAPQ-15: one event per choice of the fan, with its label; none for the automatic
  // start, the stored caption applied to each stream, or the level changes Auto makes.
  await expect
    .poll(() => playerEvents().map((e) => [e.event_type, e.event_data.label]), { timeout: 20_000 })
    .toEqual([
      ['videoquality', '360p'],
      ['videoquality', 'Auto'],
      ['subtitleswitch', '한국어'],
      ['videoquality', '720p'],
    ]);
  expect(playerEvents()[3]?.event_data).toMatchObject({
    label: '720p',
    height: 720,
    index: expect.any(Number),
  });
  expect(playerEvents()[2]?.event_data).toMatchObject({ language: 'ko' });
});

test('the landing page states the quality in its system requirements', async ({ page }) => {
  await page.goto('/');
  const row = page.getByTestId('system-requirements').getByTestId('requirements-quality');
  await expect(row).toContainText('Video quality');
  await expect(row).toContainText('360p to 1080p, or auto');
});

test("pips become selectable only once the main video passes the show's pipDelay", async ({
  browser,
  request,
}) => {
  // Where the live picture's clock starts for a fresh viewer: read on the demo show, then a show of its
  // own whose pipDelay lies 30 s beyond it (room for making the show and loading it on a busy machine).
  const probe = await openViewer(browser, request, await fanWithTicket(request, SLUG), SLUG, DESKTOP, {
    video: true,
  });
  await waitPlaying(probe);
  const start = await currentTime(probe);
  await probe.context().close();
  const delay = Math.ceil(start) + 30;
  const show = await scheduleShow(request, -60_000, { pip_delay: delay });
  const page = await openViewer(
    browser,
    request,
    await fanWithTicket(request, show.slug),
    show.slug,
    DESKTOP,
    {
      video: true,
    },
  );
  await waitPlaying(page);
  expect(await currentTime(page)).toBeLessThan(delay);
  await expect(page.getByTestId('pip-selector-button')).toBeDisabled();
  await expect(page.getByTestId('multiview-button')).toBeDisabled();
  // The main video passes pipDelay: the pips open up, not a moment before.
  await expect(page.getByTestId('pip-selector-button')).toBeEnabled({ timeout: 60_000 });
  expect(await currentTime(page)).toBeGreaterThan(delay);
  await expect(page.getByTestId('multiview-button')).toBeEnabled();
  await page.getByTestId('pip-selector-button').click();
  await page.getByTestId('pip-selector-menu').locator('[data-pip="2"]').click();
  await expect(page.getByTestId('primary-viewer')).toHaveAttribute('data-stream', 'mix-stream2');
});

interface SentEvent {
  event_type: string;
  event_category: string;
  event_data: Record<string, unknown>;
}

/** Every analytics event the page posts to POST /thor/event/, in order. */
function recordAnalytics(page: Page): SentEvent[] {
  const sent: SentEvent[] = [];
  page.on('request', (req) => {
    if (req.method() !== 'POST' || !new URL(req.url()).pathname.startsWith('/thor/event/')) return;
    const body = req.postDataJSON() as { events?: SentEvent[] } | null;
    sent.push(...(body?.events ?? []));
  });
  return sent;
}

test('choosing a box of the overlay records the pip switch (pipclick) and closes the overlay', async ({
  browser,
  request,
}) => {
  const fan = await fanWithTicket(request, SLUG, { type: 'Directors' });
  const page = await openViewer(browser, request, fan, SLUG, DESKTOP, { video: true });
  await waitPlaying(page);
  const sent = recordAnalytics(page);
  const primary = page.getByTestId('primary-viewer');
  await expect(primary).toHaveAttribute('data-stream', 'mix-stream1');

  await page.getByTestId('multiview-button').click();
  const overlay = page.getByTestId('multiview-overlay');
  await expect(overlay.getByTestId('multiview-box')).toHaveCount(6);
  await overlay.locator('[data-pip="4"]').click();
  await expect(overlay).toBeHidden();
  await expect(primary).toHaveAttribute('data-stream', 'mix-stream4');

  // The batch goes out within its 2 s flush: opening the overview (pip 1 to the grid, id 0), then the
  // choice (the grid to pip 4), each with the label left and the seconds spent there.
  await expect
    .poll(() => sent.filter((e) => e.event_type === 'pipclick').map((e) => e.event_data.pip_id), {
      timeout: 10_000,
    })
    .toEqual([0, 4]);
  const [open, choice] = sent.filter((e) => e.event_type === 'pipclick');
  expect(open?.event_data).toMatchObject({ lastpip_id: 1, last_pip: 'CAM 1', pip_id: 0 });
  expect(choice?.event_data).toMatchObject({ lastpip_id: 0, last_pip: 'Multiview', pip_id: 4 });
  expect(choice?.event_data.lastpip_duration).toEqual(expect.any(Number));
  expect(choice?.event_category).toBe('Encore Live: World Tour Final');
});
