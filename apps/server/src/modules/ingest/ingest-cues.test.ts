import type { ChildProcess } from 'node:child_process';
import { AlertPublished, CUE_SCHEME_ID_URI, decodeCuePayload } from '@encore/contract';
import * as hlsParser from 'hls-parser';
import * as mpdParser from 'mpd-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPort } from '../../../test/free-port.ts';
import type { TestContext } from '../../../test/harness.ts';
import { type IngestApp, ingestShow, startIngestApp } from '../../../test/ingest-app.ts';
import { pushTestFeed, until } from '../../../test/live-feed.ts';

// Issue 27 on the real ingest (nginx-rtmp, ffmpeg pushing 426x240 ultrafast with a keyframe a
// second): a cue the host sends at show time T is in the live playlists (standard and LL) as an
// EXT-X-DATERANGE at T, beside the segment whose program dates hold T, and in the MPD as an Event at
// T on the MPD's timeline; a cue placed ahead appears only once its moment has come. Strict
// parsers read them. Ports of their own (HTTP 8710, RTMP 19421); INGEST_CUES_TEST_*_PORT move them.
const HTTP_PORT = Number(process.env.INGEST_CUES_TEST_HTTP_PORT ?? testPort(8710));
const RTMP_PORT = Number(process.env.INGEST_CUES_TEST_RTMP_PORT ?? testPort(19421));

let t: TestContext;
let host: Record<string, string>;
let pushes: ChildProcess[] = [];
let ingest: IngestApp | undefined;

beforeAll(async () => {
  ingest = await startIngestApp({ prefix: 'encore-live-cues-', httpPort: HTTP_PORT, rtmpPort: RTMP_PORT });
  ({ t, host, pushes } = ingest);
}, 60_000);
afterAll(async () => {
  await ingest?.close();
}, 120_000);

const get = (url: string) => t.app.inject({ method: 'GET', url });

type Segment = { sn: number; pdt: number };
const segmentsOf = (playlist: string): Segment[] =>
  [
    ...playlist.matchAll(
      /#EXT-X-PROGRAM-DATE-TIME:(\S+)\n(?:#EXT-X-PART:[^\n]*\n)*#EXTINF:[\d.]+,\n(\d+)\.ts/g,
    ),
  ].map((m) => ({
    sn: Number(m[2]),
    pdt: Date.parse(m[1] ?? ''),
  }));

/** Every program date in a playlist: its segments' and, in an LL playlist, the open segment's. */
const programDates = (playlist: string) =>
  [...playlist.matchAll(/#EXT-X-PROGRAM-DATE-TIME:(\S+)/g)].map((m) => Date.parse(m[1] ?? ''));

/** The DATERANGE of cue `id` in a playlist, and the program date of the segment it stands before. */
function dateRangeOf(playlist: string, id: string) {
  const lines = playlist.split('\n');
  const i = lines.findIndex((l) => l.startsWith('#EXT-X-DATERANGE:') && l.includes(`ID="cue-${id}"`));
  if (i < 0) return undefined;
  const line = lines[i] ?? '';
  const pdtLine = lines.slice(i).find((l) => l.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) ?? '';
  return {
    start: Date.parse(/START-DATE="([^"]+)"/.exec(line)?.[1] ?? ''),
    payload: decodeCuePayload(/X-ENCORE-CUE="([^"]+)"/.exec(line)?.[1] ?? ''),
    klass: /CLASS="([^"]+)"/.exec(line)?.[1],
    segmentPdt: Date.parse(pdtLine.slice('#EXT-X-PROGRAM-DATE-TIME:'.length)),
  };
}

