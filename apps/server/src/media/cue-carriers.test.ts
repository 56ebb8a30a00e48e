import { CUE_SCHEME_ID_URI, decodeCuePayload } from '@encore/contract';
import * as hlsParser from 'hls-parser';
import * as mpdParser from 'mpd-parser';
import { describe, expect, it } from 'vitest';
import { type CarriedCue, cuesForWindow } from './cue-carriers.ts';
import { renderLiveMpd } from './live-dash-manifest.ts';
import type { LiveRung } from './live-index.ts';
import { renderLivePlaylist } from './live-ll.ts';

const T0 = Date.parse('2026-11-28T20:00:00.000Z');
const rung: LiveRung = {
  name: 'source',
  width: 426,
  height: 240,
  codecs: 'avc1.42c015,mp4a.40.2',
  frameRate: 30,
  bandwidth: 400_000,
  segments: Array.from({ length: 10 }, (_, sn) => ({
    sn,
    dur: 1,
    pdt: T0 + sn * 1000,
    disc: false,
    bytes: 10,
  })),
};
const cue = (id: number, atMs: number, alert: CarriedCue['alert']): CarriedCue => ({
  id: String(id),
  at: new Date(atMs),
  alert,
});
const timeline = [
  cue(1, T0 - 60_000, { type: 'lightstick', action: 'start', song_title: 'Crown' } as CarriedCue['alert']),
  cue(2, T0 - 50_000, { type: 'ls', display_code: 1 } as CarriedCue['alert']),
  cue(3, T0 - 40_000, { type: 'ls', display_code: 0 } as CarriedCue['alert']),
  cue(4, T0 - 30_000, { type: 'lightstick', action: 'stop' } as CarriedCue['alert']),
  cue(5, T0 + 4_250, { type: 'ud', msg: 'Sing, "%u"!', placement: 'center', d: 10 } as CarriedCue['alert']),
  cue(6, T0 + 7_500, { type: 'ls', display_code: 1, d: 30 } as CarriedCue['alert']),
];

describe('cues in the live playlists and MPDs (issue 27)', () => {
  it('a window carries its cues and the state before it: the last of each kind, the last song', () => {
    const ids = cuesForWindow(timeline, T0, T0 + 10_000).map((c) => c.id);
    expect(ids).toEqual(['1', '3', '4', '5', '6']);
    expect(cuesForWindow(timeline, T0, T0 + 5_000).map((c) => c.id)).toEqual(['1', '3', '4', '5']);
  });

  it('EXT-X-DATERANGE per cue at its moment, which hls-parser accepts in strict mode', () => {
    hlsParser.setOptions({ strictMode: true });
    const body = renderLivePlaylist({
      rung,
      listed: rung.segments,
      ended: false,
      vod: false,
      key: { uri: '/k', iv: `0x${'0'.repeat(32)}` },
      cues: cuesForWindow(timeline, T0, T0 + 10_000),
    });
    const parsed = hlsParser.parse(body) as hlsParser.types.MediaPlaylist;
    const ranges = body.split('\n').filter((l) => l.startsWith('#EXT-X-DATERANGE:'));
    expect(ranges).toHaveLength(5);
    // The cue at T0 + 4.25 s sits before the segment that holds its moment.
    const seg4 = parsed.segments[4];
    expect(seg4?.dateRange?.id).toBe('cue-5');
    expect(seg4?.dateRange?.classId).toBe('tv.encore.cue');
    expect(seg4?.dateRange?.start?.getTime()).toBe(T0 + 4_250);
    const payload = decodeCuePayload(String(seg4?.dateRange?.attributes['X-ENCORE-CUE']));
    expect(payload).toEqual({ id: '5', at: new Date(T0 + 4_250).toISOString(), alert: timeline[4]?.alert });
    expect(parsed.segments[7]?.dateRange?.start?.getTime()).toBe(T0 + 7_500);
  });

  it('an EventStream per Period under our scheme, which mpd-parser reads at the cue moments', () => {
    const epoch = T0 - 3600_000;
    const ts = 90_000;
    const seg = (n: number) => ({ n, t: ((T0 - epoch) / 1000 + n) * ts, d: ts });
    const mpd =
      renderLiveMpd({
        index: {
          version: 1,
          epoch,
          runs: [
            {
              id: 0,
              start: 0,
              reps: [
                {
                  name: 'source',
                  kind: 'video',
                  timescale: ts,
                  codecs: 'avc1.42c015',
                  width: 426,
                  height: 240,
                  bandwidth: 1,
                  segments: Array.from({ length: 10 }, (_, n) => seg(n)),
                },
              ],
            },
          ],
        },
        kid: '0'.repeat(32),
        drmSystems: [],
        ended: false,
        nowMs: T0 + 10_000,
        windowSeconds: 120,
        cues: timeline,
      }) ?? '';
    const parsed = mpdParser.parse(mpd, { manifestUri: 'http://x/live.mpd' }) as {
      eventStream?: { schemeIdUri: string; start: number; messageData: string; id: string }[];
    };
    const events = parsed.eventStream ?? [];
    expect(events.map((e) => e.schemeIdUri)).toEqual(Array(5).fill(CUE_SCHEME_ID_URI));
    const ud = events.find((e) => decodeCuePayload(e.messageData)?.id === '5');
    // Presentation time on the MPD timeline, since availabilityStartTime (the epoch).
    expect(ud?.start).toBeCloseTo((T0 + 4_250 - epoch) / 1000, 3);
  });
});
