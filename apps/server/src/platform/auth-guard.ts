import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../errors.ts';
import type { AuthService, Session } from '../modules/auth/auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

/** The key of `Authorization: Token <key>` (the spec's form); `Bearer` is accepted as well. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^(?:Token|Bearer)\s+([A-Za-z0-9_-]{20,128})$/.exec(header.trim());
  return match?.[1] ?? null;
}

export type AuthGuards = {
  requireAuth: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
};

/** Auth is declared per route: routes that need a user put `preHandler: requireAuth`. */
export function createAuthGuards(auth: AuthService): AuthGuards {
  return {
    async requireAuth(req) {
      const key = tokenFromHeader(req.headers.authorization);
      const session = key ? await auth.authenticate(key) : null;
      if (!session) throw unauthorized();
      req.session = session;
    },
  };
}

/** The session of a route behind requireAuth. */
export function sessionOf(req: FastifyRequest): Session {
  if (!req.session) throw unauthorized();
  return req.session;
}
