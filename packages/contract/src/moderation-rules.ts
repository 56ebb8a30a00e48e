/**
 * Moderation rules both ends need at run time (Zod-free, so the web bundle stays small): the timeout
 * lengths a moderator picks from, the slow-mode bounds, and the audit log's action names.
 */

/** Timeouts the control room offers: 5 minutes and 1 hour (issue 13). */
export const TIMEOUT_SECONDS = [300, 3600] as const;
export type TimeoutSeconds = (typeof TIMEOUT_SECONDS)[number];

/** Slow mode: one message per N seconds per fan; 0 is off. */
export const SLOW_MODE_MAX_SECONDS = 3600;
export const SLOW_MODE_CHOICES = [0, 5, 10, 30, 60, 120] as const;

export const BLOCKED_TERMS_MAX = 200;
export const BLOCKED_TERM_MAX_LENGTH = 40;
export const AUDIT_PAGE_MAX = 100;

/** What keeps a fan from chatting in one show; the host's per-fan "chat off" is one of them. */
export const CHAT_RESTRICTION_KINDS = ['timeout', 'ban', 'chat_off'] as const;
export type ChatRestrictionKind = (typeof CHAT_RESTRICTION_KINDS)[number];

export const SLOW_MODE = 'SLOW_MODE';

/** Audit log actions: every host and moderator action of the control room. */
export const AUDIT_ACTIONS = [
  'toss.delete',
  'fan.timeout',
  'fan.ban',
  'fan.chat_off',
  'fan.unrestrict',
  'policy.slow_mode',
  'policy.blocked_terms',
  'queue.approve',
  'queue.discard',
  'moderator.appoint',
  'moderator.remove',
  'alert.lightstick',
  'alert.ls',
  'alert.chat',
  'alert.ud',
  'alert.slate',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Path of a moderation call of the show (host and its moderators). */
export const moderationPath = (slug: string, rest: string): string =>
  `/thor/host/shows/${encodeURIComponent(slug)}/moderation/${rest}`;
