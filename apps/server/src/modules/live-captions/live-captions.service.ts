import {
  captionDurationMs,
  LIVE_CAPTION_BACKDATE_MAX_MS,
  type LiveCaption,
  type PostLiveCaptionBody,
} from '@encore/contract';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { ShowsService } from '../shows/shows.service.ts';
import { presentLiveCaption } from './live-captions.presenter.ts';
import type { LiveCaptionRow, LiveCaptionsRepo } from './live-captions.repo.ts';

const notFound = () => new AppError('NOT_FOUND', 404, 'This show could not be found.');

/**
 * Live caption lines (issue 11). A line is stamped on the show clock (the wall clock the packagers
 * stamp segments with), so the origin can place it in the caption segment of the same moment as the
 * picture. A short per-node cache keeps every viewer's segment request from being a query.
 */
export function createLiveCaptionsService(deps: {
  repo: LiveCaptionsRepo;
  shows: Pick<ShowsService, 'bySlug'>;
  now?: () => Date;
  cacheMs?: number;
}) {
  const now = deps.now ?? (() => new Date());
  const cacheMs = deps.cacheMs ?? 500;
  const cache = new Map<string, { at: number; rows: Promise<LiveCaptionRow[]> }>();

  async function showOf(slug: string) {
    const show = await deps.shows.bySlug(slug);
    if (!show) throw notFound();
    return show;
  }

  return {
    async post(user: UserRow, slug: string, body: PostLiveCaptionBody): Promise<LiveCaption> {
      const show = await showOf(slug);
      const langs = show.show.caption_files.map((c) => c.language);
      if (!langs.includes(body.lang)) {
        throw new AppError('BAD_REQUEST', 400, `This show has no captions in "${body.lang}".`, {
          field: 'lang',
        });
      }
      const at = now();
      const start = body.start ? new Date(body.start) : at;
      if (
        start.getTime() > at.getTime() + 1000 ||
        at.getTime() - start.getTime() > LIVE_CAPTION_BACKDATE_MAX_MS
      ) {
        throw new AppError('BAD_REQUEST', 400, 'A caption starts now or at most 30 seconds ago.', {
          field: 'start',
        });
      }
      const end = new Date(start.getTime() + (body.duration_ms ?? captionDurationMs(body.text)));
      const row = await deps.repo.insert({
        showId: show.row.id,
        lang: body.lang,
        text: body.text,
        start,
        end,
        postedBy: user.id,
      });
      cache.clear();
      return presentLiveCaption(row);
    },

    async latest(slug: string, lang: string | undefined, limit: number): Promise<LiveCaption[]> {
      const show = await showOf(slug);
      return (await deps.repo.latest(show.row.id, lang, limit)).map(presentLiveCaption);
    },

    /** Lines of a language on screen during [fromMs, toMs) of the show clock: one caption segment. */
    async during(showId: number, lang: string, fromMs: number, toMs: number): Promise<LiveCaptionRow[]> {
      const key = `${showId}/${lang}/${fromMs}/${toMs}`;
      const t = Date.now();
      const hit = cache.get(key);
      if (hit && t - hit.at < cacheMs) return hit.rows;
      if (cache.size > 2000) cache.clear();
      const rows = deps.repo.overlapping(showId, lang, new Date(fromMs), new Date(toMs));
      cache.set(key, { at: t, rows });
      rows.catch(() => cache.delete(key));
      return rows;
    },
  };
}

export type LiveCaptionsService = ReturnType<typeof createLiveCaptionsService>;
