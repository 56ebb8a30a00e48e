import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { DeviceEndReason, DeviceSessionRow } from '../../db/schema.ts';

export type NewSession = {
  id: string;
  userId: number;
  showId: number;
  ticketId: number;
  authTokenId: number | null;
  at: Date;
};
/** What one entry of a batch did: the sessions it replaced and its ticket's live devices after it. */
export type EntryOutcome = { kind: 'entered'; replaced: string[]; count: number } | { kind: 'no-ticket' };

type EntryRow = {
  kind: 'ended' | 'new' | 'count';
  id: string | null;
  ticket_id: number;
  info: string | null;
};

/**
 * Spreads a batch's rows over its entries. Several entries of one ticket in one batch (devices
 * entering in the same instant) share its count; the sessions the batch replaced are told once, by
 * the ticket's last entry, and an entry replaced within its own batch is told as well.
 */
function outcomes(
  entries: readonly NewSession[],
  held: Set<number>,
  rows: readonly EntryRow[],
): EntryOutcome[] {
  const counts = new Map<number, number>();
  const replaced = new Map<number, string[]>();
  const add = (ticketId: number, id: string) =>
    replaced.set(ticketId, [...(replaced.get(ticketId) ?? []), id]);
  for (const r of rows) {
    if (r.kind === 'count') counts.set(r.ticket_id, Number(r.info));
    else if (r.id && r.info === 'replaced') add(r.ticket_id, r.id);
  }
  const lastOfTicket = new Map(entries.map((e, i) => [e.ticketId, i]));
  return entries.map((e, i): EntryOutcome => {
    if (!held.has(e.ticketId)) return { kind: 'no-ticket' };
    const mine = lastOfTicket.get(e.ticketId) === i ? (replaced.get(e.ticketId) ?? []) : [];
    return { kind: 'entered', replaced: mine, count: counts.get(e.ticketId) ?? 0 };
  });
}

export type TicketDevices = { ticketId: number; userId: number; paidEventName: string; count: number };

