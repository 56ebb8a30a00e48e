import { describe, expect, it } from 'vitest';
import {
  type CaptionTimelineSegment,
  renderCaptionPlaylist,
  renderCaptionSegment,
} from './live-captions-vtt.ts';

const T = Date.parse('2026-11-24T20:00:00.000Z');
const seg = (sn: number, disc = false): CaptionTimelineSegment => ({
  sn,
  dur: 2,
  pdt: T + (sn - 10) * 2000,
  disc,
  pts: 900_000 + (sn - 10) * 180_000,
});

describe('live caption segments', () => {
  it('maps local time 0 to the video segment’s first timestamp and places lines relative to its program date', () => {
    const vtt = renderCaptionSegment(seg(10), [
      { id: '7', text: 'Hello Seoul', startMs: T + 500, endMs: T + 1500 },
    ]);
    expect(vtt).toBe(
      'WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:900000,LOCAL:00:00:00.000\n\n10-7\n00:00:00.500 --> 00:00:01.500\nHello Seoul\n\n',
    );
  });

  it('clips a line that spans segments to each, and leaves out lines not on screen', () => {
    const lines = [
      { id: 'a', text: 'across', startMs: T + 1500, endMs: T + 3000 },
      { id: 'b', text: 'later', startMs: T + 9000, endMs: T + 9500 },
    ];
    expect(renderCaptionSegment(seg(10), lines)).toContain('00:00:01.500 --> 00:00:02.000\nacross');
    const next = renderCaptionSegment(seg(11), lines);
    expect(next).toContain('X-TIMESTAMP-MAP=MPEGTS:1080000,');
    expect(next).toContain('00:00:00.000 --> 00:00:01.000\nacross');
    expect(next).not.toContain('later');
  });

  it('keeps cue text plain: markup escaped, no line break or arrow can end the cue early', () => {
    const vtt = renderCaptionSegment(seg(10), [
      { id: 'x', text: '<b>loud</b> & clear\n\n--> 00:00', startMs: T, endMs: T + 1000 },
    ]);
    expect(vtt).toContain('\n&lt;b&gt;loud&lt;/b&gt; &amp; clear  --&gt; 00:00\n');
  });

  it('wraps timestamps past 2^33 like MPEG-TS does', () => {
    expect(renderCaptionSegment({ ...seg(10), pts: 2 ** 33 + 5 }, [])).toContain('MPEGTS:5,');
  });
});

describe('live caption playlist', () => {
  it('mirrors the video playlist: sequence, discontinuities, program dates, end', () => {
    const body = renderCaptionPlaylist({
      listed: [seg(10), seg(11, true)],
      discontinuitySequence: 3,
      ended: true,
      vod: true,
      query: '?token=t',
    });
    expect(body.split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-TARGETDURATION:2',
      '#EXT-X-MEDIA-SEQUENCE:10',
      '#EXT-X-DISCONTINUITY-SEQUENCE:3',
      '#EXT-X-PLAYLIST-TYPE:VOD',
      '#EXT-X-PROGRAM-DATE-TIME:2026-11-24T20:00:00.000Z',
      '#EXTINF:2.000,',
      '10.vtt?token=t',
      '#EXT-X-DISCONTINUITY',
      '#EXT-X-PROGRAM-DATE-TIME:2026-11-24T20:00:02.000Z',
      '#EXTINF:2.000,',
      '11.vtt?token=t',
      '#EXT-X-ENDLIST',
      '',
    ]);
  });
});
