import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';
import { isStorageFull, storageFull } from './storage-full.ts';

/**
 * Every error leaves as the spec's body, `{code, message, ...}`: an AppError with its own status
 * and code, a schema violation as 400 BAD_REQUEST naming the field, a framework 4xx as itself, a full
 * disk (a file's or the database's) as 507 INSUFFICIENT_STORAGE, and anything else as a logged 500
 * whose message says nothing of the internals.
 */
export function installErrorHandler(app: FastifyInstance, opts: { onStorageFull?: () => void } = {}): void {
  app.setErrorHandler((thrown, req, reply) => {
    // A server-side failure only (a client's 4xx may quote its own input).
    const full =
      !(thrown instanceof AppError) &&
      ((thrown as { statusCode?: number }).statusCode ?? 500) >= 500 &&
      isStorageFull(thrown);
    if (full) {
      req.log.error({ err: thrown }, 'no room to write: answered 507');
      opts.onStorageFull?.();
    }
    const error = full ? storageFull() : thrown;
    if (error instanceof AppError) {
      const { retryAfter, ...extra } = error.extra;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return reply.code(error.status).send({ code: error.code, message: error.message, ...extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath.replace(/^\//, '').replace(/\//g, '.') || undefined;
      const message = `${field ? `${field}: ` : ''}${issue?.message ?? 'Invalid request.'}`;
      return reply.code(400).send({ code: 'BAD_REQUEST', message, ...(field ? { field } : {}) });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 500) {
      return reply.code(status).send({
        code: (error as { code?: string }).code ?? 'BAD_REQUEST',
        message: (error as Error).message,
      });
    }
    req.log.error({ err: error }, 'request failed');
    return reply.code(500).send({
      code: 'INTERNAL_SERVER_ERROR',
      message: 'Something went wrong on our side. Please try again.',
    });
  });
}
