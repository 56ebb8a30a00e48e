import type { DrmTokenResponse, StreamType } from '@encore/contract';
import { apiRequest } from '../../../lib/api/api-client.ts';

export interface DrmTokenRequest {
  video: number;
  stream: string;
  paidEvent: number;
  sessionId: string;
  streamType: StreamType;
}

/**
 * GET /thor/video/drm/ (PLY-33): a short-lived token for the key requests of every stream the ticket
 * covers. 409 NOT_ACTIVE (the device session ended) must not end the login: handled by the caller.
 */
export async function getDrmToken(req: DrmTokenRequest, signal?: AbortSignal): Promise<DrmTokenResponse> {
  const query = new URLSearchParams({
    video: String(req.video),
    stream: req.stream,
    paid_event: String(req.paidEvent),
    stream_type: req.streamType,
    session_id: req.sessionId,
  });
  const res = await apiRequest<DrmTokenResponse>(`/thor/video/drm/?${query}`, {
    signal,
    handleAuthFailure: 'unauthorized-only',
  });
  return res.data;
}
