import { useCallback } from 'react';
import { useEndSession } from '../../../lib/session/use-end-session.ts';
import { logout } from '../api/logout.ts';

/** Sign out: revoke the token on the server, then clear everything locally even if that call failed. */
export function useSignOut(): () => Promise<void> {
  const endSession = useEndSession();
  return useCallback(async () => {
    await logout().catch((error: unknown) => console.warn('[auth] logout call failed', error));
    endSession('logout-success', 'success');
  }, [endSession]);
}
