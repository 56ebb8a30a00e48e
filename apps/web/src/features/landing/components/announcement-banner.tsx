import { useTranslation } from 'react-i18next';
import { LineIcon } from '../../../components/ui/line-icon.tsx';
import { useIsLoggedIn } from '../../../lib/store/session-store.ts';

/** For logged-out visitors only (accounts section 2). */
export function AnnouncementBanner() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  if (loggedIn) return null;
  return (
    <div className="container">
      <aside className="announcement" data-testid="announcement-banner" aria-labelledby="announcement-title">
        <div className="announcement__icon" aria-hidden="true">
          <LineIcon>
            <rect x="3" y="5" width="18" height="14" rx="2.5" />
            <path d="m4 7 8 6 8-6" />
          </LineIcon>
        </div>
        <div>
          <h2 className="announcement__title" id="announcement-title">
            {t('announcement-title')}
          </h2>
          <p className="announcement__body">{t('announcement-body')}</p>
        </div>
      </aside>
    </div>
  );
}
