import { CHEER_TIMINGS_MS, LIGHTSTICK_TIMER_DEFAULT_S } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { applyAlert, initialAlertState } from '../alerts/alert-state.ts';
import { EFFECT_TITLE, effectWindow, stickProgram } from './lightstick-program.ts';

const viewer = (now: number) => ({ username: 'mina', now });

describe('light-stick program', () => {
  it('the light-sticks-on effect is set up 1 s after the host turns them on and lasts the 10 s default timer (CHR-10)', () => {
    expect(LIGHTSTICK_TIMER_DEFAULT_S).toBe(10);
    expect(CHEER_TIMINGS_MS.lightstickEffectSetup).toBe(1000);
    const on = applyAlert(initialAlertState(true, null), { type: 'ls', display_code: 1 }, viewer(5000));
    expect(effectWindow(on.lightstick)).toEqual({ from: 6000, until: 16_000, timerS: 10 });
    const program = stickProgram(on.lightstick, 5500);
    expect(program).toMatchObject({ kind: 'effect', startedAt: 6000 });
    expect(program?.track).toMatchObject({
      title: EFFECT_TITLE,
      tempo: 120,
      duration: 10,
      randomColor: true,
    });
    expect(stickProgram(on.lightstick, 16_000)).toBeNull();
    // A timer from the host (d) is honoured; off ends the effect.
    const timed = applyAlert(on, { type: 'ls', display_code: 1, d: 25 }, viewer(20_000));
    expect(effectWindow(timed.lightstick)).toEqual({ from: 21_000, until: 46_000, timerS: 25 });
    const off = applyAlert(timed, { type: 'ls', display_code: 0 }, viewer(22_000));
    expect(stickProgram(off.lightstick, 22_000)).toBeNull();
  });

  it("the host's track wins over the effect, 100 ms after start, until stop", () => {
    let s = applyAlert(initialAlertState(true, null), { type: 'ls', display_code: 1 }, viewer(0));
    s = applyAlert(
      s,
      {
        type: 'lightstick',
        song_title: 'Crown',
        tempo: '8c',
        start_delay: '0',
        duration: 'bc',
        gradient: false,
        action: 'start',
      },
      viewer(2000),
    );
    expect(stickProgram(s.lightstick, 2050)).toMatchObject({
      kind: 'track',
      startedAt: 2100,
      track: { title: 'Crown', tempo: 140, duration: 188 },
    });
    s = applyAlert(s, { type: 'lightstick', action: 'stop' }, viewer(3000));
    expect(stickProgram(s.lightstick, 3000)?.kind).toBe('effect');
  });
});
