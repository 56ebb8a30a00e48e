import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

/**
 * Every error leaves as the spec's body, `{code, message, ...}`: an AppError with its own status
 * and code, a schema violation as 400 BAD_REQUEST naming the field, a framework 4xx as itself, and
 * anything else as a logged 500 whose message says nothing of the internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, req, reply) => {
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
