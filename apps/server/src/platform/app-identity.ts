import { APP } from '@encore/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/** The `app=` parameter of the Accept header every client call carries (accounts section 7), if any. */
export function appOfAccept(accept: string | undefined): string | null {
  if (!accept) return null;
  for (const part of accept.split(/[;,]/)) {
    const [key, value] = part.split('=').map((s) => s.trim());
    if (key?.toLowerCase() === 'app' && value !== undefined) return value.replace(/^"|"$/g, '');
  }
  return null;
}

/**
 * The catalogue's 408 INVALID_APP (COM-04): a client that names another app than this deployment's
 * thor_app (an old or foreign build pointed at this API) gets the catalogue of nothing. A call that
 * names no app (curl, a partner's server) is not refused: the spec makes the header the client's,
 * not a credential.
 */
export async function requireThisApp(req: FastifyRequest): Promise<void> {
  const app = appOfAccept(req.headers.accept);
  if (app !== null && app !== APP.name) {
    throw new AppError(
      'INVALID_APP',
      408,
      `This API serves the ${APP.name} app, not ${app || 'an unnamed app'}.`,
    );
  }
}
