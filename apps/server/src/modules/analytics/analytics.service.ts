import type { AnalyticsAccepted, AnalyticsBatch } from '@encore/contract';
import { AppError } from '../../errors.ts';
import type { Limiter } from '../../platform/rate-limit.ts';
import type { Session } from '../auth/auth.service.ts';
import type { AnalyticsRepo } from './analytics.repo.ts';

// Viewing section 8 / accounts section 8: "Analytics 500: SERVER_ERROR".
const serverError = () =>
  new AppError('SERVER_ERROR', 500, 'The events could not be stored. Please try again.');

export type AnalyticsLog = { error(obj: object, msg: string): void };

/**
 * POST /thor/event/ (ANL-01): a validated batch is stored whole in one statement, or not at all. The
 * user is the token's, whatever user_info claims; anonymous visitors' events are kept too.
 */
export function createAnalyticsService(deps: { repo: AnalyticsRepo; limiter: Limiter; log: AnalyticsLog }) {
  return {
    async record(batch: AnalyticsBatch, session: Session | null, ip: string): Promise<AnalyticsAccepted> {
      await deps.limiter.consume(ip);
      const userId = session?.user.id ?? null;
      try {
        const accepted = await deps.repo.insertMany(
          batch.events.map((e) => ({
            eventTime: new Date(e.event_time),
            eventType: e.event_type,
            eventCategory: e.event_category,
            deviceId: e.device_id,
            userId,
            visitorId: e.event_data.visitor_id,
            eventData: e.event_data,
          })),
        );
        return { accepted };
      } catch (err) {
        deps.log.error({ err }, 'analytics batch not stored');
        throw serverError();
      }
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
