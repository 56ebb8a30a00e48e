import { hasStream4k, listedBy, type Show } from '@encore/contract';
import type { ShowRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { presentShow } from './shows.presenter.ts';
import type { ShowsRepo } from './shows.repo.ts';

/** A show as the hot paths need it: its row, its public entity (built once) and its 4K stream. */
export type CatalogEntry = { row: ShowRow; show: Show; hasStream4k: boolean };

type Catalog = {
  loadedAt: number;
  entries: CatalogEntry[];
  byPaidEventName: Map<string, CatalogEntry>;
  byChannelId: Map<number, CatalogEntry>;
  bySlug: Map<string, CatalogEntry>;
};

export const videoNotFound = () => new AppError('VIDEO_NOT_FOUND', 400, 'This show could not be found.');

export function catalogEntry(row: ShowRow): CatalogEntry {
  const show = presentShow(row);
  return { row, show, hasStream4k: hasStream4k(show) };
}

/**
 * The show catalogue. Every fan loads the show list at doors-open (config.json, the ticket check), so
 * each node keeps the not-yet-ended shows in memory for `cacheMs` and one load serves every request
 * that arrives meanwhile. Ended or just-created shows not in the list are read from the database.
 */
export function createShowsService(deps: { shows: ShowsRepo; cacheMs: number; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  let pending: { startedAt: number; catalog: Promise<Catalog> } | null = null;

  async function load(at: number): Promise<Catalog> {
    const rows = await deps.shows.listNotEndedAt(new Date(at));
    const entries = rows.map(catalogEntry);
    return {
      loadedAt: at,
      entries,
      byPaidEventName: new Map(entries.map((e) => [e.row.paid_event_name, e])),
      byChannelId: new Map(entries.map((e) => [e.row.channel_id, e])),
      bySlug: new Map(entries.map((e) => [e.row.slug, e])),
    };
  }

  function catalog(): Promise<Catalog> {
    const at = now().getTime();
    if (!pending || at - pending.startedAt >= deps.cacheMs) {
      const started = { startedAt: at, catalog: load(at) };
      pending = started;
      // A failed load is not kept: the next request tries again.
      started.catalog.catch(() => {
        if (pending === started) pending = null;
      });
    }
    return pending.catalog;
  }

  async function byChannelId(channelId: number): Promise<CatalogEntry | undefined> {
    const hit = (await catalog()).byChannelId.get(channelId);
    if (hit) return hit;
    const row = await deps.shows.findByChannelId(channelId);
    return row ? catalogEntry(row) : undefined;
  }

  return {
    byChannelId,

    /**
     * Shows until their last window (main show or re-airing) ends, by their next window; the first is
     * the current show (LAND-23, LAND-24; the contract's listedShows rule).
     */
    async listed(): Promise<CatalogEntry[]> {
      const { entries } = await catalog();
      return listedBy(entries, (e) => e.show, now());
    },

    async byPaidEventName(name: string): Promise<CatalogEntry | undefined> {
      const hit = (await catalog()).byPaidEventName.get(name);
      if (hit) return hit;
      const row = await deps.shows.findByPaidEventName(name);
      return row ? catalogEntry(row) : undefined;
    },

    /** The enter call of every fan at doors-open: from memory for a listed show. */
    async bySlug(slug: string): Promise<CatalogEntry | undefined> {
      const hit = (await catalog()).bySlug.get(slug);
      if (hit) return hit;
      const row = await deps.shows.findBySlug(slug);
      return row ? catalogEntry(row) : undefined;
    },

    /** GET /thor/channels/{id}/: an id that is not a channel is the spec's 400 VIDEO_NOT_FOUND. */
    async channel(rawId: string): Promise<CatalogEntry> {
      if (!/^[1-9]\d{0,8}$/.test(rawId)) throw videoNotFound();
      const entry = await byChannelId(Number(rawId));
      if (!entry) throw videoNotFound();
      return entry;
    },
  };
}

export type ShowsService = ReturnType<typeof createShowsService>;
