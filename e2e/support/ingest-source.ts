import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';

// `E2E_SOURCE=ingest` (npm run test:e2e:ingest): the watching journeys run unchanged against a demo
// show fed by live ingest instead of the demo loop. This global setup, after Playwright started the
// e2e server, makes `encore-live` a live-ingest show, starts the demo encoder pushing every angle
// (angle 1 at 720p under the demo's ladder, the others 426x240 at 15 fps; x264 ultrafast, a keyframe a
// second) and the 4K view, with its captioning service, and presses Go live
// through the host API; the teardown stops the encoder. docs/media.md section 9 has the results.

export const INGEST_SOURCE = process.env.E2E_SOURCE === 'ingest';
/** The e2e server (as e2e/playwright.config.ts). */
export const BASE_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8181)}`;
const root = path.resolve(import.meta.dirname, '../..');
const SLUG = 'encore-live';
const RTMP_PORT = Number(process.env.E2E_RTMP_PORT ?? 19350);
const HOST = { email: 'host@encore.test', password: 'encore-demo' };

type Json = Record<string, unknown>;

async function call(base: string, method: string, route: string, token: string | null, body?: Json) {
  const res = await fetch(`${base}${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Token ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json().catch(() => ({}))) as Json;
  return { status: res.status, json };
}

/** Polls `check` every half second until it answers true; fails with `what` after `ms`. */
async function until(what: string, ms: number, check: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`ingest source: ${what} within ${ms / 1000} s`);
}

/**
 * The demo show's picture: angle 1, where a fan starts, as the demo loop's 720p (CBR at the demo's
 * 2500 kb/s, so the low-bandwidth banner sees a rung a slow link cannot carry) under the demo's
 * 480p/360p ladder (scripts/media/plan.mjs), so the quality menu is the demo's; the 4K view at 2160p;
 * the other angles small and at 15 fps (1 s keyframes either way), which no journey looks at closely.
 */
const DEMO_PICTURE = ['--first-size', '1280x720', '--first-kbps', '2500', '--uhd', '--uhd-fps', '5'];
/** The demo's angle ladder below its 720p (scripts/media/plan.mjs ANGLE_LADDER). */
const DEMO_LADDER = [
  { name: '480p', height: 480, video_kbps: 1200 },
  { name: '360p', height: 360, video_kbps: 700 },
];

/** The demo encoder pushing `angles` angles of `slug` (and posting live captions) to the e2e server. */
export function demoEncoder(
  base: string,
  slug: string,
  angles: number,
  captions: boolean,
  picture: string[] = [],
): ChildProcess {
  return spawn(
    process.execPath,
    [
      path.join(root, 'scripts/demo-encoder.mjs'),
      slug,
      '--angles',
      String(angles),
      '--url',
      base,
      '--rtmp',
      `rtmp://127.0.0.1:${RTMP_PORT}/live/`,
      '--fps',
      '15',
      // A keyframe a second, as these journeys were written for (the encoder's default is now OBS's 2 s).
      '--gop-seconds',
      '1',
      ...picture,
      ...(captions ? ['--captions'] : []),
      // A real encoder reconnects when a loaded node drops its feed; the player resumes on its own.
      '--reconnect',
    ],
    { stdio: 'inherit' },
  );
}

/**
 * Makes `slug` a live-ingest show and pushes its streams; with `goLive` (the demo show), as the demo
 * loop plays it (DEMO_PICTURE, DEMO_LADDER), presses Go live and answers once fans' video data names
 * the live origin. Without (a journey's copy): 240p angles passed through, the cheapest feed.
 */
