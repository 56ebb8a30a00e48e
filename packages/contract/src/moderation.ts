import { z } from 'zod';
import { HangId, Toss } from './chat.ts';
import {
  AUDIT_PAGE_MAX,
  BLOCKED_TERM_MAX_LENGTH,
  BLOCKED_TERMS_MAX,
  CHAT_RESTRICTION_KINDS,
  SLOW_MODE_MAX_SECONDS,
  TIMEOUT_SECONDS,
} from './moderation-rules.ts';
import { safeInt, safeIntParam, safeString } from './safe-input.ts';
import { IsoDateTime } from './shows.ts';

/**
 * Moderation of a show's chat (issue 13, docs/chat-and-realtime.md "Moderation"). Calls under
 * /thor/host/shows/{slug}/moderation/ answer the show's hosts (role host) and its moderators
 * (appointed per show by a host); everyone else gets 403 FORBIDDEN. Appointing moderators is
 * host-only, as are show edits, ticket codes, stream keys and alerts. Every action is audited.
 */

export const ModerationParams = z.object({ slug: safeString().min(1).max(100) });
export const ModerationTossParams = ModerationParams.extend({ tossId: z.uuid() });
export const ModerationUserParams = ModerationParams.extend({ username: safeString().min(1).max(64) });

/** What the show asks of every toss: one per slow_mode_seconds per fan (0: off), and blocked terms. */
export const ChatPolicy = z.object({
  slow_mode_seconds: safeInt().min(0).max(SLOW_MODE_MAX_SECONDS),
  blocked_terms: z.array(safeString()),
});
export type ChatPolicy = z.infer<typeof ChatPolicy>;

/** PUT .../moderation/policy: either field or both; blocked_terms replaces the list. */
export const ChatPolicyBody = z
  .object({
    slow_mode_seconds: safeInt().min(0).max(SLOW_MODE_MAX_SECONDS).optional(),
    blocked_terms: z
      .array(safeString().trim().min(1).max(BLOCKED_TERM_MAX_LENGTH))
      .max(BLOCKED_TERMS_MAX)
      .optional(),
  })
  .refine((b) => b.slow_mode_seconds !== undefined || b.blocked_terms !== undefined, {
    message: 'give slow_mode_seconds or blocked_terms',
    path: ['slow_mode_seconds'],
  });
export type ChatPolicyBody = z.infer<typeof ChatPolicyBody>;

export const FeedHang = z.object({
  id: safeInt(),
  name: safeString(),
  rank: safeInt(),
  /** Subscribe to hangChannel(pubnubForHang): moderators may read every hang of their show. */
  pubnubForHang: safeString(),
});

/** GET .../moderation/feed: every hang of the show and their latest delivered tosses, oldest first. */
export const ModerationFeed = z.object({
  hangs: z.array(FeedHang),
  tosses: z.array(Toss),
  policy: ChatPolicy,
});
export type ModerationFeed = z.infer<typeof ModerationFeed>;

/** DELETE .../moderation/tosses/{tossId}: gone for everyone (toss_deleted on its hang). 404 TOSS_NOT_FOUND. */
export const TossDeleted = z.object({ toss_id: safeString(), deleted: z.literal(true) });

/** POST .../moderation/restrictions: a timeout needs duration_seconds (300 or 3600); a ban lasts. */
export const RestrictBody = z
  .object({
    username: safeString().min(1).max(64),
    kind: z.enum(['timeout', 'ban']),
    duration_seconds: safeInt()
      .refine((n) => (TIMEOUT_SECONDS as readonly number[]).includes(n), 'one of 300, 3600')
      .optional(),
  })
  .refine((b) => b.kind !== 'timeout' || b.duration_seconds !== undefined, {
    message: 'a timeout needs duration_seconds',
    path: ['duration_seconds'],
  });
export type RestrictBody = z.infer<typeof RestrictBody>;

export const RestrictedFan = z.object({
  user_id: safeInt(),
  username: safeString(),
  kind: z.enum(CHAT_RESTRICTION_KINDS),
  until: IsoDateTime.nullable(),
  created_at: IsoDateTime,
});
export type RestrictedFan = z.infer<typeof RestrictedFan>;
export const RestrictionsResponse = z.object({ restrictions: z.array(RestrictedFan) });
export type RestrictionsResponse = z.infer<typeof RestrictionsResponse>;
export const RestrictionLifted = z.object({ username: safeString(), lifted: z.literal(true) });

/** A held toss (a banned word or a blocked term) or a reported one, waiting for a moderator. */
export const QueueItem = z.object({
  toss: Toss,
  held_reason: z.enum(['profanity', 'blocked_term']).nullable(),
  reports: safeInt().min(0),
});
export type QueueItem = z.infer<typeof QueueItem>;
export const QueueResponse = z.object({ items: z.array(QueueItem) });
export type QueueResponse = z.infer<typeof QueueResponse>;
/**
 * POST .../moderation/queue/{tossId}/approve: a held toss is published; a reported one stays and its
 * reports close. .../discard: a held toss is dropped; a reported one is deleted for everyone.
 */
export const QueueDecision = z.object({ toss_id: safeString(), outcome: z.enum(['approved', 'discarded']) });
export type QueueDecision = z.infer<typeof QueueDecision>;

export const AuditQuery = z.object({
  /** The id of the oldest entry of the previous page (next_before). */
  before: safeString()
    .regex(/^\d{1,18}$/)
    .optional(),
  limit: safeIntParam().min(1).max(AUDIT_PAGE_MAX).default(50),
});
export const AuditEntry = z.object({
  id: safeString(),
  actor: safeString(),
  actor_role: z.enum(['host', 'moderator']),
  action: safeString(),
  target: safeString().nullable(),
  detail: safeString(),
  at: IsoDateTime,
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditPage = z.object({ entries: z.array(AuditEntry), next_before: safeString().nullable() });
export type AuditPage = z.infer<typeof AuditPage>;

/** GET/POST /thor/host/shows/{slug}/moderators (host only), DELETE .../moderators/{username}. */
export const ModeratorBody = z.object({ username: safeString().min(1).max(64) });
export const Moderator = z.object({
  user_id: safeInt(),
  username: safeString(),
  appointed_at: IsoDateTime,
});
export type Moderator = z.infer<typeof Moderator>;
export const ModeratorsResponse = z.object({ moderators: z.array(Moderator) });
export type ModeratorsResponse = z.infer<typeof ModeratorsResponse>;
export const ModeratorRemoved = z.object({ username: safeString(), removed: z.literal(true) });

/** GET /thor/mod/shows: the shows the caller may moderate (a host: every show), for the host area. */
export const ModeratedShows = z.object({
  shows: z.array(
    z.object({ slug: safeString(), event_name: safeString(), role: z.enum(['host', 'moderator']) }),
  ),
});
export type ModeratedShows = z.infer<typeof ModeratedShows>;

/**
 * POST /thor/hangs/{hangId}/tosses/{tossId}/report: a fan of the show reports a delivered toss; it
 * lands in the moderators' queue. 202; again: still 202. 404 TOSS_NOT_FOUND; 403 without a ticket.
 */
export const ReportParams = z.object({ hangId: HangId, tossId: z.uuid() });
export const ReportResponse = z.object({ toss_id: safeString(), reported: z.literal(true) });
