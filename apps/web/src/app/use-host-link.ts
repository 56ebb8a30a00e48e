import { isStaffRole, type ModeratedShows } from '@encore/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api/api-client.ts';
import { useSessionStore } from '../lib/store/session-store.ts';

/**
 * Whether the top nav offers the host area: to hosts, and to fan accounts a host appointed moderator
 * of a show. A fan's appointments are asked once per session (cached a minute); signed out, never.
 */
export function useHostLink(): boolean {
  const user = useSessionStore((s) => s.user);
  const staff = isStaffRole(user?.role);
  const moderated = useQuery({
    // Under the host area's key of the same call (moderationKeys.mine), per account.
    queryKey: ['moderation', 'mine', user?.id],
    queryFn: async () =>
      (await apiRequest<ModeratedShows>('/thor/mod/shows', { handleAuthFailure: 'unauthorized-only' })).data,
    enabled: Boolean(user) && !staff,
    staleTime: 60_000,
    retry: false,
  });
  return staff || (moderated.data?.shows.length ?? 0) > 0;
}