export async function feedShow(base: string, slug: string, goLive = true): Promise<ChildProcess> {
  const login = await call(base, 'POST', '/thor/auth/email_login/', null, HOST);
  const token = String(login.json.key);
  const ladder = goLive ? DEMO_LADDER : [];
  const enabled = await call(base, 'PUT', `/thor/host/shows/${slug}/ingest/`, token, { ladder });
  if (enabled.status !== 200) throw new Error(`ingest source: PUT ingest ${enabled.status}`);
  const status = enabled.json.status as { keys: { stream: string }[] };
  const angles = status.keys.filter((k) => k.stream.startsWith('mix-stream')).length;
  const uhd = goLive && status.keys.some((k) => k.stream === 'stream4k');
  const encoder = demoEncoder(base, slug, angles, true, goLive ? DEMO_PICTURE : []);
  const feeds = angles + (uhd ? 1 : 0);
  try {
    await until(`${feeds} healthy feeds`, 90_000, async () => {
      const res = await call(base, 'GET', `/thor/host/shows/${slug}/ingest/`, token);
      const list = (res.json.angles ?? []) as { stream: string; healthy: boolean }[];
      return list.filter((a) => a.healthy).length >= feeds;
    });
    if (!goLive) return encoder;
    const live = await call(base, 'POST', `/thor/host/shows/${slug}/ingest/go-live/`, token);
    if (live.status !== 200) throw new Error(`ingest source: Go live ${live.status}`);
    // Nodes keep the show list for a few seconds: wait until fans are sent to the live origin.
    await until('the live origin in the show list', 30_000, async () => {
      const res = await call(base, 'GET', '/thor/channels/active/', null);
      const show = (
        res.json.results as {
          slug: string;
          status: string;
          streams: Record<string, { hls: { url: string } }>;
        }[]
      ).find((s) => s.slug === slug);
      return (
        show?.status === 'live' && show.streams['mix-stream1']?.hls.url.startsWith('/media/live/') === true
      );
    });
  } catch (err) {
    encoder.kill('SIGINT');
    throw err;
  }
  return encoder;
}

// A journey's own show (scheduleShow copies the demo show): fed by encoders of its own while the
// test runs, as the demo show is, but left for its doors and times to drive (no Go live). The
// suite's fixture stops them when the test ends.
const copies = new Map<string, ChildProcess>();

/**
 * The journeys that push their own shows' feeds (ingest.watching.spec.ts, ingest-dash-mosaic...):
 * their copies are left alone; a second encoder would have its keys rotated away by theirs.
 */
const SELF_FED = /\/ingest(-[\w-]+)?\.watching\.spec\.ts$/;

/** Feeds a journey's copy of the demo show from its own encoders (E2E_SOURCE=ingest only). */
export async function feedCopy(slug: string, specFile: string): Promise<void> {
  if (SELF_FED.test(specFile)) return;
  copies.set(slug, await feedShow(BASE_URL, slug, false));
}

/** Stops the encoders feeding the test's copies. */
export async function stopCopies(): Promise<void> {
  await Promise.all(
    [...copies].map(([s, encoder]) => {
      copies.delete(s);
      if (encoder.exitCode !== null || encoder.signalCode !== null) return undefined;
      const exited = new Promise((r) => encoder.once('exit', r));
      encoder.kill('SIGINT');
      return exited;
    }),
  );
}

/**
 * The demo show as the demo loop plays it (mosaics and all), kept before it takes ingest: journeys that
 * copy it with demo media of their own (DASH, replays) copy this, as they do on the demo loop.
 */
export function demoLoopShow(): Record<string, unknown> | null {
  const file = process.env.E2E_DEMO_SHOW_FILE;
  return file ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : null;
}

/** The global setup's part (e2e/global-setup.ts); answers its teardown. */
export async function ingestSource(config: FullConfig): Promise<(() => Promise<void>) | undefined> {
  if (!INGEST_SOURCE) return undefined;
  const base = String(config.projects[0]?.use.baseURL);
  const started = Date.now();
  const active = await call(base, 'GET', '/thor/channels/active/', null);
  const demo = (active.json.results as { slug: string }[]).find((s) => s.slug === SLUG);
  if (!demo) throw new Error(`ingest source: no ${SLUG} to feed`);
  // Workers inherit the environment the global setup leaves.
  const file = path.join(tmpdir(), `encore-e2e-demo-show-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(demo));
  process.env.E2E_DEMO_SHOW_FILE = file;
  const encoder = await feedShow(base, SLUG);
  console.log(`ingest source: ${SLUG} is live from the demo encoder (${(Date.now() - started) / 1000} s)`);
  return async () => {
    const exited = new Promise((r) => encoder.once('exit', r));
    encoder.kill('SIGINT');
    await exited;
    rmSync(file, { force: true });
  };
}
