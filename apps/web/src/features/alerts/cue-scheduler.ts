/**
 * Applies the host's timed cues when this fan's picture reaches their moment (issue 27). The picture
 * date is the program date of the frame on screen; a fan without a picture (doors open, no video)
 * lives on the show clock itself (the device's clock), so a cue is applied on arrival, or at its
 * moment when the host placed it ahead.
 *
 * Moving forward, each cue is applied as its moment comes, with the wall-clock time at which the
 * picture showed that moment (so a light-stick's beat starts with the picture, even when the timer
 * fires a few ms late). When the picture jumps back (a rewind, a jump to the target after a stall)
 * or a cue arrives for a moment the picture has passed out of order (a playlist's state carriers on
 * join), the state is rebuilt from every cue up to the picture's moment.
 */

export interface TimedEntry<A> {
  id: string;
  atMs: number;
  alert: A;
}

export interface CueSchedulerDeps<A> {
  /** The picture's program date (ms), or null without a picture. */
  pictureDate: () => number | null;
  rate: () => number;
  /** The device's clock (ms). */
  now: () => number;
  /** One more cue, in order; `wallMs` is when the picture showed (or shows) its moment. */
  apply: (entry: TimedEntry<A>, wallMs: number, pictureMs: number) => void;
  /** Every cue up to the picture's moment, from scratch; a moment maps to wall time by `offsetMs`. */
  rebuild: (entries: TimedEntry<A>[], offsetMs: number) => void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (id: unknown) => void;
}

/** Re-checked this often while nothing is due soon: a seek or a stall is noticed within it. */
const IDLE_CHECK_MS = 250;
const MAX_ENTRIES = 1000;

const byMoment = <A>(a: TimedEntry<A>, b: TimedEntry<A>) =>
  a.atMs - b.atMs || a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function createCueScheduler<A>(deps: CueSchedulerDeps<A>) {
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((id) => clearTimeout(id as ReturnType<typeof setTimeout>));
  const entries: TimedEntry<A>[] = [];
  /** Ids applied, in order. */
  let applied: string[] = [];
  let timer: unknown = null;
  let stopped = false;

  function schedule(ms: number) {
    if (timer !== null) clearTimer(timer);
    timer = stopped ? null : setTimer(tick, ms);
  }

  function tick() {
    timer = null;
    if (stopped) return;
    const now = deps.now();
    const picture = deps.pictureDate() ?? now;
    const offset = now - picture;
    const due = entries.filter((e) => e.atMs <= picture);
    const inOrder = applied.length <= due.length && applied.every((id, i) => due[i]?.id === id);
    if (inOrder) {
      for (const e of due.slice(applied.length)) deps.apply(e, e.atMs + offset, picture);
    } else {
      deps.rebuild(due, offset);
    }
    applied = due.map((e) => e.id);
    const next = entries[due.length];
    if (!next) {
      schedule(IDLE_CHECK_MS);
      return;
    }
    // Exactly at the moment when it is near (the picture plays at `rate` of real time).
    const wait = (next.atMs - picture) / Math.max(0.5, deps.rate());
    schedule(wait <= 1000 ? Math.max(1, Math.ceil(wait)) : IDLE_CHECK_MS);
  }

  return {
    /** A cue from the realtime connection or a playlist; known ids are ignored. */
    add(list: readonly TimedEntry<A>[]): void {
      let added = false;
      for (const e of list) {
        if (entries.some((x) => x.id === e.id)) continue;
        entries.push(e);
        added = true;
      }
      if (!added) return;
      entries.sort(byMoment);
      if (entries.length > MAX_ENTRIES) {
        // The oldest go; the state they set is already applied.
        const dropped = entries.splice(0, entries.length - MAX_ENTRIES).map((e) => e.id);
        applied = applied.filter((id) => !dropped.includes(id));
      }
      tick();
    },
    /** Checks now (the picture appeared, jumped or the stream changed). */
    poke: () => tick(),
    entries: () => entries,
    stop(): void {
      stopped = true;
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
  };
}
