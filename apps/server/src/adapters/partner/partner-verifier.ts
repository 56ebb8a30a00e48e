import { createHmac, createPublicKey, type KeyObject, timingSafeEqual, verify } from 'node:crypto';

/** Who the partner platform says signed in: its stable account id, and an email when it shares one. */
export type PartnerIdentity = { subject: string; email: string | null };

/**
 * The partner platform's side of DESIGN.md section 7: its login token is a JWT (three dot-separated
 * parts, accounts section 4) that this adapter verifies, with a shared secret (HS256) or the
 * platform's public key (RS256 or ES256). Answers null for any token it cannot trust.
 */
export type PartnerVerifier = { verify(token: string): PartnerIdentity | null };

export type PartnerKeys = {
  /** HS256 shared secret. */
  secret?: Buffer;
  /** PEM public key for RS256 / ES256. */
  publicKeyPem?: string;
  issuer: string;
  audience: string;
  now?: () => number;
};

const b64json = (part: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

export function createPartnerVerifier(keys: PartnerKeys): PartnerVerifier {
  const publicKey: KeyObject | null = keys.publicKeyPem ? createPublicKey(keys.publicKeyPem) : null;
  const now = keys.now ?? Date.now;
  return {
    verify(token) {
      const parts = token.split('.');
      if (parts.length !== 3) return null;
      const [h = '', p = '', s = ''] = parts;
      const header = b64json(h);
      const claims = b64json(p);
      if (!header || !claims) return null;
      const signed = Buffer.from(`${h}.${p}`);
      const signature = Buffer.from(s, 'base64url');
      let ok = false;
      if (header.alg === 'HS256' && keys.secret) {
        const expected = createHmac('sha256', keys.secret).update(signed).digest();
        ok = expected.length === signature.length && timingSafeEqual(expected, signature);
      } else if (header.alg === 'RS256' && publicKey) {
        ok = verify('sha256', signed, publicKey, signature);
      } else if (header.alg === 'ES256' && publicKey) {
        ok = verify('sha256', signed, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature);
      }
      if (!ok) return null;
      const seconds = now() / 1000;
      if (typeof claims.exp !== 'number' || claims.exp < seconds) return null;
      if (typeof claims.nbf === 'number' && claims.nbf > seconds + 60) return null;
      if (claims.iss !== keys.issuer) return null;
      const aud = claims.aud;
      if (!(aud === keys.audience || (Array.isArray(aud) && aud.includes(keys.audience)))) return null;
      if (typeof claims.sub !== 'string' || !claims.sub || claims.sub.length > 200) return null;
      return { subject: claims.sub, email: typeof claims.email === 'string' ? claims.email : null };
    },
  };
}

/** HS256 signing, for the development partner sign-in page and tests (the real platform signs its own). */
export function signPartnerToken(secret: Buffer, claims: Record<string, unknown>): string {
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const body = `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc(claims)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}
