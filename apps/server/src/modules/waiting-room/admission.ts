import type { QueuePolicy } from '@encore/contract';
import type { QueuePlace } from './queue-token.ts';

/**
 * A window's line, as the stores keep it (docs/decisions.md, "The waiting room"). Places are handed
 * out by two counters: `pre` before doors open, `main` after; `frozen` is the pre-queue's size, fixed
 * at the first operation after doors open. Admission is a mark that advances at `rate` places a second
 * from an anchor, so that any node computes the same mark from the same few numbers with no ticker:
 * a fan is in when its place is at or under the mark.
 */
export type RoomCounters = {
  pre: number;
  frozen: number | null;
  main: number;
  anchorAt: number;
  anchorMark: number;
  /** The effective rate (fans/s), applied since the anchor. */
  rate: number;
  /** Effective pause: the host's, or the room's max_active reached. */
  paused: boolean;
};

export const newCounters = (doors: number, rate: number, paused: boolean): RoomCounters => ({
  pre: 0,
  frozen: null,
  main: 0,
  anchorAt: doors,
  anchorMark: 0,
  rate,
  paused,
});

/** Places handed out so far. */
export const totalOf = (c: RoomCounters) => (c.frozen ?? c.pre) + c.main;

/** The uncapped mark: where admission would be had the line never run dry. */
function rawMark(c: RoomCounters, now: number): number {
  if (c.paused || now <= c.anchorAt) return c.anchorMark;
  return c.anchorMark + (c.rate * (now - c.anchorAt)) / 1000;
}

/** Places let in at `now`: nobody before doors; never more than were handed out. */
export function markAt(c: RoomCounters, now: number, doors: number): number {
  if (now < doors) return 0;
  return Math.floor(Math.min(totalOf(c), rawMark(c, now)));
}

/** Credit an idle room may bank: one second's worth, so a lone fan or a trickle never waits. */
export const burstOf = (rate: number) => Math.floor(rate);

/**
 * Hands out the next place (mutates `c`). Before doors: the pre-queue. After: the pre-queue is frozen
 * and the main line grows; an idle room's banked credit is cut to one second's worth first, so that a
 * herd arriving after a quiet hour is not let in all at once.
 */
export function takePlace(c: RoomCounters, now: number, doors: number): { k: 'p' | 'm'; n: number } {
  if (now < doors && c.frozen === null) {
    c.pre += 1;
    return { k: 'p', n: c.pre };
  }
  if (c.frozen === null) c.frozen = c.pre;
  const cap = totalOf(c) + burstOf(c.rate);
  if (rawMark(c, now) > cap) {
    c.anchorAt = now;
    c.anchorMark = cap;
  }
  c.main += 1;
  return { k: 'm', n: c.main };
}

/**
 * How much later a slower line (a lower rate, a pause) takes over. Every node answers polls from
 * counters up to 250 ms old, and a node's tick may apply a change a moment after a poll elsewhere:
 * had the slower line started at once, a fan told "in" from the older counters could be refused at
 * the door a moment later (the 100,000-fan herd met one such 429 in 98,873). Starting it later keeps
 * the mark at or past anything an older answer said; it lets at most this long's worth in early.
 */
export const SLOWDOWN_DELAY_MS = 1000;

/**
 * Changes the effective rate or pause (mutates `c`); the mark so far stays. A faster line starts now,
 * a slower one SLOWDOWN_DELAY_MS later, and the mark never goes back.
 */
export function retime(c: RoomCounters, now: number, doors: number, rate: number, paused: boolean): boolean {
  if (c.rate === rate && c.paused === paused) return false;
  const slower = !c.paused && (paused || rate < c.rate);
  // Another change before a slower line took over keeps the mark that one was given.
  const at = Math.max(Math.max(now, doors) + (slower ? SLOWDOWN_DELAY_MS : 0), c.anchorAt);
  c.anchorMark = Math.min(totalOf(c), rawMark(c, at));
  c.anchorAt = at;
  c.rate = rate;
  c.paused = paused;
  return true;
}

/** A 32-bit mix of a round's input with the key (murmur3's finaliser): cheap enough for every poll. */
function mix(v: number, k: number): number {
  let h = (v ^ k) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * A keyed permutation of 1..size (a four-round Feistel network with cycle-walking): the random-order
 * draw of a pre-queue, computed per place without storing the order. Sizes up to 2^30.
 */
export function permute(n: number, size: number, key: Buffer): number {
  if (size <= 1 || n < 1 || n > size) return n;
  let bits = 2;
  while (2 ** bits < size) bits += 2;
  const half = bits / 2;
  const mask = 2 ** half - 1;
  let x = n - 1;
  do {
    let l = Math.floor(x / 2 ** half);
    let r = x & mask;
    for (let i = 0; i < 4; i++) [l, r] = [r, (l ^ mix(r, key.readUInt32BE(i * 4))) & mask];
    x = l * 2 ** half + r;
  } while (x >= size);
  return x + 1;
}

/**
 * A place's number in the line of its window: the pre-queue's first (in arrival order, or drawn at
 * doors-open), then the main line's in arrival order. Null while a random pre-queue is not drawn.
 */
export function placeOf(p: QueuePlace, c: RoomCounters, policy: QueuePolicy, drawKey: Buffer): number | null {
  const pre = c.frozen ?? c.pre;
  if (p.k === 'm') return pre + p.n;
  if (policy === 'arrival') return p.n;
  if (c.frozen === null) return null;
  return p.n <= c.frozen ? permute(p.n, c.frozen, drawKey) : p.n;
}
