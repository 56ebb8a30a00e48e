import { createHash } from 'node:crypto';
import {
  type Channel,
  type DuplicateShowBody,
  doorsOpenAt,
  type HostShowList,
  type Show,
  showSongProblems,
  showStatus,
  showStreamProblems,
  showTimeProblems,
} from '@encore/contract';
import { AppError } from '../../errors.ts';
import { isUniqueViolation } from '../users/users.repo.ts';
import { presentChannel, presentShow } from './shows.presenter.ts';
import type { ShowsRepo } from './shows.repo.ts';

const notFound = () => new AppError('VIDEO_NOT_FOUND', 404, 'This show could not be found.');

/** The first rule a show breaks beyond its schema, as the 400 naming its field. */
function checkRules(show: Show): void {
  const problem = [
    ...showTimeProblems(show.event),
    ...showStreamProblems(show),
    ...showSongProblems(show),
  ][0];
  if (problem) throw new AppError('BAD_REQUEST', 400, problem.message, { field: problem.field });
}

/** An item id of a copy: ids are global in the catalogue, so each copy's items get their own. */
function copiedItemId(itemId: string, slug: string): string {
  const tag = createHash('sha256').update(`${slug}:${itemId}`).digest('hex').slice(0, 8);
  return `${itemId.slice(0, 55)}-${tag}`;
}

/**
 * The host's shows (control room, issue 13): the list with each show's state and codes, one show to
 * edit, create-or-replace with the rules of both ends, and duplicates with new ids.
 */
export function createHostShowsService(deps: { shows: ShowsRepo; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  async function save(show: Show): Promise<Channel> {
    checkRules(show);
    try {
      await deps.shows.upsertBySlug(show);
    } catch (err) {
      // Another show already uses this paid_event_name, paid_event_id or channel_id.
      if ((err as { code?: string }).code === '23505' || isUniqueViolation(err, 'shows')) {
        throw new AppError('SHOW_CONFLICT', 409, 'Another show uses this paid event or channel.');
      }
      throw err;
    }
    return presentChannel(show, now());
  }

  return {
    async list(): Promise<HostShowList> {
      const at = now();
      const rows = await deps.shows.listWithCodeCounts();
      return {
        results: rows.map(({ row, total, redeemed }) => {
          const show = presentShow(row);
          return {
            slug: show.slug,
            event_name: show.event_name,
            artist_name: show.artist_name,
            paid_event_name: show.paid_event_name,
            channel_id: show.channel_id,
            status: showStatus(show, at),
            event_start_time: show.event.event_start_time,
            doors_open_at: doorsOpenAt(show).toISOString(),
            event_end_time: show.event.event_end_time,
            codes: { total, redeemed },
          };
        }),
      };
    },

    async get(slug: string): Promise<Channel> {
      const row = await deps.shows.findBySlug(slug);
      if (!row) throw notFound();
      return presentChannel(presentShow(row), now());
    },

    /** PUT /thor/host/shows/{slug}: create, edit or reschedule. */
    async put(slug: string, show: Show): Promise<Channel> {
      if (show.slug !== slug) {
        throw new AppError('BAD_REQUEST', 400, 'The slug in the body must match the path.', {
          field: 'slug',
        });
      }
      return save(show);
    },

    /** POST /thor/host/shows/{slug}/duplicate: the same show under a new slug and new ids. */
    async duplicate(slug: string, body: DuplicateShowBody): Promise<Channel> {
      const row = await deps.shows.findBySlug(slug);
      if (!row) throw notFound();
      if (await deps.shows.findBySlug(body.slug)) {
        throw new AppError('SHOW_CONFLICT', 409, 'Another show already uses this slug.', { field: 'slug' });
      }
      const source = presentShow(row);
      const next = await deps.shows.nextIds();
      const copy: Show = {
        ...source,
        slug: body.slug,
        event_name: body.event_name ?? source.event_name,
        paid_event_name: body.slug.toUpperCase().replaceAll('-', '_').slice(0, 100),
        paid_event_id: next.paidEventId,
        channel_id: next.channelId,
        ...(source.ticket_items
          ? {
              ticket_items: source.ticket_items.map((i) => ({
                ...i,
                item_id: copiedItemId(i.item_id, body.slug),
              })),
            }
          : {}),
      };
      return save(copy);
    },
  };
}

export type HostShowsService = ReturnType<typeof createHostShowsService>;
