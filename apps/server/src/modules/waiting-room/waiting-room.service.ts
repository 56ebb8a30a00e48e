import { createHmac } from 'node:crypto';
import {
  type QueueStatus,
  showWindows,
  type WaitingRoomSettings,
  type WaitingRoomState,
} from '@encore/contract';
import { AppError } from '../../errors.ts';
import type { Session } from '../auth/auth.service.ts';
import type { CatalogEntry } from '../shows/shows.service.ts';
import { markAt, placeOf, type RoomCounters, totalOf } from './admission.ts';
import type { QueuePlace, QueueTokens } from './queue-token.ts';
import type { RoomStore } from './room-store.ts';
import { nextFactor, type Signals, saturatedBy } from './saturation.ts';
import type { WaitingRoomRepo } from './waiting-room.repo.ts';

/** The largest wait an answer states (the contract's integer range; about 68 years). */
const WAIT_CAP_S = 2_147_483_647;

/** How long a node reuses a line's counters for polls (the whole cost of a poll is then CPU). */
const COUNTERS_CACHE_MS = 250;
/** How long a node trusts a show's settings: a host's change reaches every node within this. */
const SETTINGS_CACHE_MS = 2000;
/** A line not used for this long is no longer retimed by this node's tick. */
const ROOM_IDLE_MS = 10 * 60_000;
export const TICK_MS = 1000;

export const invalidPlace = () =>
  new AppError('QUEUE_TOKEN_INVALID', 403, 'This place in line is not valid for your account and this show.');

export type WaitingRoomDeps = {
  repo: WaitingRoomRepo;
  store: RoomStore;
  tokens: QueueTokens;
  /** Seeds each show's random draw (derived from the node's shared secret: every node draws alike). */
  drawSecret: Buffer;
  shows: { bySlug(slug: string): Promise<CatalogEntry | undefined> };
  defaults: WaitingRoomSettings;
  signals: Signals | null;
  /** Fans inside a show now (its live device sessions, as the control room samples them). */
  activeOf: (slug: string) => Promise<number>;
  nodeId: string;
  log: { error(obj: object, msg: string): void };
  now?: () => number;
};

type Room = { showId: number; slug: string; doors: number; usedAt: number };
type Cached<T> = { value: T; at: number };

