/**
 * The URL allow-list of every URL field a host sets (issue 29, OWASP ASVS 5.1.4/5.1.5): an outside
 * link is http(s) and nothing else (no `javascript:`, `data:`, `file:`, `gopher:` ...), and a link on
 * this site is a real path-absolute URL that stays on the site's origin once resolved (`//host/x` and
 * `/\host/x` are network-path references a browser sends elsewhere). Zod-free: the web client checks
 * a link with the same rule before it renders it (a second line behind the server's 400).
 */

// C0 and C1 controls and whitespace: a URL parser strips or rewrites them, so `java\tscript:` and
// `/\n/host` would mean something else to the browser than to a check of the raw text.
function hasControlOrSpace(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    if (c <= 0x20 || (c >= 0x7f && c <= 0xa0) || c === 0x2028 || c === 0x2029) return true;
  }
  return false;
}

/** Stands for "this site" when resolving a path: any origin would do, the comparison is what counts. */
const SITE = 'https://site.invalid';

/** An absolute http(s) URL (https only when asked) with a host and no credentials in it. */
export function isWebUrl(value: string, opts: { httpsOnly?: boolean } = {}): boolean {
  if (hasControlOrSpace(value) || value.includes('\\')) return false;
  // The scheme as written, not as parsed: the parser would also accept `HTTPS:example.com`.
  if (!/^https?:\/\/[^/]/i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && (opts.httpsOnly || url.protocol !== 'http:')) return false;
  // `https://bank.example@evil.example/` reads as one host and goes to another.
  return url.hostname !== '' && url.username === '' && url.password === '';
}

/** A path on this site: path-absolute (`/x`), never `//` or `/\`, and on the site's origin once resolved. */
export function isSitePath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  if (hasControlOrSpace(value) || value.includes('\\')) return false;
  try {
    return new URL(value, SITE).origin === SITE;
  } catch {
    return false;
  }
}

/** An http(s) URL or a path on this site: what an image, a stream or a link of the show may be. */
export function isWebOrSiteUrl(value: string, opts: { httpsOnly?: boolean } = {}): boolean {
  return isSitePath(value) || isWebUrl(value, opts);
}

/**
 * The href the web client may render for a stored link, or null: a link that is not http(s) or a
 * path on this site is not rendered at all (a stored `javascript:` from before the allow-list).
 */
export function safeHref(value: string | null | undefined): string | null {
  return value && isWebOrSiteUrl(value) ? value : null;
}
