import { DEFAULT_LOCALE, LOCALES, type Locale } from '@encore/contract';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The `lang` attribute wants BCP 47; Encore's locale codes are lower case (zh-cn). */
export function htmlLang(locale: Locale): string {
  return locale === 'zh-cn' ? 'zh-CN' : locale;
}

/** A configured base link plus the locale (accounts section 2): `/privacy` becomes `/privacy/ko`. */
export function localizedLink(baseLink: string, locale: Locale): string {
  if (!baseLink) return '';
  const [path = '', query] = baseLink.split('?', 2);
  const joined = `${path.replace(/\/+$/, '')}/${locale}`;
  return query === undefined ? joined : `${joined}?${query}`;
}

export function toLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}
