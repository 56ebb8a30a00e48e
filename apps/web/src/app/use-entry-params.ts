import { isLoggedIn } from '@encore/contract';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSessionStore } from '../lib/store/session-store.ts';
import { showToast } from '../lib/store/toast-store.ts';
import { useUiStore } from '../lib/store/ui-store.ts';

/**
 * Query parameters read once on load: `go=login` opens the login modal for a logged-out visitor
 * (accounts section 2); `verified=1|0` is where the email verification link lands.
 */
export function useEntryParams(): void {
  const { search, pathname, hash } = useLocation();
  const navigate = useNavigate();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const params = new URLSearchParams(search);
    const go = params.get('go');
    const verified = params.get('verified');
    if (go === null && verified === null) return;

    if (verified === '1') showToast({ kind: 'success', messageKey: 'email-verified-success' });
    if (verified === '0') showToast({ kind: 'error', messageKey: 'email-verified-failed' });
    if (go === 'login' && !isLoggedIn(useSessionStore.getState())) useUiStore.getState().setAuthMode('LOGIN');

    // A reload or a shared link must not replay these.
    params.delete('go');
    params.delete('verified');
    const rest = params.toString();
    navigate({ pathname, search: rest ? `?${rest}` : '', hash }, { replace: true });
  }, [search, pathname, hash, navigate]);
}
