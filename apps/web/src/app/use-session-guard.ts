import { useEffect } from 'react';
import { setAuthFailureHandler } from '../lib/api/api-client.ts';
import { useEndSession } from '../lib/session/use-end-session.ts';
import { useSessionStore } from '../lib/store/session-store.ts';

/** A 401 or 403 on any authenticated call means the token is dead: log out (accounts section 4). */
export function useSessionGuard(): void {
  const endSession = useEndSession();
  useEffect(() => {
    setAuthFailureHandler(() => {
      // Several calls may fail together; the first one ends the session, the rest find it ended.
      if (!useSessionStore.getState().authToken) return;
      endSession('notice-unexpected-error', 'error');
    });
    return () => setAuthFailureHandler(null);
  }, [endSession]);
}
