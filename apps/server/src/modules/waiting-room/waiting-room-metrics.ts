import { Gauge, type Registry } from 'prom-client';
import type { WaitingRoomService } from './waiting-room.service.ts';

/**
 * The waiting room on /metrics (issue 28): per show in use on this node, the fans waiting, the
 * effective admission rate and the last in line's estimated wait; and the saturation factor admission
 * is multiplied by (1 = not lowered). From the node's cached counters: a scrape does no I/O.
 */
export function registerWaitingRoomMetrics(registry: Registry, room: WaitingRoomService): void {
  let last: Awaited<ReturnType<WaitingRoomService['snapshot']>> | null = null;
  const snapshot = async () => {
    last = await room.snapshot();
    return last;
  };
  new Gauge({
    name: 'encore_waiting_room_queue_length',
    help: 'Fans waiting in the waiting room, per show (the whole line, as this node last read it).',
    labelNames: ['show'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of (await snapshot()).rooms) this.set({ show: String(r.showId) }, r.queue);
    },
  });
  new Gauge({
    name: 'encore_waiting_room_admission_rate',
    help: 'Fans let in per second now, per show (the host setting times the saturation factor; 0 paused).',
    labelNames: ['show'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const r of last?.rooms ?? []) this.set({ show: String(r.showId) }, r.rate);
    },
  });
  new Gauge({
    name: 'encore_waiting_room_estimated_wait_seconds',
    help: "The last in line's estimated wait, per show (absent while admission is paused).",
    labelNames: ['show'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const r of last?.rooms ?? []) if (r.waitS !== null) this.set({ show: String(r.showId) }, r.waitS);
    },
  });
  new Gauge({
    name: 'encore_waiting_room_saturation_factor',
    help: 'What admission is multiplied by: below 1 while a node reports saturation.',
    registers: [registry],
    collect() {
      this.set(last?.factor ?? 1);
    },
  });
}
