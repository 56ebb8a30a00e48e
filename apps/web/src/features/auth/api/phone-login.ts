import {
  normalizePhoneNumber,
  type PhoneLoginResponse,
  type PhoneRegisterBody,
  type PhoneTempCodeResponse,
  type PhoneTokenBody,
  type PhoneVerificationBody,
  type PhoneVerificationResponse,
} from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { completeLogin } from './complete-login.ts';

/** POST /thor/phone/verification/ with the number normalised as section 5 says. */
export async function requestSmsCode(phone: string): Promise<PhoneVerificationResponse> {
  const body: PhoneVerificationBody = { phone_number: normalizePhoneNumber(phone) };
  const { data } = await apiRequest<PhoneVerificationResponse>('/thor/phone/verification/', {
    method: 'POST',
    body,
    auth: false,
  });
  return data;
}

export type SmsCodeResult =
  | { kind: 'login'; answer: PhoneLoginResponse }
  | { kind: 'signup'; tempCode: string };

/** POST /thor/phone/verification/token/: 200 logs a known number in, 201 asks for a nickname. */
export async function verifySmsCode(input: { phone: string; code: string }): Promise<SmsCodeResult> {
  const body: PhoneTokenBody = { phone_number: normalizePhoneNumber(input.phone), code: input.code.trim() };
  const { status, data } = await apiRequest<PhoneLoginResponse | PhoneTempCodeResponse>(
    '/thor/phone/verification/token/',
    { method: 'POST', body, auth: false },
  );
  if (status === 201 && 'temp_code' in data) return { kind: 'signup', tempCode: data.temp_code };
  return { kind: 'login', answer: data as PhoneLoginResponse };
}

/** POST /thor/phone/register/: the nickname of a new phone account; answers a session. */
export async function registerPhone(input: {
  phone: string;
  tempCode: string;
  username: string;
}): Promise<PhoneLoginResponse> {
  const body: PhoneRegisterBody = {
    phone_number: normalizePhoneNumber(input.phone),
    temp_code: input.tempCode,
    username: input.username.trim(),
  };
  const { data } = await apiRequest<PhoneLoginResponse>('/thor/phone/register/', {
    method: 'POST',
    body,
    auth: false,
  });
  return data;
}

export function useRequestSmsCode() {
  return useMutation({ mutationFn: requestSmsCode });
}

export function useVerifySmsCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySmsCode,
    onSuccess: (result) => {
      if (result.kind === 'login') completeLogin(queryClient, result.answer);
    },
  });
}

export function useRegisterPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerPhone,
    onSuccess: (answer) => completeLogin(queryClient, answer),
  });
}
