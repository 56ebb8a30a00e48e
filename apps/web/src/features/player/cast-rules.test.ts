import { describe, expect, it } from 'vitest';
import {
  castButtonShown,
  castingFlag,
  onAvailability,
  onRemoteState,
  statusOfCastState,
} from './cast-rules.ts';

describe('casting rules', () => {
  it('shows the casting button only when casting is enabled and the status is not unavailable', () => {
    expect(castButtonShown(true, 'available')).toBe(true);
    expect(castButtonShown(true, 'connecting')).toBe(true);
    expect(castButtonShown(true, 'connected')).toBe(true);
    expect(castButtonShown(true, 'unavailable')).toBe(false);
    expect(castButtonShown(false, 'available')).toBe(false);
    expect(castButtonShown(false, 'connected')).toBe(false);
  });

  it('raises the casting flag only while connected', () => {
    expect(castingFlag('connected')).toBe(true);
    for (const s of ['available', 'connecting', 'unavailable'] as const) expect(castingFlag(s)).toBe(false);
  });

  it('asks for a licence refresh when the device disconnects after having been connected, once', () => {
    let t = onAvailability({ status: 'unavailable', wasConnected: false }, true);
    expect(t.status).toBe('available');
    const connecting = onRemoteState(t, 'connecting');
    expect(connecting).toMatchObject({ status: 'connecting', refreshLicence: false });
    const connected = onRemoteState(connecting, 'connected');
    expect(connected).toMatchObject({ status: 'connected', wasConnected: true, refreshLicence: false });
    const gone = onRemoteState(connected, 'disconnected');
    expect(gone).toMatchObject({ status: 'available', wasConnected: false, refreshLicence: true });
    // A second disconnect, or one that never connected, asks for nothing.
    expect(onRemoteState(gone, 'disconnected').refreshLicence).toBe(false);
    t = onRemoteState(onRemoteState(t, 'connecting'), 'disconnected');
    expect(t).toMatchObject({ status: 'available', refreshLicence: false });
  });

  it('keeps a connected session through availability changes', () => {
    const connected = { status: 'connected' as const, wasConnected: true };
    expect(onAvailability(connected, false)).toBe(connected);
    expect(onAvailability({ status: 'available', wasConnected: false }, false).status).toBe('unavailable');
  });

  it('maps the Cast framework states onto the casting status', () => {
    expect(statusOfCastState('NO_DEVICES_AVAILABLE')).toBe('unavailable');
    expect(statusOfCastState('NOT_CONNECTED')).toBe('available');
    expect(statusOfCastState('CONNECTING')).toBe('connecting');
    expect(statusOfCastState('CONNECTED')).toBe('connected');
  });
});
