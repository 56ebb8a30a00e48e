import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { SESSION_IDLE_MS } from '../devices/devices.service.ts';

/** The SQL behind a show's live figures (control room): one small query per figure, by index. */
export function createFiguresRepo(db: Db) {
  return {
    /** Live device sessions (open and seen within the idle limit) and entries in the last minute. */
    async viewers(showId: number, at: Date): Promise<{ viewers: number; entries: number }> {
      const seenSince = new Date(at.getTime() - SESSION_IDLE_MS);
      const minuteAgo = new Date(at.getTime() - 60_000);
      const row = await db
        .selectFrom('device_sessions')
        .select((eb) => [
          eb.fn
            .count<string>('id')
            .filterWhere((w) => w.and([w('ended_at', 'is', null), w('last_seen_at', '>', seenSince)]))
            .as('viewers'),
          eb.fn.count<string>('id').filterWhere('created_at', '>', minuteAgo).as('entries'),
        ])
        .where('show_id', '=', showId)
        .where((w) => w.or([w('ended_at', 'is', null), w('created_at', '>', minuteAgo)]))
        .executeTakeFirst();
      return { viewers: Number(row?.viewers ?? 0), entries: Number(row?.entries ?? 0) };
    },

    /**
     * Live viewers per angle: each live device session counts once, at its fan's last angle choice
     * since the session began (the player's pipclick event), the show's start view if none.
     */
    async perAngle(showId: number, at: Date, startView: string): Promise<Record<string, number>> {
      const seenSince = new Date(at.getTime() - SESSION_IDLE_MS);
      // One probe of the pipclick index per live fan (a correlated subquery with LIMIT 1): its cost
      // grows with the live fans, whatever the planner believes of the tables' sizes. The join it
      // replaces was planned as a nested loop of live sessions by live sessions when statistics
      // were stale (always, on PGlite): minutes at 40,000 fans.
      const { rows } = await sql<{ pip: string | null; n: string }>`
        select pick.pip, count(*) as n
        from (
          select
            (select a.event_data->>'pip_id' from analytics_events a
             where a.user_id = d.user_id and a.event_type = 'pipclick' and a.received_at >= d.created_at
             order by a.received_at desc limit 1) as pip
          from device_sessions d
          where d.show_id = ${showId} and d.ended_at is null and d.last_seen_at > ${seenSince}
        ) pick
        group by pick.pip
      `.execute(db);
      const out: Record<string, number> = {};
      for (const r of rows) {
        const name = r.pip === null ? startView : pipName(Number(r.pip));
        out[name] = (out[name] ?? 0) + Number(r.n);
      }
      return out;
    },

    async hangsOf(showId: number): Promise<{ id: number; name: string }[]> {
      return db
        .selectFrom('hangs')
        .select(['id', 'name'])
        .where('show_id', '=', showId)
        .orderBy('rank')
        .execute();
    },

    async tossesSince(showId: number, since: Date): Promise<number> {
      const row = await db
        .selectFrom('tosses')
        .innerJoin('hangs', 'hangs.id', 'tosses.hang_id')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('hangs.show_id', '=', showId)
        .where('tosses.send_time', '>', since)
        .where('tosses.toss_type', '=', 'chat')
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async cheerTotal(showId: number): Promise<number> {
      const row = await db
        .selectFrom('wall_totals')
        .select('lt_stk')
        .where('show_id', '=', showId)
        .executeTakeFirst();
      return Number(row?.lt_stk ?? 0);
    },

    /** Fulfilled orders of the show's items, per category and currency (integer minor units). */
    async revenue(paidEventName: string) {
      const rows = await db
        .selectFrom('orders')
        .innerJoin('catalog_items', 'catalog_items.item_id', 'orders.item_id')
        .select((eb) => [
          'catalog_items.category',
          'orders.currency',
          eb.fn.sum<string>('orders.total_charges').as('total'),
        ])
        .where('orders.status', '=', 'fulfilled')
        .where('catalog_items.paid_event_name', '=', paidEventName)
        .groupBy(['catalog_items.category', 'orders.currency'])
        .execute();
      const tickets: Record<string, number> = {};
      const stickers: Record<string, number> = {};
      for (const r of rows) {
        const into = r.category === 'ticket' ? tickets : stickers;
        into[r.currency] = (into[r.currency] ?? 0) + Number(r.total);
      }
      return { tickets, stickers };
    },
  };
}

/** The stream name of a pip id (analytics PipId): an angle, the mosaic, the fan wall or 4K. */
function pipName(pip: number): string {
  if (pip > 0 && pip < 100) return `mix-stream${pip}`;
  if (pip === 0) return 'multiview';
  if (pip === -2) return 'fanwall-stream';
  if (pip === 2160) return 'stream4k';
  return String(pip);
}

export type FiguresRepo = ReturnType<typeof createFiguresRepo>;
