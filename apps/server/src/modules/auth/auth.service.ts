import {
  isLoginPasswordFormat,
  isOldEnough,
  isValidDateOfBirth,
  isValidEmail,
  joinResetToken,
  normalizeEmail,
  type PasswordResetConfirmBody,
  passwordRuleFailures,
  type RegisterBody,
  SPEC_TEXT_EN,
} from '@encore/contract';
import type { Mailer } from '../../adapters/mail/mailer.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { dummyHash, hashPassword, verifyPassword } from '../../platform/passwords.ts';
import type { LimiterFactory } from '../../platform/rate-limit.ts';
import { hashSecret, newSecret } from '../../platform/tokens.ts';
import { checkUsername } from '../users/username-rules.ts';
import { isUniqueViolation, isUsernameConflict, type UsersRepo } from '../users/users.repo.ts';
import { passwordResetMail, verificationMail } from './auth.mail.ts';
import type { AuthRepo } from './auth.repo.ts';
import { createLoginLinks } from './login-link.service.ts';
import { createLoginThrottle } from './login-throttle.ts';
import { createSessionCache } from './session-cache.ts';
import { createSessionLookups } from './session-lookup.ts';

const HOUR = 3600_000;
const VERIFY_TTL = 24 * HOUR;
const RESET_TTL = HOUR;
/** A token unused this long stops working: fans come back for the next show and log in again. */
const TOKEN_IDLE_MS = 30 * 24 * HOUR;
/** last_used_at is written at most this often, so that reads on the hot path stay reads. */
const TOUCH_EVERY_MS = 5 * 60_000;
/**
 * Every fan of a doors-open minute on one node, as the ticket cache: at 10,000 requests/s a fan's
 * check and entry come seconds apart, and a cache smaller than the fans in between evicts each one
 * before its entry (100,000 halved entry at 200,000 fans: docs/benchmarks.md). About 1.4 kB of heap
 * an entry (a user row, its token, the per-user set), so 270 MB when full.
 */
const SESSION_CACHE_MAX = 200_000;
/** A device cookie is a secret of newSecret()'s shape; anything else is ignored. */
const isDeviceCookie = (value: string) => /^[\w-]{43}$/.test(value);

export type AuthDeps = {
  users: UsersRepo;
  auth: AuthRepo;
  mailer: Mailer;
  limiter: LimiterFactory;
  publicUrl: string;
  /** How long this node trusts a token it has looked up; 0 asks the database every time. */
  sessionCacheMs: number;
  /** Called after a logout (one token) or a password reset (tokenId null: every token). */
  onLogout?: (userId: number, tokenId: number | null) => Promise<void>;
  now?: () => Date;
  /** Lookup batches in flight at once: 1 on PGlite (one connection), a few on a PostgreSQL pool. */
  dbConcurrency?: number;
};

export type Session = { user: UserRow; tokenId: number };