describe('the cue timeline in the live playlists and MPD of a pushed show', () => {
  it('a cue sent at show time T is in the live, LL playlists and the MPD at T; a cue placed ahead only from its moment', async () => {
    if (!ingest) throw new Error('no ingest app');
    const { slug, key } = await ingestShow(ingest, []);
    const feed = pushTestFeed(`rtmp://127.0.0.1:${RTMP_PORT}/live/${key}`, 25);
    pushes.push(feed.child);
    const live = `/media/live/${slug}/mix-stream1/source/live.m3u8`;
    const ll = `/media/live/${slug}/mix-stream1/source/ll.m3u8`;
    const mpdUrl = `/media/live/${slug}/mix-stream1/dash/live.mpd`;
    await until('three segments and a DASH fragment', async () => {
      const [hls, mpd] = await Promise.all([get(live), get(mpdUrl)]);
      return hls.statusCode === 200 && segmentsOf(hls.body).length >= 3 && mpd.statusCode === 200
        ? true
        : undefined;
    });

    const alert = { type: 'ud', msg: 'Sing along, %u', placement: 'center', d: 20 };
    const sent = await t.app.inject({
      method: 'POST',
      url: `/thor/host/shows/${slug}/alerts`,
      headers: host,
      payload: alert,
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const cue = AlertPublished.parse(sent.json()).cue;
    if (!cue) throw new Error('a show-wide overlay is a timed cue');
    const T = Date.parse(cue.at);
    // The moment is the show clock's edge as the host sent it: the newest frame's program date,
    // at or before the server's clock (an encoder's own pipeline dates its frames a little behind).
    expect(T).toBeLessThanOrEqual(Date.now());
    const ahead = new Date(T + 4000).toISOString();
    const placed = await t.app.inject({
      method: 'POST',
      url: `/thor/host/shows/${slug}/alerts?at=${encodeURIComponent(ahead)}`,
      headers: host,
      payload: { type: 'lightstick', action: 'start', song_title: 'Crown' },
    });
    const later = AlertPublished.parse(placed.json()).cue;
    if (!later) throw new Error('a light-stick cue is a timed cue');

    // The standard and LL playlists carry it as soon as they are asked, at T, before the segment
    // whose program dates hold T (or the newest one, while the segment holding T is being cut).
    hlsParser.setOptions({ strictMode: true });
    // The origin reads a show's cues at most twice a second (createCueReader's 500 ms), so a playlist
    // asked within that time of the cue may be one read older: wait for the read after it.
    for (const url of [live, ll]) {
      const body = await until(`the cue in ${url}`, async () => {
        const b = (await get(url)).body;
        return dateRangeOf(b, cue.id) ? b : undefined;
      });
      const range = dateRangeOf(body, cue.id);
      expect(range, url).toBeDefined();
      expect(range?.start).toBe(T);
      expect(range?.klass).toBe('tv.encore.cue');
      expect(range?.payload).toEqual({ id: cue.id, at: cue.at, alert: { ...alert, display_code: 1 } });
      // The segment holding T: the last complete one, or in the LL playlist the open one being cut.
      const holder = [...programDates(body)].reverse().find((pdt) => pdt <= T);
      expect(range?.segmentPdt).toBe(holder);
      expect(() => hlsParser.parse(body)).not.toThrow();
      expect(dateRangeOf(body, later.id)).toBeUndefined();
    }
    // Once the segment holding T is listed, it is the one the DATERANGE stands before.
    const settled = await until('the segment after T', async () => {
      const body = (await get(live)).body;
      return segmentsOf(body).some((s) => s.pdt > T) ? body : undefined;
    });
    const holder = [...segmentsOf(settled)].reverse().find((s) => s.pdt <= T);
    expect(dateRangeOf(settled, cue.id)?.segmentPdt).toBe(holder?.pdt);

    // The MPD: an Event under Encore's scheme at T on the MPD's timeline (availabilityStartTime plus
    // the Period's start plus the Event's time).
    const mpd = (await get(mpdUrl)).body;
    const ast = Date.parse(/availabilityStartTime="([^"]+)"/.exec(mpd)?.[1] ?? '');
    const parsed = mpdParser.parse(mpd, { manifestUri: `http://x${mpdUrl}` }) as {
      eventStream?: { schemeIdUri: string; id: string; start: number; messageData: string }[];
    };
    const event = parsed.eventStream?.find((e) => decodeCuePayload(e.messageData)?.id === cue.id);
    expect(event?.schemeIdUri).toBe(CUE_SCHEME_ID_URI);
    expect(Math.abs(ast + (event?.start ?? 0) * 1000 - T)).toBeLessThanOrEqual(1);
    expect(parsed.eventStream?.some((e) => decodeCuePayload(e.messageData)?.id === later.id)).toBe(false);

    // The cue placed 4 s ahead appears when its moment has come, at its moment.
    const withLater = await until('the cue placed ahead', async () => {
      const body = (await get(live)).body;
      return dateRangeOf(body, later.id) ? body : undefined;
    });
    expect(Date.now()).toBeGreaterThanOrEqual(T + 4000);
    expect(dateRangeOf(withLater, later.id)?.start).toBe(T + 4000);
    expect(() => hlsParser.parse(withLater)).not.toThrow();
    const mpdLater = (await get(mpdUrl)).body;
    expect(mpdLater).toContain(`id="${Number(later.id)}"`);
    feed.child.kill('SIGINT');
    await feed.exited;
  }, 120_000);
});
