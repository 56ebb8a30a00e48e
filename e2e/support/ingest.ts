import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

// Live ingest (issue 11): the demo encoder pushing a show's angles, the host's broadcast routes, and
// the picture's burned-in clock read back from the fan's <video>.

const root = path.resolve(import.meta.dirname, '../..');
export const RTMP_PORT = Number(process.env.E2E_RTMP_PORT ?? 19350);

export type Encoder = { child: ChildProcess; drop(): void; restore(): void; stop(): void };

/**
 * `npm run demo:encoder -- <slug> --angles N` against the e2e server. The journeys written before the
 * encoder's default became OBS's 2 s keyframes keep their 1 s (`extra` may say otherwise).
 */
export function startDemoEncoder(
  baseURL: string,
  slug: string,
  angles: number,
  extra: string[] = ['--gop-seconds', '1'],
): Encoder {
  const child = spawn(
    process.execPath,
    [
      path.join(root, 'scripts/demo-encoder.mjs'),
      slug,
      '--angles',
      String(angles),
      '--url',
      baseURL,
      '--rtmp',
      `rtmp://127.0.0.1:${RTMP_PORT}/live/`,
      ...extra,
    ],
    { stdio: 'inherit' },
  );
  return {
    child,
    drop: () => child.kill('SIGUSR1'),
    restore: () => child.kill('SIGUSR2'),
    stop: () => child.kill('SIGINT'),
  };
}

export async function hostKey(request: APIRequestContext): Promise<string> {
  const res = await request.post('/thor/auth/email_login/', {
    data: { email: 'host@encore.test', password: 'encore-demo' },
  });
  return ((await res.json()) as { key: string }).key;
}

type AngleHealth = { stream: string; healthy: boolean };
export async function broadcast(request: APIRequestContext, host: string, slug: string) {
  const res = await request.get(`/thor/host/shows/${slug}/ingest/`, {
    headers: { authorization: `Token ${host}` },
  });
  // 409 INGEST_NOT_ENABLED until the demo encoder turned ingest on.
  const body = (await res.json()) as { state?: string; angles?: AngleHealth[] };
  return { state: body.state ?? 'off', angles: body.angles ?? [] };
}

/** Waits (up to a minute: the encoder's start-up on a loaded runner) until `count` angles are healthy. */
export async function waitHealthy(request: APIRequestContext, host: string, slug: string, count = 1) {
  await expect
    .poll(async () => (await broadcast(request, host, slug)).angles.filter((a) => a.healthy).length, {
      timeout: 60_000,
    })
    .toBeGreaterThanOrEqual(count);
}

/** The host's Go live, which must answer 200. */
export async function goLive(request: APIRequestContext, host: string, slug: string) {
  const live = await request.post(`/thor/host/shows/${slug}/ingest/go-live/`, {
    headers: { authorization: `Token ${host}` },
  });
  expect(live.status(), await live.text()).toBe(200);
}

type ActiveShow = {
  slug: string;
  status: string;
  streams: Record<string, { hls: { url: string }; dash?: { url: string } }>;
};
/**
 * The show as the fans' show list has it now: nodes keep that list for a few seconds, so a journey
 * polls it until the fan's video data names the live origin.
 */
export async function activeShow(request: APIRequestContext, slug: string): Promise<ActiveShow | undefined> {
  const res = await request.get('/thor/channels/active/');
  return ((await res.json()) as { results: ActiveShow[] }).results.find((s) => s.slug === slug);
}

/** Angle 1's first media playlist (live, or the replay after End show), as the origin serves it. */
export async function mediaPlaylist(request: APIRequestContext, slug: string): Promise<string> {
  const index = await (await request.get(`/media/live/${slug}/mix-stream1/index.m3u8`)).text();
  const rung = index.split('\n').find((l) => l !== '' && !l.startsWith('#'));
  return rung ? (await request.get(`/media/live/${slug}/mix-stream1/${rung.trim()}`)).text() : '';
}

