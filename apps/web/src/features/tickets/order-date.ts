import type { Locale } from '@encore/contract';
import { sameAsShowZone, zoneName } from '../../lib/time/show-time.ts';

/**
 * The order date as 'MMMM Do YYYY, h:mm:ss a' (accounts section 9), e.g. 'November 24th 2026,
 * 3:50:12 pm'; the other languages write it in their own order, with its zone.
 */
export function formatOrderDate(iso: string, locale: string, timeZone?: string): string {
  const d = new Date(iso);
  // The spec's pattern is an English one: in the other languages it read "11 28日 2026, 1:40:05 午後"
  // (issue 26). There the date is in the language's own order, with the zone as every time has.
  if (locale !== 'en') {
    const local = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
      // On the 24-hour clock, as the show's times beside it are.
      hourCycle: 'h23',
      ...(timeZone ? { timeZone } : {}),
    }).format(d);
    // The zone as the show's times name it: KST in Korea, the fan's own elsewhere.
    const zone = sameAsShowZone(iso, timeZone) ? 'KST' : zoneName(iso, locale as Locale, timeZone);
    return `${local} ${zone}`;
  }
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
  return `${parts.month} ${day}${ordinal(day)} ${parts.year}, ${parts.hour}:${minute}:${second} ${String(parts.dayPeriod).toLowerCase()}`;
}

function ordinal(n: number): string {
  if (n % 100 >= 11 && n % 100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
}
