import { describe, expect, it } from 'vitest';
import { currentShow, doorsOpenAt, listedShows, showStatus } from './schedule.ts';
import { EventConfig, Show } from './shows.ts';

const at = (iso: string) => new Date(iso);
const times = (start: string, end: string, enter: string | null = null) => ({
  event: { event_start_time: start, event_enter_time: enter, event_end_time: end },
});

describe('doorsOpenAt (DESIGN.md section 10)', () => {
  it('is event_enter_time when there is one', () => {
    const show = times('2026-05-01T12:00:00Z', '2026-05-01T15:00:00Z', '2026-05-01T10:00:00Z');
    expect(doorsOpenAt(show).toISOString()).toBe('2026-05-01T10:00:00.000Z');
  });

  it('is 30 minutes before the start without one', () => {
    expect(doorsOpenAt(times('2026-05-01T12:00:00Z', '2026-05-01T15:00:00Z')).toISOString()).toBe(
      '2026-05-01T11:30:00.000Z',
    );
  });
});

describe('showStatus', () => {
  const show = times('2026-05-01T12:00:00Z', '2026-05-01T15:00:00Z');
  it.each([
    ['2026-05-01T11:29:59Z', 'upcoming'],
    ['2026-05-01T11:30:00Z', 'open'],
    ['2026-05-01T12:00:00Z', 'live'],
    ['2026-05-01T14:59:59Z', 'live'],
    ['2026-05-01T15:00:00Z', 'ended'],
  ])('at %s it is %s', (now, status) => {
    expect(showStatus(show, at(now))).toBe(status);
  });
});

describe('listed shows (LAND-23, LAND-24)', () => {
  const a = { id: 'a', ...times('2026-05-02T12:00:00Z', '2026-05-02T15:00:00Z') };
  const b = { id: 'b', ...times('2026-05-01T12:00:00Z', '2026-05-01T15:00:00Z') };
  const c = { id: 'c', ...times('2026-04-01T12:00:00Z', '2026-04-01T15:00:00Z') };

  it('lists shows until their end time, by start time', () => {
    expect(listedShows([a, b, c], at('2026-05-01T14:00:00Z')).map((s) => s.id)).toEqual(['b', 'a']);
    expect(listedShows([a, b, c], at('2026-05-01T15:00:00Z')).map((s) => s.id)).toEqual(['a']);
  });

  it('the current show is the first one not yet ended', () => {
    expect(currentShow([a, b, c], at('2026-03-01T00:00:00Z'))?.id).toBe('c');
    expect(currentShow([a, b, c], at('2026-05-01T16:00:00Z'))?.id).toBe('a');
    expect(currentShow([a, b, c], at('2026-06-01T00:00:00Z'))).toBeUndefined();
  });
});

describe('Show schema', () => {
  it('refuses a zero paid_event_id and unknown stream names', () => {
    const shape = Show.shape;
    expect(shape.paid_event_id.safeParse(0).success).toBe(false);
    expect(shape.paid_event_id.safeParse(1001).success).toBe(true);
    expect(shape.streams.safeParse({ 'mix-stream1': { hls: { url: '/m' } } }).success).toBe(true);
    expect(shape.streams.safeParse({ stream4k: { hls: { url: '/m' } } }).success).toBe(true);
    expect(shape.streams.safeParse({ streampips5: { hls: { url: '/m' } } }).success).toBe(false);
  });

  it('takes a latency mode (issue 24) of the three, or none, and marks an LL-HLS source', () => {
    const shape = Show.shape;
    for (const mode of ['low', 'standard', 'reduced_bandwidth', undefined]) {
      expect(shape.latency_mode.safeParse(mode).success).toBe(true);
    }
    expect(shape.latency_mode.safeParse('ultra').success).toBe(false);
    const ll = { 'mix-stream1': { hls: { url: '/media/live/gig/mix-stream1/ll.m3u8', low_latency: true } } };
    expect(shape.streams.safeParse(ll).success).toBe(true);
  });
});

describe('event configuration: iframe wrapper source and pipDelay (LAY-10, MV-13)', () => {
  const config = {
    tabs: ['chat'],
    cheer: { sprites: [], button_icon: '', button_icon_active: '', background_image: '' },
    twitter: { default_message: '', prompt: '' },
    features: { cheers: false, twitter: false },
    wall_stats_interval: 5000,
  };
  const parse = (extra: Record<string, unknown>) => EventConfig.safeParse({ ...config, ...extra }).success;

  it('takes an empty source, an https URL or a path on this site, nothing else', () => {
    expect(parse({})).toBe(true);
    expect(parse({ iframe_src: '' })).toBe(true);
    expect(parse({ iframe_src: 'https://shop.example.com/widget' })).toBe(true);
    expect(parse({ iframe_src: '/program' })).toBe(true);
    expect(parse({ iframe_src: 'http://shop.example.com/' })).toBe(false);
    expect(parse({ iframe_src: '//evil.example.com/' })).toBe(false);
    expect(parse({ iframe_src: 'javascript:alert(1)' })).toBe(false);
    // Issue 29: a backslash after the slash is a network-path reference to another origin.
    expect(parse({ iframe_src: '/\\127.0.0.1:8259/x' })).toBe(false);
  });

  it('takes a pipDelay of zero or more seconds', () => {
    expect(parse({ pip_delay: 0 })).toBe(true);
    expect(parse({ pip_delay: 12.5 })).toBe(true);
    expect(parse({ pip_delay: -1 })).toBe(false);
  });
});
