import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MultiviewCount } from '@encore/contract';

/**
 * The DRM token of GET /thor/video/drm/: `<payload>.<signature>`, both base64url, the signature an
 * HMAC-SHA256 of the payload under the server's DRM_TOKEN_SECRET. URL-safe, so it also fits the
 * `?token=` of players that cannot send headers. Stateless: any node with the secret checks it.
 */
export type DrmClaims = {
  /** User id. */
  u: number;
  /** Device session id (POST /thor/shows/{slug}/enter/). */
  s: string;
  /** The show's channel id (the video id) and paid event id. */
  c: number;
  p: number;
  /** The stream it was asked for (every stream the view covers is allowed, see video-rules.ts). */
  st: string;
  /** The ticket's view: multiview count and 4K. */
  mv: MultiviewCount;
  k: boolean;
  /** Expiry, Unix seconds. */
  exp: number;
  /** A host's control-room preview: no ticket and no device session behind it (issue 13). */
  h?: true;
};

export type DrmTokenCheck = { ok: true; claims: DrmClaims } | { ok: false; reason: 'malformed' | 'expired' };

const b64 = (buf: Buffer) => buf.toString('base64url');
const TOKEN_RE = /^[A-Za-z0-9_-]{16,1024}\.[A-Za-z0-9_-]{43}$/;

export function createDrmTokens(secret: Buffer) {
  const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest();

  return {
    issue(claims: DrmClaims): string {
      const payload = b64(Buffer.from(JSON.stringify(claims)));
      return `${payload}.${b64(sign(payload))}`;
    },

    /** Signature first (no JSON of a stranger is parsed), then expiry against `nowMs`. */
    verify(token: string, nowMs: number): DrmTokenCheck {
      if (!TOKEN_RE.test(token)) return { ok: false, reason: 'malformed' };
      const [payload = '', signature = ''] = token.split('.');
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { ok: false, reason: 'malformed' };
      }
      let claims: DrmClaims;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as DrmClaims;
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      if (typeof claims.exp !== 'number' || claims.exp * 1000 <= nowMs)
        return { ok: false, reason: 'expired' };
      return { ok: true, claims };
    },
  };
}

export type DrmTokens = ReturnType<typeof createDrmTokens>;
