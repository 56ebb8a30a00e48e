import type { RegisterResponse } from '@encore/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { type RegisterInput, toRegisterBody } from './register-payload.ts';

/** POST /thor/auth/email_register/: 201 means the verification email is on its way. */
export async function emailRegister(input: RegisterInput): Promise<RegisterResponse> {
  const { data } = await apiRequest<RegisterResponse>('/thor/auth/email_register/', {
    method: 'POST',
    body: toRegisterBody(input),
    auth: false,
  });
  return data;
}

export function useEmailRegister() {
  return useMutation({ mutationFn: emailRegister });
}
