import { Alert } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import {
  chatAlert,
  clearOverlayAlert,
  clearSlateAlert,
  lightstickAlert,
  lsAlert,
  overlayAlert,
  showSongs,
  slateAlert,
  songNamed,
  toHex,
} from './alert-forms.ts';

describe('control room alert bodies', () => {
  it('turns chat off and on, optionally for one fan', () => {
    expect(chatAlert(false)).toEqual({ type: 'chat', display_code: 0 });
    expect(chatAlert(true, ' mina ')).toEqual({ type: 'chat', display_code: 1, f: 'mina' });
  });

  it('sends overlay text with placement and duration, empty duration left to the default', () => {
    expect(overlayAlert({ msg: 'Hi %u', placement: 'top-right', duration: '30', f: '' })).toEqual({
      type: 'ud',
      display_code: 1,
      msg: 'Hi %u',
      placement: 'top-right',
      d: 30,
    });
    expect(overlayAlert({ msg: 'x', placement: 'center', duration: '', f: '' })).not.toHaveProperty('d');
    expect(clearOverlayAlert()).toMatchObject({ type: 'ud', d: -1 });
  });

  it('sends a slate with link and end-slate flag, and clears both', () => {
    expect(
      slateAlert({ url: ' https://i/s.jpg ', link: 'https://x', duration: '60', endSlate: true, f: '' }),
    ).toEqual({
      type: 'slate',
      display_code: 1,
      url: 'https://i/s.jpg',
      link: 'https://x',
      d: 60,
      es: true,
    });
    expect(clearSlateAlert()).toEqual({ type: 'slate', display_code: 1, url: '', d: -1, es: false });
  });

  it('encodes light-stick numbers in hex', () => {
    expect(toHex(120)).toBe('78');
    expect(lightstickAlert('start', { title: 'Encore', tempo: 140, gradient: true })).toEqual({
      type: 'lightstick',
      action: 'start',
      song_title: 'Encore',
      tempo: '8C',
      gradient: true,
    });
    // A built-in song (BT-07) sends its start delay and duration too.
    const crown = songNamed(showSongs({}), ' crown ');
    expect(crown).toMatchObject({ title: 'Crown', bpm: 140, start: 0, duration: 188 });
    expect(songNamed(showSongs({}), 'Not a song')).toBeUndefined();
    // A show's own songs replace the built-in list; an empty list keeps it.
    const own = [{ title: 'Opener', version: 'live', bpm: 100, start: 5, duration: 90, gradient: true }];
    expect(showSongs({ lightstick_songs: own })).toBe(own);
    expect(songNamed(showSongs({ lightstick_songs: own }), 'crown')).toBeUndefined();
    expect(showSongs({ lightstick_songs: [] })).toHaveLength(12);
    expect(
      lightstickAlert('start', { title: 'Crown', tempo: 140, gradient: false, startDelay: 0, duration: 188 }),
    ).toEqual({
      type: 'lightstick',
      action: 'start',
      song_title: 'Crown',
      tempo: '8C',
      start_delay: '0',
      duration: 'BC',
      gradient: false,
    });
    expect(lightstickAlert('stop', { title: 'x', tempo: 1, gradient: false })).toEqual({
      type: 'lightstick',
      action: 'stop',
    });
    expect(lsAlert(true, '15')).toEqual({ type: 'ls', display_code: 1, d: 15 });
    expect(lsAlert(false, '15')).toEqual({ type: 'ls', display_code: 0 });
  });

  it('builds bodies the contract accepts', () => {
    const bodies = [
      chatAlert(false),
      overlayAlert({ msg: 'Hi', placement: 'bottom-left', duration: '5', f: 'mina' }),
      clearOverlayAlert(),
      slateAlert({ url: 'https://i/s.jpg', link: '', duration: '', endSlate: false, f: '' }),
      clearSlateAlert(),
      lightstickAlert('start', { title: 'Encore', tempo: 120, gradient: false }),
      lsAlert(true, '10'),
    ];
    for (const body of bodies) expect(Alert.safeParse(body).success, JSON.stringify(body)).toBe(true);
  });
});