export function createWaitingRoomService(deps: WaitingRoomDeps) {
  const now = deps.now ?? (() => Date.now());
  const settingsCache = new Map<number, Cached<Promise<WaitingRoomSettings>>>();
  const countersCache = new Map<string, Cached<Promise<RoomCounters>>>();
  const rooms = new Map<string, Room>();
  const full = new Map<number, boolean>();
  const activeNow = new Map<number, number>();
  let factor = 1;
  let clusterFactor = 1;
  let lastSaturatedBy: string[] = [];

  const keyOf = (showId: number, doors: number) => `${showId}:${doors}`;
  // Per show, once: a poll would otherwise spend an HMAC on a key that never changes.
  const drawKeys = new Map<number, Buffer>();
  const drawKey = (showId: number) => {
    let key = drawKeys.get(showId);
    if (!key) {
      key = createHmac('sha256', deps.drawSecret).update(`draw:${showId}`).digest();
      drawKeys.set(showId, key);
    }
    return key;
  };

  function settingsOf(showId: number): Promise<WaitingRoomSettings> {
    const hit = settingsCache.get(showId);
    if (hit && now() - hit.at < SETTINGS_CACHE_MS) return hit.value;
    const value = deps.repo.settings(showId).then((s) => s ?? deps.defaults);
    value.catch(() => settingsCache.delete(showId));
    settingsCache.set(showId, { value, at: now() });
    return value;
  }

  const effective = (showId: number, s: WaitingRoomSettings) => ({
    rate: s.rate_per_second * clusterFactor,
    paused: s.paused || (full.get(showId) ?? false),
  });

  /** The window a fan queues for at `at`: the open one, or the next within its pre-queue time. */
  function windowOf(entry: CatalogEntry, s: WaitingRoomSettings, at: number): number | null {
    for (const w of showWindows(entry.show)) {
      if (at >= w.doors && at < w.end) return w.doors;
      if (at < w.doors && at >= w.doors - s.prequeue_minutes * 60_000) return w.doors;
    }
    return null;
  }

  function countersOf(showId: number, doors: number, s: WaitingRoomSettings): Promise<RoomCounters> {
    const key = keyOf(showId, doors);
    const hit = countersCache.get(key);
    if (hit && now() - hit.at < COUNTERS_CACHE_MS) return hit.value;
    const value = deps.store.read(key, doors, now(), effective(showId, s));
    value.catch(() => countersCache.delete(key));
    countersCache.set(key, { value, at: now() });
    return value;
  }

  function use(entry: CatalogEntry, doors: number): void {
    const showId = entry.row.id;
    rooms.set(keyOf(showId, doors), { showId, slug: entry.row.slug, doors, usedAt: now() });
  }

  function statusOf(token: string, p: QueuePlace, c: RoomCounters, s: WaitingRoomSettings): QueueStatus {
    const at = now();
    const mark = markAt(c, at, p.w);
    const place = placeOf(p, c, s.policy, drawKey(p.s));
    const ahead = place === null ? null : Math.max(0, place - mark);
    const moving = !c.paused && c.rate > 0;
    const untilDoors = Math.max(0, p.w - at) / 1000;
    // Capped at the contract's integer range: a rate lowered to a trickle must not overflow the answer.
    const wait =
      ahead === null || !moving ? null : Math.min(WAIT_CAP_S, Math.ceil(untilDoors + ahead / c.rate));
    // Fans wake near their turn, not on a fixed beat: a herd of waiting fans then costs a few polls
    // each. A random spread keeps them from all coming back in the same second.
    const jitter = 0.8 + Math.random() * 0.4;
    const pollAfter = wait === null ? 5000 : Math.min(30_000, Math.max(500, wait * 800 * jitter));
    return {
      token,
      place: ahead,
      admitted: ahead === 0 && at >= p.w,
      admitted_through: mark,
      queue_length: Math.max(0, totalOf(c) - mark),
      estimated_wait_s: wait,
      admission_rate: c.paused ? 0 : Math.round(c.rate * 100) / 100,
      paused: c.paused,
      policy: s.policy,
      doors_open_at: new Date(p.w).toISOString(),
      poll_after_ms: Math.round(pollAfter),
    };
  }

  async function tick(): Promise<void> {
    const signals = deps.signals?.read();
    lastSaturatedBy = signals ? saturatedBy(signals) : [];
    factor = nextFactor(factor, lastSaturatedBy.length > 0);
    const at = now();
    clusterFactor = await deps.store.shareFactor(deps.nodeId, factor, at);
    for (const [key, room] of rooms) {
      if (at - room.usedAt > ROOM_IDLE_MS) {
        rooms.delete(key);
        countersCache.delete(key);
        continue;
      }
      const s = await settingsOf(room.showId);
      const active = await deps.activeOf(room.slug);
      activeNow.set(room.showId, active);
      full.set(room.showId, active >= s.max_active);
      // The time of the change itself: `at` is from before this tick's awaits (the count of fans
      // inside is a query), and a change dated back would undercut polls answered meanwhile.
      const changedAt = now();
      const c = deps.store.retime(key, room.doors, changedAt, effective(room.showId, s));
      countersCache.set(key, { value: c, at: changedAt });
      await c;
    }
    await deps.store.persist?.();
  }

  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<void> = Promise.resolve();

  return {
    /**
     * Before the expensive steps of entry: answers when the fan may go on (inside already, admitted,
     * or no queue for this show now); otherwise throws 429 IN_QUEUE with the fan's place.
     */
    async gate(session: Session, slug: string, queueToken: string | undefined): Promise<void> {
      const entry = await deps.shows.bySlug(slug);
      // No such show: entry answers VIDEO_NOT_FOUND.
      if (!entry) return;
      const showId = entry.row.id;
      const userId = session.user.id;
      const s = await settingsOf(showId);
      const at = now();
      const doors = windowOf(entry, s, at);
      if (doors === null) return;
      use(entry, doors);
      const key = keyOf(showId, doors);
      let p: QueuePlace | null = null;
      let token = queueToken ?? '';
      if (queueToken) {
        p = deps.tokens.verify(queueToken);
        if (!p || p.u !== userId || p.s !== showId) throw invalidPlace();
        // A place from an earlier window (a re-airing's doors) counts for nothing now.
        if (p.w !== doors) p = null;
      }
      if (p === null && (await deps.store.isInside(key, userId))) return;
      let counters: RoomCounters;
      if (p === null) {
        const joined = await deps.store.join(key, doors, at, effective(showId, s));
        p = { s: showId, w: doors, ...joined.place, a: at, r: '', u: userId };
        token = deps.tokens.sign({ ...p, r: undefined });
        p = deps.tokens.verify(token) as QueuePlace;
        counters = joined.counters;
      } else counters = await countersOf(showId, doors, s);
      const status = statusOf(token, p, counters, s);
      if (status.admitted) {
        await deps.store.markInside(key, userId);
        return;
      }
      throw new AppError(
        'IN_QUEUE',
        429,
        'The show is letting fans in at its pace: you have a place in line.',
        {
          queue: status,
        },
      );
    },

    /** GET /thor/shows/{slug}/queue/: the place's standing, from the token and the cached counters. */
    async poll(slug: string, token: string): Promise<QueueStatus> {
      const entry = await deps.shows.bySlug(slug);
      const p = deps.tokens.verify(token);
      if (!entry || !p || p.s !== entry.row.id) throw invalidPlace();
      const s = await settingsOf(p.s);
      use(entry, p.w);
      return statusOf(token, p, await countersOf(p.s, p.w, s), s);
    },

    recordEntry(ms: number): void {
      deps.signals?.recordEntry(ms);
    },

    /** The control room's view of a show's room: settings and the current (or next) window. */
    async state(entry: CatalogEntry): Promise<WaitingRoomState> {
      const showId = entry.row.id;
      const s = await settingsOf(showId);
      const at = now();
      const doors = windowOf(entry, s, at);
      const c =
        doors === null ? null : await deps.store.read(keyOf(showId, doors), doors, at, effective(showId, s));
      const mark = c && doors !== null ? markAt(c, at, doors) : 0;
      const queue = c ? Math.max(0, totalOf(c) - mark) : 0;
      const rate = c && !c.paused ? c.rate : 0;
      return {
        ...s,
        queue_length: queue,
        joined: c ? totalOf(c) : 0,
        admitted_through: mark,
        effective_rate: Math.round(rate * 100) / 100,
        auto_factor: Math.round(clusterFactor * 1000) / 1000,
        estimated_wait_s: rate > 0 ? Math.min(WAIT_CAP_S, Math.ceil(queue / rate)) : queue === 0 ? 0 : null,
        active: activeNow.get(showId) ?? (await deps.activeOf(entry.row.slug)),
        saturated_by: lastSaturatedBy,
      };
    },

    async save(entry: CatalogEntry, s: WaitingRoomSettings): Promise<WaitingRoomState> {
      await deps.repo.save(entry.row.id, s);
      settingsCache.delete(entry.row.id);
      const doors = windowOf(entry, s, now());
      if (doors !== null) {
        use(entry, doors);
        await deps.store.retime(keyOf(entry.row.id, doors), doors, now(), effective(entry.row.id, s));
        countersCache.delete(keyOf(entry.row.id, doors));
      }
      return this.state(entry);
    },

    /** What /metrics shows, from the last tick's knowledge (no I/O at scrape time). */
    async snapshot(): Promise<{
      factor: number;
      rooms: { showId: number; queue: number; rate: number; waitS: number | null }[];
    }> {
      const out = [];
      const at = now();
      for (const [key, room] of rooms) {
        const c = await countersCache.get(key)?.value.catch(() => null);
        if (!c) continue;
        const queue = Math.max(0, totalOf(c) - markAt(c, at, room.doors));
        const rate = c.paused ? 0 : c.rate;
        out.push({ showId: room.showId, queue, rate, waitS: rate > 0 ? queue / rate : null });
      }
      return { factor: clusterFactor, rooms: out };
    },

    start(): void {
      if (timer) return;
      timer = setInterval(() => {
        ticking = ticking
          .then(tick)
          .catch((err: unknown) => deps.log.error({ err }, 'waiting room tick failed'));
      }, TICK_MS);
      timer.unref();
    },

    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await ticking;
      deps.signals?.close();
    },

    /** One tick now (tests). */
    tick: () => tick(),
  };
}

export type WaitingRoomService = ReturnType<typeof createWaitingRoomService>;
