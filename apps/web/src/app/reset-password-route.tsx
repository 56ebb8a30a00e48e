import { useEffect } from 'react';
import { useParams } from 'react-router';
import { LandingPage } from '../features/landing/index.ts';
import { useUiStore } from '../lib/store/ui-store.ts';

/** /reset-password/:token shows the landing page with the reset-password-confirm modal open. */
export function ResetPasswordRoute() {
  const { token } = useParams();
  const setAuthMode = useUiStore((s) => s.setAuthMode);
  useEffect(() => {
    if (token) setAuthMode('RESET_PASSWORD_CONFIRM');
  }, [token, setAuthMode]);
  return <LandingPage />;
}
