import { type LoginResponse, TIMINGS_MS } from '@encore/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useSessionStore } from '../../../lib/store/session-store.ts';
import { currentUserQueryKey } from './current-user.ts';

/** Every login path ends here: the session is stored and the user refetched 200 ms later (section 4). */
export function completeLogin(queryClient: QueryClient, { key, user }: LoginResponse): void {
  useSessionStore.getState().setSession(user, key);
  // Seeded as fresh so the user query does not fire at once; the spec's refetch comes 200 ms later.
  queryClient.setQueryData(currentUserQueryKey, user);
  window.setTimeout(() => {
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  }, TIMINGS_MS.loginRefetch);
}
