import { FALLBACK_LOCALE, type Locale } from '@encore/contract';

/**
 * A vendor's or show's text in the UI locale; a missing or blank one falls back to en (DESIGN.md
 * section 10), and to `fallback` when neither exists.
 */
export function localeText(
  texts: Partial<Record<Locale, string>> | null | undefined,
  locale: Locale,
  fallback = '',
): string {
  const own = texts?.[locale]?.trim();
  if (own) return own;
  const en = texts?.[FALLBACK_LOCALE]?.trim();
  return en || fallback;
}
