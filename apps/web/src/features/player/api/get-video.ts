import type { VideoResponse } from '@encore/contract';
import { apiRequest } from '../../../lib/api/api-client.ts';

/** GET /thor/video/{id}/ (PLY-34): streams, pips, captions and liveness of the show's video. */
export async function getVideo(channelId: number, signal?: AbortSignal): Promise<VideoResponse> {
  const res = await apiRequest<VideoResponse>(`/thor/video/${channelId}/`, { signal });
  return res.data;
}
