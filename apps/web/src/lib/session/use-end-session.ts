import { useCallback, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { MessageKey } from '../i18n/locales/en.ts';
import { showToast, type ToastKind } from '../store/toast-store.ts';
import { useUiStore } from '../store/ui-store.ts';
import { clearSessionState } from './session-reset.ts';

/** Ends the session the one way the spec describes: clear, tell the user, go to / unless there. */
export function useEndSession(): (messageKey: MessageKey, kind?: ToastKind) => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathRef = useRef(pathname);
  pathRef.current = pathname;

  return useCallback(
    (messageKey, kind = 'info') => {
      clearSessionState();
      useUiStore.getState().setAuthMode('');
      showToast({ kind, messageKey });
      if (pathRef.current !== '/') navigate('/');
    },
    [navigate],
  );
}
