/** Date and time as operators read them: short, in the browser's zone named ("GMT+9"), in the UI locale. */
export function formatWhen(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** A time of today with seconds, in the browser's zone with its name ("21:04:05 GMT+1"). */
export function formatClockZone(iso: string, locale: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  }).format(d);
}

/** Money in minor units per currency, e.g. {USD: 2500} -> "$25.00". */
export function formatMoney(amounts: Record<string, number>, locale: string): string {
  const parts = Object.entries(amounts).map(([currency, minor]) => {
    const f = new Intl.NumberFormat(locale, { style: 'currency', currency });
    const digits = f.resolvedOptions().maximumFractionDigits ?? 2;
    return f.format(minor / 10 ** digits);
  });
  return parts.length > 0 ? parts.join(' · ') : '—';
}

/** An ISO instant as the value of an <input type="datetime-local"> (local time), and back. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The digits of a currency's minor unit (USD 2, JPY 0, KRW 0); 2 for a code Intl does not know. */
export function currencyDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/** A price typed in the currency's major unit ("25.00") as the integer minor units the show stores. */
export const toMinor = (major: string, currency: string) =>
  Math.round(Number(major) * 10 ** currencyDigits(currency));

/** Minor units as the major-unit text a host types ("2500" USD -> "25.00"). */
export const toMajor = (minor: number, currency: string) => {
  const digits = currencyDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
};
