import { useSyncExternalStore } from 'react';
import { onSessionCleared } from '../session/session-reset.ts';
import { createRealtimeClient, type RealtimeStatus } from './realtime-client.ts';

/** Same origin as the API: VITE_API_BASE when the API lives elsewhere, the page's origin otherwise. */
function realtimeUrl(): string {
  const base = (import.meta.env.VITE_API_BASE as string | undefined) || window.location.origin;
  const url = new URL('/realtime', base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** The tab's one realtime connection; features subscribe through it. */
export const realtime = createRealtimeClient({
  url: realtimeUrl,
  createSocket: (url) => new WebSocket(url),
});

// Signing out ends the device session: nothing may keep listening on the old token.
onSessionCleared(() => realtime.disconnect());

if (typeof window !== 'undefined') window.addEventListener('online', () => realtime.reconnectNow());

export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(realtime.onStatus, realtime.getStatus);
}
