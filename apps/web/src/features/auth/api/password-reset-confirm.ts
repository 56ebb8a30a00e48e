import type { DetailResponse, PasswordResetConfirmBody } from '@encore/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';

/** POST /thor/auth/password/reset/confirm/; uid and token come from the link (splitResetToken). */
export async function confirmPasswordReset(body: PasswordResetConfirmBody): Promise<DetailResponse> {
  const { data } = await apiRequest<DetailResponse>('/thor/auth/password/reset/confirm/', {
    method: 'POST',
    body,
    auth: false,
  });
  return data;
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
