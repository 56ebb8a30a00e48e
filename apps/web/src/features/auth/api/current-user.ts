import type { User } from '@encore/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { useSessionStore } from '../../../lib/store/session-store.ts';

export const currentUserQueryKey = ['auth', 'user'] as const;

/** GET /thor/auth/user/: the signed-in user, which also refreshes the stored copy. */
export async function getCurrentUser(signal?: AbortSignal): Promise<User> {
  const token = useSessionStore.getState().authToken;
  const { data } = await apiRequest<User>('/thor/auth/user/', { signal });
  // A logout while the call was under way must not bring the user back.
  if (token && useSessionStore.getState().authToken === token) useSessionStore.getState().setUser(data);
  return data;
}

export function useCurrentUser() {
  const authToken = useSessionStore((s) => s.authToken);
  return useQuery({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getCurrentUser(signal),
    enabled: Boolean(authToken),
  });
}
