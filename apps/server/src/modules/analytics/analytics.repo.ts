import type { Db } from '../../db/database.ts';

export type NewAnalyticsEvent = {
  eventTime: Date;
  eventType: string;
  eventCategory: string;
  deviceId: string | null;
  userId: number | null;
  visitorId: string;
  eventData: Record<string, unknown>;
};

export function createAnalyticsRepo(db: Db) {
  return {
    /** A whole batch in one INSERT statement: one round trip however many events it holds. */
    async insertMany(events: readonly NewAnalyticsEvent[]): Promise<number> {
      if (events.length === 0) return 0;
      const result = await db
        .insertInto('analytics_events')
        .values(
          events.map((e) => ({
            event_time: e.eventTime,
            event_type: e.eventType,
            event_category: e.eventCategory,
            device_id: e.deviceId,
            user_id: e.userId,
            visitor_id: e.visitorId,
            event_data: JSON.stringify(e.eventData),
          })),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },
  };
}

export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
