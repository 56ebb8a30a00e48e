import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { loadAuthTexts } from '../../../lib/i18n/i18n.ts';
import { useIsLoggedIn, useSessionStore } from '../../../lib/store/session-store.ts';
import { useUiStore } from '../../../lib/store/ui-store.ts';
import { preloadAuthModals } from './auth-modal-host.tsx';
import './user-menu.css';

// The dropdown's code loads on its own (landing JS budget); a look-alike holds its place meanwhile.
const UserMenu = lazy(() =>
  Promise.all([import('./user-menu.tsx'), loadAuthTexts(), import('../../../lib/query-root.tsx')]).then(
    ([m, , q]) => ({ default: q.withQueryClient(m.UserMenu) }),
  ),
);

function UserMenuPlaceholder({ username }: { username: string }) {
  return (
    <div className="user-menu" aria-hidden="true">
      <span className="user-menu__button">
        <span className="user-menu__avatar">{username.slice(0, 1).toUpperCase()}</span>
        <span className="user-menu__name">{username}</span>
      </span>
    </div>
  );
}

/** Top navigation account area: sign in and sign up, or the username dropdown (accounts section 2). */
export function AccountNav() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const username = useSessionStore((s) => s.user?.username);
  const setAuthMode = useUiStore((s) => s.setAuthMode);

  if (loggedIn) {
    const name = username ?? '…';
    return (
      <Suspense fallback={<UserMenuPlaceholder username={name} />}>
        <UserMenu username={name} />
      </Suspense>
    );
  }

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
