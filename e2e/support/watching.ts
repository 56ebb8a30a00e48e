import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { PASSWORD, scheduleShow, verifiedFan } from './api.ts';
import { expect } from './fixtures.ts';

// What the watching journeys share: fans with tickets to the demo show (encore-live), the viewer opened
// as them, and readings of the player's <video> and of what the page sends.

export const SLUG = 'encore-live';
export type Session = { key: string; user: unknown };

export async function login(request: APIRequestContext, email: string, password: string): Promise<Session> {
  const res = await request.post('/thor/auth/email_login/', { data: { email, password } });
  expect(res.status()).toBe(200);
  return (await res.json()) as Session;
}

/** A fresh fan holding a ticket to the demo show with these attributes (host CSV import, then redeem). */
export async function fanWith(
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

export interface WatchOptions {
  slug?: string;
  /** A phone: 390x844, touch first. */
  phone?: boolean;
  /** The browser's user agent (Safari's rules are chosen by it). */
  userAgent?: string;
  /** Runs on the context before the page opens (routes). */
  setup?: (context: BrowserContext) => Promise<void>;
}

/** Opens the viewer as `session` (stored the way the app stores a login), muted autoplay allowed. */
export async function watch(browser: Browser, session: Session, opts: WatchOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    ...(opts.phone
      ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
      : { viewport: { width: 1440, height: 900 } }),
    ...(opts.userAgent ? { userAgent: opts.userAgent } : {}),
  });
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
export interface CueLike {
  text?: string;
}
export interface TrackLike {
  mode: string;
  language: string;
  activeCues: Iterable<CueLike> | null;
}
export interface VideoLike {
  currentTime: number;
  paused: boolean;
  muted: boolean;
  volume: number;
  readyState: number;
  videoHeight: number;
  dataset: Record<string, string | undefined>;
  textTracks: Iterable<TrackLike>;
}

export const video = (page: Page) => page.getByTestId('player-video');
/** Runs `fn` on the player's <video> in the page. */
export const onVideo = <R>(page: Page, fn: (v: VideoLike) => R) =>
  video(page).evaluate(fn as unknown as (el: unknown) => R);
export const currentTime = (page: Page) => onVideo(page, (v) => v.currentTime);

/** Pauses the picture at `seconds` (a replay's seek, as the scrubber makes one). */
export const seekTo = (page: Page, seconds: number) =>
  video(page).evaluate((v, at) => {
    const el = v as unknown as { pause: () => void; currentTime: number };
    el.pause();
    el.currentTime = at;
  }, seconds);

/** Plays the picture (a refused play() is left to the test's next check). */
export const play = (page: Page) =>
  video(page).evaluate((v) => (v as unknown as { play: () => Promise<void> }).play().catch(() => undefined));

export async function waitPlaying(page: Page) {
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
export const lag = (page: Page) =>
  onVideo(page, (v) => {
    const offset = Number(v.dataset.clockOffset);
    return Date.now() - (offset + v.currentTime * 1000);
  });

/** The id of the element in full screen, or null. */
export const fullscreenId = (page: Page) =>
  page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { fullscreenElement: { id: string } | null } })
      .document;
    return doc.fullscreenElement?.id ?? null;
  });

/** The lag once playback runs smoothly: two readings 300 ms apart agree within 50 ms. */
export async function steadyLag(page: Page): Promise<number> {
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

/**
 * A show of its own, on now (doors opened 20 minutes ago), copied from the demo show; `url` maps each
 * stream to its source (a replay's on-demand rendition, or a source that does not exist).
 */
export async function showWithSources(
  request: APIRequestContext,
  url: (name: string) => string | { hls: { url: string }; dash?: { url: string } },
): Promise<string> {
  return (await scheduleShow(request, -20 * 60_000, {}, url)).slug;
}

/** The value of a CSS custom property on an element. */
export const cssVar = (page: Page, testId: string, name: string) =>
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

export interface SentEvent {
  event_type: string;
  event_category: string;
  event_data: Record<string, unknown>;
}

/** Every analytics event the page posts to POST /thor/event/, in order. */
export function recordAnalytics(page: Page): SentEvent[] {
  const sent: SentEvent[] = [];
  page.on('request', (req) => {
    if (req.method() !== 'POST' || !new URL(req.url()).pathname.startsWith('/thor/event/')) return;
    const body = req.postDataJSON() as { events?: SentEvent[] } | null;
    sent.push(...(body?.events ?? []));
  });
  return sent;
}

/**
 * The quality menu the playing stream should have: its multivariant playlist's heights, best first, as
 * labels ('1080p'), then Auto. Read from the stream itself, so a test states what the media really has.
 */
export async function ladderLabels(page: Page): Promise<string[]> {
  const url = await video(page).getAttribute('data-stream');
  if (!url) throw new Error('no stream on the player');
  const text = await (await page.request.get(url)).text();
  const heights = [...text.matchAll(/RESOLUTION=\d+x(\d+)/g)].map((m) => Number(m[1]));
  const labels = [...new Set(heights)].sort((a, b) => b - a).map((h) => `${h}p`);
  return [...labels, 'Auto'];
}
