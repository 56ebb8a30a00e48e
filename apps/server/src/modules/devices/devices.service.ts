import { randomUUID } from 'node:crypto';
import {
  type ChannelEvent,
  type EnterEventResponse,
  LIMITS,
  openWindowAt,
  userChannel,
} from '@encore/contract';
import { AppError } from '../../errors.ts';
import { createBatcher } from '../../platform/batcher.ts';
import type { Bus, BusLogger } from '../../realtime/bus.ts';
import type { Session } from '../auth/auth.service.ts';
import { type ShowsService, videoNotFound } from '../shows/shows.service.ts';
import type { TicketsService } from '../tickets/tickets.service.ts';
import { presentEntry } from './devices.presenter.ts';
import type { DevicesRepo, EntryOutcome, NewSession } from './devices.repo.ts';

/** A device session not seen this long (no live socket, no heartbeat) has expired (DEV-05). */
export const SESSION_IDLE_MS = 10 * 60_000;
/**
 * A device whose heartbeat (its socket's touches) stopped this long holds no slot (issue 26: a
 * crashed phone held one for 10 minutes, and chat stayed off on the fan's other device). It stays
 * open: back within SESSION_IDLE_MS and not displaced meanwhile, it goes on (DEVICE_LIVE_MS).
 */
export const DEVICE_LIVE_MS = 60_000;
/** After a socket closed, its slot is looked at again this long after the heartbeat window. */
const GONE_MARGIN_MS = 1000;

/** Entries per transaction: large enough for a doors-open burst, small enough to keep locks short. */
const ENTRY_BATCH_MAX = 256;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notOpen = () =>
  new AppError('EVENT_NOT_OPEN', 403, 'The concert has not started yet or has already ended.');
const noTicket = () =>
  new AppError('NO_TICKET', 202, 'You need a ticket for this show. Validate your ticket to enter.');
const sessionNotFound = () => new AppError('SESSION_NOT_FOUND', 404, 'This device session does not exist.');

export type DevicesDeps = {
  devices: DevicesRepo;
  shows: ShowsService;
  tickets: Pick<TicketsService, 'ticketFor'>;
  bus: Bus;
  log: BusLogger;
  now?: () => Date;
  /** The heartbeat window (DEVICE_LIVE_MS by default): an unseen device frees its slot after it. */
  liveMs?: number;
  /**
   * Entry batches in flight at once; 1 by default on either database. On PostgreSQL four batches of
   * a dozen cost 102 µs of database CPU per entry, one batch of fifty 40 µs (docs/benchmarks.md,
   * "Entry's database share"): the write's cost is per batch and per lock taken, so fewer, larger
   * batches win, and one takes about 2 ms.
   */
  entryConcurrency?: number;
};

/**
 * The gate into a show and the devices behind it (DEV-01..05): a ticket admits at most
 * LIMITS.devicesPerTicket live device sessions; a newer one ends the oldest, and the fan's devices
 * hear it on their user channel, published after the commit.
 */
