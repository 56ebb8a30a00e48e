import type { EnterEventResponse } from '@encore/contract';
import { apiRequest } from '../../../lib/api/api-client.ts';

export type EnterResult = { entered: true; entry: EnterEventResponse } | { entered: false; status: 202 };

/**
 * POST /thor/shows/{slug}/enter/ (contract event-entry.ts): 200 opens a device session; 202 is
 * NO_TICKET (a 2xx, so it is told apart here); 403 EVENT_NOT_OPEN and 400 VIDEO_NOT_FOUND throw.
 */
export async function enterEvent(slug: string, signal?: AbortSignal): Promise<EnterResult> {
  const res = await apiRequest<EnterEventResponse>(`/thor/shows/${encodeURIComponent(slug)}/enter/`, {
    method: 'POST',
    body: {},
    signal,
    // 403 here is EVENT_NOT_OPEN (doors not open or show over), not a dead token.
    handleAuthFailure: 'unauthorized-only',
  });
  if (res.status === 202 || !res.data?.session_id) return { entered: false, status: 202 };
  return { entered: true, entry: res.data };
}
