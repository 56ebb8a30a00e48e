import { Channel, ErrorBody, Show, ShowSlugParams } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import type { AuthGuards } from '../../platform/auth-guard.ts';
import { isUniqueViolation } from '../users/users.repo.ts';
import { presentChannel } from './shows.presenter.ts';
import type { ShowsRepo } from './shows.repo.ts';

/**
 * PUT /thor/host/shows/{slug}: the control room schedules a show or moves its times (doors, start,
 * end). Hosts only. Nodes pick the change up within SHOWS_CACHE_MS.
 */
export function hostShowsRoutes(deps: { shows: ShowsRepo; guards: AuthGuards }): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/thor/host/shows/:slug',
      {
        preHandler: deps.guards.requireHost,
        schema: {
          tags: ['host'],
          params: ShowSlugParams,
          body: Show,
          response: { 200: Channel, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody },
        },
      },
      async (req) => {
        const show = req.body;
        if (show.slug !== req.params.slug) {
          throw new AppError('BAD_REQUEST', 400, 'The slug in the body must match the path.', {
            field: 'slug',
          });
        }
        const times = show.event;
        const start = Date.parse(times.event_start_time);
        if (Date.parse(times.event_end_time) <= start) {
          throw new AppError('BAD_REQUEST', 400, 'A show must end after it starts.', {
            field: 'event.event_end_time',
          });
        }
        if (times.event_enter_time && Date.parse(times.event_enter_time) > start) {
          throw new AppError('BAD_REQUEST', 400, 'Doors must open before the show starts.', {
            field: 'event.event_enter_time',
          });
        }
        try {
          await deps.shows.upsertBySlug(show);
        } catch (err) {
          // Another show already uses this paid_event_name, paid_event_id or channel_id.
          if ((err as { code?: string }).code === '23505' || isUniqueViolation(err, 'shows')) {
            throw new AppError('SHOW_CONFLICT', 409, 'Another show uses this paid event or channel.');
          }
          throw err;
        }
        return presentChannel(show, new Date());
      },
    );
  };
}
