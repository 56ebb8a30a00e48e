import { createMailer, type MailTransport } from '../adapters/mail/mailer.ts';
import { createPartnerVerifier } from '../adapters/partner/partner-verifier.ts';
import { createSmsSender, noProviderTransport } from '../adapters/sms/sms-sender.ts';
import { createTwilioTransport } from '../adapters/sms/twilio-transport.ts';
import { createAuthRepo } from '../modules/auth/auth.repo.ts';
import { authRoutes } from '../modules/auth/auth.routes.ts';
import { createAuthService } from '../modules/auth/auth.service.ts';
import { createPartnerRepo } from '../modules/partner/partner.repo.ts';
import { partnerRoutes } from '../modules/partner/partner.routes.ts';
import { createPartnerService } from '../modules/partner/partner.service.ts';
import { partnerDevRoutes } from '../modules/partner/partner-dev.routes.ts';
import { createPhoneRepo } from '../modules/phone/phone.repo.ts';
import { phoneRoutes } from '../modules/phone/phone.routes.ts';
import { createPhoneService } from '../modules/phone/phone.service.ts';
import { createUsersRepo } from '../modules/users/users.repo.ts';
import { usersRoutes } from '../modules/users/users.routes.ts';
import { createUsersService } from '../modules/users/users.service.ts';
import { createAuthGuards } from '../platform/auth-guard.ts';
import type { Core } from './core.ts';

/** Accounts: email, partner-platform and phone login, sessions and the fan's profile. */
export function composeAccounts(
  core: Core,
  deps: {
    transport: MailTransport | null;
    /** The device places a login held are freed with it (DEV-01). */
    onLogout: (userId: number, tokenId: number | null) => Promise<void>;
  },
) {
  const { config, db, limiter, log } = core;
  const users = createUsersRepo(db);
  const auth = createAuthService({
    users,
    auth: createAuthRepo(db),
    mailer: createMailer(db, deps.transport, log),
    limiter,
    publicUrl: config.publicUrl,
    sessionCacheMs: config.authCacheMs,
    dbConcurrency: core.dbConcurrency,
    onLogout: deps.onLogout,
  });
  const guards = createAuthGuards(auth);

  async function register(): Promise<void> {
    const { app } = core;
    await app.register(
      authRoutes({ auth, guards, secureCookies: new URL(config.publicUrl).protocol === 'https:' }),
    );
    const partnerKeys = config.partner;
    await app.register(
      partnerRoutes({
        partner: createPartnerService({
          repo: createPartnerRepo(db),
          users,
          verifier: partnerKeys ? createPartnerVerifier(partnerKeys) : null,
          limiter,
          startSession: auth.startSession,
        }),
      }),
    );
    if (config.env !== 'production' && partnerKeys?.devSigning && partnerKeys.secret) {
      await app.register(
        partnerDevRoutes({
          secret: partnerKeys.secret,
          issuer: partnerKeys.issuer,
          audience: partnerKeys.audience,
          appOrigin: new URL(config.publicUrl).origin,
        }),
      );
    }
    // Production without an SMS provider refuses to send rather than keep codes no one can read.
    const smsTransport = config.sms
      ? createTwilioTransport(config.sms)
      : config.env === 'production'
        ? noProviderTransport
        : null;
    await app.register(
      phoneRoutes({
        phone: createPhoneService({
          phone: createPhoneRepo(db),
          users,
          sms: createSmsSender(db, smsTransport, log),
          limiter,
          startSession: auth.startSession,
          log,
        }),
      }),
    );
    await app.register(
      usersRoutes({ users: createUsersService({ users, onChange: (id) => auth.forgetUser(id) }), guards }),
    );
  }

  return { auth, guards, register };
}
