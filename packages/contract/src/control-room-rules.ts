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
