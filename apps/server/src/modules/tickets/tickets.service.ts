import {
  type CachedTicketCheck,
  computeEntitlements,
  isValidEmail,
  isWellFormedTicketCode,
  type ManualTicketCheck,
  normalizeEmail,
  normalizeTicketCode,
  TICKET_TEXT_EN,
  type TicketAttributes,
  type TicketValidateBody,
  type TicketValidateResponse,
  VENDOR_IDS,
} from '@encore/contract';
import type { Transaction } from 'kysely';
import type { BookingCodeRow, Database, UserRow } from '../../db/schema.ts';
import { AppError, unauthorized } from '../../errors.ts';
import { createBatcher } from '../../platform/batcher.ts';
import type { LimiterFactory } from '../../platform/rate-limit.ts';
import { createTtlCache } from '../../platform/ttl-cache.ts';
import type { Session } from '../auth/auth.service.ts';
import { type CatalogEntry, type ShowsService, videoNotFound } from '../shows/shows.service.ts';
import { presentTicketAnswer } from './tickets.presenter.ts';
import type { TicketsRepo } from './tickets.repo.ts';

export type TicketsDeps = {
  tickets: TicketsRepo;
  shows: ShowsService;
  /** The session of an auth token (the token-check shape carries one in its body). */
  authenticate: (key: string) => Promise<Session | null>;
  limiter: LimiterFactory;
  /**
   * How long a node trusts a ticket it has read (0: always ask the database). Only tickets held
   * are kept: a fan who just got one is never refused from memory. A changed ticket (an upgrade)
   * shows at once on the node that changed it, on the others within this time.
   */
  cacheMs: number;
  /**
   * A ticket was taken away (a host's revocation, a refund): tells every node (realtime/revocations.ts),
   * which forget it and end the fan's subscriptions that rested on it.
   */
  onRemoved?: (userId: number, show: { id: number; slug: string }) => Promise<void>;
  now?: () => Date;
  /** Lookup batches in flight at once: 1 on PGlite (one connection), a few on a PostgreSQL pool. */
  dbConcurrency?: number;
};

type HeldTicket = { id: number; attributes: TicketAttributes };

/** A fan's ticket for every show of an arena-sized crowd fits; an entry is a few small objects. */
const TICKET_CACHE_MAX = 200_000;
/** Ticket lookups per query at doors-open. */
const LOOKUP_BATCH_MAX = 256;

/** Failed manual checks allowed before 429 (docs/decisions.md "Guess budgets"). */
export const MANUAL_MISSES = {
  perAddress: { points: 30, durationSec: 3600 },
  perShow: { points: 2000, durationSec: 3600 },
} as const;
type MissKey = { ip: string; showId: number };

const noTicket = () => new AppError('NO_TICKET', 402, TICKET_TEXT_EN.noAccessPass);
/**
 * No pass for this code and this email: one answer whether the code exists or not, so that only
 * someone with the purchase email learns anything about a code (TIX-24 keeps its 412).
 */
const noMatch = () =>
  new AppError('EMAIL_NOT_RECOGNIZED', 412, TICKET_TEXT_EN.emailNotRecognized, { field: 'email' });
const busy = (retryAfter: number) =>
  new AppError('TOO_MANY_REQUESTS', 429, TICKET_TEXT_EN.inProgress, { retryAfter });
/** INVALID_TICKET (the spec's 406) for a code sent through another vendor's form: names its own. */
function otherVendor(entry: CatalogEntry, vendorId: string): AppError {
  const name = entry.show.ticketing.find((v) => v.id === vendorId)?.name ?? vendorId;
  return new AppError('INVALID_TICKET', 406, TICKET_TEXT_EN.otherVendor(name), {
    field: 'token',
    vendor: vendorId,
  });
}
const alreadyRedeemed = () => new AppError('TICKET_ALREADY_REDEEMED', 409, TICKET_TEXT_EN.alreadyRedeemed);

/** True when `next` gives more than `held`: a wider multiview, or 4K on top. */
export function isUpgrade(next: TicketAttributes, held: TicketAttributes): boolean {
  // Compared as if the show had a 4K stream, so that a 4K code still counts before the stream exists.
  const a = computeEntitlements(next, true);
  const b = computeEntitlements(held, true);
  const notLess = a.multiview >= b.multiview && (a.uhd || !b.uhd);
  return notLess && (a.multiview > b.multiview || (a.uhd && !b.uhd));
}

