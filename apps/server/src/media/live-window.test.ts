import { describe, expect, it } from 'vitest';
import { computeLiveWindow, type LiveWindowInput, renderMediaPlaylist } from './live-window.ts';
import { renderMasterPlaylist } from './master-playlist.ts';
import type { MediaStream } from './media-catalog.ts';

const SEG = 2000;
// A moment well past the epoch, on a segment boundary plus a little.
const T = Date.UTC(2026, 4, 1, 20, 0, 0) + 300;
const base: LiveWindowInput = {
  nowMs: T,
  epochMs: 0,
  segmentDurationMs: SEG,
  segmentCount: 10,
  windowSize: 6,
};

const playlist = (input: LiveWindowInput) =>
  renderMediaPlaylist(computeLiveWindow(input), {
    segmentUri: (i) => `b-${i}.ts`,
    key: { uri: '/media/keys/mix-stream1?kid=ab12cd34', iv: `0x${'0'.repeat(31)}1` },
  });

const tag = (text: string, name: string) => new RegExp(`^#${name}:(.*)$`, 'm').exec(text)?.[1];

describe('computeLiveWindow', () => {
  it('lists the newest fully elapsed segments: sequence floor((now - epoch) / segDur) - window', () => {
    const w = computeLiveWindow(base);
    const completed = Math.floor(T / SEG);
    expect(w.mediaSequence).toBe(completed - 6);
    expect(w.segments).toHaveLength(6);
    expect(w.segments.map((s) => s.sequence)).toEqual([0, 1, 2, 3, 4, 5].map((i) => completed - 6 + i));
    // The newest listed segment has ended by now; the one in progress is not listed.
    const last = w.segments.at(-1);
    expect((last?.startMs ?? 0) + SEG).toBeLessThanOrEqual(T);
    expect((last?.startMs ?? 0) + 2 * SEG).toBeGreaterThan(T);
  });

  it('slides with the clock: one segment duration later the sequence advances by one', () => {
    const a = computeLiveWindow(base);
    const b = computeLiveWindow({ ...base, nowMs: T + SEG });
    expect(b.mediaSequence).toBe(a.mediaSequence + 1);
    expect(b.segments[0]).toEqual(a.segments[1]);
    // Within one segment duration nothing changes, so a 1 s CDN cache never serves a stale window.
    expect(computeLiveWindow({ ...base, nowMs: T + SEG - 301 })).toEqual(a);
  });

  it('maps segments onto the looped files and marks the wrap with a discontinuity', () => {
    const completed = 10 * 1000 + 3; // the window is loop files 7, 8, 9, 0, 1, 2
    const w = computeLiveWindow({ ...base, nowMs: completed * SEG + 5 });
    expect(w.segments.map((s) => s.loopIndex)).toEqual([7, 8, 9, 0, 1, 2]);
    expect(w.segments.map((s) => s.discontinuity)).toEqual([false, false, false, true, false, false]);
    expect(w.discontinuitySequence).toBe(999);
  });

  it('keeps the discontinuity sequence right while the wrap leaves the window', () => {
    const at = (completed: number) => computeLiveWindow({ ...base, nowMs: completed * SEG });
    // The wrap before loop file 0 of loop 1000 moves to the top, then out.
    const before = at(10_006); // files 0..5 of loop 1000: the wrap is the first segment
    expect(before.segments[0]?.loopIndex).toBe(0);
    expect(before.segments.some((s) => s.discontinuity)).toBe(false);
    expect(before.discontinuitySequence).toBe(1000);
    const earlier = at(10_005); // files 9 | 0..4: the tag is inside, one sequence lower
    expect(earlier.discontinuitySequence).toBe(999);
    expect(earlier.segments[1]?.discontinuity).toBe(true);
    // Each segment's discontinuity number (sequence + tags before it) is the same in both playlists.
    const dsn = (w: typeof before, seq: number) => {
      let n = w.discontinuitySequence;
      for (const s of w.segments) {
        if (s.discontinuity) n++;
        if (s.sequence === seq) return n;
      }
      return -1;
    };
    expect(dsn(earlier, 10_000)).toBe(dsn(before, 10_000));
  });

  it('rejects an epoch that is not at least a window in the past', () => {
    expect(() => computeLiveWindow({ ...base, epochMs: T })).toThrow(RangeError);
  });
});

