import { createHash } from 'node:crypto';
import {
  type BroadcastState,
  type Channel,
  type DuplicateShowBody,
  doorsOpenAt,
  type FreeShowIds,
  type HostShow,
  type HostShowList,
  type SaveShowBody,
  type Show,
  type ShowStatus,
  showSongProblems,
  showStatus,
  showStreamProblems,
  showTimeProblems,
} from '@encore/contract';
import type { ShowRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
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

const slugTaken = (slug: string) =>
  new AppError('SHOW_SLUG_TAKEN', 409, `Another show already uses the slug "${slug}": choose another one.`, {
    field: 'slug',
    taken: slug,
  });

const ID_LABELS = {
  paid_event_name: 'paid event name',
  paid_event_id: 'paid event id',
  channel_id: 'channel id',
} as const;

/**
 * What the show's live ingest says (issue 25, one truth for state): its broadcast state and the
 * status fans are told, and the show as it must be saved (a live-ingest show keeps its live streams).
 */
export type BroadcastLink = {
  stateOf(showId: number, show: Show): Promise<{ state: BroadcastState; status: ShowStatus } | undefined>;
  keepLive(showId: number, show: Show): Promise<Show>;
};

/**
 * The host's shows (control room, issues 13 and 25): the list with each show's state and codes, one
 * show to edit, create (never over another show) and edit at a version (a stale one is refused), and
 * duplicates with new ids.
 */
export function createHostShowsService(deps: {
  shows: ShowsRepo;
  broadcast?: BroadcastLink | undefined;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  async function stateOf(row: ShowRow, show: Show, at: Date) {
    const live = await deps.broadcast?.stateOf(row.id, show);
    return { status: live?.status ?? showStatus(show, at), broadcast_state: live?.state ?? null };
  }

  async function present(row: ShowRow): Promise<HostShow> {
    const show = presentShow(row);
    const at = now();
    const channel: Channel = presentChannel(show, at);
    return { ...channel, ...(await stateOf(row, show, at)), version: row.version };
  }

  /** 409 naming the first id another show (not `slug`) already uses. */
  async function refuseTakenIds(show: Show): Promise<void> {
    const other = await deps.shows.findIdConflict(show);
    if (!other) return;
    const field = (['paid_event_name', 'paid_event_id', 'channel_id'] as const).find(
      (f) => other[f] === show[f],
    );
    if (!field) return;
    throw new AppError(
      'SHOW_ID_TAKEN',
      409,
      `The show "${other.slug}" already uses the ${ID_LABELS[field]} ${show[field]}: choose another one.`,
      { field, taken: String(show[field]) },
    );
  }

  /** A unique index refused the write (a race past the checks): answered like the checks. */
  async function orConflict<T>(show: Show, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if ((err as { code?: string }).code !== '23505') throw err;
      if (await deps.shows.findBySlug(show.slug)) throw slugTaken(show.slug);
      await refuseTakenIds(show);
      throw new AppError('SHOW_ID_TAKEN', 409, 'Another show uses one of these ids.');
    }
  }

  async function create(show: Show): Promise<HostShow> {
    checkRules(show);
    if (await deps.shows.findBySlug(show.slug)) throw slugTaken(show.slug);
    await refuseTakenIds(show);
    return present(await orConflict(show, () => deps.shows.insert(show)));
  }

  return {
    async list(): Promise<HostShowList> {
      const at = now();
      const rows = await deps.shows.listWithCodeCounts();
      const results = await Promise.all(
        rows.map(async ({ row, total, redeemed }) => {
          const show = presentShow(row);
          return {
            slug: show.slug,
            event_name: show.event_name,
            artist_name: show.artist_name,
            paid_event_name: show.paid_event_name,
            channel_id: show.channel_id,
            ...(await stateOf(row, show, at)),
            version: row.version,
            event_start_time: show.event.event_start_time,
            doors_open_at: doorsOpenAt(show).toISOString(),
            event_end_time: show.event.event_end_time,
            codes: { total, redeemed },
          };
        }),
      );
      return { results };
    },

    async get(slug: string): Promise<HostShow> {
      const row = await deps.shows.findBySlug(slug);
      if (!row) throw notFound();
      return present(row);
    },

    /** GET /thor/host/show-ids: the defaults of a new show, one past the largest in use. */
    async freeIds(): Promise<FreeShowIds> {
      const next = await deps.shows.nextIds();
      return { paid_event_id: next.paidEventId, channel_id: next.channelId };
    },

    /** POST /thor/host/shows: a new show; never over another one. */
    create,

    /** PUT /thor/host/shows/{slug}: an edit of the show at `body.version`; stale: 409, nothing saved. */
    async update(slug: string, body: SaveShowBody): Promise<HostShow> {
      const { version, ...edited } = body;
      if (edited.slug !== slug) {
        throw new AppError('BAD_REQUEST', 400, 'The slug in the body must match the path.', {
          field: 'slug',
        });
      }
      checkRules(edited);
      const current = await deps.shows.findBySlug(slug);
      if (!current) throw notFound();
      const stale = () =>
        new AppError(
          'SHOW_STALE',
          409,
          'This show was changed after you opened it (in another tab, or by Take live feeds or Go live). ' +
            'Nothing was saved: reload it to see the changes, then save again.',
          { field: 'version', current_version: current.version },
        );
      if (current.version !== version) throw stale();
      await refuseTakenIds(edited);
      const show = (await deps.broadcast?.keepLive(current.id, edited)) ?? edited;
      const row = await orConflict(show, () => deps.shows.updateAtVersion(show, version));
      if (!row) throw stale();
      return present(row);
    },

    /** POST /thor/host/shows/{slug}/duplicate: the same show under a new slug and new ids. */
    async duplicate(slug: string, body: DuplicateShowBody): Promise<HostShow> {
      const row = await deps.shows.findBySlug(slug);
      if (!row) throw notFound();
      if (await deps.shows.findBySlug(body.slug)) throw slugTaken(body.slug);
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
      return create(copy);
    },
  };
}

export type HostShowsService = ReturnType<typeof createHostShowsService>;
