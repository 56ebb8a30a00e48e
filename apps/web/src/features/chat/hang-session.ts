import { setAnalyticsContext } from '../../lib/analytics/analytics.ts';

/**
 * The hang session id is persisted as hangSession (viewing section 3, CHAT-08): a reload re-joins
 * the same session instead of opening a new one. Leaving clears it.
 */
export const HANG_SESSION_KEY = 'hangSession';

export function readHangSession(): string | null {
  try {
    return localStorage.getItem(HANG_SESSION_KEY) || null;
  } catch {
    return null;
  }
}

export function writeHangSession(sessionId: string | null): void {
  // Analytics events carry the hang session as their device_id (ANL-03).
  setAnalyticsContext({ deviceId: sessionId });
  try {
    if (sessionId) localStorage.setItem(HANG_SESSION_KEY, sessionId);
    else localStorage.removeItem(HANG_SESSION_KEY);
  } catch {
    // Blocked storage: the next load joins as 'new', which the server allows.
  }
}
