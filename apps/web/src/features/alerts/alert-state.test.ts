import type { Alert } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import {
  applyAlert,
  expireAlerts,
  initialAlertState,
  isForViewer,
  nextExpiry,
  parseHex,
} from './alert-state.ts';

const viewer = { username: 'mina', now: 1_000_000 };
const start = initialAlertState(true, null);
const apply = (alert: Alert, state = start) => applyAlert(state, alert, viewer);

describe('alert state', () => {
  it('turns outgoing chat off on display_code 0 and on otherwise', () => {
    const off = apply({ type: 'chat', display_code: 0 });
    expect(off.chatEnabled).toBe(false);
    expect(apply({ type: 'chat', display_code: 1 }, off).chatEnabled).toBe(true);
    expect(apply({ type: 'chat', display_code: 7 }, off).chatEnabled).toBe(true);
  });

  it('handles a targeted alert only for its user', () => {
    expect(apply({ type: 'chat', display_code: 0, f: 'someone' }).chatEnabled).toBe(true);
    expect(apply({ type: 'chat', display_code: 0, f: 'MINA' }).chatEnabled).toBe(false);
    expect(isForViewer({ f: 'mina' }, null)).toBe(false);
    expect(isForViewer({}, null)).toBe(true);
  });

  it('shows overlay text in its placement with %u replaced, for d seconds or 300 s', () => {
    const s = apply({ type: 'ud', display_code: 1, msg: 'Hi %u, enjoy %u!', placement: 'top-left', d: 30 });
    expect(s.overlay).toEqual({
      text: 'Hi mina, enjoy mina!',
      placement: 'top-left',
      until: viewer.now + 30_000,
    });
    const long = apply({ type: 'ud', display_code: 1, msg: 'x', placement: 'center', d: 301 });
    expect(long.overlay?.until).toBe(viewer.now + 300_000);
    const none = apply({ type: 'ud', display_code: 1, msg: 'x', placement: 'center' });
    expect(none.overlay?.until).toBe(viewer.now + 300_000);
  });

  it('keeps an unknown placement as hidden and clears the overlay with d -1', () => {
    const hidden = apply({ type: 'ud', display_code: 1, msg: 'x', placement: 'middle-ish' });
    expect(hidden.overlay?.placement).toBeNull();
    const shown = apply({ type: 'ud', display_code: 1, msg: 'x', placement: 'center' });
    expect(
      apply({ type: 'ud', display_code: 1, msg: 'x', placement: 'center', d: -1 }, shown).overlay,
    ).toBeNull();
  });

  it('shows a slate with its link, stores the end-slate on es and clears both', () => {
    const s = apply({
      type: 'slate',
      display_code: 1,
      url: 'https://img/s.jpg',
      link: 'https://x',
      d: 10,
      es: true,
    });
    expect(s.slate).toEqual({ url: 'https://img/s.jpg', link: 'https://x', until: viewer.now + 10_000 });
    expect(s.endSlate).toEqual({ url: 'https://img/s.jpg', link: 'https://x' });
    const cleared = apply({ type: 'slate', display_code: 1, url: '', d: -1 }, s);
    expect(cleared.slate).toBeNull();
    expect(cleared.endSlate).not.toBeNull();
    expect(apply({ type: 'slate', display_code: 1, url: '', d: -1, es: false }, s).endSlate).toBeNull();
  });

  it('expires overlay and slate when their time is up', () => {
    const s = apply({ type: 'slate', display_code: 1, url: 'u', d: 5 });
    expect(nextExpiry(s)).toBe(viewer.now + 5000);
    expect(expireAlerts(s, viewer.now + 4999)).toBe(s);
    expect(expireAlerts(s, viewer.now + 5000).slate).toBeNull();
  });

  it('sets the light-stick active on ls 1 and its timer from d', () => {
    const on = apply({ type: 'ls', display_code: 1, d: 25 });
    expect(on.lightstick).toMatchObject({ active: true, timerS: 25 });
    const off = apply({ type: 'ls', display_code: 0, d: 40 }, on);
    expect(off.lightstick).toMatchObject({ active: false, timerS: 25 });
    expect(apply({ type: 'ls', display_code: 1 }).lightstick.timerS).toBe(10);
  });

  it('prepares a light-stick track from hex fields, starts it 100 ms later and stops it', () => {
    const s = apply({
      type: 'lightstick',
      action: 'start',
      song_title: 'Encore',
      tempo: '8C',
      start_delay: 'a',
    });
    expect(s.lightstick.track).toMatchObject({
      title: 'Encore',
      tempo: 140,
      startDelay: 10,
      duration: 200,
      gradient: false,
    });
    expect(s.lightstick.playingFrom).toBe(viewer.now + 100);
    expect(apply({ type: 'lightstick', action: 'stop' }, s).lightstick.playingFrom).toBeNull();
    // Start without any prepared track does nothing.
    expect(apply({ type: 'lightstick', action: 'start' }).lightstick.playingFrom).toBeNull();
    expect(parseHex('zz', 120)).toBe(120);
  });
});
