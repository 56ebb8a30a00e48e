import {
  type AuditPage,
  type ChatPolicy,
  type ChatPolicyBody,
  type ChatRestriction,
  hangChannel,
  type ModeratedShows,
  type ModerationFeed,
  type Moderator,
  type QueueDecision,
  type QueueResponse,
  type RestrictBody,
  type RestrictedFan,
  showChannel,
  userChannel,
} from '@encore/contract';
import type { ChatRestrictionKind, UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { normaliseChatTerm } from '../../platform/profanity.ts';
import type { Limiter } from '../../platform/rate-limit.ts';
import type { Bus } from '../../realtime/bus.ts';
import { presentToss } from '../hangs/hangs.presenter.ts';
import type { HangsRepo } from '../hangs/hangs.repo.ts';
import type { HangsService } from '../hangs/hangs.service.ts';
import type { ShowsService } from '../shows/shows.service.ts';
import type { ChatGate } from './chat-gate.ts';
import type { ModerationRepo, ShowTossRow } from './moderation.repo.ts';
import type { Actor, ModerationAccess, ModerationContext } from './moderation-access.ts';

export const FEED_TOSSES = 100;
const QUEUE_ITEMS = 100;

const tossNotFound = () => new AppError('TOSS_NOT_FOUND', 404, 'This message could not be found.');
const userNotFound = (name: string) => new AppError('USER_NOT_FOUND', 404, `No fan is called ${name}.`);

/**
 * Moderation of a show's chat (issue 13): the feed of every hang, deleting for everyone, timeouts and
 * bans, slow mode, blocked terms, the queue of held and reported tosses, moderators, and the audit
 * log every one of these actions writes to. Changes publish after they are stored.
 */
export function createModerationService(deps: {
  repo: ModerationRepo;
  hangsRepo: Pick<HangsRepo, 'hangsOfShow' | 'monikersOf'>;
  hangs: Pick<HangsService, 'hangById' | 'canReadHang'>;
  shows: Pick<ShowsService, 'listed' | 'bySlug'>;
  access: ModerationAccess;
  gate: ChatGate;
  /** Reports per fan: a fan cannot flood the moderators' queue. */
  reportLimiter: Limiter;
  bus: Bus;
  /** A moderator was dismissed: every node checks the subscriptions the appointment opened (issue 29). */
  onDismissed?: (showId: number, slug: string, userId: number) => Promise<void>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  async function audit(
    showId: number | null,
    actor: Actor,
    action: string,
    target: string | null,
    detail = '',
  ): Promise<void> {
    await deps.repo.audit({
      showId,
      actorId: actor.id,
      actorUsername: actor.username,
      actorRole: actor.role,
      action,
      target,
      detail,
      at: now(),
    });
  }

  async function present(rows: ShowTossRow[]) {
    const monikers = await deps.hangsRepo.monikersOf([...new Set(rows.map((r) => r.user_id))]);
    return rows.map((r) => presentToss(r, monikers.get(r.user_id) ?? []));
  }

  async function target(name: string) {
    const user = await deps.repo.userByUsername(name);
    if (!user) throw userNotFound(name);
    return user;
  }

  async function policyOf(showId: number): Promise<ChatPolicy> {
    const p = await deps.gate.policy(showId);
    return { slow_mode_seconds: p.slowModeSeconds, blocked_terms: [...p.terms].sort() };
  }

  /** Stores the fan's restriction (or lifts it with null) and tells the fan's every tab. */
  async function setRestriction(
    showId: number,
    slug: string,
    fan: { id: number },
    by: number,
    r: { kind: ChatRestrictionKind; until: Date | null } | null,
  ): Promise<ChatRestriction | null> {
    if (r) await deps.repo.restrict({ showId, userId: fan.id, kind: r.kind, until: r.until, by, at: now() });
    else await deps.repo.lift(showId, fan.id);
    await deps.gate.changed(showId);
    const restriction = r ? { kind: r.kind, until: r.until ? r.until.toISOString() : null } : null;
    await deps.bus.publish(userChannel(fan.id), { kind: 'chat_restriction', slug, restriction });
    return restriction;
  }

  async function deleteToss(ctx: ModerationContext, row: ShowTossRow): Promise<void> {
    const at = now();
    await deps.repo.markDeleted(row.id, at);
    await deps.repo.resolveReports(row.id, at);
    await deps.bus.publish(hangChannel(row.suffix), {
      kind: 'toss_deleted',
      hang_id: row.hang_id,
      toss_id: row.id,
    });
    await audit(ctx.show.row.id, ctx.actor, 'toss.delete', row.username, row.toss_text.slice(0, 200));
  }

  return {
    async feed(ctx: ModerationContext): Promise<ModerationFeed> {
      const hangs = await deps.hangsRepo.hangsOfShow(ctx.show.row.id);
      const rows = (await deps.repo.recentOfShow(ctx.show.row.id, FEED_TOSSES)).reverse();
      return {
        hangs: hangs.map((h) => ({ id: h.id, name: h.name, rank: h.rank, pubnubForHang: h.suffix })),
        tosses: await present(rows),
        policy: await policyOf(ctx.show.row.id),
      };
    },

    async deleteToss(ctx: ModerationContext, tossId: string): Promise<{ toss_id: string; deleted: true }> {
      const row = await deps.repo.tossOfShow(ctx.show.row.id, tossId);
      if (!row || row.deleted_at) throw tossNotFound();
      await deleteToss(ctx, row);
      return { toss_id: row.id, deleted: true };
    },

    async restrictions(ctx: ModerationContext): Promise<RestrictedFan[]> {
      const rows = await deps.repo.activeRestrictions(ctx.show.row.id, now());
      return rows.map((r) => ({
        user_id: r.user_id,
        username: r.username,
        kind: r.kind,
        until: r.until ? r.until.toISOString() : null,
        created_at: r.created_at.toISOString(),
      }));
    },

    async restrict(ctx: ModerationContext, body: RestrictBody): Promise<RestrictedFan> {
      const fan = await target(body.username);
      if (fan.id === ctx.actor.id) throw new AppError('BAD_REQUEST', 400, 'You cannot restrict yourself.');
      if (fan.role === 'host') throw new AppError('BAD_REQUEST', 400, 'A host cannot be restricted.');
      const at = now();
      const until =
        body.kind === 'timeout' ? new Date(at.getTime() + (body.duration_seconds ?? 300) * 1000) : null;
      const r = await setRestriction(ctx.show.row.id, ctx.show.row.slug, fan, ctx.actor.id, {
        kind: body.kind,
        until,
      });
      await audit(
        ctx.show.row.id,
        ctx.actor,
        body.kind === 'ban' ? 'fan.ban' : 'fan.timeout',
        fan.username,
        body.kind === 'timeout' ? `${body.duration_seconds} s` : '',
      );
      return {
        user_id: fan.id,
        username: fan.username,
        kind: body.kind,
        until: r?.until ?? null,
        created_at: at.toISOString(),
      };
    },

    async lift(ctx: ModerationContext, username: string): Promise<{ username: string; lifted: true }> {
      const fan = await target(username);
      await setRestriction(ctx.show.row.id, ctx.show.row.slug, fan, ctx.actor.id, null);
      await audit(ctx.show.row.id, ctx.actor, 'fan.unrestrict', fan.username);
      return { username: fan.username, lifted: true };
    },

    /**
     * The host's per-fan chat switch (alerts with f and type chat) is a restriction too: kept in the
     * database and enforced by the toss path, so it silences the fan for others and survives reloads.
     */
    async fanChatSwitch(
      showId: number,
      slug: string,
      fan: { id: number },
      by: number,
      enabled: boolean,
    ): Promise<void> {
      await setRestriction(showId, slug, fan, by, enabled ? null : { kind: 'chat_off', until: null });
    },

    /**
     * Chat on for everyone (the host's show-wide switch) turns it on for the fans a host had turned it
     * off for, as every fan's client does on that alert; time-outs and bans stay.
     */
    async chatOnForEveryone(showId: number, slug: string): Promise<void> {
      const fans = await deps.repo.liftChatOff(showId);
      if (fans.length === 0) return;
      await deps.gate.changed(showId);
      for (const id of fans) {
        await deps.bus.publish(userChannel(id), { kind: 'chat_restriction', slug, restriction: null });
      }
    },

    policy: (ctx: ModerationContext) => policyOf(ctx.show.row.id),

    async setPolicy(ctx: ModerationContext, body: ChatPolicyBody): Promise<ChatPolicy> {
      const showId = ctx.show.row.id;
      const at = now();
      if (body.slow_mode_seconds !== undefined) {
        await deps.repo.setSlowMode(showId, body.slow_mode_seconds, at);
        await audit(showId, ctx.actor, 'policy.slow_mode', null, `${body.slow_mode_seconds} s`);
      }
      if (body.blocked_terms !== undefined) {
        const terms = [...new Set(body.blocked_terms.map(normaliseChatTerm))];
        if (terms.some((t) => /\s/.test(t))) {
          throw new AppError('BAD_REQUEST', 400, 'blocked_terms: one word each, without spaces.', {
            field: 'blocked_terms',
          });
        }
        if (terms.some((t) => t.replace(/\*$/, '') === '')) {
          throw new AppError('BAD_REQUEST', 400, 'blocked_terms: each term needs a letter or a digit.', {
            field: 'blocked_terms',
          });
        }
        await deps.repo.replaceBlockedTerms(showId, terms, at);
        await audit(showId, ctx.actor, 'policy.blocked_terms', null, terms.join(', ').slice(0, 500));
      }
      await deps.gate.changed(showId);
      if (body.slow_mode_seconds !== undefined) {
        await deps.bus.publish(showChannel(ctx.show.row.slug), {
          kind: 'chat_policy',
          slug: ctx.show.row.slug,
          slow_mode_seconds: body.slow_mode_seconds,
        });
      }
      return policyOf(showId);
    },

    async queue(ctx: ModerationContext): Promise<QueueResponse> {
      const rows = await deps.repo.queue(ctx.show.row.id, QUEUE_ITEMS);
      const tosses = await present(rows);
      return {
        items: rows.map((r, i) => ({
          toss: tosses[i] as (typeof tosses)[number],
          held_reason:
            r.held_reason === 'profanity' || r.held_reason === 'blocked_term' ? r.held_reason : null,
          reports: r.reports,
        })),
      };
    },

    async decide(ctx: ModerationContext, tossId: string, approve: boolean): Promise<QueueDecision> {
      const row = await deps.repo.tossOfShow(ctx.show.row.id, tossId);
      if (!row || row.deleted_at) throw tossNotFound();
      const at = now();
      const outcome = approve ? 'approved' : 'discarded';
      if (row.held_reason === 'profanity' || row.held_reason === 'blocked_term') {
        await deps.repo.review(row.id, approve, at);
        await deps.repo.resolveReports(row.id, at);
        if (approve) {
          const [toss] = await present([{ ...row, held_reason: null }]);
          if (toss) await deps.bus.publish(hangChannel(row.suffix), { kind: 'toss', toss });
        }
        await audit(
          ctx.show.row.id,
          ctx.actor,
          approve ? 'queue.approve' : 'queue.discard',
          row.username,
          row.toss_text.slice(0, 200),
        );
        return { toss_id: row.id, outcome };
      }
      if (row.held_reason !== null) throw tossNotFound();
      // A reported toss: approving keeps it and closes its reports; discarding deletes it for everyone.
      if (approve) {
        await deps.repo.resolveReports(row.id, at);
        await audit(ctx.show.row.id, ctx.actor, 'queue.approve', row.username, row.toss_text.slice(0, 200));
      } else {
        await deleteToss(ctx, row);
      }
      return { toss_id: row.id, outcome };
    },

    async auditPage(
      ctx: ModerationContext,
      q: { before?: string | undefined; limit: number },
    ): Promise<AuditPage> {
      const rows = await deps.repo.auditPage(ctx.show.row.id, q.before, q.limit);
      return {
        entries: rows.map((r) => ({
          id: r.id,
          actor: r.actor_username,
          actor_role: r.actor_role === 'moderator' ? 'moderator' : 'host',
          action: r.action,
          target: r.target,
          detail: r.detail,
          at: r.created_at.toISOString(),
        })),
        next_before: rows.length === q.limit ? (rows.at(-1)?.id ?? null) : null,
      };
    },

    /** Any host or moderator action outside this module (the alerts of the control room). */
    audit,

    async moderators(ctx: ModerationContext): Promise<Moderator[]> {
      const rows = await deps.repo.moderators(ctx.show.row.id);
      return rows.map((r) => ({
        user_id: r.user_id,
        username: r.username,
        appointed_at: r.created_at.toISOString(),
      }));
    },

    async appoint(ctx: ModerationContext, username: string): Promise<Moderator> {
      const user = await target(username);
      const at = now();
      await deps.repo.appoint(ctx.show.row.id, user.id, ctx.actor.id, at);
      deps.access.forget(ctx.show.row.id, user.id);
      await audit(ctx.show.row.id, ctx.actor, 'moderator.appoint', user.username);
      return { user_id: user.id, username: user.username, appointed_at: at.toISOString() };
    },

    async dismiss(ctx: ModerationContext, username: string): Promise<{ username: string; removed: true }> {
      const user = await target(username);
      if (!(await deps.repo.dismiss(ctx.show.row.id, user.id))) {
        throw new AppError('NOT_FOUND', 404, `${user.username} is not a moderator of this show.`);
      }
      deps.access.forget(ctx.show.row.id, user.id);
      await deps.onDismissed?.(ctx.show.row.id, ctx.show.row.slug, user.id);
      await audit(ctx.show.row.id, ctx.actor, 'moderator.remove', user.username);
      return { username: user.username, removed: true };
    },

    /** The shows the user may moderate: a host every listed show, a moderator those of their appointments. */
    async moderatedShows(user: UserRow): Promise<ModeratedShows> {
      if (user.role === 'host') {
        const shows = await deps.shows.listed();
        return {
          shows: shows.map((s) => ({ slug: s.row.slug, event_name: s.row.event_name, role: 'host' })),
        };
      }
      const ids = new Set(await deps.repo.moderatedShowIds(user.id));
      if (ids.size === 0) return { shows: [] };
      const shows = (await deps.shows.listed()).filter((s) => ids.has(s.row.id));
      return {
        shows: shows.map((s) => ({ slug: s.row.slug, event_name: s.row.event_name, role: 'moderator' })),
      };
    },

    /** A fan reports a delivered toss of a hang they may read; it lands in the queue. */
    async report(
      user: UserRow,
      hangId: number,
      tossId: string,
    ): Promise<{ toss_id: string; reported: true }> {
      const ctx = await deps.hangs.hangById(hangId);
      if (!ctx) throw tossNotFound();
      if (!(await deps.hangs.canReadHang(user, ctx.hang.suffix))) {
        throw new AppError('NO_TICKET', 403, 'You need a ticket for this show.');
      }
      const row = await deps.repo.tossOfShow(ctx.show.row.id, tossId);
      if (!row || row.hang_id !== hangId || row.held_reason !== null || row.deleted_at) throw tossNotFound();
      await deps.reportLimiter.consume(String(user.id));
      await deps.repo.report(row.id, user.id, now());
      return { toss_id: row.id, reported: true };
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
