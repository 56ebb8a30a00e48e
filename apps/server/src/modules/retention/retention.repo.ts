import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Rows removed per statement: a long backlog is purged in short transactions, not one huge lock. */
const BATCH = 5_000;

async function drain(run: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await run();
    total += n;
    if (n < BATCH) return total;
  }
}

/** The SQL of data retention (COM-62): each purge deletes rows older than the cutoff it is given. */
export function createRetentionRepo(db: Db) {
  return {
    /** Canceled and refunded order lines (the dispute records) canceled before the cutoff. */
    purgeDisputeRecords(cutoff: Date): Promise<number> {
      return drain(async () => {
        const r = await db
          .deleteFrom('orders')
          .where(
            'sub_order_id',
            'in',
            db
              .selectFrom('orders')
              .select('sub_order_id')
              .where('status', '=', 'canceled')
              .where('canceled_at', '<', cutoff)
              .limit(BATCH),
          )
          .executeTakeFirst();
        return Number(r.numDeletedRows);
      });
    },

    /** Show entries by device (who watched when, from which login) that ended, or went silent, before the cutoff. */
    purgeDeviceSessions(cutoff: Date): Promise<number> {
      return drain(async () => {
        const r = await db
          .deleteFrom('device_sessions')
          .where(
            'id',
            'in',
            db
              .selectFrom('device_sessions')
              .select('id')
              .where(sql<Date>`coalesce(ended_at, last_seen_at)`, '<', cutoff)
              .limit(BATCH),
          )
          .executeTakeFirst();
        return Number(r.numDeletedRows);
      });
    },

    /** Chat room joins that were left before the cutoff. */
    purgeHangSessions(cutoff: Date): Promise<number> {
      return drain(async () => {
        const r = await db
          .deleteFrom('hang_sessions')
          .where(
            'id',
            'in',
            db
              .selectFrom('hang_sessions')
              .select('id')
              .where(sql<Date>`coalesce(left_at, created_at)`, '<', cutoff)
              .limit(BATCH),
          )
          .executeTakeFirst();
        return Number(r.numDeletedRows);
      });
    },

    /** Page visits and clicks (POST /thor/event/) received before the cutoff. */
    purgeAnalytics(cutoff: Date): Promise<number> {
      return drain(async () => {
        const r = await db
          .deleteFrom('analytics_events')
          .where(
            'id',
            'in',
            db.selectFrom('analytics_events').select('id').where('received_at', '<', cutoff).limit(BATCH),
          )
          .executeTakeFirst();
        return Number(r.numDeletedRows);
      });
    },

    /** Mail and SMS outbox rows (delivery records, or the development outbox) written before the cutoff. */
    async purgeOutboxes(cutoff: Date): Promise<number> {
      const mail = await drain(async () => {
        const r = await db
          .deleteFrom('mail_outbox')
          .where(
            'id',
            'in',
            db.selectFrom('mail_outbox').select('id').where('created_at', '<', cutoff).limit(BATCH),
          )
          .executeTakeFirst();
        return Number(r.numDeletedRows);
      });
      const sms = await drain(async () => {
        const r = await db
          .deleteFrom('sms_outbox')
          .where(
            'id',
            'in',
            db.selectFrom('sms_outbox').select('id').where('created_at', '<', cutoff).limit(BATCH),
          )
          .executeTakeFirst();
        return Number(r.numDeletedRows);
      });
      return mail + sms;
    },

    /** Known login devices (device cookies) not used for a password login since the cutoff. */
    purgeLoginDevices(cutoff: Date): Promise<number> {
      return drain(async () => {
        const r = await db
          .deleteFrom('login_devices')
          .where(
            'id',
            'in',
            db.selectFrom('login_devices').select('id').where('last_used_at', '<', cutoff).limit(BATCH),
          )
          .executeTakeFirst();
        return Number(r.numDeletedRows);
      });
    },
  };
}

export type RetentionRepo = ReturnType<typeof createRetentionRepo>;