/** The newest program date (ms) of angle 1: how far the pushed show has come. */
export async function edgeOf(request: APIRequestContext, slug: string): Promise<number> {
  const body = await mediaPlaylist(request, slug);
  const dates = [...body.matchAll(/#EXT-X-PROGRAM-DATE-TIME:(\S+)/g)].map((m) => Date.parse(m[1] ?? ''));
  return dates.at(-1) ?? 0;
}

/**
 * How far the picture on screen is behind the encoder's clock, in ms: the demo encoder burns the wall
 * clock's milliseconds (mod 2^24) into a row of 24 boxes, white for a 1, least significant bit first
 * (scripts/demo-encoder.mjs). Null before the first frame.
 */
export const encoderLag = async (page: Page) => (await encoderClock(page))?.lag ?? null;

/**
 * The burned-in clock of the frame on screen against two references: `lag`, the wall clock now minus
 * it; `dateGap`, the program date the player gives that frame (its stream's clock offset plus
 * currentTime) minus it. `dateGap` is the same on every angle when their program dates come from one
 * show clock, whatever the machine's load does to the player. Null before the first frame.
 */
export const encoderClock = (page: Page) =>
  page.getByTestId('player-video').evaluate((el: unknown) => {
    type Ctx = {
      drawImage(v: unknown, x: number, y: number): void;
      getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
    };
    const v = el as {
      videoWidth: number;
      videoHeight: number;
      currentTime: number;
      dataset: { clockOffset?: string };
    };
    const offset = v.dataset.clockOffset ? Number(v.dataset.clockOffset) : Number.NaN;
    const shownAt = offset + v.currentTime * 1000;
    const now = Date.now();
    const doc = (
      globalThis as unknown as {
        document: {
          createElement(t: string): { width: number; height: number; getContext(k: string, o: object): Ctx };
        };
      }
    ).document;
    if (!v.videoWidth) return null;
    const canvas = doc.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    ctx.drawImage(v, 0, 0);
    const BITS = 24;
    const box = Math.max(6, Math.floor((v.videoWidth - 20) / BITS));
    let value = 0;
    for (let i = 0; i < BITS; i++) {
      const x = 10 + i * box + Math.floor((box - 2) / 2);
      const y = 4 + Math.floor((box - 2) / 2);
      const [r = 0, g = 0, b = 0] = ctx.getImageData(x, y, 1, 1).data;
      if ((r + g + b) / 3 > 128) value += 2 ** i;
    }
    const mod = 2 ** 24;
    const lag = ((now % mod) - value + mod) % mod;
    // The burned clock's full value: the wall clock's ms with its low 24 bits replaced.
    const burned = now - lag;
    return { lag, dateGap: Number.isFinite(shownAt) ? shownAt - burned : null };
  });

/** The lag once two readings 300 ms apart agree within 80 ms. */
export async function steadyEncoderLag(page: Page): Promise<number> {
  let last = (await encoderLag(page)) ?? 0;
  await expect
    .poll(
      async () => {
        const previous = last;
        last = (await encoderLag(page)) ?? Number.NaN;
        return Math.abs(last - previous);
      },
      { intervals: [300], timeout: 20_000 },
    )
    .toBeLessThan(80);
  return last;
}

/**
 * encoderClock for a picture the page cannot read back: an EME-protected video draws nothing on a
 * canvas, so the burned-in clock is read from a screenshot of the player instead. The player's overlay
 * (the unmute button) may cover the least significant boxes, so the lowest `hidden` bits are not read
 * (the clock is then known to 2^hidden ms). Assumes the picture fills the element (16:9).
 *
 * `hold` (the default) pauses the video for the capture and plays it again after: the frame on screen
 * is then the one at the paused currentTime, read with the wall clock of the pause. Without it the
 * frame is whichever one was on screen while the screenshot was taken, dated by the middle of the
 * capture; on a loaded machine a screenshot takes seconds, so that reading is off by up to half the
 * capture (`captureMs` says how long it took).
 */
export async function encoderClockShown(page: Page, hidden = 6, hold = true) {
  const video = page.getByTestId('player-video');
  const before = hold ? await holdPicture(video) : await onPicture(video);
  const png = (await video.screenshot()).toString('base64');
  const after = hold ? before : await onPicture(video);
  const captureMs = Date.now() - before.now;
  if (hold) await video.evaluate((el: unknown) => (el as { play(): Promise<void> }).play().catch(() => {}));
  return page
    .evaluate(
      async ({ png, width, hidden }) => {
        type Ctx = {
          drawImage(v: unknown, x: number, y: number): void;
          getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
        };
        type Img = { src: string; width: number; height: number; decode(): Promise<void> };
        const g = globalThis as unknown as {
          Image: new () => Img;
          document: {
            createElement(t: string): { width: number; height: number; getContext(k: string): Ctx };
          };
        };
        const img = new g.Image();
        img.src = `data:image/png;base64,${png}`;
        await img.decode();
        const canvas = g.document.createElement('canvas');
        canvas.width = img.width;
        canvas.height = img.height;
        const ctx = canvas.getContext('2d');
        ctx.drawImage(img, 0, 0);
        const scale = img.width / width;
        const BITS = 24;
        const box = Math.max(6, Math.floor((width - 20) / BITS));
        let value = 0;
        for (let i = hidden; i < BITS; i++) {
          const x = Math.round((10 + i * box + Math.floor((box - 2) / 2)) * scale);
          const y = Math.round((4 + Math.floor((box - 2) / 2)) * scale);
          const [r = 0, gr = 0, b = 0] = ctx.getImageData(x, y, 1, 1).data;
          if ((r + gr + b) / 3 > 128) value += 2 ** i;
        }
        return value;
      },
      { png, width: before.width, hidden },
    )
    .then((value) => {
      const mod = 2 ** 24;
      const now = (before.now + after.now) / 2;
      const lag = ((now % mod) - value + mod) % mod;
      const burned = now - lag;
      return { lag, dateGap: (before.shownAt + after.shownAt) / 2 - burned, captureMs };
    });
}

/** The picture's width and the date the player gives the frame on screen, with the time of asking. */
const onPicture = (video: ReturnType<Page['getByTestId']>) =>
  video.evaluate((el: unknown) => {
    const v = el as { videoWidth: number; currentTime: number; dataset: { clockOffset?: string } };
    return {
      width: v.videoWidth,
      shownAt: Number(v.dataset.clockOffset) + v.currentTime * 1000,
      now: Date.now(),
    };
  });

/**
 * onPicture for a paused video: paused at `now`, the frame it holds is the one at currentTime (read
 * once the pause has taken effect, two animation frames later, so the compositor shows it).
 */
const holdPicture = (video: ReturnType<Page['getByTestId']>) =>
  video.evaluate(async (el: unknown) => {
    const v = el as {
      videoWidth: number;
      currentTime: number;
      dataset: { clockOffset?: string };
      pause(): void;
    };
    const g = globalThis as unknown as { requestAnimationFrame(f: () => void): void };
    const now = Date.now();
    const at = v.currentTime;
    v.pause();
    // Between the two readings the video moved on by (currentTime - at): the pause's own time.
    const pausedAt = now + (v.currentTime - at) * 1000;
    await new Promise<void>((r) => g.requestAnimationFrame(() => g.requestAnimationFrame(() => r())));
    return {
      width: v.videoWidth,
      shownAt: Number(v.dataset.clockOffset) + v.currentTime * 1000,
      now: pausedAt,
    };
  });
