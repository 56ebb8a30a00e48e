import type { UpdatedUser, UsernameBody } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { useSessionStore } from '../../../lib/store/session-store.ts';
import { currentUserQueryKey } from './current-user.ts';

/** PUT /thor/auth/user/ with the trimmed username. */
export async function updateUsername(username: string): Promise<UpdatedUser> {
  const body: UsernameBody = { username: username.trim() };
  const { data } = await apiRequest<UpdatedUser>('/thor/auth/user/', { method: 'PUT', body });
  return data;
}

export function useUpdateUsername() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUsername,
    onSuccess: (updated) => {
      const { user, setUser } = useSessionStore.getState();
      if (user) {
        const next = { ...user, username: updated.username };
        setUser(next);
        queryClient.setQueryData(currentUserQueryKey, next);
      }
    },
  });
}
