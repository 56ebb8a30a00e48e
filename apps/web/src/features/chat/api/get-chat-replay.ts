import type { ChatReplayResponse } from '@encore/contract';
import { apiRequest } from '../../../lib/api/api-client.ts';
import type { ReplayPage } from '../replay/chat-replay-bins.ts';

/** GET /thor/shows/{slug}/chat_replay/: one page of the show's chat in a window of send times. */
export function chatReplayPage(slug: string, signal?: AbortSignal): ReplayPage {
  return async (fromMs, toMs, afterId) => {
    const query = new URLSearchParams({
      from: new Date(fromMs).toISOString(),
      to: new Date(toMs).toISOString(),
      limit: '500',
    });
    if (afterId) query.set('after', afterId);
    // A 403 here is "no ticket for this replay", not a dead session.
    const res = await apiRequest<ChatReplayResponse>(
      `/thor/shows/${encodeURIComponent(slug)}/chat_replay/?${query}`,
      { signal, handleAuthFailure: 'unauthorized-only' },
    );
    return res.data;
  };
}
