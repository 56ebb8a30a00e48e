import type { EnterEventResponse, InQueueBody, QueueStatus } from '@encore/contract';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { ApiError } from '../../../lib/api/api-error.ts';

export type EnterResult =
  | { entered: true; entry: EnterEventResponse }
  | { entered: false; status: 202 }
  | { entered: false; status: 429; queue: QueueStatus };

/**
 * POST /thor/shows/{slug}/enter/ (contract event-entry.ts): 200 opens a device session; 202 is
 * NO_TICKET (a 2xx, so it is told apart here); 429 IN_QUEUE is the waiting room's place in line
 * (waiting-room.ts), answered as a result too; 403 EVENT_NOT_OPEN and 400 VIDEO_NOT_FOUND throw.
 */
export async function enterEvent(
  slug: string,
  signal?: AbortSignal,
  queueToken?: string,
): Promise<EnterResult> {
  try {
    const res = await apiRequest<EnterEventResponse>(`/thor/shows/${encodeURIComponent(slug)}/enter/`, {
      method: 'POST',
      body: queueToken ? { queue_token: queueToken } : {},
      signal,
      // 403 here is EVENT_NOT_OPEN (doors not open or show over), not a dead token.
      handleAuthFailure: 'unauthorized-only',
    });
    if (res.status === 202 || !res.data?.session_id) return { entered: false, status: 202 };
    return { entered: true, entry: res.data };
  } catch (error) {
    if (error instanceof ApiError && error.status === 429 && error.code === 'IN_QUEUE') {
      // Read by shape, not with zod: the event chunk stays without a parser (the server's schema holds).
      const queue = (error.body as Partial<InQueueBody> | null)?.queue;
      if (queue && typeof queue.token === 'string') return { entered: false, status: 429, queue };
    }
    throw error;
  }
}
