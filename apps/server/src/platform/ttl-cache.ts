import { cacheCounter } from './instruments.ts';

/** How stale an entry's place in the eviction order may get (see get()). */
const TOUCH_EVERY_MS = 1000;

/**
 * A node-local cache for the doors-open hot path: entries live `ttlMs`, at most `max` of them, the
 * least recently used (to within a second) leaving first. Misses are never cached (nobody can fill memory with made-up
 * keys, and a fan who just got a ticket or a login is never refused from a stale miss).
 *
 * The epoch guards against a race: a read that began before a write (and a forget) finishes after
 * it; set() then drops that read's possibly stale answer instead of storing it for a full TTL.
 */
export function createTtlCache<K, V>(opts: {
  ttlMs: number;
  max: number;
  now: () => number;
  /** Told about every entry that leaves (expiry, eviction, forget), e.g. to keep an index. */
  onRemove?: (key: K, value: V) => void;
  /** Its label on /metrics (encore_cache_requests_total{cache}). */
  name?: string;
}) {
  const counts = cacheCounter(opts.name ?? 'other');
  // Map iteration order is insertion order: re-inserting on a hit makes the first key the LRU one.
  const entries = new Map<K, { value: V; expiresAt: number; touchedAt: number }>();
  let epoch = 0;

  function remove(key: K): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    opts.onRemove?.(key, entry.value);
  }

  return {
    enabled: opts.ttlMs > 0,

    /** Take it before the read whose answer will be set(). */
    epoch: (): number => epoch,

    get(key: K): V | undefined {
      const entry = entries.get(key);
      if (!entry) {
        counts.miss += 1;
        return undefined;
      }
      const at = opts.now();
      if (entry.expiresAt <= at) {
        remove(key);
        counts.miss += 1;
        return undefined;
      }
      // Moving the key to the end is a delete and an insert in a map of tens of thousands: a fan
      // who posts every second would pay it every time. Once a second keeps the order close enough.
      if (at - entry.touchedAt >= TOUCH_EVERY_MS) {
        entry.touchedAt = at;
        entries.delete(key);
        entries.set(key, entry);
      }
      counts.hit += 1;
      return entry.value;
    },

    set(key: K, value: V, startedAt: number): void {
      if (opts.ttlMs <= 0 || startedAt !== epoch) return;
      remove(key);
      const at = opts.now();
      entries.set(key, { value, expiresAt: at + opts.ttlMs, touchedAt: at });
      while (entries.size > opts.max) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        remove(oldest.value);
      }
    },

    /** Drops the key, and any read under way when it was called. */
    forget(key: K): void {
      epoch += 1;
      remove(key);
    },

    /** Like forget() for several keys at once. */
    forgetAll(keys: Iterable<K>): void {
      epoch += 1;
      for (const key of [...keys]) remove(key);
    },

    peek(key: K): V | undefined {
      return entries.get(key)?.value;
    },

    size: (): number => entries.size,
  };
}

export type TtlCache<K, V> = ReturnType<typeof createTtlCache<K, V>>;
