import type { Locale } from '@encore/contract';
import { htmlLang } from '../i18n/locale.ts';

/** Show times are announced in Korean time (accounts section 1), with the viewer's own time beside. */
export const SHOW_TIME_ZONE = 'Asia/Seoul';

export interface ShowTimeParts {
  /** e.g. 'Sat, Nov 22' */
  date: string;
  /** 24-hour, e.g. '20:00' */
  time: string;
}

/**
 * Formatters are made once per locale, zone and form: making one costs far more than formatting
 * with it, and the landing's show card re-renders every second for its countdown (issue 14: they
 * were the landing page's top functions in a 4x-slowed profile).
 */
const cache = new Map<string, Intl.DateTimeFormat>();

type Part = 'date' | 'time' | 'clock' | 'zone' | 'longDate';

const OPTIONS: Record<Part, Intl.DateTimeFormatOptions> = {
  date: { weekday: 'short', month: 'short', day: 'numeric' },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  clock: { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
  zone: { timeZoneName: 'short' },
  longDate: { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' },
};

function formatter(locale: Locale, timeZone: string | undefined, part: Part): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}|${part}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(htmlLang(locale), { ...OPTIONS[part], timeZone });
    cache.set(key, f);
  }
  return f;
}

/** Date and time of an instant in a zone (the viewer's own when `timeZone` is undefined). */
export function showTimeParts(iso: string | number, locale: Locale, timeZone?: string): ShowTimeParts {
  const date = new Date(iso);
  return {
    date: formatter(locale, timeZone, 'date').format(date),
    time: formatter(locale, timeZone, 'time').format(date),
  };
}

/** 24-hour time with seconds, e.g. '19:30:37': when a fan's own entry opens. */
export function clockTime(iso: string | number, locale: Locale, timeZone?: string): string {
  return formatter(locale, timeZone, 'clock').format(new Date(iso));
}

/** The short name of the viewer's zone at that instant, e.g. 'GMT+1' or 'PST'. */
export function zoneName(iso: string | number, locale: Locale, timeZone?: string): string {
  const parts = formatter(locale, timeZone, 'zone').formatToParts(new Date(iso));
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/** Whether the viewer's zone shows the same wall-clock time as Korea at that instant. */
export function sameAsShowZone(iso: string | number, timeZone?: string): boolean {
  const a = showTimeParts(iso, 'en', SHOW_TIME_ZONE);
  const b = showTimeParts(iso, 'en', timeZone);
  return a.date === b.date && a.time === b.time;
}

/**
 * A time for a sentence, the fan's own first (issue 14): "12:00 GMT+1 (20:00 KST)"; in Korea, or a
 * zone showing the same clock, just "20:00 KST". The one helper every sentence with a time uses
 * (issue 26: the entry time, the sale dates, chat and timeouts each had their own, some KST only);
 * `seconds` for a fan's own entry time, which is personal to the second.
 */
export function dualTime(
  iso: string | number,
  locale: Locale,
  timeZone?: string,
  form: { seconds?: boolean } = {},
): string {
  const part = form.seconds ? 'clock' : 'time';
  const kst = `${formatter(locale, SHOW_TIME_ZONE, part).format(new Date(iso))} KST`;
  if (sameAsShowZone(iso, timeZone)) return kst;
  const own = formatter(locale, timeZone, part).format(new Date(iso));
  return `${own} ${zoneName(iso, locale, timeZone)} (${kst})`;
}

/**
 * A date and time for a sentence, the fan's own first: "Wed, Sep 16, 2020 · 05:00 BST (13:00 KST)",
 * Korea's date beside its time only when it is another day there; in Korea's clock, Korea's alone.
 */
export function dualDateTime(iso: string | number, locale: Locale, timeZone?: string): string {
  const kstDate = longDate(iso, locale, SHOW_TIME_ZONE);
  const kstTime = `${showTimeParts(iso, locale, SHOW_TIME_ZONE).time} KST`;
  if (sameAsShowZone(iso, timeZone)) return `${kstDate} · ${kstTime}`;
  const ownDate = longDate(iso, locale, timeZone);
  const own = `${ownDate} · ${showTimeParts(iso, locale, timeZone).time} ${zoneName(iso, locale, timeZone)}`;
  return ownDate === kstDate ? `${own} (${kstTime})` : `${own} (${kstDate} · ${kstTime})`;
}

/** A date with its year in the locale's own form: "Wed, Sep 16, 2020", "2020年9月16日(水)". */
export function longDate(iso: string | number, locale: Locale, timeZone?: string): string {
  return formatter(locale, timeZone, 'longDate').format(new Date(iso));
}
