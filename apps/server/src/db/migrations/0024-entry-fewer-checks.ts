import { type Kysely, sql } from 'kysely';

/**
 * Doors-open entry, cheaper in the database (issue 15, docs/benchmarks.md "Entry's database share").
 * Every new device session checked three foreign keys besides its ticket's: its user, its show and
 * its login. Each check locks the row it finds (FOR KEY SHARE), which writes to that row: at
 * doors-open every entry of a show locked the same show row, so concurrent batches turned its lock
 * into a multixact, batch after batch. A session's user and show are its ticket's, so encore_enter
 * now takes them from the ticket it has locked anyway, and the two redundant keys go: deleting a user
 * or a show still removes their sessions, through their tickets (tickets cascade, and so does
 * device_sessions.ticket_id). The login's key stays. The signature is unchanged (p_users and
 * p_shows are no longer read), so nodes of the previous release keep entering fans during a rolling
 * deploy.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table device_sessions drop constraint if exists device_sessions_user_id_fkey`.execute(db);
  await sql`alter table device_sessions drop constraint if exists device_sessions_show_id_fkey`.execute(db);
  await sql`
    create or replace function encore_enter(
      p_ids uuid[], p_users int[], p_shows int[], p_tickets int[], p_tokens int[], p_ats timestamptz[],
      p_at timestamptz, p_seen_since timestamptz, p_limit int
    ) returns table (kind text, id text, ticket_id int, info text)
    language plpgsql volatile as $fn$
    #variable_conflict use_column
    declare
      v_held int[];
      v_users int[];
      v_shows int[];
    begin
      -- The lock that keeps the limit exact (migration 0023); the ticket's own user and show with it.
      select coalesce(array_agg(l.id), '{}'), coalesce(array_agg(l.user_id), '{}'),
        coalesce(array_agg(l.show_id), '{}')
      into v_held, v_users, v_shows
      from (
        select t.id, t.user_id, t.show_id from tickets t where t.id = any(p_tickets) order by t.id for update
      ) l;

      return query
      with held as (
        select * from unnest(v_held, v_users, v_shows) as h(id, user_id, show_id)
      ),
      input as (
        select i.id, h.user_id, h.show_id, i.ticket_id, i.auth_token_id, i.at, i.ord
        from unnest(p_ids, p_tickets, p_tokens, p_ats)
          with ordinality as i(id, ticket_id, auth_token_id, at, ord)
        join held h on h.id = i.ticket_id
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
      select 'held'::text, null::text, h.id, null::text from held h
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
  await sql`alter table device_sessions add constraint device_sessions_user_id_fkey foreign key (user_id) references users (id) on delete cascade`.execute(
    db,
  );
  await sql`alter table device_sessions add constraint device_sessions_show_id_fkey foreign key (show_id) references shows (id) on delete cascade`.execute(
    db,
  );
}
