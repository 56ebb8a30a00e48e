import { describe, expect, it, vi } from 'vitest';
import { type SessionEvents, whileCurrent } from './player-session.ts';

function events() {
  return {
    onLevels: vi.fn(),
    onLevelSwitched: vi.fn(),
    onSubtitleTracks: vi.fn(),
    onError: vi.fn(),
    onClock: vi.fn(),
    onStandby: vi.fn(),
  } satisfies SessionEvents;
}

describe('whileCurrent', () => {
  it('passes a current session’s events on with their arguments', () => {
    const ev = events();
    const guarded = whileCurrent(ev, () => true);
    guarded.onError('video-load-failed', 'bufferAppendError');
    guarded.onStandby?.('brb');
    expect(ev.onError).toHaveBeenCalledWith('video-load-failed', 'bufferAppendError');
    expect(ev.onStandby).toHaveBeenCalledWith('brb');
  });

  it('drops every event once the session is replaced, the teardown’s append errors included', () => {
    const ev = events();
    let current = true;
    const guarded = whileCurrent(ev, () => current);
    current = false;
    guarded.onError(
      'video-load-failed',
      'Attempting to append to the video SourceBuffer, but it does not exist',
    );
    guarded.onLevels([], -1, true);
    guarded.onClock(0);
    expect(ev.onError).not.toHaveBeenCalled();
    expect(ev.onLevels).not.toHaveBeenCalled();
    expect(ev.onClock).not.toHaveBeenCalled();
  });

  it('keeps an optional event absent', () => {
    const { onStandby: _, ...rest } = events();
    expect(whileCurrent(rest, () => true).onStandby).toBeUndefined();
  });
});
