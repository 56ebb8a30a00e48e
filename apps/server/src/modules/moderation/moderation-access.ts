import type { UserRow } from '../../db/schema.ts';
import { AppError, forbidden } from '../../errors.ts';
import { createTtlCache } from '../../platform/ttl-cache.ts';
import type { CatalogEntry, ShowsService } from '../shows/shows.service.ts';
import type { ModerationRepo } from './moderation.repo.ts';

/** Who acts in the control room: a host, or a moderator of that show. The audit log names them. */
export type Actor = { id: number; username: string; role: 'host' | 'moderator' };
export type ModerationContext = { actor: Actor; show: CatalogEntry };

const showNotFound = () => new AppError('VIDEO_NOT_FOUND', 400, 'This show could not be found.');

/**
 * The moderator role (docs/decisions.md "Moderation"): appointed per show by a host. Moderators may
 * read every hang of their show and use the moderation calls; hosts may everything. Cached per node
 * for a few seconds: a dismissed moderator loses access within that time on every node.
 */
export function createModerationAccess(deps: {
  repo: Pick<ModerationRepo, 'isModerator'>;
  shows: Pick<ShowsService, 'bySlug'>;
  cacheMs?: number;
  now?: () => number;
}) {
  const cache = createTtlCache<string, boolean>({
    ttlMs: deps.cacheMs ?? 5000,
    max: 50_000,
    now: deps.now ?? Date.now,
  });

  async function isModerator(showId: number, userId: number): Promise<boolean> {
    const key = `${showId}:${userId}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const started = cache.epoch();
    const yes = await deps.repo.isModerator(showId, userId);
    cache.set(key, yes, started);
    return yes;
  }

  return {
    isModerator,

    forget(showId: number, userId: number): void {
      cache.forget(`${showId}:${userId}`);
    },

    /** Host or moderator of the show: 403 for anyone else (an unknown show too, unless a host asks). */
    async authorize(user: UserRow, slug: string): Promise<ModerationContext> {
      const show = await deps.shows.bySlug(slug);
      if (user.role === 'host') {
        if (!show) throw showNotFound();
        return { actor: { id: user.id, username: user.username, role: 'host' }, show };
      }
      if (!show || !(await isModerator(show.row.id, user.id))) throw forbidden();
      return { actor: { id: user.id, username: user.username, role: 'moderator' }, show };
    },

    /** Host only (appointing moderators): 403 for a moderator. */
    async authorizeHost(user: UserRow, slug: string): Promise<ModerationContext> {
      if (user.role !== 'host') throw forbidden();
      const show = await deps.shows.bySlug(slug);
      if (!show) throw showNotFound();
      return { actor: { id: user.id, username: user.username, role: 'host' }, show };
    },
  };
}

export type ModerationAccess = ReturnType<typeof createModerationAccess>;
