import type { QueueStatus } from '@encore/contract';
import { apiRequest } from '../../../lib/api/api-client.ts';

/**
 * GET /thor/shows/{slug}/queue/?token=...: where a place in the waiting room stands. No login: the
 * signed place is what the server reads, and the answer may come from a cache for a second.
 */
export async function pollQueue(slug: string, token: string, signal?: AbortSignal): Promise<QueueStatus> {
  const path = `/thor/shows/${encodeURIComponent(slug)}/queue/?token=${encodeURIComponent(token)}`;
  return (await apiRequest<QueueStatus>(path, { auth: false, handleAuthFailure: false, signal })).data;
}

/** The place survives a reload of the tab (not another tab: each holds its own). */
const keyOf = (slug: string) => `encore-queue:${slug}`;

export const heldPlace = {
  get(slug: string): string | undefined {
    try {
      return sessionStorage.getItem(keyOf(slug)) ?? undefined;
    } catch {
      return undefined;
    }
  },
  set(slug: string, token: string): void {
    try {
      sessionStorage.setItem(keyOf(slug), token);
    } catch {
      // Private mode without storage: the place lasts as long as the page.
    }
  },
  clear(slug: string): void {
    try {
      sessionStorage.removeItem(keyOf(slug));
    } catch {
      // Nothing held.
    }
  },
};
