import type { FastifyRequest } from 'fastify';

/**
 * Secrets travel in some URLs: the verification link's `?token=`, a Cast receiver's DRM token on key
 * requests, the reset link's path. Logs keep the URL's shape, never the secret (ASVS 7.1.1, 8.3.1;
 * docs/decisions.md "Credentials and sessions").
 */
export const REDACTED = '[redacted]';

/** Query parameters that carry a credential, by name (case-insensitive). */
const SECRET_PARAMS = new Set([
  'token',
  'access_token',
  'id_token',
  'refresh_token',
  'key',
  'code',
  'temp_code',
  'secret',
  'client_secret',
  'password',
  'signature',
  'sig',
  'auth',
  'drm_token',
]);

/** Path segments that name a secret: the segment after these is one (the reset link). */
const SECRET_AFTER = new Set(['reset-password']);

/** A long random-looking segment (a token, a signed id) or a JWT: redacted wherever it appears. */
const TOKEN_LIKE = /^(?:[\w-]{32,}|[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,})$/;

function redactPath(path: string): string {
  const parts = path.split('/');
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i] ?? '';
    if (part === '') continue;
    const previous = (parts[i - 1] ?? '').toLowerCase();
    if (SECRET_AFTER.has(previous) || TOKEN_LIKE.test(safeDecode(part))) parts[i] = REDACTED;
  }
  return parts.join('/');
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The URL (path and query, as logged) with every secret replaced by [redacted]. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (q === -1) return redactPath(path);
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = safeDecode(eq === -1 ? pair : pair.slice(0, eq)).toLowerCase();
      if (eq === -1) return pair;
      const value = safeDecode(pair.slice(eq + 1));
      return SECRET_PARAMS.has(name) || TOKEN_LIKE.test(value) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${redactPath(path)}?${query}`;
}

/** pino's request serializer for Fastify: Fastify's default fields, with the URL redacted. */
export function serializeRequest(req: FastifyRequest): Record<string, unknown> {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
