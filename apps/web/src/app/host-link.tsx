import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The top nav's link to the host area (issue 13): hosts, and fans a host appointed moderator. */
export function HostLink() {
  const { t } = useTranslation();
  return (
    <Link to="/host" className="top-nav__host" data-testid="nav-host">
      {t('nav-host')}
    </Link>
  );
}