export function createDevicesService(deps: DevicesDeps) {
  const now = deps.now ?? (() => new Date());
  const liveMs = deps.liveMs ?? DEVICE_LIVE_MS;
  const seenSince = (at: Date) => new Date(at.getTime() - SESSION_IDLE_MS);
  /** Seen since then: the device holds a slot. Entries count and displace only these. */
  const liveSince = (at: Date) => new Date(at.getTime() - liveMs);
  const goneTimers = new Set<ReturnType<typeof setTimeout>>();

  /** A socket of this session closed without a goodbye: once its heartbeat window passed, recount. */
  async function recountIfGone(sessionId: string): Promise<void> {
    const row = await deps.devices.find(sessionId);
    if (!row || row.ended_at) return;
    const at = now();
    if (row.last_seen_at > liveSince(at)) return;
    await publishCounts([row.ticket_id], at);
  }

  async function publish(userId: number, events: ChannelEvent[]): Promise<void> {
    for (const event of events) {
      try {
        await deps.bus.publish(userChannel(userId), event);
      } catch (err) {
        // The change is committed; a lost notice is corrected by the next count or by a reload.
        deps.log.error({ err, userId, kind: event.kind }, 'device event not published');
      }
    }
  }

  async function publishCounts(ticketIds: readonly number[], at: Date): Promise<void> {
    for (const t of await deps.devices.liveCounts(ticketIds, liveSince(at))) {
      await publish(t.userId, [{ kind: 'devices', paid_event_name: t.paidEventName, count: t.count }]);
    }
  }

  // Doors-open: thousands of entries a second, one transaction per batch (DESIGN.md section 8).
  const entries = createBatcher<NewSession, EntryOutcome>({
    name: 'device-entries',
    maxBatch: ENTRY_BATCH_MAX,
    concurrency: deps.entryConcurrency ?? 1,
    run: (batch) => {
      const at = now();
      // A device unseen for the heartbeat window neither counts nor is displaced: its session ends
      // ('expired') as another of the ticket's devices enters, so it cannot come back as a third.
      return deps.devices.enterMany(batch, { limit: LIMITS.devicesPerTicket, seenSince: liveSince(at), at });
    },
  });

  async function showBySlug(slug: string) {
    const entry = await deps.shows.bySlug(slug);
    if (!entry) throw videoNotFound();
    return entry;
  }

  return {
    /** POST /thor/shows/{slug}/enter/ */
    async enter(session: Session, slug: string): Promise<EnterEventResponse> {
      const entry = await showBySlug(slug);
      const at = now();
      // Inside the main show's window or a re-airing's (decisions.md, "Re-airing windows").
      if (!openWindowAt(entry.show, at)) throw notOpen();
      const user = session.user;
      const ticket = await deps.tickets.ticketFor(user.id, entry.row.id);
      if (!ticket) throw noTicket();

      const sessionId = randomUUID();
      const outcome = await entries.submit({
        id: sessionId,
        userId: user.id,
        showId: entry.row.id,
        ticketId: ticket.id,
        authTokenId: session.tokenId,
        at,
      });
      if (outcome.kind === 'no-ticket') throw noTicket();
      const { replaced, count: devices } = outcome;

      await publish(user.id, [
        ...replaced.map(
          (id): ChannelEvent => ({ kind: 'device_logout', session_id: id, reason: 'too_many_devices' }),
        ),
        { kind: 'devices', paid_event_name: entry.row.paid_event_name, count: devices },
      ]);
      return presentEntry({ entry, attributes: ticket.attributes, sessionId, devices, now: at });
    },

    /** DELETE /thor/shows/{slug}/enter/{session_id}/: idempotent for one's own session. */
    async leave(session: Session, slug: string, sessionId: string): Promise<void> {
      const entry = await showBySlug(slug);
      if (!UUID_RE.test(sessionId)) throw sessionNotFound();
      const row = await deps.devices.find(sessionId);
      if (!row || row.user_id !== session.user.id || row.show_id !== entry.row.id) throw sessionNotFound();
      if (row.ended_at) return;
      const at = now();
      const ended = await deps.devices.end([sessionId], 'left', at);
      if (ended.length > 0) await publishCounts([row.ticket_id], at);
    },

    /** The realtime gateway's question: is this the user's live session? A live one is seen now. */
    async check(userId: number, sessionId: string): Promise<boolean> {
      if (!UUID_RE.test(sessionId)) return false;
      const row = await deps.devices.find(sessionId);
      if (!row || row.user_id !== userId || row.ended_at) return false;
      const at = now();
      if (row.last_seen_at <= seenSince(at)) {
        await deps.devices.end([sessionId], 'expired', at);
        return false;
      }
      await deps.devices.touch([sessionId], at);
      return true;
    },

    async touch(sessionIds: readonly string[]): Promise<void> {
      await deps.devices.touch(
        sessionIds.filter((id) => UUID_RE.test(id)),
        now(),
      );
    },

    /**
     * The realtime gateway lost a socket of this session (closed, or dropped by the ping sweep): a
     * crash says no goodbye, so the fan's other devices hear the freed slot when its heartbeat window
     * has passed, unless the session was seen again meanwhile (a reload, a reconnect).
     */
    gone(sessionId: string): void {
      if (!UUID_RE.test(sessionId)) return;
      const timer = setTimeout(() => {
        goneTimers.delete(timer);
        recountIfGone(sessionId).catch((err: unknown) =>
          deps.log.error({ err, sessionId }, 'device recount failed'),
        );
      }, liveMs + GONE_MARGIN_MS);
      timer.unref();
      goneTimers.add(timer);
    },

    /** The pending recounts go with the app. */
    stop(): void {
      for (const timer of goneTimers) clearTimeout(timer);
      goneTimers.clear();
    },

    /** A logout frees the places its login held; tokenId null (password reset) frees them all. */
    async endForLogout(userId: number, tokenId: number | null): Promise<void> {
      const at = now();
      const tickets = await deps.devices.endForLogout(userId, tokenId, at);
      await publishCounts(tickets, at);
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
