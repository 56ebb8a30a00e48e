import { randomBytes, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import {
  type ChannelEvent,
  type Hang,
  type HangStatusResponse,
  type HangsListResponse,
  hangChannel,
  type JoinHangBody,
  type LeaveHangBody,
  type LeaveHangResponse,
  type MonikersResponse,
  NEW_HANG_SESSION,
  openWindowAt,
  type TossSender,
} from '@encore/contract';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { createTtlCache } from '../../platform/ttl-cache.ts';
import type { Bus, BusLogger } from '../../realtime/bus.ts';
import type { ChannelGrant } from '../../realtime/channel-access.ts';
import type { ChatGate } from '../moderation/chat-gate.ts';
import type { CatalogEntry, ShowsService } from '../shows/shows.service.ts';
import type { TicketsService } from '../tickets/tickets.service.ts';
import { presentHang, presentToss } from './hangs.presenter.ts';
import type { HangRow, HangSessionRow, HangsRepo } from './hangs.repo.ts';
import type { Presence } from './presence.ts';

/** Tosses a joining fan gets at once (the client keeps up to LIMITS.chatListMax). */
export const RECENT_TOSSES = 50;
/** How often clients poll hang_status; a member unseen for three polls has left. */
export const HANG_POLL_MS = 30_000;
export const HANG_IDLE_MS = 3 * HANG_POLL_MS;
const CACHE_MS = 10_000;
const SERVER_NAME = `${hostname()}:${process.pid}`;

const MONIKER_LABELS: Record<string, string> = { verified: 'Verified', artist: 'Artist', staff: 'Staff' };

const badRequest = (message: string) => new AppError('BAD_REQUEST', 400, message);
const hangNotExists = () => new AppError('HANG_NOT_EXISTS', 404, 'This chat room does not exist.');
const userNotFound = () =>
  new AppError('USER_NOT_FOUND', 404, 'Choose a chat nickname before joining the chat.');

export type HangsDeps = {
  hangs: HangsRepo;
  shows: ShowsService;
  tickets: Pick<TicketsService, 'ticketFor'>;
  presence: Presence;
  /** Moderators of a show read its hangs like hosts (without a ticket). */
  moderators: { isModerator(showId: number, userId: number): Promise<boolean> };
  /** The joining fan's restriction and the show's slow mode (moderation). */
  gate: Pick<ChatGate, 'restrictionOf' | 'policy'>;
  bus: Bus;
  log: BusLogger;
  /** Fans per hang before join_hang opens the next one. */
  capacity: number;
  now?: () => Date;
};

export type HangContext = { hang: HangRow; show: CatalogEntry };

/**
 * Hangs: the featured list, join (placing the fan in a hang of the show with room), leave, status,
 * monikers; and the facts the toss path and the realtime channel rules ask for, cached per node.
 */
export function createHangsService(deps: HangsDeps) {
  const now = deps.now ?? (() => new Date());
  const clock = () => now().getTime();
  const hangCache = createTtlCache<string, HangContext>({
    name: 'hangs',
    ttlMs: CACHE_MS,
    max: 50_000,
    now: clock,
  });
  const sessionCache = createTtlCache<string, HangSessionRow>({
    name: 'hang-sessions',
    ttlMs: CACHE_MS,
    max: 200_000,
    now: clock,
  });
  const senderCache = createTtlCache<number, TossSender>({
    name: 'toss-senders',
    ttlMs: 30_000,
    max: 200_000,
    now: clock,
  });
  const chatCache = createTtlCache<number, boolean>({
    name: 'chat-state',
    ttlMs: 1000,
    max: 10_000,
    now: clock,
  });
  const presenceTimers = new Map<number, NodeJS.Timeout>();

  async function context(
    key: string,
    load: () => Promise<HangRow | undefined>,
  ): Promise<HangContext | undefined> {
    const hit = hangCache.get(key);
    if (hit) return hit;
    const started = hangCache.epoch();
    const hang = await load();
    if (!hang) return undefined;
    const show = await deps.shows.bySlug(hang.slug);
    if (!show) return undefined;
    const ctx = { hang, show };
    hangCache.set(key, ctx, started);
    return ctx;
  }

  const hangById = (id: number) => context(`id:${id}`, () => deps.hangs.hangById(id));
  const hangBySuffix = (suffix: string) => context(`sfx:${suffix}`, () => deps.hangs.hangBySuffix(suffix));

  async function chatEnabled(showId: number): Promise<boolean> {
    const hit = chatCache.get(showId);
    if (hit !== undefined) return hit;
    const started = chatCache.epoch();
    const enabled = await deps.hangs.chatEnabled(showId);
    chatCache.set(showId, enabled, started);
    return enabled;
  }

  /**
   * Whether this fan may chat: the show's switch is on and no restriction holds the fan (a host's
   * per-fan chat off, a moderator's timeout or ban: moderation's chat restrictions, on every node).
   */
  async function chatOpenFor(showId: number, userId: number): Promise<boolean> {
    return (await chatEnabled(showId)) && (await deps.gate.restrictionOf(showId, userId)) === null;
  }

  async function sender(user: Pick<UserRow, 'id' | 'username'>): Promise<TossSender> {
    const hit = senderCache.get(user.id);
    if (hit && hit.username === user.username) return hit;
    const started = senderCache.epoch();
    const monikers = (await deps.hangs.monikersOf([user.id])).get(user.id) ?? [];
    const s: TossSender = {
      id: user.id,
      username: user.username,
      profile_image_75x75: null,
      profile_image_150x150: null,
      chat_monikers: monikers,
    };
    senderCache.set(user.id, s, started);
    return s;
  }

  /** The show's featured hang (rank 1), created on first use. */
  async function firstHang(show: CatalogEntry): Promise<HangRow> {
    const rows = await deps.hangs.hangsOfShow(show.row.id);
    return rows[0] ?? (await createHang(show, 1));
  }

  function createHang(show: CatalogEntry, rank: number): Promise<HangRow> {
    return deps.hangs.ensureHang({
      showId: show.row.id,
      rank,
      suffix: randomBytes(9).toString('base64url'),
      name: rank === 1 ? `${show.row.event_name} chat` : `${show.row.event_name} chat ${rank}`,
    });
  }

  /** A hang of the show with room: the one asked for, else the lowest rank, else a new one. */
  async function place(show: CatalogEntry, asked: HangRow, at: number): Promise<HangRow> {
    const rows = (await deps.hangs.hangsOfShow(show.row.id)).filter((h) => h.active);
    const counts = await deps.presence.counts(
      rows.map((h) => h.id),
      at,
    );
    const hasRoom = (h: HangRow) => (counts.get(h.id) ?? 0) < deps.capacity;
    if (asked.active && hasRoom(asked)) return asked;
    const open = rows.find(hasRoom);
    if (open) return open;
    const maxRank = rows.reduce((m, h) => Math.max(m, h.rank), 0);
    return createHang(show, maxRank + 1);
  }

  /** number_active changes are published at most once a second per hang per node. */
  function presenceChanged(hangId: number, channel: string): void {
    if (presenceTimers.has(hangId)) return;
    const timer = setTimeout(() => {
      presenceTimers.delete(hangId);
      void (async () => {
        const n = (await deps.presence.counts([hangId], clock())).get(hangId) ?? 0;
        const event: ChannelEvent = { kind: 'presence', hang_id: hangId, number_active: n };
        await deps.bus.publish(channel, event);
      })().catch((err: unknown) => deps.log.warn({ err, hangId }, 'presence not published'));
    }, 1000);
    timer.unref();
    presenceTimers.set(hangId, timer);
  }

  async function ownSession(user: UserRow, sessionId: string): Promise<HangSessionRow | undefined> {
    const hit = sessionCache.get(sessionId);
    if (hit) return hit.user_id === user.id ? hit : undefined;
    const started = sessionCache.epoch();
    const row = await deps.hangs.session(sessionId);
    if (!row) return undefined;
    sessionCache.set(sessionId, row, started);
    return row.user_id === user.id ? row : undefined;
  }

  async function mayRead(user: UserRow, show: CatalogEntry): Promise<boolean> {
    if (user.role === 'host') return true;
    if (await deps.tickets.ticketFor(user.id, show.row.id)) return true;
    return deps.moderators.isModerator(show.row.id, user.id);
  }

  return {
    hangById,
    chatEnabled,
    chatOpenFor,
    sender,
    presenceChanged,

    /** The toss path's check: the fan's open session of this hang, else undefined. */
    async activeSession(
      user: UserRow,
      sessionId: string,
      hangId: number,
    ): Promise<HangSessionRow | undefined> {
      const row = await ownSession(user, sessionId);
      return row && row.hang_id === hangId && !row.left_at ? row : undefined;
    },

    forgetChatState(showId: number): void {
      chatCache.forget(showId);
    },

    /** Realtime rule for hang-<suffix>: ticket holders of its show, its moderators, and hosts. */
    async canReadHang(user: UserRow, suffix: string): Promise<boolean> {
      const ctx = await hangBySuffix(suffix);
      return ctx ? mayRead(user, ctx.show) : false;
    },

    /** Realtime rule for show-<slug>. */
    async canReadShow(user: UserRow, slug: string): Promise<boolean> {
      const show = await deps.shows.bySlug(slug);
      return show ? mayRead(user, show) : false;
    },

    /** The realtime grant of hang-<suffix>: resting on the show's ticket (checked again on revocation). */
    async hangGrant(user: UserRow, suffix: string): Promise<ChannelGrant | null> {
      const ctx = await hangBySuffix(suffix);
      return ctx && (await mayRead(user, ctx.show)) ? { show: ctx.show.row.id } : null;
    },

    /** The realtime grant of show-<slug>. */
    async showGrant(user: UserRow, slug: string): Promise<ChannelGrant | null> {
      const show = await deps.shows.bySlug(slug);
      return show && (await mayRead(user, show)) ? { show: show.row.id } : null;
    },

    /** GET /thor/hangs/get_hangs_list/?filter=featured_hangs */
    async featured(
      user: UserRow,
      q: { channel_id?: number; paid_event_name?: string },
    ): Promise<HangsListResponse> {
      if (!user.username) throw userNotFound();
      let shows: CatalogEntry[];
      if (q.channel_id !== undefined || q.paid_event_name !== undefined) {
        const show =
          q.channel_id !== undefined
            ? await deps.shows.byChannelId(q.channel_id)
            : await deps.shows.byPaidEventName(q.paid_event_name as string);
        if (!show) throw badRequest('This show could not be found.');
        shows = [show];
      } else {
        shows = await deps.shows.listed();
      }
      const at = now();
      const list = [];
      for (const show of shows) {
        const hang = await firstHang(show);
        const n = (await deps.presence.counts([hang.id], at.getTime())).get(hang.id) ?? 0;
        list.push({
          name: show.row.event_name,
          hangs: [
            presentHang({
              hang,
              show,
              numberActive: n,
              sessionId: '',
              serverName: SERVER_NAME,
              at,
              tosses: [],
              chatEnabled: await chatOpenFor(show.row.id, user.id),
              pollMs: HANG_POLL_MS,
            }),
          ],
        });
      }
      return { hang_category_list: list };
    },

    /** PUT /thor/hangs/join_hang/ (docs/chat-and-realtime.md has the order of the checks). */
    async join(user: UserRow, body: JoinHangBody): Promise<Hang> {
      if (!user.username) throw userNotFound();
      const asked = await hangById(body.hang_id);
      if (!asked) throw badRequest('This chat room does not exist.');
      if (!asked.hang.active) throw new AppError('NOT_ACTIVE', 409, 'This chat room is closed.');
      const { show } = asked;
      if (Object.keys(show.show.streams).length === 0) {
        throw new AppError('VIDEO_UNAVAILABLE', 206, 'The video of this show is not available.');
      }
      const at = now();
      // Chat is open in the main show's window and again in each re-airing's.
      if (!openWindowAt(show.show, at)) {
        throw new AppError('EVENT_NOT_OPEN', 403, 'The concert has not started yet or has already ended.');
      }
      if (!(await mayRead(user, show))) {
        throw new AppError(
          'NO_TICKET',
          202,
          'You need a ticket for this show. Validate your ticket to enter.',
        );
      }

      let hang: HangRow | undefined;
      let sessionId = body.session_id;
      if (sessionId !== NEW_HANG_SESSION) {
        const row = await deps.hangs.session(sessionId);
        if (row && row.user_id !== user.id) {
          throw new AppError('NOT_ALLOWED', 412, 'This chat session belongs to someone else.');
        }
        // The fan's live session of this show keeps its hang, full or not: a reload stays in its room.
        if (row && !row.left_at) {
          const ctx = await hangById(row.hang_id);
          if (ctx && ctx.show.row.id === show.row.id && ctx.hang.active) hang = ctx.hang;
        }
        // A stale or unknown id (an old tab, a reset server) simply starts a new session.
        if (!hang) sessionId = NEW_HANG_SESSION;
      }
      if (!hang) hang = await place(show, asked.hang, at.getTime());
      if (sessionId === NEW_HANG_SESSION) {
        sessionId = randomUUID();
        await deps.hangs.openSession({ id: sessionId, hangId: hang.id, userId: user.id, at });
      }
      await deps.presence.touch(hang.id, sessionId, at.getTime());
      presenceChanged(hang.id, hangChannel(hang.suffix));

      const stored = (await deps.hangs.recentTosses(hang.id, RECENT_TOSSES)).reverse();
      const monikers = await deps.hangs.monikersOf([...new Set(stored.map((t) => t.user_id))]);
      const n = (await deps.presence.counts([hang.id], at.getTime())).get(hang.id) ?? 1;
      // A reload keeps a timeout, ban or chat off in view: the fan's client restores it from here.
      const restriction = await deps.gate.restrictionOf(show.row.id, user.id);
      const policy = await deps.gate.policy(show.row.id);
      const joined = presentHang({
        hang,
        show,
        numberActive: n,
        sessionId,
        serverName: SERVER_NAME,
        at,
        tosses: stored.map((t) => presentToss(t, monikers.get(t.user_id) ?? [])),
        chatEnabled: await chatOpenFor(show.row.id, user.id),
        pollMs: HANG_POLL_MS,
      });
      return { ...joined, chat_restriction: restriction, slow_mode_seconds: policy.slowModeSeconds };
    },

    /** PUT /thor/hangs/leave_hang: ends the fan's session of that hang (again: still 200). */
    async leave(user: UserRow, body: LeaveHangBody): Promise<LeaveHangResponse> {
      const ctx = await hangById(body.hang_id);
      if (!ctx) throw hangNotExists();
      const row = await ownSession(user, body.session_id);
      if (!row || row.hang_id !== ctx.hang.id) throw hangNotExists();
      await deps.hangs.endSession(row.id, now());
      sessionCache.forget(row.id);
      await deps.presence.leave(ctx.hang.id, row.id);
      presenceChanged(ctx.hang.id, hangChannel(ctx.hang.suffix));
      return { hang_id: ctx.hang.id, session_id: row.id, left: true };
    },

    /** GET /thor/hangs/hang_status/: number_active; the fan's poll keeps their place counted. */
    async status(
      user: UserRow,
      q: { hang_id: number; channel_id?: number; session_id?: string },
    ): Promise<HangStatusResponse> {
      const ctx = await hangById(q.hang_id);
      if (!ctx) throw hangNotExists();
      if (q.channel_id !== undefined && q.channel_id !== ctx.show.row.channel_id) throw hangNotExists();
      const at = now();
      if (q.session_id) {
        const row = await ownSession(user, q.session_id);
        if (row && row.hang_id === ctx.hang.id && !row.left_at) {
          await deps.presence.touch(ctx.hang.id, row.id, at.getTime());
        }
      }
      const n = (await deps.presence.counts([ctx.hang.id], at.getTime())).get(ctx.hang.id) ?? 0;
      return {
        hang_id: ctx.hang.id,
        number_active: n,
        chat_enabled: await chatOpenFor(ctx.show.row.id, user.id),
        current_server_time: at.toISOString(),
      };
    },

    /** GET /thor/chats/monikers/ */
    async monikers(): Promise<MonikersResponse> {
      const values = new Set(['verified', ...(await deps.hangs.allMonikers())]);
      return {
        monikers: [...values].map((value) => ({ value, display_name: MONIKER_LABELS[value] ?? value })),
      };
    },

    close(): void {
      for (const t of presenceTimers.values()) clearTimeout(t);
      presenceTimers.clear();
    },
  };
}

export type HangsService = ReturnType<typeof createHangsService>;
