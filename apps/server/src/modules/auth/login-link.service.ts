import { isValidEmail, type LoginLinkBody, normalizeEmail } from '@encore/contract';
import type { Mailer } from '../../adapters/mail/mailer.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { LimiterFactory } from '../../platform/rate-limit.ts';
import { hashSecret, newSecret } from '../../platform/tokens.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import type { AuthRepo } from './auth.repo.ts';
import { loginLinkMail } from './login-link.mail.ts';
import type { LoginThrottle } from './login-throttle.ts';

/** A sign-in link works once, this long (docs/decisions.md, "a step-up past a stranger's lockout"). */
export const LOGIN_LINK_MINUTES = 15;

export type LoginLinkDeps = {
  auth: AuthRepo;
  users: UsersRepo;
  mailer: Mailer;
  limiter: LimiterFactory;
  publicUrl: string;
  /** The auth service's own throttle: its counts are the ones that lock the account. */
  throttle: LoginThrottle;
  now: () => Date;
};

const invalidLink = () =>
  new AppError('INVALID_TOKEN', 400, 'This sign-in link is invalid, used or expired. Ask for a new one.', {
    field: 'token',
  });

/**
 * The step-up past a lockout by strangers (issue 29): when wrong passwords from unknown devices have
 * hit the account ceiling (login-throttle.ts), its owner, who alone reads the mailbox, asks for a
 * one-time link that signs in the browser it is opened in and makes it a known device. A guesser
 * gains nothing: the link goes to the account's address only, and asking answers the same for every
 * address, locked or not.
 */
export function createLoginLinks(deps: LoginLinkDeps) {
  const limits = {
    ip: deps.limiter('login-link-ip', { points: 20, durationSec: 3600 }),
    email: deps.limiter('login-link-email', { points: 3, durationSec: 3600 }),
  };

  return {
    async request(body: LoginLinkBody, ctx: { ip: string }): Promise<void> {
      await limits.ip.consume(ctx.ip);
      const email = normalizeEmail(body.email);
      if (!isValidEmail(email)) {
        throw new AppError('INVALID_EMAIL', 400, 'Enter a valid email address.', { field: 'email' });
      }
      await limits.email.consume(email);
      const user = await deps.users.findByEmail(email);
      // Only while strangers hold the account: otherwise the password (or its reset) is the way in.
      if (!user?.email_verified || !(await deps.throttle.lockedForStrangers(email))) return;
      const secret = newSecret();
      const expires = new Date(deps.now().getTime() + LOGIN_LINK_MINUTES * 60_000);
      await deps.auth.insertEmailToken(user.id, 'login', hashSecret(secret), expires);
      const url = `${deps.publicUrl}/sign-in/${secret}`;
      await deps.mailer.send(
        loginLinkMail(user.email, user.username, url, LOGIN_LINK_MINUTES, body.lang ?? 'en'),
      );
    },

    /** The link's user, once; 400 INVALID_TOKEN for an unknown, used or expired link. */
    async consume(token: string): Promise<UserRow> {
      const userId = await deps.auth.consumeEmailToken('login', hashSecret(token.trim()), deps.now());
      const user = userId === undefined ? undefined : await deps.users.findById(userId);
      if (!user) throw invalidLink();
      return user;
    },
  };
}
