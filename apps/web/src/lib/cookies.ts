/** Reads one cookie from a `document.cookie` string. */
export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/**
 * The `referral` cookie holds `paidEventName` or `paidEventName:campaign`; the registration sends it
 * as `referred_by`. Anything else (empty, a bare colon, an empty event name) is no referral.
 */
export function parseReferral(cookieValue: string | null): string | null {
  const value = cookieValue?.trim();
  if (!value) return null;
  const [event = '', ...rest] = value.split(':');
  const campaign = rest.join(':').trim();
  if (!event.trim()) return null;
  return campaign ? `${event.trim()}:${campaign}` : event.trim();
}

/** A cookie string; persistence cookies are not Secure (accounts section 9). */
export function cookieString(name: string, value: string, maxAgeSeconds: number): string {
  return `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax`;
}

export function getCookie(name: string): string | null {
  return typeof document === 'undefined' ? null : readCookie(document.cookie, name);
}

export function setCookie(name: string, value: string, maxAgeSeconds: number): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the flag must also reach the server with the request.
  document.cookie = cookieString(name, value, maxAgeSeconds);
}
