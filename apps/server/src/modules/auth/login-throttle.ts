import { SPEC_TEXT_EN } from '@encore/contract';
import { AppError } from '../../errors.ts';
import type { LimiterFactory } from '../../platform/rate-limit.ts';

/**
 * Who may try a password, and how often (OWASP ASVS 2.2.1, docs/decisions.md "Credentials and
 * sessions"). Failures are counted per account and client (email and IP), per client across
 * accounts, per account across clients, and per known device; no single count locks the account for
 * everyone:
 * - one client guessing one account is slowed down: after CLIENT_FREE_FAILURES, each failure makes it
 *   wait twice as long as the last (1 s, 2 s, 4 s ... at most 15 minutes), for that account only;
 * - one client guessing many accounts (credential stuffing) stops at the per-IP ceiling;
 * - many clients guessing one account stop at the account ceiling, which holds for unknown devices
 *   only: a browser that logged in to the account with its password before (its device cookie)
 *   passes, and is bounded by its own ceiling, so a stolen cookie is no master key either.
 */
export const LOGIN_THROTTLE = {
  clientFreeFailures: 5,
  clientWindowSec: 15 * 60,
  maxDelaySec: 15 * 60,
  /** Wrong passwords from one IP, any accounts: generous for a venue or carrier NAT. */
  ipFailures: { points: 50, durationSec: 15 * 60 },
  /** Wrong passwords for one account from unknown devices, all clients together. */
  accountFailures: { points: 100, durationSec: 3600 },
  /** Wrong passwords from one known device of one account. */
  deviceFailures: { points: 10, durationSec: 15 * 60 },
} as const;

export type LoginClient = { email: string; ip: string };
/** The account's user id and the device cookie's hash, when the browser is a known device. */
export type KnownDevice = { userId: number; deviceHash: string };

const tooMany = (retryAfter: number, stepUp: boolean) =>
  new AppError('TOO_MANY_REQUESTS', 429, SPEC_TEXT_EN['login-error-429'], {
    retryAfter,
    // The account ceiling, which only strangers hit: its owner may sign in by an emailed link.
    ...(stepUp ? { step_up: 'email_link' } : {}),
  });

export function createLoginThrottle(limiter: LimiterFactory) {
  const T = LOGIN_THROTTLE;
  // Counts of failures; a count never blocks by itself here (points far above any threshold).
  const clientCount = limiter('login-fail-client', {
    points: 10_000,
    durationSec: T.clientWindowSec,
    unscaled: true,
  });
  const clientWait = limiter('login-wait-client', { points: 1, durationSec: 1, unscaled: true });
  const ipFailures = limiter('login-fail-ip', T.ipFailures);
  const accountFailures = limiter('login-fail-account', T.accountFailures);
  const deviceFailures = limiter('login-fail-device', T.deviceFailures);

  const clientKey = (c: LoginClient) => `${c.email}|${c.ip}`;
  const deviceKey = (d: KnownDevice) => `${d.userId}:${d.deviceHash}`;

  return {
    /** A known device that has not itself failed too often is trusted past the shared ceilings. */
    async trusts(device: KnownDevice | null): Promise<boolean> {
      return device !== null && (await deviceFailures.blockedFor(deviceKey(device))) === 0;
    },

    /** Throws 429 (the spec's login text, Retry-After) when this untrusted client must wait. */
    async checkUntrusted(client: LoginClient): Promise<void> {
      const waits = await Promise.all([
        ipFailures.blockedFor(client.ip),
        clientWait.blockedFor(clientKey(client)),
        accountFailures.blockedFor(client.email),
      ]);
      const wait = Math.max(...waits);
      if (wait > 0) throw tooMany(wait, (waits[2] ?? 0) > 0);
    },

    /** True while strangers' wrong passwords hold the account against unknown devices. */
    async lockedForStrangers(email: string): Promise<boolean> {
      return (await accountFailures.blockedFor(email)) > 0;
    },

    /** A wrong password (or an unknown account: `accountExists` false). */
    async recordFailure(client: LoginClient, device: KnownDevice | null, accountExists: boolean) {
      await ipFailures.count(client.ip);
      if (!accountExists) return;
      if (device) {
        await deviceFailures.count(deviceKey(device));
        return;
      }
      await accountFailures.count(client.email);
      const n = await clientCount.count(clientKey(client));
      if (n >= T.clientFreeFailures) {
        const delay = Math.min(2 ** (n - T.clientFreeFailures), T.maxDelaySec);
        await clientWait.block(clientKey(client), delay);
      }
    },

    /** The right password: this client and device start afresh; the shared ceilings do not. */
    async recordSuccess(client: LoginClient, device: KnownDevice | null): Promise<void> {
      await clientCount.reset(clientKey(client));
      await clientWait.reset(clientKey(client));
      if (device) await deviceFailures.reset(deviceKey(device));
    },

    /** A new password: guesses at the old one mean nothing any more. */
    async forgetAccount(email: string): Promise<void> {
      await accountFailures.reset(email);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
