import { PARTNER_TEXT_EN, SPEC_TEXT_EN } from '@encore/contract';
import type { PartnerVerifier } from '../../adapters/partner/partner-verifier.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { LimiterFactory } from '../../platform/rate-limit.ts';
import { hashSecret, newSecret } from '../../platform/tokens.ts';
import { checkUsername } from '../users/username-rules.ts';
import { isUniqueViolation, isUsernameConflict, type UsersRepo } from '../users/users.repo.ts';
import type { PartnerRepo } from './partner.repo.ts';

/** A partner sign-up must choose its username within this time. */
const TEMP_CODE_TTL_MS = 15 * 60_000;

export type PartnerDeps = {
  repo: PartnerRepo;
  users: UsersRepo;
  /** null: no partner keys configured, the platform cannot be reached (PROBLEM_CONNECTING_TO_WEVERSE). */
  verifier: PartnerVerifier | null;
  limiter: LimiterFactory;
  startSession: (user: UserRow, userAgent: string | null) => Promise<string>;
  now?: () => Date;
};

type Ctx = { ip: string; userAgent: string | null };

export type PartnerLoginResult =
  | { kind: 'login'; key: string; user: UserRow }
  | { kind: 'signup'; tempCode: string }
  | { kind: 'unavailable' };

export function createPartnerService(deps: PartnerDeps) {
  const now = deps.now ?? (() => new Date());
  const limits = {
    loginIp: deps.limiter('partner-login-ip', { points: 300, durationSec: 15 * 60 }),
    registerIp: deps.limiter('partner-register-ip', { points: 30, durationSec: 3600 }),
  };
  const invalidAccount = () => new AppError('INVALID_WEVERSE_ACCOUNT', 400, PARTNER_TEXT_EN.invalidAccount);

  return {
    /** POST /thor/auth/weverse_login/: 200 a known partner account, 201 a sign-up with a temp_code. */
    async login(accessToken: string, ctx: Ctx): Promise<PartnerLoginResult> {
      await limits.loginIp.consume(ctx.ip);
      if (!deps.verifier) return { kind: 'unavailable' };
      const identity = deps.verifier.verify(accessToken.trim());
      if (!identity) throw invalidAccount();
      const user = await deps.repo.findUserByPartnerId(identity.subject);
      if (user) return { kind: 'login', key: await deps.startSession(user, ctx.userAgent), user };
      const tempCode = newSecret();
      await deps.repo.insertSignup(
        identity.subject,
        hashSecret(tempCode),
        new Date(now().getTime() + TEMP_CODE_TTL_MS),
      );
      return { kind: 'signup', tempCode };
    },

    /** POST /thor/auth/weverse_register/: the username of a new partner account; answers a session. */
    async register(
      body: { temp_code: string; username: string },
      ctx: Ctx,
    ): Promise<{ key: string; user: UserRow }> {
      await limits.registerIp.consume(ctx.ip);
      const username = checkUsername(body.username);
      const at = now();
      const signup = await deps.repo.findSignup(hashSecret(body.temp_code.trim()), at);
      if (!signup) throw invalidAccount();
      const taken = () =>
        new AppError('USERNAME_ALREADY_EXISTS', 409, SPEC_TEXT_EN['register-error-409'], {
          field: 'username',
        });
      if (await deps.users.usernameTaken(username, null)) throw taken();
      let user: UserRow;
      try {
        user = await deps.repo.transaction(async (tx) => {
          if (!(await deps.repo.consumeSignup(signup.id, at, tx))) throw invalidAccount();
          // No email: the partner platform keeps the fan's address (docs/decisions.md, partner login).
          return deps.repo.insertUser({ email: '', username, partner_id: signup.partner_id }, tx);
        });
      } catch (err) {
        if (isUsernameConflict(err)) throw taken();
        // The same partner account finished a sign-up in another tab: log that account in.
        if (isUniqueViolation(err, 'users_partner_id_key')) {
          const existing = await deps.repo.findUserByPartnerId(signup.partner_id);
          if (existing) return { key: await deps.startSession(existing, ctx.userAgent), user: existing };
        }
        throw err;
      }
      return { key: await deps.startSession(user, ctx.userAgent), user };
    },
  };
}

export type PartnerService = ReturnType<typeof createPartnerService>;