export function createTicketsService(deps: TicketsDeps) {
  const now = deps.now ?? (() => new Date());
  // Per account: guessing codes is slow, and a fan retrying a typo has room (TIX-34).
  const manualLimit = deps.limiter('ticket-manual', { points: 10, durationSec: 5 * 60 });
  // Failed checks (no pass for this code and email) per address, any accounts and shows, and per
  // show, all addresses together: new accounts on one address or many addresses on one show get no
  // fresh budget (docs/decisions.md "Guess budgets").
  const missLimits = [
    { limit: deps.limiter('ticket-miss-ip', MANUAL_MISSES.perAddress), key: (c: MissKey) => c.ip },
    {
      limit: deps.limiter('ticket-miss-show', MANUAL_MISSES.perShow),
      key: (c: MissKey) => String(c.showId),
    },
  ];
  const cache = createTtlCache<string, HeldTicket>({
    name: 'tickets',
    ttlMs: deps.cacheMs,
    max: TICKET_CACHE_MAX,
    now: () => now().getTime(),
  });
  const cacheKey = (userId: number, showId: number) => `${userId}:${showId}`;
  // A doors-open crowd's first checks: one query per batch of fans instead of one per fan.
  const ticketLookups = createBatcher({
    name: 'ticket-lookups',
    maxBatch: LOOKUP_BATCH_MAX,
    concurrency: deps.dbConcurrency ?? 1,
    run: (pairs: readonly { userId: number; showId: number }[]) => deps.tickets.findTickets(pairs),
  });

  /** The doors-open hot path: memory, else one probe of the (user_id, show_id) unique index. */
  async function heldTicket(userId: number, showId: number): Promise<HeldTicket | undefined> {
    const key = cacheKey(userId, showId);
    const hit = cache.get(key);
    if (hit) return hit;
    const startedAt = cache.epoch();
    const row = await ticketLookups.submit({ userId, showId });
    if (!row) return undefined;
    const held = { id: row.id, attributes: row.attributes };
    cache.set(key, held, startedAt);
    return held;
  }

  async function showByPaidEvent(name: string): Promise<CatalogEntry> {
    const entry = await deps.shows.byPaidEventName(name);
    if (!entry) throw videoNotFound();
    return entry;
  }

  /**
   * Binds a show code to the fan in one transaction. A fan who already holds a ticket keeps it, and the
   * code stays free for someone else, unless the code gives more (an upgrade).
   */
  async function redeem(user: UserRow, entry: CatalogEntry, code: BookingCodeRow): Promise<TicketAttributes> {
    const held = await deps.tickets.findTicket(user.id, entry.row.id);
    if (held && !isUpgrade(code.attributes, held.attributes)) return held.attributes;
    // Forgotten before and after: no read under way meanwhile stores the ticket as it was.
    cache.forget(cacheKey(user.id, entry.row.id));
    const attributes = await deps.tickets.transaction(async (tx) => {
      if (!(await deps.tickets.redeemCode(code.id, user.id, now(), tx))) {
        // Lost a race: the same fan's double submit is fine, another account's win is a 409.
        if ((await deps.tickets.codeHolder(code.id, tx)) !== user.id) throw alreadyRedeemed();
        const ticket = await deps.tickets.findTicket(user.id, entry.row.id, tx);
        return ticket?.attributes ?? code.attributes;
      }
      await deps.tickets.upsertTicket(
        {
          userId: user.id,
          showId: entry.row.id,
          source: 'code',
          bookingCodeId: code.id,
          attributes: code.attributes,
        },
        tx,
      );
      return code.attributes;
    });
    cache.forget(cacheKey(user.id, entry.row.id));
    return attributes;
  }

  /** Does the fan hold a ticket for the paid event? One indexed read for a ticket holder. */
  async function cachedCheck(
    user: UserRow,
    body: Pick<CachedTicketCheck, 'paid_event' | 'vendor'>,
  ): Promise<TicketValidateResponse> {
    const entry = await showByPaidEvent(body.paid_event);
    const ticket = await heldTicket(user.id, entry.row.id);
    if (ticket) return presentTicketAnswer(entry, ticket.attributes);
    if (body.vendor === VENDOR_IDS.partner) {
      throw new AppError('WEVERSE_TICKET_NOT_FOUND', 404, TICKET_TEXT_EN.weverseNotFound);
    }
    throw noTicket();
  }

  async function manualCheck(
    user: UserRow,
    body: ManualTicketCheck,
    ip: string,
  ): Promise<TicketValidateResponse> {
    try {
      await manualLimit.consume(String(user.id));
    } catch (err) {
      if (err instanceof AppError && err.status === 429) throw busy(Number(err.extra.retryAfter));
      throw err;
    }
    const codeText = normalizeTicketCode(body.token);
    if (!isWellFormedTicketCode(codeText)) {
      throw new AppError('INVALID_TICKET', 406, TICKET_TEXT_EN.invalidTicket, { field: 'token' });
    }
    const email = normalizeEmail(body.email);
    if (!isValidEmail(email)) {
      throw new AppError('INVALID_EMAIL', 400, TICKET_TEXT_EN.invalidEmail, { field: 'email' });
    }
    const entry = await deps.shows.byChannelId(body.channel_id);
    if (!entry) throw videoNotFound();
    const miss: MissKey = { ip, showId: entry.row.id };
    const waits = await Promise.all(missLimits.map((m) => m.limit.blockedFor(m.key(miss))));
    if (Math.max(...waits) > 0) throw busy(Math.max(...waits));
    const code = await deps.tickets.findCode(entry.row.id, codeText);
    // The address is checked before anything else about the code is told.
    if (!code || code.email !== email) {
      await Promise.all(missLimits.map((m) => m.limit.count(m.key(miss))));
      throw noMatch();
    }
    if (code.kind === 'merch') throw new AppError('MERCH_TICKET', 415, TICKET_TEXT_EN.merchCode);
    // A code proves itself only in the form of the vendor that issued it (issue 25): told only now,
    // after the email proved the fan owns the code, so that a code alone reveals nothing.
    if (code.vendor !== body.vendor) throw otherVendor(entry, code.vendor);
    if (code.redeemed_by === user.id) {
      const ticket = await deps.tickets.findTicket(user.id, entry.row.id);
      return presentTicketAnswer(entry, ticket?.attributes ?? code.attributes);
    }
    if (code.redeemed_by !== null) throw alreadyRedeemed();
    if (body.redeemed_only) throw noTicket();
    return presentTicketAnswer(entry, await redeem(user, entry, code));
  }

  return {
    /** The fan's ticket for a show, if any (the gate into the show asks). */
    ticketFor: heldTicket,

    /** A paid order's ticket (modules/commerce) goes to the same store the booking codes fill. */
    async grantPurchased(
      userId: number,
      showId: number,
      attributes: TicketAttributes,
      /** The order's own transaction: the ticket and the fulfilled order commit together. */
      tx?: Transaction<Database>,
    ): Promise<void> {
      cache.forget(cacheKey(userId, showId));
      await deps.tickets.upsertTicket(
        {
          userId,
          showId,
          source: 'purchase',
          bookingCodeId: null,
          attributes,
        },
        tx,
      );
      cache.forget(cacheKey(userId, showId));
    },

    /** The fan's ticket changed outside this service (another node removed it). */
    forgetHeld(userId: number, showId: number): void {
      cache.forget(cacheKey(userId, showId));
    },

    /** The fan's ticket was removed outside this service (a revocation, a refund): every node hears. */
    async removed(userId: number, show: { id: number; slug: string }): Promise<void> {
      cache.forget(cacheKey(userId, show.id));
      await deps.onRemoved?.(userId, show);
    },

    /** POST /thor/ticket/validate/ in its three shapes (TIX-27..29). */
    async validate(
      body: TicketValidateBody,
      session: Session | null,
      ip: string,
    ): Promise<TicketValidateResponse> {
      if ('token' in body) {
        if (!session) throw unauthorized();
        return manualCheck(session.user, body, ip);
      }
      if ('auth_token' in body) {
        const owner = await deps.authenticate(body.auth_token);
        if (!owner) throw unauthorized();
        return cachedCheck(owner.user, { paid_event: body.paid_event });
      }
      if (!session) throw unauthorized();
      return cachedCheck(session.user, body);
    },
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
