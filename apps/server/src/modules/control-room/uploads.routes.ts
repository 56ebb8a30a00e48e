import { ErrorBody, UPLOAD_MAX_BYTES, UPLOAD_TYPES, UploadResult, type UploadType } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTENT_TYPES, looksLike, type Storage } from '../../adapters/storage/storage.ts';
import { AppError } from '../../errors.ts';
import type { AuthGuards } from '../../platform/auth-guard.ts';

const err = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBody]));

/**
 * POST /thor/host/uploads (hosts only): one image (slate, cheer art) as the request body with its
 * Content-Type; 201 with the URL to put in the show or the cue. Other types are 415, more than
 * UPLOAD_MAX_BYTES 413, bytes that are not the declared type 400. GET /uploads/<name> serves the
 * local storage's files.
 */
export function uploadsRoutes(deps: { storage: Storage; guards: AuthGuards }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser(
      [...UPLOAD_TYPES],
      { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );
    // Any other body type is refused before it is read (the error handler would say 400).
    app.addContentTypeParser('*', (_req, _payload, done) =>
      done(new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Upload a PNG, JPEG, WebP or GIF image.'), undefined),
    );
    app.post(
      '/thor/host/uploads',
      {
        // Before the body is read: only a host may send 2 MB.
        onRequest: deps.guards.requireHost,
        bodyLimit: UPLOAD_MAX_BYTES,
        schema: {
          tags: ['host'],
          consumes: [...UPLOAD_TYPES],
          response: { 201: UploadResult, ...err(400, 401, 403, 413, 415) },
        },
      },
      async (req, reply) => {
        const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim() as UploadType;
        const bytes = req.body as Buffer;
        if (!(UPLOAD_TYPES as readonly string[]).includes(type)) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Upload a PNG, JPEG, WebP or GIF image.');
        }
        if (!Buffer.isBuffer(bytes) || bytes.length === 0 || !looksLike(bytes, type)) {
          throw new AppError('BAD_IMAGE', 400, `The file is not a ${type} image.`, { field: 'file' });
        }
        const url = await deps.storage.put(bytes, type);
        return reply.code(201).send({ url, content_type: type, bytes: bytes.length });
      },
    );
    if (deps.storage.kind === 'local') {
      app.get(
        '/uploads/:name',
        { schema: { hide: true, params: z.object({ name: z.string().max(80) }) } },
        async (req, reply) => {
          const bytes = await deps.storage.read(req.params.name);
          const type = CONTENT_TYPES[req.params.name.split('.').pop() ?? ''];
          if (!bytes || !type) throw new AppError('NOT_FOUND', 404, 'No such file.');
          return reply
            .type(type)
            .header('cache-control', 'public, max-age=31536000, immutable')
            .header('x-content-type-options', 'nosniff')
            .send(bytes);
        },
      );
    }
  };
}
