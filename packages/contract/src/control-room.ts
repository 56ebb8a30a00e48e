import { z } from 'zod';
import { Alert } from './alerts.ts';
import { CODES_PER_PAGE, SLUG_RE } from './control-room-rules.ts';
import { BroadcastState } from './ingest.ts';
import { safeCount, safeId, safeInt, safeIntParam, safeString } from './safe-input.ts';
import { Channel, IsoDateTime, Show, ShowStatus, TicketAttributes } from './shows.ts';

/**
 * The host API of the control room (issue 13), under /thor/host/: the list of shows, a show to
 * edit, duplicates, the cues' current state, ticket codes, live figures and uploads. Hosts only:
 * 401 without a session, 403 for any other role.
 */

export const HostSlugParams = z.object({ slug: safeString().min(1).max(100) });

/** GET /thor/host/shows: every show, newest start first, with its state and its codes. */
export const HostShowSummary = z.object({
  slug: safeString(),
  event_name: safeString(),
  artist_name: safeString(),
  paid_event_name: safeString(),
  channel_id: safeInt(),
  /** What fans are told now: a live-ingest show's from its broadcast, a demo show's from its clock. */
  status: ShowStatus,
  /** The live-ingest broadcast state, null for a show without live ingest. */
  broadcast_state: BroadcastState.nullable(),
  version: safeInt(),
  event_start_time: IsoDateTime,
  doors_open_at: IsoDateTime,
  event_end_time: IsoDateTime,
  codes: z.object({ total: safeInt(), redeemed: safeInt() }),
});
export type HostShowSummary = z.infer<typeof HostShowSummary>;
export const HostShowList = z.object({ results: z.array(HostShowSummary) });
export type HostShowList = z.infer<typeof HostShowList>;

/**
 * GET /thor/host/shows/{slug}, and the answer of every save: the show as fans get it (status from
 * the broadcast for a live-ingest show) with the version a save must carry.
 */
export const HostShow = Channel.extend({
  /** Goes up by one at every change (a save, Take live feeds, opening the doors at Go live). */
  version: safeInt(),
  broadcast_state: BroadcastState.nullable(),
});
export type HostShow = z.infer<typeof HostShow>;

/**
 * POST /thor/host/shows: a new show, 201 HostShow. It never replaces one: a slug in use is 409
 * SHOW_SLUG_TAKEN, an id in use 409 SHOW_ID_TAKEN naming the field (feed-health-rules.ts).
 */
export const CreateShowBody = Show;
export type CreateShowBody = z.infer<typeof CreateShowBody>;

/**
 * PUT /thor/host/shows/{slug}: an edit of an existing show (404 when there is none), carrying the
 * version it was based on. A stale version is 409 SHOW_STALE and nothing changes. A live-ingest
 * show keeps its live streams whatever the body says (Take live feeds set them).
 */
export const SaveShowBody = Show.extend({ version: safeInt() });
export type SaveShowBody = z.infer<typeof SaveShowBody>;

/** GET /thor/host/show-ids: ids no show uses yet, the defaults of a new show. */
export const FreeShowIds = z.object({ paid_event_id: safeId(), channel_id: safeId() });
export type FreeShowIds = z.infer<typeof FreeShowIds>;

/** POST /thor/host/shows/{slug}/duplicate: a copy under a new slug, with new ids; 201 Channel. */
export const DuplicateShowBody = z.object({
  slug: safeString().regex(SLUG_RE, 'lowercase letters, digits and "-", 2 to 63'),
  event_name: safeString().min(1).max(200).optional(),
});
export type DuplicateShowBody = z.infer<typeof DuplicateShowBody>;

/** The cues the control room shows the current state of. */
export const CUE_KINDS = ['ud', 'slate', 'ls', 'lightstick', 'chat'] as const;
export type CueKind = (typeof CUE_KINDS)[number];

/** GET /thor/host/shows/{slug}/cues: the last show-wide cue of each kind and the fans with chat off. */
export const CueState = z.object({
  cues: z.array(z.object({ alert: Alert, updated_at: IsoDateTime })),
  chat_enabled: z.boolean(),
  muted: z.array(z.object({ username: safeString(), since: IsoDateTime })),
});
export type CueState = z.infer<typeof CueState>;

export const CODE_STATES = ['all', 'redeemed', 'open', 'revoked'] as const;

/** GET /thor/host/shows/{slug}/ticket-codes: search by code or email, vendor and state; paged. */
export const TicketCodeQuery = z.object({
  q: safeString().max(200).optional(),
  vendor: safeString().max(64).optional(),
  state: z.enum(CODE_STATES).default('all'),
  page: safeIntParam().min(1).max(100_000).default(1),
  per_page: safeIntParam().min(1).max(500).default(CODES_PER_PAGE),
});
export type TicketCodeQuery = z.input<typeof TicketCodeQuery>;

export const TicketCodeEntry = z.object({
  code: safeString(),
  email: safeString(),
  vendor: safeString(),
  attributes: TicketAttributes,
  redeemed_by: safeString().nullable(),
  redeemed_at: IsoDateTime.nullable(),
  revoked_at: IsoDateTime.nullable(),
  created_at: IsoDateTime,
});
export type TicketCodeEntry = z.infer<typeof TicketCodeEntry>;

export const TicketCodePage = z.object({
  results: z.array(TicketCodeEntry),
  total: safeInt(),
  page: safeInt(),
  per_page: safeInt(),
  vendors: z.array(safeString()),
});
export type TicketCodePage = z.infer<typeof TicketCodePage>;

export const TicketCodeParams = HostSlugParams.extend({ code: safeString().min(1).max(128) });

/**
 * POST /thor/host/shows/{slug}/ticket-codes/{code}/revoke, and POST .../tickets/revoke {username}:
 * the code can no longer be redeemed; the ticket it gave (or the fan's ticket) is removed, its
 * device sessions end and its DRM tokens stop opening keys.
 */
export const RevokeTicketBody = z.object({ username: safeString().min(1).max(64) });
export const RevokeResult = z.object({
  code: safeString().nullable(),
  revoked_at: IsoDateTime,
  ticket_removed: z.boolean(),
  sessions_ended: safeInt(),
});
export type RevokeResult = z.infer<typeof RevokeResult>;

/** Money per currency, integer minor units (DESIGN.md section 4). */
// Totals may pass int4 (a large show's revenue in cents): within JS's exact integers.
const Money = z.record(safeString(), safeCount());

/** One sample of a show's live figures (every 2 s, kept for an hour). */
export const FiguresSample = z.object({
  /** Unix ms (past int4). */
  t: safeCount(),
  viewers: safeInt(),
  per_angle: z.record(safeString(), safeInt()),
  per_hang: z.record(safeString(), safeInt()),
  entries_per_min: safeInt(),
  chat_per_s: z.number(),
  cheers_per_s: z.number(),
  sticker_revenue: Money,
  ticket_revenue: Money,
  /** Answers of 5xx, and refused key or DRM-token requests, per minute (all nodes). */
  errors_per_min: safeInt(),
  refusals_per_min: safeInt(),
});
export type FiguresSample = z.infer<typeof FiguresSample>;

/** GET /thor/host/shows/{slug}/figures: the last hour, oldest first. */
export const FiguresHistory = z.object({ samples: z.array(FiguresSample) });
export type FiguresHistory = z.infer<typeof FiguresHistory>;

/** POST /thor/host/uploads (body: the image bytes, Content-Type its type): 201 with its URL. */
export const UploadResult = z.object({ url: safeString(), content_type: safeString(), bytes: safeInt() });
export type UploadResult = z.infer<typeof UploadResult>;
