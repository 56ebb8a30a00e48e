import { describe, expect, it } from 'vitest';
import { mpdSeconds, readDashReplay } from './dash-replay.ts';

const SCHEME = 'urn:encore:cue:2026';

/** A Period as Encore's origin writes one (live-dash-manifest.ts): video and audio, ticks since an epoch. */
function period(id: number, startS: number, firstTick: number, timeline: string, events = '') {
  const pto = Math.round(startS * 90_000) + 1_000_000;
  const video =
    `<AdaptationSet id="1" contentType="video" mimeType="video/mp4" segmentAlignment="true">` +
    `<Representation id="source" bandwidth="500000" codecs="avc1.42c01e" width="426" height="240" sar="1:1">` +
    `<SegmentTemplate timescale="90000" presentationTimeOffset="${pto}" startNumber="0" ` +
    `initialization="$RepresentationID$/init-${id}.mp4" media="$RepresentationID$/$Number$.m4s">` +
    `<SegmentTimeline><S t="${pto + firstTick}" d="90000"/>${timeline}</SegmentTimeline></SegmentTemplate>` +
    `</Representation></AdaptationSet>`;
  // The sound's timeline is longer: the picture is what the slate stands for.
  const audio =
    `<AdaptationSet id="2" contentType="audio" mimeType="audio/mp4" lang="und">` +
    `<Representation id="audio" bandwidth="128000" codecs="mp4a.40.2" audioSamplingRate="48000">` +
    `<SegmentTemplate timescale="48000" presentationTimeOffset="0" media="a/$Number$.m4s">` +
    `<SegmentTimeline><S t="0" d="48000" r="99"/></SegmentTimeline></SegmentTemplate></Representation></AdaptationSet>`;
  return `<Period id="${id}" start="PT${startS}S">${events}${video}${audio}</Period>`;
}

const head = (type: string, extra: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="${type}" ${extra}>`;

describe('readDashReplay', () => {
  it('reads the anchor, the picture of each run, the gaps before, between and after them, and the cues', () => {
    const events = `<EventStream schemeIdUri="${SCHEME}" timescale="1000"><Event presentationTime="500" id="7">Y3VlLTE</Event></EventStream><EventStream schemeIdUri="urn:other" timescale="1"><Event presentationTime="0">x</Event></EventStream>`;
    const mpd =
      head('static', 'mediaPresentationDuration="PT1M" availabilityStartTime="2026-11-28T03:28:00.000Z"') +
      // Run 1: from 2 s (a late first picture) for 20 s: one S, then r="18".
      period(1, 2, 0, '<S d="90000" r="18"/>', events) +
      // Run 2: from 32 s (a 10 s drop) for 23 s: 1 s, then eleven 2 s fragments.
      period(2, 32, 0, '<S d="180000" r="10"/>') +
      '</MPD>';
    const replay = readDashReplay(mpd, SCHEME);
    expect(replay?.startMs).toBe(Date.parse('2026-11-28T03:28:00.000Z'));
    expect(replay?.duration).toBe(60);
    expect(replay?.gaps).toEqual([
      { start: 0, end: 2, trailing: false },
      { start: 22, end: 32, trailing: false },
      { start: 55, end: 60, trailing: true },
    ]);
    expect(replay?.picture).toEqual({ start: 2, end: 55, trailingGap: true });
    expect(replay?.cues).toEqual(['Y3VlLTE']);
  });

  it('a replay without holes has no gaps, and without an anchor no date', () => {
    const mpd = `${head('static', 'mediaPresentationDuration="PT20S"') + period(0, 0, 0, '<S d="90000" r="18"/>')}</MPD>`;
    const replay = readDashReplay(mpd, SCHEME);
    expect(replay?.gaps).toEqual([]);
    expect(replay?.startMs).toBeNull();
    expect(replay?.picture).toEqual({ start: 0, end: 20, trailingGap: false });
  });

  it('is null for a live MPD', () => {
    expect(
      readDashReplay(`${head('dynamic', 'availabilityStartTime="2026-11-28T00:00:00Z"')}</MPD>`, SCHEME),
    ).toBeNull();
  });
});

describe('mpdSeconds', () => {
  it('reads the durations the origin writes', () => {
    expect(mpdSeconds('PT0S')).toBe(0);
    expect(mpdSeconds('PT12.345S')).toBe(12.345);
    expect(mpdSeconds('PT1H2M3.5S')).toBe(3723.5);
    expect(mpdSeconds('PT')).toBeNull();
    expect(mpdSeconds('P1D')).toBeNull();
    expect(mpdSeconds(undefined)).toBeNull();
  });
});
