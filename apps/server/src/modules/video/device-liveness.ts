import { userChannel } from '@encore/contract';
import type { Bus } from '../../realtime/bus.ts';
import type { DevicesRepo } from '../devices/devices.repo.ts';
import { SESSION_IDLE_MS } from '../devices/devices.service.ts';

type Entry = { userId: number; until: number };
type Watch = { unsubscribe: () => void; sessions: Set<string> };

/**
 * "Is this device session still live?" for key requests. A positive answer is kept for `ttlMs`, but
 * only while this node listens on the user's channel: every device change of that user (a newer
 * device logging this one out, leaving, logging out: `device_logout` or `devices` events, published
 * on any node) drops the user's answers at once, so a revoked device loses key access immediately.
 * The subscription is made ready before the database is read, so no revocation slips between them.
 */
export function createDeviceLiveness(deps: {
  devices: Pick<DevicesRepo, 'find'>;
  bus: Bus;
  now?: () => number;
  ttlMs?: number;
}) {
  const now = deps.now ?? Date.now;
  const ttlMs = deps.ttlMs ?? 30_000;
  const live = new Map<string, Entry>();
  const watches = new Map<number, Watch>();
  let sweptAt = now();

  function forgetUser(userId: number): void {
    const watch = watches.get(userId);
    if (!watch) return;
    watches.delete(userId);
    watch.unsubscribe();
    for (const id of watch.sessions) live.delete(id);
  }

  function sweep(at: number): void {
    if (at - sweptAt < ttlMs) return;
    sweptAt = at;
    for (const [id, entry] of live) {
      if (entry.until > at) continue;
      live.delete(id);
      const watch = watches.get(entry.userId);
      watch?.sessions.delete(id);
      if (watch && watch.sessions.size === 0) forgetUser(entry.userId);
    }
  }

  async function watch(userId: number): Promise<Watch> {
    let w = watches.get(userId);
    if (!w) {
      const channel = userChannel(userId);
      const unsubscribe = deps.bus.subscribe(channel, (m) => {
        if (m.event.kind === 'device_logout' || m.event.kind === 'devices') forgetUser(userId);
      });
      w = { unsubscribe, sessions: new Set() };
      watches.set(userId, w);
      await deps.bus.ready(channel);
    }
    return w;
  }

  return {
    async isLive(userId: number, sessionId: string): Promise<boolean> {
      const at = now();
      sweep(at);
      const hit = live.get(sessionId);
      if (hit && hit.userId === userId && hit.until > at) return true;
      const w = await watch(userId);
      const row = await deps.devices.find(sessionId);
      const ok =
        !!row && row.user_id === userId && !row.ended_at && row.last_seen_at.getTime() > at - SESSION_IDLE_MS;
      // The watch may have been dropped by an event while the row was read: then the row may be stale.
      if (ok && watches.get(userId) === w) {
        live.set(sessionId, { userId, until: at + ttlMs });
        w.sessions.add(sessionId);
      } else if (w.sessions.size === 0 && watches.get(userId) === w) {
        forgetUser(userId);
      }
      return ok;
    },

    close(): void {
      for (const userId of [...watches.keys()]) forgetUser(userId);
    },
  };
}

export type DeviceLiveness = ReturnType<typeof createDeviceLiveness>;
