import { isStaffRole, type ModeratedShows } from '@encore/contract';
import { useEffect, useSyncExternalStore } from 'react';
import { apiRequest } from '../lib/api/api-client.ts';
import { queryClient } from '../lib/query-client.ts';
import { useSessionStore } from '../lib/store/session-store.ts';

const subscribe = (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange);

/**
 * Whether the top nav offers the host area: to hosts, and to fan accounts a host appointed moderator
 * of a show. A fan's appointments are asked once per session (cached a minute); signed out, never.
 * Read from the query cache directly rather than with useQuery: useQuery's observer would put 3 kB
 * gzip into the landing entry for this one nav link (entry budget 120 kB, issue 14).
 */
export function useHostLink(): boolean {
  const user = useSessionStore((s) => s.user);
  const staff = isStaffRole(user?.role);
  // Under the host area's key of the same call (moderationKeys.mine), per account.
  const userId = user?.id;
  const moderates = useSyncExternalStore(
    subscribe,
    () => (queryClient.getQueryData<ModeratedShows>(['moderation', 'mine', userId])?.shows.length ?? 0) > 0,
  );

  useEffect(() => {
    if (userId === undefined || staff) return;
    queryClient
      .fetchQuery({
        queryKey: ['moderation', 'mine', userId],
        queryFn: async () =>
          (await apiRequest<ModeratedShows>('/thor/mod/shows', { handleAuthFailure: 'unauthorized-only' }))
            .data,
        staleTime: 60_000,
        // No observer holds the entry: without this it would be collected after 5 minutes and the
        // link would go.
        gcTime: Number.POSITIVE_INFINITY,
        retry: false,
      })
      .catch(() => undefined);
  }, [userId, staff]);

  return staff || (Boolean(user) && moderates);
}
