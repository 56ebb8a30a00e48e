import {
  type RevokeResult,
  type TicketAttributes,
  type TicketCodeEntry,
  type TicketCodePage,
  TicketCodeQuery,
  userChannel,
} from '@encore/contract';
import { AppError } from '../../errors.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { ShowsRepo } from '../shows/shows.repo.ts';
import type { CodeFilter, HostCodesRepo } from './host-codes.repo.ts';
import type { TicketsService } from './tickets.service.ts';

const showNotFound = () => new AppError('VIDEO_NOT_FOUND', 404, 'This show could not be found.');

type CodeRow = Awaited<ReturnType<HostCodesRepo['page']>>['rows'][number];

function present(r: CodeRow): TicketCodeEntry {
  return {
    code: r.code,
    email: r.email,
    vendor: r.vendor,
    attributes: r.attributes as TicketAttributes,
    redeemed_by: r.redeemed_by === null ? null : (r.username ?? `#${r.redeemed_by}`),
    redeemed_at: r.redeemed_at?.toISOString() ?? null,
    revoked_at: r.revoked_at?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
  };
}

/** A CSV field: quoted when it holds a separator, a quote or a line break; formula starts defused. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const CODES_CSV_HEADER = 'code,email,vendor,type,mview,4K,redeemed_by,redeemed_at,revoked_at';

/**
 * The control room's ticket codes (issue 13): search and page, export, and revocation. A revoked
 * code cannot be redeemed; its ticket (or a fan's ticket) goes, with its device sessions, and the
 * fan's channel hears of it so that every node's key check forgets the sessions at once: the DRM
 * tokens stop opening keys right away, within their lifetime.
 */
export function createHostCodesService(deps: {
  repo: HostCodesRepo;
  shows: Pick<ShowsRepo, 'findBySlug'>;
  tickets: Pick<TicketsService, 'removed'>;
  bus: Bus;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  async function showOf(slug: string) {
    const show = await deps.shows.findBySlug(slug);
    if (!show) throw showNotFound();
    return show;
  }

  async function afterRevoke(
    show: { id: number; slug: string; paid_event_name: string },
    userId: number | null,
  ) {
    if (userId === null) return;
    // Every node forgets the ticket and ends the fan's chat and show subscriptions (issue 29).
    await deps.tickets.removed(userId, show);
    // Device liveness drops the user's cached answers on a `devices` event (video/device-liveness.ts).
    await deps.bus.publish(userChannel(userId), {
      kind: 'devices',
      paid_event_name: show.paid_event_name,
      count: 0,
    });
  }

  return {
    async page(slug: string, raw: unknown): Promise<TicketCodePage> {
      const query = TicketCodeQuery.parse(raw);
      const show = await showOf(slug);
      const filter: CodeFilter = { showId: show.id, q: query.q, vendor: query.vendor, state: query.state };
      const [{ rows, total }, vendors] = await Promise.all([
        deps.repo.page(filter, query.per_page, (query.page - 1) * query.per_page),
        deps.repo.vendors(show.id),
      ]);
      return { results: rows.map(present), total, page: query.page, per_page: query.per_page, vendors };
    },

    async *csv(slug: string, raw: unknown): AsyncGenerator<string> {
      const query = TicketCodeQuery.parse(raw);
      const show = await showOf(slug);
      yield `${CODES_CSV_HEADER}\r\n`;
      for await (const rows of deps.repo.all({
        showId: show.id,
        q: query.q,
        vendor: query.vendor,
        state: query.state,
      })) {
        yield rows
          .map((r) => {
            const e = present(r);
            const a = e.attributes;
            return [
              e.code,
              e.email,
              e.vendor,
              a.type ?? '',
              a.mview === undefined ? '' : String(a.mview),
              a['4K'] ? 'true' : '',
              e.redeemed_by ?? '',
              e.redeemed_at ?? '',
              e.revoked_at ?? '',
            ]
              .map(csvField)
              .join(',');
          })
          .map((line) => `${line}\r\n`)
          .join('');
      }
    },

    async revokeCode(slug: string, rawCode: string): Promise<RevokeResult> {
      const show = await showOf(slug);
      const code = await deps.repo.findCode(show.id, rawCode.trim().toUpperCase());
      if (!code) throw new AppError('CODE_NOT_FOUND', 404, 'This show has no such code.');
      const done = await deps.repo.revoke(
        { showId: show.id, codeId: code.id, userId: code.redeemed_by },
        now(),
      );
      await afterRevoke(show, code.redeemed_by);
      return {
        code: code.code,
        revoked_at: done.revokedAt.toISOString(),
        ticket_removed: done.ticketRemoved,
        sessions_ended: done.sessionsEnded,
      };
    },

    async revokeTicket(slug: string, username: string): Promise<RevokeResult> {
      const show = await showOf(slug);
      const user = await deps.repo.userByUsername(username);
      if (!user) throw new AppError('USER_NOT_FOUND', 404, `No fan is called ${username}.`);
      const done = await deps.repo.revoke({ showId: show.id, codeId: null, userId: user.id }, now());
      if (!done.ticketRemoved)
        throw new AppError('NO_TICKET', 404, `${username} holds no ticket to this show.`);
      await afterRevoke(show, user.id);
      return {
        code: null,
        revoked_at: done.revokedAt.toISOString(),
        ticket_removed: true,
        sessions_ended: done.sessionsEnded,
      };
    },
  };
}

export type HostCodesService = ReturnType<typeof createHostCodesService>;
