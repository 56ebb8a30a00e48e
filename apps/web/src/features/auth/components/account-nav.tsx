import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useIsLoggedIn, useSessionStore } from '../../../lib/store/session-store.ts';
import { useUiStore } from '../../../lib/store/ui-store.ts';
import { preloadAuthModals } from './auth-modal-host.tsx';
import { UserMenu } from './user-menu.tsx';

/** Top navigation account area: sign in and sign up, or the username dropdown (accounts section 2). */
export function AccountNav() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const username = useSessionStore((s) => s.user?.username);
  const setAuthMode = useUiStore((s) => s.setAuthMode);

  if (loggedIn) return <UserMenu username={username ?? '…'} />;

  return (
    <div className="account-nav">
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setAuthMode('LOGIN')}
        onPointerEnter={preloadAuthModals}
        onFocus={preloadAuthModals}
        data-testid="nav-sign-in"
      >
        {t('nav-sign-in')}
      </Button>
      <Button
        variant="primary"
        size="sm"
        onClick={() => setAuthMode('REGISTER')}
        onPointerEnter={preloadAuthModals}
        onFocus={preloadAuthModals}
        data-testid="nav-sign-up"
      >
        {t('nav-sign-up')}
      </Button>
    </div>
  );
}
