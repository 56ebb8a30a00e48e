import { z } from 'zod';
import { safeInt, safeString } from './safe-input.ts';
import { IsoDateTime } from './shows.ts';

/**
 * The replay's window on the show clock (issue 27, docs/media.md "The replay on the show clock").
 * After End show a live-ingest show's recording plays as one span of the show clock, the same for
 * every angle: from Go live to End show by default, or where the host trimmed it in the control
 * room. Trimming never re-encodes: the playlists list the recorded segments inside the window.
 */

/** GET/PUT /thor/host/shows/{slug}/replay/: the window and what it may be set within. */
export const ReplayTrim = z.object({
  slug: safeString(),
  /** One more at every save: a save carrying an older one is 409 REPLAY_STALE. */
  version: safeInt(),
  /** The replay's start and end as fans get it (show-clock dates). */
  start_at: IsoDateTime,
  end_at: IsoDateTime,
  /** Whether the host set each end, or it is the default. */
  start_trimmed: z.boolean(),
  end_trimmed: z.boolean(),
  /** The defaults: Go live and End show (null: the show never went live; the recording's start). */
  live_at: IsoDateTime.nullable(),
  ended_at: IsoDateTime.nullable(),
  /** The recording: the first segment of any stream to the last one's end. A trim lies inside it. */
  recording_start_at: IsoDateTime,
  recording_end_at: IsoDateTime,
});
export type ReplayTrim = z.infer<typeof ReplayTrim>;

/**
 * PUT body: a null end goes back to its default. Refused: start not before end (400
 * REPLAY_TRIM_INVALID, field end_at), an end outside the recording (400 REPLAY_TRIM_INVALID, field
 * start_at or end_at), a stale version (409 REPLAY_STALE, current_version), a show not ended yet (409
 * REPLAY_NOT_READY).
 */
export const ReplayTrimBody = z.object({
  start_at: IsoDateTime.nullable(),
  end_at: IsoDateTime.nullable(),
  version: safeInt(),
});
export type ReplayTrimBody = z.infer<typeof ReplayTrimBody>;

export const replayTrimPath = (slug: string) => `/thor/host/shows/${encodeURIComponent(slug)}/replay/`;
