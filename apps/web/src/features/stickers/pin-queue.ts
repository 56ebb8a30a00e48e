import { PIN_QUEUE } from '@encore/contract';

/**
 * Sticker pinning (viewing sections 4 and 9, STK-32..35): incoming stickers wait in a queue checked
 * every 3 s. Over 20 queued, the oldest 10 are dropped; each tick pins up to 2, replacing the pinned
 * ones; after 4 empty ticks in a row the pinned stickers are cleared.
 */
export interface PinQueueState<T> {
  queue: T[];
  pinned: T[];
  emptyTicks: number;
}

export function emptyPinQueue<T>(): PinQueueState<T> {
  return { queue: [], pinned: [], emptyTicks: 0 };
}

export function enqueuePin<T>(state: PinQueueState<T>, item: T): PinQueueState<T> {
  return { ...state, queue: [...state.queue, item] };
}

export function pinTick<T>(state: PinQueueState<T>): PinQueueState<T> {
  let queue = state.queue;
  if (queue.length === 0) {
    const emptyTicks = state.emptyTicks + 1;
    if (emptyTicks >= PIN_QUEUE.clearAfterEmptyTicks) return { queue, pinned: [], emptyTicks: 0 };
    return { ...state, emptyTicks };
  }
  if (queue.length > PIN_QUEUE.max) queue = queue.slice(PIN_QUEUE.dropOldest);
  return { queue: queue.slice(PIN_QUEUE.perTick), pinned: queue.slice(0, PIN_QUEUE.perTick), emptyTicks: 0 };
}
