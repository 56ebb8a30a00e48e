import {
  BroadcastStatus,
  EnableIngestBody,
  EnableIngestResponse,
  ErrorBody,
  GoLiveBody,
  IngestStreamParams,
  RotatedKey,
  ShowSlugParams,
  StreamSyncBody,
} from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../platform/auth-guard.ts';
import type { BroadcastService } from './broadcast.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/**
 * The host's live-ingest routes (issue 11): turn a show into a live-ingest show, its stream keys,
 * per-angle health and sync offsets, Go live and End show. Hosts only; keys are shown in full once, when made.
 */
export function ingestRoutes(deps: {
  broadcast: BroadcastService;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const base = '/thor/host/shows/:slug/ingest';
    const host = { preHandler: deps.guards.requireHost };

    app.get(
      `${base}/`,
      {
        ...host,
        schema: { tags: ['host'], params: ShowSlugParams, response: { 200: BroadcastStatus, ...errors } },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return deps.broadcast.status(req.params.slug);
      },
    );

    app.put(
      `${base}/`,
      {
        ...host,
        schema: {
          tags: ['host'],
          params: ShowSlugParams,
          body: EnableIngestBody,
          response: { 200: EnableIngestResponse, ...errors },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return deps.broadcast.enable(req.params.slug, req.body);
      },
    );

    app.post(
      `${base}/keys/:stream/rotate/`,
      {
        ...host,
        schema: { tags: ['host'], params: IngestStreamParams, response: { 200: RotatedKey, ...errors } },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return deps.broadcast.rotate(req.params.slug, req.params.stream);
      },
    );

    app.put(
      `${base}/streams/:stream/sync/`,
      {
        ...host,
        schema: {
          tags: ['host'],
          params: IngestStreamParams,
          body: StreamSyncBody,
          response: { 200: BroadcastStatus, ...errors },
        },
      },
      async (req) =>
        deps.broadcast.setSyncOffset(req.params.slug, req.params.stream, req.body.sync_offset_ms),
    );

    app.post(
      `${base}/go-live/`,
      {
        ...host,
        schema: {
          tags: ['host'],
          params: ShowSlugParams,
          body: GoLiveBody,
          response: { 200: BroadcastStatus, ...errors },
        },
      },
      async (req) => deps.broadcast.goLive(req.params.slug, req.body),
    );

    // A recent picture of a pushed angle, for the host's health panel only (never on the fans' origin).
    app.get(
      `${base}/streams/:stream/thumbnail`,
      { ...host, schema: { tags: ['host'], params: IngestStreamParams } },
      async (req, reply) => {
        const jpeg = await deps.broadcast.thumbnail(req.params.slug, req.params.stream);
        return reply.header('cache-control', 'no-store').type('image/jpeg').send(jpeg);
      },
    );

    app.post(
      `${base}/end/`,
      {
        ...host,
        schema: { tags: ['host'], params: ShowSlugParams, response: { 200: BroadcastStatus, ...errors } },
      },
      async (req) => deps.broadcast.end(req.params.slug),
    );
  };
}
