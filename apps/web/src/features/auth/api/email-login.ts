import { type LoginBody, type LoginResponse, normalizeEmail } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { completeLogin } from './complete-login.ts';

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
    onSuccess: (answer) => completeLogin(queryClient, answer),
  });
}
