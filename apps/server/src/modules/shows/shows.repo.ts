import type { Show } from '@encore/contract';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, NewShow, ShowDetails, ShowRow } from '../../db/schema.ts';
import { syncTicketItems } from '../commerce/ticket-items.ts';

type Exec = Db | Transaction<Database>;

/** The columns of a Show entity: what the server filters on stands alone, the rest is `details`. */
export function showRowValues(show: Show): NewShow {
  const { event, ...rest } = show;
  const details: ShowDetails = {
    ticketing: rest.ticketing,
    caption_files: rest.caption_files,
    base_video: rest.base_video,
    pips: rest.pips,
    streams: rest.streams,
    event_config: rest.event_config,
    ticket_items: rest.ticket_items ?? [],
    reairings: event.reairings,
    reairings_msg: event.reairings_msg,
    reairings_virtual_doors_msg: event.reairings_virtual_doors_msg,
    // The sale window and the songs are kept only when set, so older shows read back unchanged.
    ...(event.sale_start_time ? { sale_start_time: event.sale_start_time } : {}),
    ...(event.sale_end_time ? { sale_end_time: event.sale_end_time } : {}),
    ...(rest.lightstick_songs ? { lightstick_songs: rest.lightstick_songs } : {}),
    ...(rest.latency_mode ? { latency_mode: rest.latency_mode } : {}),
  };
  return {
    slug: show.slug,
    paid_event_name: show.paid_event_name,
    paid_event_id: show.paid_event_id,
    channel_id: show.channel_id,
    event_name: show.event_name,
    artist_name: show.artist_name,
    event_start_time: event.event_start_time,
    event_enter_time: event.event_enter_time,
    event_end_time: event.event_end_time,
    details: JSON.stringify(details),
  };
}

/** Runs `fn` in the caller's transaction, or in a new one. */
function inTransaction<T>(exec: Exec, fn: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
  return exec.isTransaction ? fn(exec as Transaction<Database>) : exec.transaction().execute(fn);
}

export function createShowsRepo(db: Db) {
  return {
    /**
     * Shows whose end or one of whose re-airings' end (the contract's showWindows rule) is after `at`,
     * by start time (LAND-23).
     */
    listNotEndedAt(at: Date, tx: Exec = db): Promise<ShowRow[]> {
      return tx
        .selectFrom('shows')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb('event_end_time', '>', at),
            sql<boolean>`exists (select 1 from jsonb_array_elements(coalesce(details->'reairings', '[]'::jsonb)) r
              where coalesce((r->>'event_end_time')::timestamptz,
                (r->>'event_start_time')::timestamptz + (event_end_time - event_start_time)) > ${at.toISOString()}::timestamptz)`,
          ]),
        )
        .orderBy('event_start_time')
        .orderBy('id')
        .execute();
    },
    /** Every show, latest start first, with its booking codes counted (the control room's list). */
    async listWithCodeCounts(tx: Exec = db): Promise<{ row: ShowRow; total: number; redeemed: number }[]> {
      const rows = await tx
        .selectFrom('shows')
        .leftJoin('booking_codes', 'booking_codes.show_id', 'shows.id')
        .selectAll('shows')
        .select((eb) => [
          eb.fn.count<string>('booking_codes.id').as('codes_total'),
          eb.fn.count<string>('booking_codes.redeemed_by').as('codes_redeemed'),
        ])
        .groupBy('shows.id')
        .orderBy('shows.event_start_time', 'desc')
        .orderBy('shows.id', 'desc')
        .execute();
      return rows.map(({ codes_total, codes_redeemed, ...row }) => ({
        row,
        total: Number(codes_total),
        redeemed: Number(codes_redeemed),
      }));
    },
    /** Free paid event and channel ids for a new show: one past the largest. */
    async nextIds(tx: Exec = db): Promise<{ paidEventId: number; channelId: number }> {
      const row = await tx
        .selectFrom('shows')
        .select((eb) => [
          eb.fn.max<number | null>('paid_event_id').as('p'),
          eb.fn.max<number | null>('channel_id').as('c'),
        ])
        .executeTakeFirst();
      return { paidEventId: Number(row?.p ?? 0) + 1, channelId: Number(row?.c ?? 0) + 1 };
    },
    findByChannelId(channelId: number, tx: Exec = db): Promise<ShowRow | undefined> {
      return tx.selectFrom('shows').selectAll().where('channel_id', '=', channelId).executeTakeFirst();
    },
    findByPaidEventName(name: string, tx: Exec = db): Promise<ShowRow | undefined> {
      return tx.selectFrom('shows').selectAll().where('paid_event_name', '=', name).executeTakeFirst();
    },
    /** Another show (not of this slug) that uses one of this show's unique ids. */
    findIdConflict(show: Show, tx: Exec = db): Promise<ShowRow | undefined> {
      return tx
        .selectFrom('shows')
        .selectAll()
        .where('slug', '<>', show.slug)
        .where((eb) =>
          eb.or([
            eb('paid_event_name', '=', show.paid_event_name),
            eb('paid_event_id', '=', show.paid_event_id),
            eb('channel_id', '=', show.channel_id),
          ]),
        )
        .orderBy('id')
        .executeTakeFirst();
    },
    findBySlug(slug: string, tx: Exec = db): Promise<ShowRow | undefined> {
      return tx.selectFrom('shows').selectAll().where('slug', '=', slug).executeTakeFirst();
    },
    insert(show: Show, tx: Exec = db): Promise<ShowRow> {
      return inTransaction(tx, async (t) => {
        const row = await t
          .insertInto('shows')
          .values(showRowValues(show))
          .returningAll()
          .executeTakeFirstOrThrow();
        await syncTicketItems(t, show);
        return row;
      });
    },
    /**
     * A host's edit: replaces the show of this slug only while it is at `version` (then one more).
     * Undefined when it is not (stale, or no such show): nothing changed.
     */
    updateAtVersion(show: Show, version: number, tx: Exec = db): Promise<ShowRow | undefined> {
      const { slug: _slug, ...values } = showRowValues(show);
      return inTransaction(tx, async (t) => {
        const row = await t
          .updateTable('shows')
          .set({ ...values, version: sql<number>`version + 1`, updated_at: new Date() })
          .where('slug', '=', show.slug)
          .where('version', '=', version)
          .returningAll()
          .executeTakeFirst();
        if (row) await syncTicketItems(t, show);
        return row;
      });
    },
    /** Opens the doors now (Go live before them): the entry time moves to `at`, one version more. */
    async openDoorsAt(showId: number, at: Date, tx: Exec = db): Promise<void> {
      await tx
        .updateTable('shows')
        .set({ event_enter_time: at, version: sql<number>`version + 1`, updated_at: new Date() })
        .where('id', '=', showId)
        .execute();
    },
    /** Insert, or replace the show of the same slug (the demo seed refreshes its shows on every start). */
    upsertBySlug(show: Show, tx: Exec = db): Promise<ShowRow> {
      const { slug: _slug, ...values } = showRowValues(show);
      return inTransaction(tx, async (t) => {
        const row = await t
          .insertInto('shows')
          .values(showRowValues(show))
          .onConflict((oc) =>
            oc
              .column('slug')
              .doUpdateSet({ ...values, version: sql<number>`shows.version + 1`, updated_at: new Date() }),
          )
          .returningAll()
          .executeTakeFirstOrThrow();
        // The show's tickets for sale are catalogue items (modules/commerce); a refused item undoes all.
        await syncTicketItems(t, show);
        return row;
      });
    },
  };
}

export type ShowsRepo = ReturnType<typeof createShowsRepo>;