export function createAuthService(deps: AuthDeps) {
  const now = deps.now ?? (() => new Date());
  const cache = createSessionCache({
    ttlMs: deps.sessionCacheMs,
    max: SESSION_CACHE_MAX,
    now: () => now().getTime(),
  });
  // A tab's first calls go out together with one token: one database lookup answers them all.
  // Keyed with the cache epoch too: a lookup begun before a logout never answers a request after it.
  const inFlight = new Map<string, Promise<Session | null>>();

  const { sessionLookups, touches } = createSessionLookups({
    auth: deps.auth,
    now,
    idleMs: TOKEN_IDLE_MS,
    concurrency: deps.dbConcurrency ?? 1,
  });

  async function lookup(key: string): Promise<Session | null> {
    const startedAt = cache.epoch();
    const found = await sessionLookups.submit(hashSecret(key));
    if (!found) return null;
    const at = now().getTime();
    let lastUsedAt = found.lastUsedAt.getTime();
    if (at - lastUsedAt > TOUCH_EVERY_MS) {
      await touches.submit(found.tokenId);
      lastUsedAt = at;
    }
    cache.set(key, { user: found.user, tokenId: found.tokenId, lastUsedAt }, startedAt);
    return { user: found.user, tokenId: found.tokenId };
  }

  const limits = {
    // Per IP, generous: a venue or a carrier NAT puts many fans behind one address.
    loginIp: deps.limiter('login-ip', { points: 300, durationSec: 15 * 60 }),
    registerIp: deps.limiter('register-ip', { points: 30, durationSec: 3600 }),
    resetIp: deps.limiter('reset-ip', { points: 30, durationSec: 3600 }),
    resetEmail: deps.limiter('reset-email', { points: 5, durationSec: 3600 }),
    verifyResendEmail: deps.limiter('verify-resend', { points: 5, durationSec: 3600 }),
  };

  // Wrong passwords slow the guessing client down, never the account's owner (login-throttle.ts).
  const throttle = createLoginThrottle(deps.limiter);
  const loginLinks = createLoginLinks({ ...deps, throttle, now });

  async function sendVerification(user: UserRow): Promise<void> {
    const secret = newSecret();
    await deps.auth.insertEmailToken(
      user.id,
      'verify',
      hashSecret(secret),
      new Date(now().getTime() + VERIFY_TTL),
    );
    const url = `${deps.publicUrl}/thor/auth/verify_email/?token=${secret}`;
    await deps.mailer.send(verificationMail(user.email, user.username, url));
  }

  function checkNewPassword(password1: string, password2: string): void {
    if (password1 !== password2) {
      throw new AppError('PASSWORD_MISMATCH', 400, SPEC_TEXT_EN['password-confirm-mismatch'], {
        field: 'password2',
      });
    }
    const failed = passwordRuleFailures(password1);
    if (failed.length > 0) {
      throw new AppError('WEAK_PASSWORD', 417, SPEC_TEXT_EN['register-error-417'], {
        field: 'password1',
        rules: failed,
      });
    }
  }

  async function issueToken(user: UserRow, userAgent: string | null): Promise<string> {
    const key = newSecret();
    await deps.auth.insertToken(user.id, hashSecret(key), userAgent?.slice(0, 300) ?? null);
    return key;
  }

  /**
   * Every login of the user ends: tokens revoked, device places freed, sockets closed on every node
   * (onLogout publishes the revocation). A password reset uses it; so can a ban.
   */
  async function endAllSessions(userId: number): Promise<void> {
    await deps.auth.revokeAllTokens(userId);
    cache.forget(userId);
    await deps.onLogout?.(userId, null);
  }

  /** A session, and the device cookie that makes this browser known to the account from now on. */
  async function signIn(user: UserRow, cookie: string | null, userAgent: string | null) {
    // The browser keeps one device secret for every account it logs in to.
    const deviceSecret = cookie ?? newSecret();
    await deps.auth.rememberDevice(user.id, hashSecret(deviceSecret));
    return { key: await issueToken(user, userAgent), user, device: deviceSecret };
  }

  return {
    /** A session for a user another login path proved (phone login). */
    startSession: issueToken,

    async register(
      body: RegisterBody,
      ctx: { ip: string; tooYoungFlag: boolean },
    ): Promise<{ tooYoung?: true }> {
      await limits.registerIp.consume(ctx.ip);
      const email = normalizeEmail(body.email);
      if (!isValidEmail(email))
        throw new AppError('INVALID_EMAIL', 400, SPEC_TEXT_EN['email-invalid'], { field: 'email' });
      const username = checkUsername(body.username);
      checkNewPassword(body.password1, body.password2);
      if (ctx.tooYoungFlag) throw new AppError('TOO_YOUNG', 400, SPEC_TEXT_EN['register-error-too-young']);
      const dob = body.date_of_birth ?? null;
      if (dob !== null) {
        if (!isValidDateOfBirth(dob, now())) {
          throw new AppError('INVALID_DATE_OF_BIRTH', 400, SPEC_TEXT_EN['dob-invalid'], {
            field: 'date_of_birth',
          });
        }
        if (!isOldEnough(dob, now())) {
          throw new AppError('TOO_YOUNG', 400, SPEC_TEXT_EN['register-error-too-young'], {
            field: 'date_of_birth',
            tooYoung: true,
          });
        }
      }

      const existing = await deps.users.findByEmail(email);
      if (existing?.email_verified)
        throw new AppError('EMAIL_EXISTS', 302, SPEC_TEXT_EN['register-error-exists']);
      if (existing) {
        // Resend the link: the fan most likely lost the first mail.
        await limits.verifyResendEmail.consume(email);
        await sendVerification(existing);
        throw new AppError('EMAIL_NOT_VERIFIED', 304, SPEC_TEXT_EN['register-error-304']);
      }
      if (await deps.users.usernameTaken(username, null)) {
        throw new AppError('USERNAME_ALREADY_EXISTS', 409, SPEC_TEXT_EN['register-error-409'], {
          field: 'username',
        });
      }

      const passwordHash = await hashPassword(body.password1);
      let user: UserRow;
      try {
        user = await deps.users.insert({
          email,
          username,
          password_hash: passwordHash,
          marketing_opt_in: body.marketing_opt_in ?? false,
          referred_by: body.referred_by?.trim().slice(0, 200) || null,
          date_of_birth: dob,
        });
      } catch (err) {
        // Two registrations raced for the same name or address; the loser gets the spec's answer.
        if (isUsernameConflict(err)) {
          throw new AppError('USERNAME_ALREADY_EXISTS', 409, SPEC_TEXT_EN['register-error-409'], {
            field: 'username',
          });
        }
        if (isUniqueViolation(err, 'users_email_key'))
          throw new AppError('EMAIL_EXISTS', 302, SPEC_TEXT_EN['register-error-exists']);
        throw err;
      }
      await sendVerification(user);
      return {};
    },

    /**
     * Email login. `deviceCookie` is the browser's device cookie, if any; the answer's `device` is the
     * cookie to keep (login-throttle.ts: a known device passes the ceilings strangers exhaust).
     */
    async login(
      input: { email: string; password: string },
      ctx: { ip: string; userAgent: string | null; deviceCookie: string | null },
    ) {
      await limits.loginIp.consume(ctx.ip);
      const email = normalizeEmail(input.email);
      const password = input.password.trim();
      if (!isValidEmail(email) || !isLoginPasswordFormat(password)) {
        throw new AppError('ACCOUNT_NOT_FOUND_INVALID', 400, SPEC_TEXT_EN['login-error-400']);
      }
      const client = { email, ip: ctx.ip };
      const user = await deps.users.findByEmail(email);
      const cookie = ctx.deviceCookie && isDeviceCookie(ctx.deviceCookie) ? ctx.deviceCookie : null;
      const known =
        user && cookie && (await deps.auth.isKnownDevice(user.id, hashSecret(cookie)))
          ? { userId: user.id, deviceHash: hashSecret(cookie) }
          : null;
      const trusted = await throttle.trusts(known);
      const device = trusted ? known : null;
      if (!trusted) await throttle.checkUntrusted(client);
      if (!user) {
        await verifyPassword(await dummyHash, password);
        await throttle.recordFailure(client, null, false);
        throw new AppError('ACCOUNT_NOT_FOUND', 404, SPEC_TEXT_EN['login-error-404']);
      }
      if (!user.password_hash) throw new AppError('NO_PASSWORD', 406, SPEC_TEXT_EN['login-error-406']);
      if (!(await verifyPassword(user.password_hash, password))) {
        await throttle.recordFailure(client, device, true);
        throw new AppError('INCORRECT_PASSWORD', 401, SPEC_TEXT_EN['login-error-401']);
      }
      if (!user.email_verified)
        throw new AppError('EMAIL_NOT_VERIFIED', 417, SPEC_TEXT_EN['login-error-417']);
      await throttle.recordSuccess(client, device);
      return signIn(user, cookie, ctx.userAgent);
    },

    /** POST /thor/auth/login_link/: mails a sign-in link when strangers lock the account (step-up). */
    requestLoginLink: loginLinks.request,

    /** POST /thor/auth/login_link/confirm/: the link signs in, and its browser becomes a known device. */
    async confirmLoginLink(token: string, ctx: { userAgent: string | null; deviceCookie: string | null }) {
      const user = await loginLinks.consume(token);
      const cookie = ctx.deviceCookie && isDeviceCookie(ctx.deviceCookie) ? ctx.deviceCookie : null;
      return signIn(user, cookie, ctx.userAgent);
    },

    /** The session of an `Authorization: Token <key>` header, or null. */
    async authenticate(key: string): Promise<Session | null> {
      // Keyed by the token itself, not its hash: a SHA-256 per request was a tenth of a cheer's CPU
      // (docs/benchmarks.md). The token is in this process's memory with every request anyway; the
      // database keeps hashes only.
      const hit = cache.get(key);
      if (hit) {
        const at = now().getTime();
        if (at - hit.lastUsedAt > TOUCH_EVERY_MS) {
          hit.lastUsedAt = at;
          await touches.submit(hit.tokenId);
        }
        return { user: hit.user, tokenId: hit.tokenId };
      }
      const flightKey = `${cache.epoch()}:${key}`;
      const pending = inFlight.get(flightKey);
      if (pending) return pending;
      const started = lookup(key).finally(() => inFlight.delete(flightKey));
      inFlight.set(flightKey, started);
      return started;
    },

    async logout(session: Session): Promise<void> {
      await deps.auth.revokeToken(session.tokenId);
      cache.forget(session.user.id, session.tokenId);
      await deps.onLogout?.(session.user.id, session.tokenId);
    },

    /** A login ended on some node (revocations.ts): this node stops trusting its cached session. */
    forgetSession(userId: number, tokenId: number | null): void {
      cache.forget(userId, tokenId);
    },

    /** The user row changed (username): this node reads it afresh; others within the cache TTL. */
    forgetUser(userId: number): void {
      cache.forget(userId);
    },

    /** True when the link verified an address. */
    async verifyEmail(token: string): Promise<boolean> {
      const userId = await deps.auth.consumeEmailToken('verify', hashSecret(token), now());
      if (userId === undefined) return false;
      await deps.users.markEmailVerified(userId);
      return true;
    },

    async requestPasswordReset(rawEmail: string, ctx: { ip: string }): Promise<void> {
      await limits.resetIp.consume(ctx.ip);
      const email = normalizeEmail(rawEmail);
      if (!isValidEmail(email))
        throw new AppError('INVALID_EMAIL', 400, SPEC_TEXT_EN['forgot-password-error'], { field: 'email' });
      await limits.resetEmail.consume(email);
      const user = await deps.users.findByEmail(email);
      // Unknown addresses get the same answer, so this form cannot be used to list accounts.
      if (!user) return;
      const secret = newSecret();
      await deps.auth.insertEmailToken(
        user.id,
        'reset',
        hashSecret(secret),
        new Date(now().getTime() + RESET_TTL),
      );
      const url = `${deps.publicUrl}/reset-password/${joinResetToken(user.id.toString(36), secret)}`;
      await deps.mailer.send(passwordResetMail(user.email, user.username, url));
    },

    async confirmPasswordReset(body: PasswordResetConfirmBody): Promise<void> {
      checkNewPassword(body.new_password1, body.new_password2);
      const invalid = new AppError(
        'INVALID_TOKEN',
        400,
        'This password reset link is invalid or has expired.',
        { field: 'token' },
      );
      const uid = Number.parseInt(body.uid, 36);
      if (!Number.isSafeInteger(uid) || uid <= 0) throw invalid;
      const user = await deps.users.findById(uid);
      if (!user) throw invalid;
      const userId = await deps.auth.consumeEmailToken('reset', hashSecret(body.token), now());
      if (userId !== uid) throw invalid;
      await deps.users.setPassword(uid, await hashPassword(body.new_password1));
      // Whoever knew the old password is logged out everywhere.
      await endAllSessions(uid);
      await throttle.forgetAccount(user.email);
    },

    endAllSessions,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
