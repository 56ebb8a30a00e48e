import {
  CLEARKEY_LICENCE_PATH,
  ClearKeyLicence,
  ClearKeyLicenceRequest,
  DRM_TOKEN_HEADER,
  DrmLicenceParams,
  DrmTokenQuery,
  DrmTokenResponse,
  ErrorBody,
  safeString,
  VideoParams,
  VideoResponse,
} from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { type AuthGuards, sessionOf } from '../../platform/auth-guard.ts';
import type { VideoService } from './video.service.ts';

const err = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBody]));
const CHALLENGE_MAX = 64 * 1024;

// Every query value is taken as a string and checked by the service, so that any malformed value is
// the spec's 400 VIDEO_NOT_FOUND rather than a generic validation error.
const LooseDrmQuery = z.object(
  Object.fromEntries(Object.keys(DrmTokenQuery.shape).map((k) => [k, safeString().max(64).default('')])) as {
    [K in keyof typeof DrmTokenQuery.shape]: z.ZodDefault<z.ZodString>;
  },
);

export function videoRoutes(deps: { video: VideoService; guards: AuthGuards }): FastifyPluginAsyncZod {
  return async (app) => {
    // Licence challenges: raw bytes (Widevine, PlayReady) or a form with `spc` (FairPlay). These
    // parsers live only inside this plugin.
    app.addContentTypeParser(
      ['application/octet-stream', 'text/xml'],
      { parseAs: 'buffer', bodyLimit: CHALLENGE_MAX },
      (_req, body, done) => done(null, body),
    );
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: CHALLENGE_MAX * 2 },
      (_req, body, done) => done(null, new URLSearchParams(body as string)),
    );

    app.get(
      '/thor/video/drm/',
      {
        preHandler: deps.guards.requireAuth,
        schema: {
          tags: ['video'],
          summary: 'A DRM token for a ticket holder’s live device session',
          querystring: LooseDrmQuery,
          response: { 200: DrmTokenResponse, ...err(400, 401, 403, 404, 409) },
        },
      },
      async (req) => deps.video.issueToken(sessionOf(req), req.query),
    );

    app.get(
      '/thor/video/:id/',
      {
        preHandler: deps.guards.requireAuth,
        schema: {
          tags: ['video'],
          summary: 'Video data of a show',
          params: VideoParams,
          response: { 200: VideoResponse, ...err(400, 401, 404) },
        },
      },
      async (req) => deps.video.video(req.params.id),
    );

    app.post(
      CLEARKEY_LICENCE_PATH,
      {
        preHandler: deps.guards.requireAuth,
        schema: {
          tags: ['video'],
          summary: 'Encore’s own ClearKey licence (W3C ClearKey JSON) for the origin’s DASH',
          body: ClearKeyLicenceRequest,
          response: { 200: ClearKeyLicence, ...err(400, 401, 403, 404) },
        },
      },
      async (req, reply) => {
        const licence = await deps.video.clearKeyLicence(
          sessionOf(req),
          req.headers[DRM_TOKEN_HEADER],
          req.body,
        );
        return reply.header('cache-control', 'private, no-store').send(licence);
      },
    );

    app.post(
      '/thor/video/licence/:system/',
      {
        preHandler: deps.guards.requireAuth,
        schema: {
          tags: ['video'],
          summary: 'Licence proxy of the DRM provider path',
          params: DrmLicenceParams,
          response: {
            200: z.any().describe('The licence, application/octet-stream'),
            ...err(400, 401, 403, 404, 502, 504),
          },
        },
      },
      async (req, reply) => {
        const body = req.body;
        let challenge: Buffer;
        if (body instanceof URLSearchParams) {
          const spc = body.get('spc') ?? '';
          if (!/^[A-Za-z0-9+/]+={0,2}$/.test(spc)) throw new AppError('BAD_REQUEST', 400, 'spc: not base64.');
          challenge = Buffer.from(spc, 'base64');
        } else if (Buffer.isBuffer(body)) {
          challenge = body;
        } else {
          throw new AppError('BAD_REQUEST', 400, 'Send the licence challenge as bytes or as spc=<base64>.');
        }
        const licence = await deps.video.licence(
          sessionOf(req),
          req.params.system,
          req.headers[DRM_TOKEN_HEADER],
          challenge,
        );
        return reply
          .header('cache-control', 'private, no-store')
          .type('application/octet-stream')
          .send(licence);
      },
    );
  };
}
