import { type DetailResponse, normalizeEmail, type PasswordResetBody } from '@encore/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';

/** POST /thor/auth/password/reset/ with the email trimmed and lowercased (accounts section 5). */
export async function requestPasswordReset(email: string): Promise<DetailResponse> {
  const body: PasswordResetBody = { email: normalizeEmail(email) };
  const { data } = await apiRequest<DetailResponse>('/thor/auth/password/reset/', {
    method: 'POST',
    body,
    auth: false,
  });
  return data;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
