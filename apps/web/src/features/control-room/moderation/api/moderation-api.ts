import {
  type AuditPage,
  type ChatPolicy,
  type ChatPolicyBody,
  type ModeratedShows,
  type ModerationFeed,
  type Moderator,
  type ModeratorsResponse,
  moderationPath,
  type QueueDecision,
  type QueueResponse,
  type RestrictBody,
  type RestrictedFan,
  type RestrictionsResponse,
} from '@encore/contract';
import { apiRequest } from '../../../../lib/api/api-client.ts';

/**
 * The moderation calls of the control room (contract: moderation.ts). A 403 means "not a host or
 * moderator of this show", not a dead token: only a 401 ends the session.
 */
async function call<T>(
  path: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'GET',
  body?: unknown,
): Promise<T> {
  const res = await apiRequest<T>(path, { method, body, handleAuthFailure: 'unauthorized-only' });
  return res.data;
}

const hostPath = (slug: string, rest: string) => `/thor/host/shows/${encodeURIComponent(slug)}/${rest}`;

export const moderationKeys = {
  all: (slug: string) => ['moderation', slug] as const,
  feed: (slug: string) => ['moderation', slug, 'feed'] as const,
  queue: (slug: string) => ['moderation', slug, 'queue'] as const,
  restrictions: (slug: string) => ['moderation', slug, 'restrictions'] as const,
  moderators: (slug: string) => ['moderation', slug, 'moderators'] as const,
  audit: (slug: string, before: string | null) => ['moderation', slug, 'audit', before] as const,
  mine: ['moderation', 'mine'] as const,
};

export const fetchFeed = (slug: string) => call<ModerationFeed>(moderationPath(slug, 'feed'));
export const deleteToss = (slug: string, tossId: string) =>
  call<{ toss_id: string }>(moderationPath(slug, `tosses/${tossId}`), 'DELETE');
export const fetchRestrictions = (slug: string) =>
  call<RestrictionsResponse>(moderationPath(slug, 'restrictions'));
export const restrictFan = (slug: string, body: RestrictBody) =>
  call<RestrictedFan>(moderationPath(slug, 'restrictions'), 'POST', body);
export const liftRestriction = (slug: string, username: string) =>
  call<unknown>(moderationPath(slug, `restrictions/${encodeURIComponent(username)}`), 'DELETE');
export const updatePolicy = (slug: string, body: ChatPolicyBody) =>
  call<ChatPolicy>(moderationPath(slug, 'policy'), 'PUT', body);
export const fetchQueue = (slug: string) => call<QueueResponse>(moderationPath(slug, 'queue'));
export const decideQueued = (slug: string, tossId: string, approve: boolean) =>
  call<QueueDecision>(moderationPath(slug, `queue/${tossId}/${approve ? 'approve' : 'discard'}`), 'POST');
export const fetchAudit = (slug: string, before: string | null, limit = 25) => {
  const query = new URLSearchParams({ limit: String(limit), ...(before ? { before } : {}) });
  return call<AuditPage>(`${moderationPath(slug, 'audit')}?${query}`);
};
export const fetchModerators = (slug: string) => call<ModeratorsResponse>(hostPath(slug, 'moderators'));
export const appointModerator = (slug: string, username: string) =>
  call<Moderator>(hostPath(slug, 'moderators'), 'POST', { username });
export const removeModerator = (slug: string, username: string) =>
  call<unknown>(hostPath(slug, `moderators/${encodeURIComponent(username)}`), 'DELETE');
export const fetchModeratedShows = () => call<ModeratedShows>('/thor/mod/shows');
