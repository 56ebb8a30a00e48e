import { type LoginBody, type LoginResponse, normalizeEmail, TIMINGS_MS } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { useSessionStore } from '../../../lib/store/session-store.ts';
import { currentUserQueryKey } from './current-user.ts';

/** POST /thor/auth/email_login/ with the email trimmed and lowercased and the password trimmed. */
export async function emailLogin(input: { email: string; password: string }): Promise<LoginResponse> {
  const body: LoginBody = { email: normalizeEmail(input.email), password: input.password.trim() };
  const { data } = await apiRequest<LoginResponse>('/thor/auth/email_login/', {
    method: 'POST',
    body,
    auth: false,
  });
  return data;
}

export function useEmailLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: emailLogin,
    onSuccess: ({ key, user }) => {
      useSessionStore.getState().setSession(user, key);
      // Seeded as fresh so the user query does not fire at once; the spec's refetch comes 200 ms later.
      queryClient.setQueryData(currentUserQueryKey, user);
      window.setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      }, TIMINGS_MS.loginRefetch);
    },
  });
}
