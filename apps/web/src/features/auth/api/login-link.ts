import {
  type DetailResponse,
  type LoginLinkBody,
  type LoginLinkConfirmBody,
  type LoginResponse,
  normalizeEmail,
} from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { completeLogin } from './complete-login.ts';

/** POST /thor/auth/login_link/: the step-up of an account strangers locked (issue 29). */
export async function requestLoginLink(input: {
  email: string;
  lang: NonNullable<LoginLinkBody['lang']>;
}): Promise<DetailResponse> {
  const body: LoginLinkBody = { email: normalizeEmail(input.email), lang: input.lang };
  const { data } = await apiRequest<DetailResponse>('/thor/auth/login_link/', {
    method: 'POST',
    body,
    auth: false,
  });
  return data;
}

export function useRequestLoginLink() {
  return useMutation({ mutationFn: requestLoginLink });
}

/** POST /thor/auth/login_link/confirm/: the emailed link signs this browser in. */
export async function confirmLoginLink(token: string): Promise<LoginResponse> {
  const body: LoginLinkConfirmBody = { token };
  const { data } = await apiRequest<LoginResponse>('/thor/auth/login_link/confirm/', {
    method: 'POST',
    body,
    auth: false,
  });
  return data;
}

export function useConfirmLoginLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmLoginLink,
    onSuccess: (answer) => completeLogin(queryClient, answer),
  });
}
