/** Casting status of the player state (viewing section 3): one status for Chromecast and AirPlay. */
export type CastStatus = 'available' | 'connecting' | 'connected' | 'unavailable';

/** The casting button shows only if casting is enabled and its status is not unavailable (PLY-17). */
export const castButtonShown = (enabled: boolean, status: CastStatus): boolean =>
  enabled && status !== 'unavailable';

/** Casting status connected emits the casting flag (PLY-26). */
export const castingFlag = (status: CastStatus): boolean => status === 'connected';

export interface CastTracking {
  status: CastStatus;
  /** A connection was made since the last disconnect. */
  wasConnected: boolean;
}

/**
 * The next status when the remote device reports its state (Remote Playback API: connecting,
 * connected, disconnected). A disconnect after having been connected asks for a licence refresh
 * (PLY-27: the AirPlay receiver held the key, the page must fetch a fresh token to play on).
 */
export function onRemoteState(
  prev: CastTracking,
  state: 'connecting' | 'connected' | 'disconnected',
): CastTracking & { refreshLicence: boolean } {
  if (state === 'connected') return { status: 'connected', wasConnected: true, refreshLicence: false };
  if (state === 'connecting') return { ...prev, status: 'connecting', refreshLicence: false };
  return {
    status: prev.status === 'unavailable' ? 'unavailable' : 'available',
    wasConnected: false,
    refreshLicence: prev.wasConnected,
  };
}

/** A device appearing or going away; a connected session stays connected until it reports so. */
export function onAvailability(prev: CastTracking, available: boolean): CastTracking {
  if (prev.status === 'connected' || prev.status === 'connecting') return prev;
  return { ...prev, status: available ? 'available' : 'unavailable' };
}

/** The Cast framework's cast states (cast.framework.CastState) as the player's casting status. */
export function statusOfCastState(state: string): CastStatus {
  switch (state) {
    case 'CONNECTED':
      return 'connected';
    case 'CONNECTING':
      return 'connecting';
    case 'NOT_CONNECTED':
      return 'available';
    default:
      return 'unavailable';
  }
}