export function createDevicesRepo(db: Db) {
  return {
    /**
     * The entries of a batch in one transaction of two statements (DEV-01, DEV-02), however many fans
     * it holds: lock the tickets (in id order, so that two nodes' batches never deadlock), then one
     * statement that ends the stale sessions ('expired') and, per ticket, all but the newest
     * `limit` live ones ('replaced'), and opens the new ones. Answers per entry the sessions it
     * replaced and the ticket's live count, or 'no-ticket' when the ticket is gone.
     */
    async enterMany(
      entries: readonly NewSession[],
      opts: { limit: number; seenSince: Date; at: Date },
    ): Promise<EntryOutcome[]> {
      return db.transaction().execute(async (tx) => {
        const ticketIds = [...new Set(entries.map((e) => e.ticketId))].sort((a, b) => a - b);
        const locked = await tx
          .selectFrom('tickets')
          .select('id')
          .where('id', 'in', ticketIds)
          .orderBy('id')
          .forUpdate()
          .execute();
        const held = new Set(locked.map((r) => r.id));
        const admitted = entries.filter((e) => held.has(e.ticketId));
        if (admitted.length === 0) return entries.map((): EntryOutcome => ({ kind: 'no-ticket' }));

        const { rows } = await sql<{
          kind: 'ended' | 'new' | 'count';
          id: string | null;
          ticket_id: number;
          info: string | null;
        }>`
          with input as (
            select * from unnest(
              ${admitted.map((e) => e.id)}::uuid[], ${admitted.map((e) => e.userId)}::int[],
              ${admitted.map((e) => e.showId)}::int[], ${admitted.map((e) => e.ticketId)}::int[],
              ${admitted.map((e) => e.authTokenId)}::int[], ${admitted.map((e) => e.at.toISOString())}::timestamptz[]
            ) with ordinality as i(id, user_id, show_id, ticket_id, auth_token_id, at, ord)
          ),
          open as (
            select d.id, d.ticket_id, d.created_at, d.last_seen_at from device_sessions d
            where d.ticket_id in (select ticket_id from input) and d.ended_at is null
          ),
          ranked as (
            select id, ticket_id, is_new,
              row_number() over (partition by ticket_id order by at desc, ord desc, id desc) as rn
            from (
              select id, ticket_id, created_at as at, 0::bigint as ord, false as is_new
              from open where last_seen_at > ${opts.seenSince.toISOString()}::timestamptz
              union all
              select id, ticket_id, at, ord, true from input
            ) candidates
          ),
          ended as (
            update device_sessions d
            set ended_at = ${opts.at.toISOString()}::timestamptz,
                end_reason = case when d.id in (select id from ranked) then 'replaced' else 'expired' end
            where d.ended_at is null and d.id in (
              select id from open where last_seen_at <= ${opts.seenSince.toISOString()}::timestamptz
              union all
              select id from ranked where rn > ${opts.limit} and not is_new
            )
            returning d.id, d.ticket_id, d.end_reason
          ),
          created as (
            insert into device_sessions
              (id, user_id, show_id, ticket_id, auth_token_id, created_at, last_seen_at, ended_at, end_reason)
            select i.id, i.user_id, i.show_id, i.ticket_id, i.auth_token_id, i.at, i.at,
              case when r.rn > ${opts.limit} then ${opts.at.toISOString()}::timestamptz end,
              case when r.rn > ${opts.limit} then 'replaced' end
            from input i join ranked r on r.id = i.id
            returning id
          )
          select 'ended' as kind, id::text as id, ticket_id, end_reason as info from ended
          union all
          select 'new', id::text, ticket_id, case when rn > ${opts.limit} then 'replaced' end from ranked where is_new
          union all
          select 'count', null, ticket_id, count(*)::text from ranked where rn <= ${opts.limit} group by ticket_id
        `.execute(tx);
        return outcomes(entries, held, rows);
      });
    },

    /** Ends those still open; answers the ids this call ended (a racing end wins only once). */
    async end(ids: readonly string[], reason: DeviceEndReason, at: Date): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .updateTable('device_sessions')
        .set({ ended_at: at, end_reason: reason })
        .where('id', 'in', ids)
        .where('ended_at', 'is', null)
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    },

    find(id: string): Promise<DeviceSessionRow | undefined> {
      return db.selectFrom('device_sessions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async touch(ids: readonly string[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('device_sessions')
        .set({ last_seen_at: at })
        .where('id', 'in', ids)
        .where('ended_at', 'is', null)
        .execute();
    },

    /** Ends the open sessions a login opened (one token) or all of a user's (tokenId null). */
    async endForLogout(userId: number, tokenId: number | null, at: Date): Promise<number[]> {
      let q = db
        .updateTable('device_sessions')
        .set({ ended_at: at, end_reason: 'logout' })
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null);
      if (tokenId !== null) q = q.where('auth_token_id', '=', tokenId);
      const rows = await q.returning('ticket_id').execute();
      return [...new Set(rows.map((r) => r.ticket_id))];
    },

    /** Live sessions (open and seen since `seenSince`) per ticket, with the show's paid event. */
    async liveCounts(ticketIds: readonly number[], seenSince: Date): Promise<TicketDevices[]> {
      if (ticketIds.length === 0) return [];
      const rows = await db
        .selectFrom('tickets as t')
        .innerJoin('shows as s', 's.id', 't.show_id')
        .select((eb) => [
          't.id',
          't.user_id',
          's.paid_event_name',
          eb
            .selectFrom('device_sessions as d')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('d.ticket_id', '=', 't.id')
            .where('d.ended_at', 'is', null)
            .where('d.last_seen_at', '>', seenSince)
            .as('count'),
        ])
        .where('t.id', 'in', ticketIds)
        .execute();
      return rows.map((r) => ({
        ticketId: r.id,
        userId: r.user_id,
        paidEventName: r.paid_event_name,
        count: Number(r.count ?? 0),
      }));
    },
  };
}

export type DevicesRepo = ReturnType<typeof createDevicesRepo>;
