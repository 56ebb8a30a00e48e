import { useEffect } from 'react';
import { useParams } from 'react-router';
import { LandingPage } from '../features/landing/index.ts';
import { useUiStore } from '../lib/store/ui-store.ts';

/** /sign-in/:token, the emailed one-time sign-in link (issue 29): the landing page with its modal. */
export function SignInLinkRoute() {
  const { token } = useParams();
  const setAuthMode = useUiStore((s) => s.setAuthMode);
  useEffect(() => {
    if (token) setAuthMode('SIGN_IN_LINK');
  }, [token, setAuthMode]);
  return <LandingPage />;
}
