/**
 * Rules of the control room (issue 13) that the browser needs at run time: Zod-free, so that the
 * fan bundles never carry them. The server applies the same ones.
 */

/** The host-only realtime channel of one show's live figures. */
export const hostChannel = (slug: string): string => `host-${slug}`;

/** Live figures: one sample every FIGURES_INTERVAL_MS, kept FIGURES_KEEP_MS (the last hour). */
export const FIGURES_INTERVAL_MS = 2000;
export const FIGURES_KEEP_MS = 60 * 60 * 1000;
export const FIGURES_MAX_SAMPLES = FIGURES_KEEP_MS / FIGURES_INTERVAL_MS;

/** Ticket codes listed per page in the control room. */
export const CODES_PER_PAGE = 50;

/** A show's slug: what its URLs (/control/<slug>) and channels (show-<slug>) are made of. */
export const SLUG_RE = /^[a-z0-9][a-z0-9-]{1,62}$/;

/**
 * Images the control room may upload (slates, cheer art): their types and the largest size. No SVG:
 * served from the app's own origin, its scripts would run there.
 */
export const UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

/** One refused field of a show, with the i18n key of its message (both ends use the same rules). */
export type FieldProblem = { field: string; message: string; key: string };

/**
 * The rules of a show's times beyond their format: the end after the start, doors at or before the
 * start. The messages are the server's 400 texts; `key` is the form's translated text.
 */
export function showTimeProblems(times: {
  event_start_time: string;
  event_enter_time: string | null;
  event_end_time: string;
  sale_start_time?: string | null | undefined;
  sale_end_time?: string | null | undefined;
}): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const start = Date.parse(times.event_start_time);
  if (Date.parse(times.event_end_time) <= start) {
    problems.push({
      field: 'event.event_end_time',
      message: 'A show must end after it starts.',
      key: 'host-error-end',
    });
  }
  if (times.event_enter_time && Date.parse(times.event_enter_time) > start) {
    problems.push({
      field: 'event.event_enter_time',
      message: 'Doors must open before the show starts.',
      key: 'host-error-doors',
    });
  }
  const saleStart = times.sale_start_time ? Date.parse(times.sale_start_time) : null;
  const saleEnd = times.sale_end_time ? Date.parse(times.sale_end_time) : null;
  if (saleStart !== null && saleEnd !== null && saleEnd <= saleStart) {
    problems.push({
      field: 'event.sale_end_time',
      message: 'Ticket sales must end after they start.',
      key: 'host-error-sale-end',
    });
  }
  if (saleStart !== null && saleStart >= Date.parse(times.event_end_time)) {
    problems.push({
      field: 'event.sale_start_time',
      message: 'Ticket sales must start before the show ends.',
      key: 'host-error-sale-start',
    });
  }
  return problems;
}

/**
 * Where a show's own ticket sale stands at `now`: before its start, open, or closed (after its end,
 * or, without one, once the show has ended). Without a start the sale is open (the platform's
 * TICKETS_ON_SALE_FROM is long past).
 */
export function ticketSaleState(
  event: { event_end_time: string; sale_start_time?: string | null; sale_end_time?: string | null },
  now: Date,
): 'before' | 'open' | 'closed' {
  const at = now.getTime();
  if (event.sale_start_time && at < Date.parse(event.sale_start_time)) return 'before';
  const end = event.sale_end_time ?? event.event_end_time;
  return at >= Date.parse(end) ? 'closed' : 'open';
}

/** Two light-stick songs of one show may not share a title: the cue picks a song by its title. */
export function showSongProblems(show: {
  lightstick_songs?: { title: string }[] | undefined;
}): FieldProblem[] {
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  for (const [i, song] of (show.lightstick_songs ?? []).entries()) {
    const title = song.title.trim().toLowerCase();
    if (seen.has(title)) {
      problems.push({
        field: `lightstick_songs.${i}.title`,
        message: `Two light-stick songs share the title ${song.title}.`,
        key: 'host-error-song-title',
      });
    }
    seen.add(title);
  }
  return problems;
}

/** The angles of a show must each have a stream, and the start stream must be one of its streams. */
export function showStreamProblems(show: {
  base_video: string;
  streams: Record<string, unknown>;
  pips: { sinks: { id: number }[] };
}): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!Object.hasOwn(show.streams, show.base_video)) {
    problems.push({
      field: 'base_video',
      message: 'The start view must be one of the show’s streams.',
      key: 'host-error-base-video',
    });
  }
  const ids = new Set<number>();
  for (const [i, sink] of show.pips.sinks.entries()) {
    if (ids.has(sink.id) || !Object.hasOwn(show.streams, `mix-stream${sink.id}`)) {
      problems.push({
        field: `pips.sinks.${i}.id`,
        message: `Angle ${sink.id} needs its own stream mix-stream${sink.id}.`,
        key: 'host-error-angle',
      });
    }
    ids.add(sink.id);
  }
  return problems;
}
