import { z } from 'zod';
import { safeInt, safeIntParam, safeString } from './safe-input.ts';
import { IsoDateTime } from './shows.ts';
import { ShowSlugParams } from './tickets.ts';

/**
 * Live captions (issue 11): during a show a host, or a captioning service signed in as one, posts
 * caption lines per language; they reach the players' caption menu as live WebVTT (a subtitle
 * rendition of the live streams) within about one segment, and stay in the replay.
 */
export const LIVE_CAPTION_TEXT_MAX = 300;
export const LIVE_CAPTION_DURATION_MS = { min: 500, max: 10_000 } as const;
/** A line may be stamped up to this far back (a captioner's own timing), never ahead. */
export const LIVE_CAPTION_BACKDATE_MAX_MS = 30_000;

export const LiveCaptionParams = ShowSlugParams;

export const PostLiveCaptionBody = z.object({
  /** One of the show's caption languages (its caption_files). */
  lang: safeString().regex(/^[a-z]{2,3}(-[a-z]{2,4})?$/),
  text: safeString().trim().min(1).max(LIVE_CAPTION_TEXT_MAX),
  /** When the words were said; now when absent. */
  start: IsoDateTime.optional(),
  /** How long the line stays; from its length when absent. */
  duration_ms: safeInt().min(LIVE_CAPTION_DURATION_MS.min).max(LIVE_CAPTION_DURATION_MS.max).optional(),
});
export type PostLiveCaptionBody = z.infer<typeof PostLiveCaptionBody>;

export const LiveCaption = z.object({
  id: safeString(),
  lang: safeString(),
  text: safeString(),
  start: IsoDateTime,
  end: IsoDateTime,
});
export type LiveCaption = z.infer<typeof LiveCaption>;

export const PostLiveCaptionResponse = z.object({ caption: LiveCaption });

export const LiveCaptionsQuery = z.object({
  lang: safeString()
    .regex(/^[a-z]{2,3}(-[a-z]{2,4})?$/)
    .optional(),
  limit: safeIntParam().min(1).max(200).default(50),
});
export const LiveCaptionsResponse = z.object({ captions: z.array(LiveCaption) });
export type LiveCaptionsResponse = z.infer<typeof LiveCaptionsResponse>;

/** How long a line stays on screen when the poster does not say: reading time, within the bounds. */
export function captionDurationMs(text: string): number {
  const readingMs = 1200 + text.length * 60;
  return Math.min(LIVE_CAPTION_DURATION_MS.max, Math.max(1500, readingMs));
}
