import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  isPhoneCode,
  isValidPhoneNumber,
  normalizePhoneNumber,
  PHONE_LIMITS,
  PHONE_TEXT_EN,
  type PhoneRegisterBody,
  type PhoneTokenBody,
  phoneKey,
  SPEC_TEXT_EN,
} from '@encore/contract';
import type { SmsSender } from '../../adapters/sms/sms-sender.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { LimiterFactory } from '../../platform/rate-limit.ts';
import { hashSecret, newSecret } from '../../platform/tokens.ts';
import { checkUsername } from '../users/username-rules.ts';
import { isUniqueViolation, isUsernameConflict, type UsersRepo } from '../users/users.repo.ts';
import type { PhoneRepo } from './phone.repo.ts';
import { loginCodeSms } from './phone.sms.ts';

export type PhoneDeps = {
  phone: PhoneRepo;
  users: UsersRepo;
  sms: SmsSender;
  limiter: LimiterFactory;
  /** Opens a session for a user (the auth module's tokens). */
  startSession: (user: UserRow, userAgent: string | null) => Promise<string>;
  log: { error: (o: object, m: string) => void };
  now?: () => Date;
};

export type PhoneLoginResult =
  | { kind: 'login'; key: string; user: UserRow }
  | { kind: 'signup'; tempCode: string };

type Ctx = { ip: string; userAgent: string | null };

const tooMany = (retryAfter?: unknown) =>
  new AppError('TOO_MANY_REQUESTS', 429, PHONE_TEXT_EN.tooManyRequests, retryAfter ? { retryAfter } : {});

/** The number as sent (section 5 normalisation) and its identity; 400 when it is no phone number. */
function parseNumber(raw: string): string {
  const normalized = normalizePhoneNumber(raw);
  if (!isValidPhoneNumber(normalized)) {
    throw new AppError('INVALID_PHONE_NUMBER', 400, PHONE_TEXT_EN.invalidNumber, { field: 'phone_number' });
  }
  return phoneKey(normalized);
}

