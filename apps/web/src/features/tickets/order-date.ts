/**
 * The order date as 'MMMM Do YYYY, h:mm:ss a' (accounts section 9), e.g. 'November 24th 2026,
 * 3:50:12 pm'; month names follow the UI locale, the ordinal suffix is English only.
 */
export function formatOrderDate(iso: string, locale: string, timeZone?: string): string {
  const d = new Date(iso);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : locale, {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
      hour12: true,
      ...(timeZone ? { timeZone } : {}),
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  const day = Number(parts.day);
  const minute = String(parts.minute).padStart(2, '0');
  const second = String(parts.second).padStart(2, '0');
  if (locale !== 'en') {
    return `${parts.month} ${day}${locale === 'ko' ? '일' : locale === 'ja' || locale === 'zh-cn' ? '日' : ''} ${parts.year}, ${parts.hour}:${minute}:${second} ${parts.dayPeriod ?? ''}`.trim();
  }
  return `${parts.month} ${day}${ordinal(day)} ${parts.year}, ${parts.hour}:${minute}:${second} ${String(parts.dayPeriod).toLowerCase()}`;
}

function ordinal(n: number): string {
  if (n % 100 >= 11 && n % 100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
}
