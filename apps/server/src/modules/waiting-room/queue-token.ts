import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A fan's signed place in line (docs/decisions.md, "The waiting room"): everything the poll needs is
 * in the token, so that no node keeps a list of the waiting and any node answers any fan. The HMAC
 * covers the show, the window (its doors), the place, the arrival time, a random id and the account,
 * so a place cannot be forged, altered, or used by another account (traded).
 */
export type QueuePlace = {
  /** Show id. */
  s: number;
  /** The window's doors, ms since the epoch: each window (main show, re-airing) has its own line. */
  w: number;
  /** Pre-queue ('p', before doors) or main line ('m'). */
  k: 'p' | 'm';
  /** Sequence number in its line, from 1. */
  n: number;
  /** Arrival, ms since the epoch. */
  a: number;
  /** Random id (hex). */
  r: string;
  /** The account the place belongs to. */
  u: number;
};

const b64 = (buf: Buffer) => buf.toString('base64url');

export function createQueueTokens(secret: Buffer) {
  // A key of its own, derived: a queue token is never valid as anything else signed with the secret.
  const key = createHmac('sha256', secret).update('encore waiting room v1').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();

  return {
    sign(place: Omit<QueuePlace, 'r'> & { r?: string }): string {
      const full: QueuePlace = { ...place, r: place.r ?? randomBytes(8).toString('hex') };
      const payload = b64(Buffer.from(JSON.stringify(full)));
      return `${payload}.${b64(mac(payload))}`;
    },
    /** The place, or null for anything not signed by us exactly as it is. */
    verify(token: string): QueuePlace | null {
      const dot = token.indexOf('.');
      if (dot <= 0) return null;
      const payload = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1), 'base64url');
      const want = mac(payload);
      if (given.length !== want.length || !timingSafeEqual(given, want)) return null;
      try {
        const p = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as QueuePlace;
        const ints = [p.s, p.w, p.n, p.a, p.u];
        if (!ints.every((v) => Number.isSafeInteger(v) && v >= 0)) return null;
        if ((p.k !== 'p' && p.k !== 'm') || typeof p.r !== 'string') return null;
        return p;
      } catch {
        return null;
      }
    },
  };
}

export type QueueTokens = ReturnType<typeof createQueueTokens>;
