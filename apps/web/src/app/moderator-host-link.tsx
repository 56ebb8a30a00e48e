import type { ModeratedShows } from '@encore/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api/api-client.ts';
import { withQueryClient } from '../lib/query-root.tsx';
import { HostLink } from './host-link.tsx';

/**
 * The host area link for a signed-in fan account a host appointed moderator of a show. Asked once
 * per session (cached a minute). Loaded by the top nav only for a signed-in non-host: its query
 * client stays out of the landing entry.
 */
function ModeratorHostLink({ userId }: { userId: number }) {
  const moderated = useQuery({
    // Under the host area's key of the same call (moderationKeys.mine), per account.
    queryKey: ['moderation', 'mine', userId],
    queryFn: async () =>
      (await apiRequest<ModeratedShows>('/thor/mod/shows', { handleAuthFailure: 'unauthorized-only' })).data,
    staleTime: 60_000,
    retry: false,
  });
  return (moderated.data?.shows.length ?? 0) > 0 ? <HostLink /> : null;
}

export const ModeratorHostLinkWithQueries = withQueryClient(ModeratorHostLink);
