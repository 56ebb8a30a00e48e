import type {
  LoginResponse,
  PartnerLoginBody,
  PartnerRegisterBody,
  TempCodeResponse,
} from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { useSessionStore } from '../../../lib/store/session-store.ts';
import { completeLogin } from './complete-login.ts';

export type PartnerLoginResult =
  | { kind: 'login'; answer: LoginResponse }
  | { kind: 'signup'; tempCode: string }
  | { kind: 'unavailable' };

/** POST /thor/auth/weverse_login/: 200 logs in, 201 asks for a username, 204 the platform is unreachable. */
export async function partnerLogin(token: string): Promise<PartnerLoginResult> {
  const body: PartnerLoginBody = { access_token: token };
  const { status, data } = await apiRequest<LoginResponse | TempCodeResponse | null>(
    '/thor/auth/weverse_login/',
    {
      method: 'POST',
      body,
      auth: false,
    },
  );
  if (status === 204 || !data) return { kind: 'unavailable' };
  if (status === 201 && 'temp_code' in data) return { kind: 'signup', tempCode: data.temp_code };
  return { kind: 'login', answer: data as LoginResponse };
}

/** POST /thor/auth/weverse_register/ with the temp_code of the 201 and the chosen username. */
export async function partnerRegister(input: { tempCode: string; username: string }): Promise<LoginResponse> {
  const body: PartnerRegisterBody = { temp_code: input.tempCode, username: input.username.trim() };
  const { data } = await apiRequest<LoginResponse>('/thor/auth/weverse_register/', {
    method: 'POST',
    body,
    auth: false,
  });
  return data;
}

/** The temp_code between the partner login's 201 and the username modal (WEVERSE_REGISTER). */
export const usePartnerSignupStore = create<{
  tempCode: string | null;
  setTempCode: (c: string | null) => void;
}>()((set) => ({ tempCode: null, setTempCode: (tempCode) => set({ tempCode }) }));

export function usePartnerLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => {
      // Kept client-side as wvToken (accounts section 3), whatever the answer.
      useSessionStore.getState().setWvToken(token);
      return partnerLogin(token);
    },
    onSuccess: (result) => {
      if (result.kind === 'login') completeLogin(queryClient, result.answer);
      if (result.kind === 'signup') usePartnerSignupStore.getState().setTempCode(result.tempCode);
    },
  });
}

export function usePartnerRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: partnerRegister,
    onSuccess: (answer) => {
      usePartnerSignupStore.getState().setTempCode(null);
      completeLogin(queryClient, answer);
    },
  });
}
