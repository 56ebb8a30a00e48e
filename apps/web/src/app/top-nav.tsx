import { isStaffRole } from '@encore/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountNav } from '../features/auth/index.ts';
import { useConfig } from '../lib/config/config-context.tsx';
import { useSessionStore } from '../lib/store/session-store.ts';
import { HostLink } from './host-link.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';

// A fan's moderator appointments are a query: loaded only for a signed-in fan (landing entry budget).
const ModeratorHostLink = lazy(() =>
  import('./moderator-host-link.tsx').then((m) => ({ default: m.ModeratorHostLinkWithQueries })),
);

export function TopNav() {
  const { t } = useTranslation();
  const { logo } = useConfig();
  const user = useSessionStore((s) => s.user);
  return (
    <header className="top-nav" data-testid="top-nav">
      <nav className="top-nav__inner container" aria-label={t('nav-main')}>
        <Link to="/" className="brand" aria-label={t('nav-home')} data-testid="nav-logo">
          {logo && <img className="brand__mark" src={logo} alt="" width="32" height="32" />}
          <span className="brand__name">{t('app-name')}</span>
        </Link>
        {/* The viewer page renders its pip selector here (features/viewer/pip-selector.tsx). */}
        <div className="top-nav__slot" id="nav-viewer-slot" />
        <div className="top-nav__actions">
          {/* The host area: to hosts at once, to a fan once their appointments say so. */}
          {isStaffRole(user?.role) ? (
            <HostLink />
          ) : (
            user && (
              <Suspense fallback={null}>
                <ModeratorHostLink userId={user.id} />
              </Suspense>
            )
          )}
          <LanguageSwitcher />
          <AccountNav />
        </div>
      </nav>
    </header>
  );
}
