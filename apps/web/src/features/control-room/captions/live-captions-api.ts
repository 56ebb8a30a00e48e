import type { LiveCaption, LiveCaptionsResponse, PostLiveCaptionBody } from '@encore/contract';
import { apiRequest } from '../../../lib/api/api-client.ts';

const base = (slug: string) => `/thor/host/shows/${encodeURIComponent(slug)}/captions`;

/** POST /thor/host/shows/{slug}/captions: one live caption line (hosts). */
export async function postLiveCaption(slug: string, body: PostLiveCaptionBody): Promise<LiveCaption> {
  const res = await apiRequest<{ caption: LiveCaption }>(base(slug), {
    method: 'POST',
    body,
    handleAuthFailure: 'unauthorized-only',
  });
  return res.data.caption;
}

/** GET /thor/host/shows/{slug}/captions: the latest lines, newest first. */
export async function latestLiveCaptions(
  slug: string,
  lang: string,
  signal?: AbortSignal,
): Promise<LiveCaption[]> {
  const res = await apiRequest<LiveCaptionsResponse>(
    `${base(slug)}?lang=${encodeURIComponent(lang)}&limit=20`,
    {
      signal,
      handleAuthFailure: 'unauthorized-only',
    },
  );
  return res.data.captions;
}