describe('renderMediaPlaylist', () => {
  it('is a live playlist with target duration, key, sequence numbers and no end list', () => {
    const text = playlist(base);
    expect(text.startsWith('#EXTM3U\n')).toBe(true);
    expect(tag(text, 'EXT-X-TARGETDURATION')).toBe('2');
    expect(tag(text, 'EXT-X-MEDIA-SEQUENCE')).toBe(String(Math.floor(T / SEG) - 6));
    expect(text).toContain(
      `#EXT-X-KEY:METHOD=AES-128,URI="/media/keys/mix-stream1?kid=ab12cd34",IV=0x${'0'.repeat(31)}1`,
    );
    expect(text).not.toContain('EXT-X-ENDLIST');
    expect(text).not.toContain('EXT-X-PLAYLIST-TYPE');
    expect(text.match(/^#EXTINF:2\.000,$/gm)).toHaveLength(6);
  });

  it('gives two streams the same PROGRAM-DATE-TIME at the same instant, whatever their loop', () => {
    const angle = playlist(base);
    const uhd = playlist({ ...base, segmentCount: 3 });
    const pdt = (t: string) => [...t.matchAll(/^#EXT-X-PROGRAM-DATE-TIME:(.*)$/gm)].map((m) => m[1]);
    expect(pdt(angle)).toHaveLength(6);
    expect(pdt(uhd)).toEqual(pdt(angle));
    expect(pdt(angle).at(-1)).toBe(new Date((Math.floor(T / SEG) - 1) * SEG).toISOString());
  });

  it('puts EXT-X-DISCONTINUITY right before the first file of a new loop', () => {
    const text = playlist({ ...base, nowMs: (10 * 1000 + 3) * SEG });
    const lines = text.trim().split('\n');
    const i = lines.indexOf('#EXT-X-DISCONTINUITY');
    expect(i).toBeGreaterThan(0);
    expect(lines.slice(i + 1, i + 4)).toEqual([
      expect.stringMatching(/^#EXT-X-PROGRAM-DATE-TIME:/),
      '#EXTINF:2.000,',
      'b-0.ts',
    ]);
    expect(tag(text, 'EXT-X-DISCONTINUITY-SEQUENCE')).toBe('999');
  });
});

describe('renderMasterPlaylist', () => {
  const stream: MediaStream = {
    kind: 'angle',
    label: 'CAM 1',
    segmentCount: 10,
    captions: true,
    key: { id: 'ab12cd34', file: 'keys/mix-stream1.key', iv: `0x${'1'.repeat(32)}` },
    layout: null,
    variants: [
      {
        name: '360p',
        width: 640,
        height: 360,
        bandwidth: 800_000,
        averageBandwidth: 600_000,
        codecs: 'avc1.4d401e,mp4a.40.2',
        frameRate: 25,
        segmentCount: 10,
      },
      {
        name: '720p',
        width: 1280,
        height: 720,
        bandwidth: 2_800_000,
        averageBandwidth: 2_000_000,
        codecs: 'avc1.4d401f,mp4a.40.2',
        frameRate: 25,
        segmentCount: 10,
      },
    ],
  };
  const captions = [
    { lang: 'en', name: 'English' },
    { lang: 'ko', name: '한국어' },
  ];

  it('lists every rung, highest first, with bandwidth, resolution, codecs and the subtitle group', () => {
    const text = renderMasterPlaylist({ stream, captions });
    expect(text).toContain(
      '#EXT-X-STREAM-INF:BANDWIDTH=2800000,AVERAGE-BANDWIDTH=2000000,RESOLUTION=1280x720,FRAME-RATE=25.000,CODECS="avc1.4d401f,mp4a.40.2",SUBTITLES="subs"\n720p/live.m3u8',
    );
    expect(text.indexOf('720p/live.m3u8')).toBeLessThan(text.indexOf('360p/live.m3u8'));
    expect(text).toContain(
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="한국어",LANGUAGE="ko",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="../captions/ko/live.m3u8"',
    );
  });

  it('leaves captions out of a stream that does not loop with them, and carries a token query', () => {
    const text = renderMasterPlaylist({
      stream: { ...stream, captions: false },
      captions,
      query: '?token=abc',
    });
    expect(text).not.toContain('SUBTITLES');
    expect(text).toContain('\n720p/live.m3u8?token=abc\n');
  });
});
