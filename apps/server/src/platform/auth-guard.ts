import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../errors.ts';
import type { AuthService, Session } from '../modules/auth/auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

const TOKEN_RE = /^[A-Za-z0-9_-]{20,128}$/;

/** A string that can be an auth token at all: anything else is refused without a lookup. */
export function isWellFormedToken(key: string): boolean {
  return TOKEN_RE.test(key);
}

/** The key of `Authorization: Token <key>` (the spec's form); `Bearer` is accepted as well. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^(?:Token|Bearer)\s+(\S+)$/.exec(header.trim());
  const key = match?.[1];
  return key && isWellFormedToken(key) ? key : null;
}

type Guard = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

export type AuthGuards = {
  requireAuth: Guard;
  /** A logged-in user of role host: 401 without a session, 403 for a fan. */
  requireHost: Guard;
  /** Sets the session when a valid token comes along, and lets the request through either way. */
  optionalAuth: Guard;
};

/** Auth is declared per route: routes that need a user put `preHandler: requireAuth`. */
export function createAuthGuards(auth: AuthService): AuthGuards {
  async function sessionFromHeader(req: FastifyRequest): Promise<Session | null> {
    const key = tokenFromHeader(req.headers.authorization);
    return key ? auth.authenticate(key) : null;
  }
  return {
    async requireAuth(req) {
      const session = await sessionFromHeader(req);
      if (!session) throw unauthorized();
      req.session = session;
    },
    async requireHost(req) {
      const session = await sessionFromHeader(req);
      if (!session) throw unauthorized();
      if (session.user.role !== 'host') throw forbidden();
      req.session = session;
    },
    async optionalAuth(req) {
      req.session = await sessionFromHeader(req);
    },
  };
}

/** The session of a route behind requireAuth. */
export function sessionOf(req: FastifyRequest): Session {
  if (!req.session) throw unauthorized();
  return req.session;
}
