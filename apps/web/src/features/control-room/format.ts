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
