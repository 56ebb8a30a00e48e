import { useTranslation } from 'react-i18next';
import { useMatch } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { useConfig } from '../lib/config/config-context.tsx';
import { localizedLink } from '../lib/i18n/locale.ts';
import { useUiStore } from '../lib/store/ui-store.ts';

/** Shown until accepted (persisted as agreeCookies); hidden on the event page. */
export function CookieMessage() {
  const { t } = useTranslation();
  const config = useConfig();
  const locale = useUiStore((s) => s.locale);
  const agreed = useUiStore((s) => s.agreeCookies);
  const accept = useUiStore((s) => s.acceptCookies);
  const onEvent = useMatch('/event/*') !== null;
  if (agreed || onEvent) return null;

  return (
    <section className="cookie-message" data-testid="cookie-message" aria-label={t('cookie-accept')}>
      <p>
        {t('cookie-message')}{' '}
        <a href={localizedLink(config.privacy_base_link, locale)}>{t('cookie-privacy')}</a>
      </p>
      <Button size="sm" onClick={accept} data-testid="cookie-accept">
        {t('cookie-accept')}
      </Button>
    </section>
  );
}
