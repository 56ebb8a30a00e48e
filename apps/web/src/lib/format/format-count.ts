import { htmlLang } from '../i18n/locale.ts';

const cache = new Map<string, Intl.NumberFormat>();

/**
 * Counts (cheers, the light-stick tally) are whole numbers grouped in thousands with commas in every
 * locale of the product (viewing section 9, CONST-09): 1,234,567.
 */
export function formatCount(n: number, locale: string): string {
  let f = cache.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(htmlLang(locale as Parameters<typeof htmlLang>[0]), {
      maximumFractionDigits: 0,
      useGrouping: true,
    });
    cache.set(locale, f);
  }
  return f.format(Math.max(0, Math.round(n)));
}
