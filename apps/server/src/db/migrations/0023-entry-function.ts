import { type Kysely, sql } from 'kysely';

/**
 * Doors-open entry in one round trip (issue 15, docs/benchmarks.md "Doors-open"): a batch of entries
 * is one call of this function, which is its own transaction. Before, a batch was four round trips
 * (begin, lock the tickets, the write, commit) and its big statement was planned anew every time;
 * PL/pgSQL keeps its plans per connection. The rule is unchanged (DEV-01, DEV-02): lock the batch's
 * tickets in id order (entries of one ticket wait for each other on every node, so the device limit
 * stays exact, and two batches never deadlock), end the stale sessions ('expired') and, per ticket,
 * all but the newest `p_limit` live ones ('replaced'), and open the new ones.
 *
 * Answers rows of four kinds: 'held' (a ticket that exists; entries of other tickets are refused),
 * 'ended' (a session this batch ended, with why), 'new' (an entry, 'replaced' when a later entry of
 * the same batch already displaced it) and 'count' (a ticket's live sessions after the batch).
 * In READ COMMITTED a volatile function takes a new snapshot per statement, so the write sees every
 * session committed before the lock was granted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function encore_enter(
      p_ids uuid[], p_users int[], p_shows int[], p_tickets int[], p_tokens int[], p_ats timestamptz[],
      p_at timestamptz, p_seen_since timestamptz, p_limit int
    ) returns table (kind text, id text, ticket_id int, info text)
    language plpgsql volatile as $fn$
    #variable_conflict use_column
    declare
      v_held int[];
    begin
      select coalesce(array_agg(l.id), '{}') into v_held
      from (select t.id from tickets t where t.id = any(p_tickets) order by t.id for update) l;

      return query
      with input as (
        select * from unnest(p_ids, p_users, p_shows, p_tickets, p_tokens, p_ats)
          with ordinality as i(id, user_id, show_id, ticket_id, auth_token_id, at, ord)
        where i.ticket_id = any(v_held)
      ),
      open as (
        select d.id, d.ticket_id, d.created_at, d.last_seen_at from device_sessions d
        where d.ticket_id = any(v_held) and d.ended_at is null
      ),
      ranked as (
        select c.id, c.ticket_id, c.is_new,
          row_number() over (partition by c.ticket_id order by c.at desc, c.ord desc, c.id desc) as rn
        from (
          select o.id, o.ticket_id, o.created_at as at, 0::bigint as ord, false as is_new
          from open o where o.last_seen_at > p_seen_since
          union all
          select i.id, i.ticket_id, i.at, i.ord, true from input i
        ) c
      ),
      ended as (
        update device_sessions d
        set ended_at = p_at,
            end_reason = case when d.id in (select r.id from ranked r) then 'replaced' else 'expired' end
        where d.ended_at is null and d.id in (
          select o.id from open o where o.last_seen_at <= p_seen_since
          union all
          select r.id from ranked r where r.rn > p_limit and not r.is_new
        )
        returning d.id, d.ticket_id, d.end_reason
      ),
      -- A data-modifying CTE runs to completion whether or not the answer reads it.
      created as (
        insert into device_sessions
          (id, user_id, show_id, ticket_id, auth_token_id, created_at, last_seen_at, ended_at, end_reason)
        select i.id, i.user_id, i.show_id, i.ticket_id, i.auth_token_id, i.at, i.at,
          case when r.rn > p_limit then p_at end,
          case when r.rn > p_limit then 'replaced' end
        from input i join ranked r on r.id = i.id
      )
      select 'held'::text, null::text, h.t, null::text from unnest(v_held) as h(t)
      union all
      select 'ended', e.id::text, e.ticket_id, e.end_reason from ended e
      union all
      select 'new', r.id::text, r.ticket_id, case when r.rn > p_limit then 'replaced' end
      from ranked r where r.is_new
      union all
      select 'count', null, r.ticket_id, count(*)::text from ranked r where r.rn <= p_limit group by r.ticket_id;
    end
    $fn$
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists encore_enter(uuid[], int[], int[], int[], int[], timestamptz[], timestamptz, timestamptz, int)`.execute(
    db,
  );
}
