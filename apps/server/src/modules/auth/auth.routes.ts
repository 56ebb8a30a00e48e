import {
  DetailResponse,
  ErrorBody,
  FacebookLoginBody,
  LoginBody,
  LoginLinkBody,
  LoginLinkConfirmBody,
  LoginResponse,
  PasswordResetBody,
  PasswordResetConfirmBody,
  RegisterBody,
  RegisterResponse,
  VerifyEmailQuery,
} from '@encore/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { type AuthGuards, sessionOf } from '../../platform/auth-guard.ts';
import { presentUser } from '../users/users.presenter.ts';
import type { AuthService } from './auth.service.ts';

const TOO_YOUNG_COOKIE = 'tooYoung';
const TOO_YOUNG_SECONDS = 4 * 3600;

function hasCookie(header: string | undefined, name: string): boolean {
  return Boolean(header?.split(';').some((part) => part.trim().startsWith(`${name}=`)));
}

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of header?.split(';') ?? []) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

/**
 * The device cookie (login-throttle.ts): sent only to the auth calls, never readable by scripts, kept
 * a year from the last password login.
 */
const DEVICE_COOKIE = 'encore_device';
const DEVICE_COOKIE_SECONDS = 365 * 24 * 3600;

const err = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBody]));

export function authRoutes(deps: {
  auth: AuthService;
  guards: AuthGuards;
  /** The site is served over HTTPS: cookies get `Secure`. */
  secureCookies?: boolean;
}): FastifyPluginAsyncZod {
  const setDeviceCookie = (reply: FastifyReply, device: string) =>
    reply.header(
      'set-cookie',
      `${DEVICE_COOKIE}=${device}; Max-Age=${DEVICE_COOKIE_SECONDS}; Path=/thor/auth/; HttpOnly; SameSite=Strict${deps.secureCookies ? '; Secure' : ''}`,
    );

  return async (app) => {
    app.post(
      '/thor/auth/email_login/',
      {
        schema: {
          tags: ['auth'],
          body: LoginBody,
          response: { 200: LoginResponse, ...err(400, 401, 404, 406, 417, 429) },
        },
      },
      async (req, reply) => {
        const { key, user, device } = await deps.auth.login(req.body, {
          ip: req.ip,
          userAgent: req.headers['user-agent'] ?? null,
          deviceCookie: cookieValue(req.headers.cookie, DEVICE_COOKIE),
        });
        setDeviceCookie(reply, device);
        return { key, user: presentUser(user) };
      },
    );

    // The step-up past a lockout by strangers (issue 29, login-link.service.ts).
    app.post(
      '/thor/auth/login_link/',
      {
        schema: {
          tags: ['auth'],
          body: LoginLinkBody,
          response: { 200: DetailResponse, ...err(400, 429) },
        },
      },
      async (req) => {
        await deps.auth.requestLoginLink(req.body, { ip: req.ip });
        return { detail: 'If this account is paused for new browsers, a sign-in link has been sent.' };
      },
    );

    app.post(
      '/thor/auth/login_link/confirm/',
      {
        schema: {
          tags: ['auth'],
          body: LoginLinkConfirmBody,
          response: { 200: LoginResponse, ...err(400) },
        },
      },
      async (req, reply) => {
        const { key, user, device } = await deps.auth.confirmLoginLink(req.body.token, {
          userAgent: req.headers['user-agent'] ?? null,
          deviceCookie: cookieValue(req.headers.cookie, DEVICE_COOKIE),
        });
        setDeviceCookie(reply, device);
        return { key, user: presentUser(user) };
      },
    );

    app.post(
      '/thor/auth/email_register/',
      {
        schema: {
          tags: ['auth'],
          body: RegisterBody,
          response: { 201: RegisterResponse, ...err(302, 304, 400, 406, 409, 417, 429) },
        },
      },
      async (req, reply) => {
        try {
          await deps.auth.register(req.body, {
            ip: req.ip,
            tooYoungFlag: hasCookie(req.headers.cookie, TOO_YOUNG_COOKIE),
          });
        } catch (e) {
          // The age gate holds for 4 hours in this browser, also against a retry with another date.
          if (e instanceof AppError && e.code === 'TOO_YOUNG') {
            reply.header(
              'set-cookie',
              `${TOO_YOUNG_COOKIE}=1; Max-Age=${TOO_YOUNG_SECONDS}; Path=/; SameSite=Lax`,
            );
          }
          throw e;
        }
        return reply.code(201).send({ status: 201, detail: 'Verification e-mail sent.' });
      },
    );

    app.post(
      '/thor/auth/logout/',
      {
        preHandler: deps.guards.requireAuth,
        schema: { tags: ['auth'], response: { 200: DetailResponse, 401: ErrorBody } },
      },
      async (req) => {
        await deps.auth.logout(sessionOf(req));
        return { detail: 'Successfully logged out.' };
      },
    );

    app.get(
      '/thor/auth/verify_email/',
      { schema: { tags: ['auth'], querystring: VerifyEmailQuery } },
      async (req, reply) => {
        const ok = await deps.auth.verifyEmail(req.query.token);
        // The link is opened from a mail client: land on the site with the login modal open.
        return reply.redirect(`/?go=login&verified=${ok ? 1 : 0}`, 302);
      },
    );

    app.post(
      '/thor/auth/password/reset/',
      {
        schema: {
          tags: ['auth'],
          body: PasswordResetBody,
          response: { 200: DetailResponse, ...err(400, 429) },
        },
      },
      async (req) => {
        await deps.auth.requestPasswordReset(req.body.email, { ip: req.ip });
        return { detail: 'Password reset e-mail has been sent.' };
      },
    );

    app.post(
      '/thor/auth/password/reset/confirm/',
      {
        schema: {
          tags: ['auth'],
          body: PasswordResetConfirmBody,
          response: { 200: DetailResponse, ...err(400, 417) },
        },
      },
      async (req) => {
        await deps.auth.confirmPasswordReset(req.body);
        return { detail: 'Password has been reset with the new password.' };
      },
    );

    // The spec's client has a social login; Encore has no social provider configured (docs/decisions.md).
    app.post(
      '/thor/auth/facebook/',
      { schema: { tags: ['auth'], body: FacebookLoginBody, response: err(400) } },
      async () => {
        throw new AppError('INVALID_FB_ACCOUNT', 400, 'Facebook login is not available on Encore.');
      },
    );
  };
}
