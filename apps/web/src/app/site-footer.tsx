import { TIMINGS_MS } from '@encore/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch } from 'react-router';
import { useConfig } from '../lib/config/config-context.tsx';
import { localizedLink } from '../lib/i18n/locale.ts';
import { useUiStore } from '../lib/store/ui-store.ts';

/** Appears 1 s after load and never on the event page (accounts section 2). */
export function SiteFooter() {
  const { t } = useTranslation();
  const config = useConfig();
  const locale = useUiStore((s) => s.locale);
  const onEvent = useMatch('/event/*') !== null;
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setShown(true), TIMINGS_MS.footerDelay);
    return () => window.clearTimeout(timer);
  }, []);

  if (!shown || onEvent) return null;
  return (
    <footer className="site-footer" data-testid="site-footer">
      <div className="site-footer__inner container">
        <span className="site-footer__brand">{t('app-name')}</span>
        <nav className="site-footer__links" aria-label={t('app-name')}>
          <a href={localizedLink(config.privacy_base_link, locale)} data-testid="footer-privacy">
            {t('footer-privacy')}
          </a>
          <a href={localizedLink(config.terms_base_link, locale)} data-testid="footer-terms">
            {t('footer-terms')}
          </a>
          {config.support_email && (
            <a href={`mailto:${config.support_email}`} data-testid="footer-support">
              {t('footer-support', { email: config.support_email })}
            </a>
          )}
        </nav>
        <p className="site-footer__copy" data-testid="footer-copyright">
          {t('footer-copyright', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