// A 4-digit code has 10^4 values: the tries per code, not the hash, are what keeps it secret.
const codeHash = (phone: string, code: string) => hashSecret(`${phone}:${code}`);

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createPhoneService(deps: PhoneDeps) {
  const now = deps.now ?? (() => new Date());
  const limits = {
    // Per IP, generous for shared addresses, but an SMS costs money: bounded per hour.
    sendIp: deps.limiter('sms-ip', { points: 30, durationSec: 3600 }),
    // Per number: five SMS an hour, whoever asks (nobody floods one phone).
    sendNumber: deps.limiter('sms-number', { points: 5, durationSec: 3600 }),
    // One SMS per number per resend window: SMS_ALREADY_SENT.
    resend: deps.limiter('sms-resend', {
      points: 1,
      durationSec: PHONE_LIMITS.resendSeconds,
      unscaled: true,
    }),
    verifyIp: deps.limiter('sms-verify-ip', { points: 60, durationSec: 15 * 60 }),
    // Wrong codes per number per day, whoever guesses: many addresses guessing one number share it.
    wrongPerNumber: deps.limiter('sms-wrong-number', {
      points: PHONE_LIMITS.dailyWrongCodes,
      durationSec: 24 * 3600,
    }),
    registerIp: deps.limiter('phone-register-ip', { points: 30, durationSec: 3600 }),
  };

  async function consumeOrTooMany(limit: { consume(key: string): Promise<void> }, key: string) {
    try {
      await limit.consume(key);
    } catch (err) {
      if (err instanceof AppError && err.status === 429) throw tooMany(err.extra.retryAfter);
      throw err;
    }
  }

  /** 429 while the number has spent its wrong codes of the day (even the right code waits). */
  async function refuseSpentNumber(phone: string): Promise<void> {
    const wait = await limits.wrongPerNumber.blockedFor(phone);
    if (wait > 0) throw tooMany(wait);
  }

  return {
    /** POST /thor/phone/verification/: sends a fresh 4-digit code by SMS. */
    async requestCode(raw: string, ctx: Ctx): Promise<void> {
      const phone = parseNumber(raw);
      await consumeOrTooMany(limits.sendIp, ctx.ip);
      // A number out of guesses for the day gets no new code (it could not be used; an SMS costs).
      await refuseSpentNumber(phone);
      try {
        await limits.resend.consume(phone);
      } catch (err) {
        if (err instanceof AppError && err.status === 429) {
          throw new AppError('SMS_ALREADY_SENT', 425, PHONE_TEXT_EN.smsAlreadySent, {
            retryAfter: err.extra.retryAfter,
          });
        }
        throw err;
      }
      await consumeOrTooMany(limits.sendNumber, phone);
      const code = randomInt(0, 10 ** 4)
        .toString()
        .padStart(4, '0');
      const at = now();
      const id = await deps.phone.insertCode(
        phone,
        codeHash(phone, code),
        new Date(at.getTime() + PHONE_LIMITS.codeTtlSeconds * 1000),
      );
      try {
        await deps.sms.send(loginCodeSms(phone, code, PHONE_LIMITS.codeTtlSeconds / 60));
      } catch {
        // The fan never got this code: retire it and let them ask again at once.
        await deps.phone.expireCode(id, at);
        await limits.resend.reset(phone);
        throw new AppError('SMS_SEND_FAILED', 502, PHONE_TEXT_EN.smsSendError);
      }
    },

    /** POST /thor/phone/verification/token/: a known number logs in; a new one gets a temp_code. */
    async verifyCode(body: PhoneTokenBody, ctx: Ctx): Promise<PhoneLoginResult> {
      await consumeOrTooMany(limits.verifyIp, ctx.ip);
      const phone = parseNumber(body.phone_number);
      const code = body.code.trim();
      if (!isPhoneCode(code))
        throw new AppError('INVALID_CODE', 400, PHONE_TEXT_EN.invalidCode, { field: 'code' });
      await refuseSpentNumber(phone);
      const at = now();
      const sent = await deps.phone.latestCode(phone);
      if (!sent || sent.verified_at || sent.expires_at <= at) {
        throw new AppError('PHONE_NUMBER_UNMATCHED', 403, PHONE_TEXT_EN.numberUnmatched);
      }
      // Counted before comparing, in one statement: parallel guesses cannot pass the budget.
      const tries = await deps.phone.countAttempt(sent.id, PHONE_LIMITS.codeAttempts);
      if (tries === undefined) throw new AppError('TOO_MANY_REQUESTS', 412, PHONE_TEXT_EN.tooManyRequests);
      if (!sameHash(sent.code_hash, codeHash(phone, code))) {
        await limits.wrongPerNumber.count(phone);
        throw new AppError('CODE_UNMATCHED', 406, PHONE_TEXT_EN.codeUnmatched, {
          field: 'code',
          attempts_left: PHONE_LIMITS.codeAttempts - tries,
        });
      }
      const user = await deps.phone.findUserByPhone(phone);
      const temp = user ? null : newSecret();
      const marked = await deps.phone.markVerified(
        sent.id,
        at,
        temp
          ? {
              hash: hashSecret(temp),
              expiresAt: new Date(at.getTime() + PHONE_LIMITS.tempCodeTtlSeconds * 1000),
            }
          : null,
      );
      if (!marked) throw new AppError('PHONE_NUMBER_UNMATCHED', 403, PHONE_TEXT_EN.numberUnmatched);
      if (user) return { kind: 'login', key: await deps.startSession(user, ctx.userAgent), user };
      return { kind: 'signup', tempCode: temp as string };
    },

    /** POST /thor/phone/register/: the nickname of a new phone account; answers a session. */
    async register(body: PhoneRegisterBody, ctx: Ctx): Promise<{ key: string; user: UserRow }> {
      await consumeOrTooMany(limits.registerIp, ctx.ip);
      const phone = parseNumber(body.phone_number);
      const username = checkUsername(body.username);
      const at = now();
      const invalidTemp = () => new AppError('INVALID_CODE', 406, PHONE_TEXT_EN.tempCodeInvalid);
      const temp = await deps.phone.findTemp(hashSecret(body.temp_code.trim()));
      if (!temp || temp.temp_used_at || !temp.temp_expires_at || temp.temp_expires_at <= at)
        throw invalidTemp();
      if (temp.phone_number !== phone) {
        throw new AppError('PHONE_NUMBER_UNMATCHED', 403, PHONE_TEXT_EN.numberUnmatched);
      }
      const usedNumber = () => new AppError('PHONE_NUMBER_ALREADY_USED', 409, PHONE_TEXT_EN.alreadyUsed);
      const takenName = () =>
        new AppError('USERNAME_ALREADY_EXISTS', 409, SPEC_TEXT_EN['register-error-409'], {
          field: 'username',
        });
      if (await deps.phone.findUserByPhone(phone)) throw usedNumber();
      if (await deps.users.usernameTaken(username, null)) throw takenName();
      let user: UserRow;
      try {
        user = await deps.phone.transaction(async (tx) => {
          if (!(await deps.phone.consumeTemp(temp.id, at, tx))) throw invalidTemp();
          // No email: '' marks a phone-only account (docs/decisions.md, phone login).
          return deps.phone.insertUser(
            { email: '', username, phone_number: phone, sms_verified: true, password_hash: null },
            tx,
          );
        });
      } catch (err) {
        // Two sign-ups raced for the same number or nickname: the loser gets the spec's answer.
        if (isUniqueViolation(err, 'users_phone_number_key')) throw usedNumber();
        if (isUsernameConflict(err)) throw takenName();
        throw err;
      }
      return { key: await deps.startSession(user, ctx.userAgent), user };
    },
  };
}

export type PhoneService = ReturnType<typeof createPhoneService>;
