import { LOCALES, type Locale } from '@encore/contract';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../lib/config/config-context.tsx';
import { changeLocale } from '../lib/i18n/i18n.ts';
import { isLocale } from '../lib/i18n/locale.ts';
import { showToast } from '../lib/store/toast-store.ts';
import { useUiStore } from '../lib/store/ui-store.ts';

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const config = useConfig();
  const locale = useUiStore((s) => s.locale);
  const setLocale = useUiStore((s) => s.setLocale);

  // The configured list decides which languages are offered; without one, all four are.
  const configured = config.languages.map((l) => l.locale).filter(isLocale);
  const locales: readonly Locale[] = configured.length ? configured : LOCALES;

  const onChange = async (next: Locale) => {
    try {
      await changeLocale(next);
      setLocale(next);
    } catch {
      // The language's texts are a separate file; without a connection it cannot load.
      showToast({ kind: 'error', messageKey: 'error-connection' });
    }
  };

  return (
    <label className="lang-switch">
      <span className="visually-hidden">{t('nav-language')}</span>
      <svg
        viewBox="0 0 24 24"
        width="16"
        height="16"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.8 3.2 2.8 14.8 0 18M12 3c-2.8 3.2-2.8 14.8 0 18" />
      </svg>
      <select
        className="lang-switch__select"
        value={locale}
        onChange={(e) => {
          if (isLocale(e.target.value)) void onChange(e.target.value);
        }}
        data-testid="language-switcher"
      >
        {locales.map((l) => (
          <option key={l} value={l}>
            {t(`language-${l}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
