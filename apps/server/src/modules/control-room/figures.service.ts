import {
  doorsOpenAt,
  FIGURES_INTERVAL_MS,
  type FiguresHistory,
  type FiguresSample,
  hostChannel,
} from '@encore/contract';
import { AppError } from '../../errors.ts';
import type { Bus, BusLogger } from '../../realtime/bus.ts';
import type { Presence } from '../hangs/presence.ts';
import type { CatalogEntry, ShowsService } from '../shows/shows.service.ts';
import type { FiguresRepo } from './figures.repo.ts';
import type { FiguresStore } from './figures-store.ts';

/** Chat messages per second are averaged over this window (tosses are written in batches). */
const CHAT_WINDOW_MS = 10_000;

/**
 * A show's live figures (control room, issue 13): every FIGURES_INTERVAL_MS, for each show whose
 * doors are open and that has not ended, one node (store.claim) takes a sample, keeps it for the
 * last hour (store) and publishes it on the host-only channel `host-<slug>`.
 */
export function createFiguresService(deps: {
  repo: FiguresRepo;
  store: FiguresStore;
  presence: Presence;
  shows: Pick<ShowsService, 'listed' | 'bySlug'>;
  bus: Bus;
  log: BusLogger;
  intervalMs?: number;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const intervalMs = deps.intervalMs ?? FIGURES_INTERVAL_MS;
  // The cheer total of the last sample per show, for the rate between two samples.
  const lastCheers = new Map<number, { at: number; total: number }>();
  let timer: NodeJS.Timeout | null = null;
  let running = false;

  async function sample(entry: CatalogEntry, at: number): Promise<FiguresSample> {
    const showId = entry.row.id;
    const date = new Date(at);
    const hangs = await deps.repo.hangsOf(showId);
    const [people, perAngle, presence, tosses, cheers, revenue, errors, refusals] = await Promise.all([
      deps.repo.viewers(showId, date),
      deps.repo.perAngle(showId, date, entry.show.base_video),
      deps.presence.counts(
        hangs.map((h) => h.id),
        at,
      ),
      deps.repo.tossesSince(showId, new Date(at - CHAT_WINDOW_MS)),
      deps.repo.cheerTotal(showId),
      deps.repo.revenue(entry.row.paid_event_name),
      deps.store.errorsPerMinute('error', at),
      deps.store.errorsPerMinute('refusal', at),
    ]);
    const before = lastCheers.get(showId);
    lastCheers.set(showId, { at, total: cheers });
    const cheersPerS =
      before && at > before.at ? Math.max(0, (cheers - before.total) / ((at - before.at) / 1000)) : 0;
    return {
      t: at,
      viewers: people.viewers,
      per_angle: perAngle,
      per_hang: Object.fromEntries(hangs.map((h) => [h.name, presence.get(h.id) ?? 0])),
      entries_per_min: people.entries,
      chat_per_s: Math.round((tosses / (CHAT_WINDOW_MS / 1000)) * 10) / 10,
      cheers_per_s: Math.round(cheersPerS * 10) / 10,
      sticker_revenue: revenue.stickers,
      ticket_revenue: revenue.tickets,
      errors_per_min: errors,
      refusals_per_min: refusals,
    };
  }

  async function tick(): Promise<void> {
    if (running) return;
    running = true;
    try {
      const at = now();
      const slot = Math.floor(at / intervalMs);
      for (const entry of await deps.shows.listed()) {
        if (doorsOpenAt(entry.show).getTime() > at) continue;
        if (!(await deps.store.claim(entry.row.id, slot))) continue;
        const s = await sample(entry, at);
        await deps.store.append(entry.row.id, s);
        await deps.bus.publish(hostChannel(entry.row.slug), {
          kind: 'figures',
          slug: entry.row.slug,
          sample: s,
        });
      }
    } catch (err) {
      deps.log.error({ err }, 'live figures not sampled');
    } finally {
      running = false;
    }
  }

  return {
    tick,
    start(): void {
      if (timer) return;
      timer = setInterval(() => void tick(), intervalMs);
      timer.unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
    countError: deps.store.countError,

    /** GET /thor/host/shows/{slug}/figures: the last hour, oldest first. */
    async history(slug: string): Promise<FiguresHistory> {
      const entry = await deps.shows.bySlug(slug);
      if (!entry) throw new AppError('VIDEO_NOT_FOUND', 404, 'This show could not be found.');
      return { samples: await deps.store.history(entry.row.id) };
    },
  };
}

export type FiguresService = ReturnType<typeof createFiguresService>;
