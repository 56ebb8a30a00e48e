import { type Hang, WALL_REACTION, wallStatsIntervalMs } from '@encore/contract';
import { useEffect } from 'react';
import { create } from 'zustand';
import { useSessionStore } from '../../lib/store/session-store.ts';
import { fetchWallStats, postWallReaction } from './api/cheer-api.ts';
import {
  applyWallStats,
  type CheerCounts,
  initialCounts,
  restoreSession,
  takeSession,
  tap,
} from './cheer-counts.ts';
import { startCheerSender } from './cheer-sender.ts';

/**
 * The cheer totals of the show on screen, shared by the react tab, the chat panel and the global
 * tally of the top navigation. The personal total is kept on this device per fan and show.
 */
type CheerStore = CheerCounts & {
  /** `<userId>:<channelId>` of the show these counts belong to. */
  scope: string | null;
  open(scope: string): void;
  tap(): void;
  take(): number;
  restore(taps: number): void;
  applyStats(total: number, postShow: boolean): void;
};

const personalKey = (scope: string) => `cheerPersonal:${scope}`;

function readPersonal(scope: string): number {
  try {
    const n = Number(localStorage.getItem(personalKey(scope)));
    return Number.isSafeInteger(n) && n > 0 ? n : 0;
  } catch {
    return 0;
  }
}

function writePersonal(scope: string | null, n: number): void {
  if (!scope) return;
  try {
    localStorage.setItem(personalKey(scope), String(n));
  } catch {
    // Private mode or a full storage: the total still counts for this visit.
  }
}

export const useCheerStore = create<CheerStore>((set, get) => ({
  ...initialCounts(0),
  scope: null,
  open(scope) {
    if (get().scope === scope) return;
    set({ ...initialCounts(readPersonal(scope)), scope });
  },
  tap() {
    const next = tap(get());
    set(next);
    writePersonal(get().scope, next.personal);
  },
  take() {
    const { counts, taken } = takeSession(get());
    set(counts);
    return taken;
  },
  restore(taps) {
    set(restoreSession(get(), taps));
  },
  applyStats(total, postShow) {
    set(applyWallStats(get(), total, postShow));
  },
}));

/**
 * Opens the show's counts and polls its wall stats every wall_stats_interval ms (CHR-14, CHR-15).
 * A failed poll keeps what is shown.
 */
export function useWallStats(channelId: number, intervalMs: number | undefined): void {
  const userId = useSessionStore((s) => s.user?.id ?? 0);
  useEffect(() => {
    useCheerStore.getState().open(`${userId}:${channelId}`);
  }, [userId, channelId]);
  useEffect(() => {
    const controller = new AbortController();
    const poll = async () => {
      const res = await fetchWallStats(channelId, controller.signal).catch(() => null);
      if (controller.signal.aborted || !res?.ok) return;
      useCheerStore
        .getState()
        .applyStats(res.data.toss_data.total_cumulative_lt_stk, res.data.wall_metadata.post_show);
    };
    void poll();
    const timer = window.setInterval(poll, wallStatsIntervalMs(intervalMs));
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [channelId, intervalMs]);
}

/** Sends the fan's taps through the joined hang on the timer of CHR-08 and CHR-09. */
export function useCheerSender(hang: Pick<Hang, 'id' | 'session_id'> | null): void {
  const hangId = hang?.id;
  const sessionId = hang?.session_id;
  useEffect(() => {
    if (!hangId || !sessionId) return;
    const store = useCheerStore.getState;
    return startCheerSender({
      take: () => store().take(),
      restore: (n) => store().restore(n),
      send: async (count) => {
        const res = await postWallReaction(sessionId, {
          hangId,
          tossType: WALL_REACTION,
          tossText: '',
          uuid: crypto.randomUUID(),
          count,
        });
        return res.ok;
      },
    });
  }, [hangId, sessionId]);
}
