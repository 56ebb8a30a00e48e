import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountNav } from '../features/auth/index.ts';
import { useConfig } from '../lib/config/config-context.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { useHostLink } from './use-host-link.ts';

export function TopNav() {
  const { t } = useTranslation();
  const { logo } = useConfig();
  const hostLink = useHostLink();
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
          {hostLink && (
            <Link to="/host" className="top-nav__host" data-testid="nav-host">
              {t('nav-host')}
            </Link>
          )}
          <LanguageSwitcher />
          <AccountNav />
        </div>
      </nav>
    </header>
  );
}
