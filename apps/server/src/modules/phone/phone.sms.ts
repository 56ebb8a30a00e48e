import type { SmsMessage } from '../../adapters/sms/sms-sender.ts';

/** The login code SMS: short (one segment), the code first so phones can offer to fill it in. */
export function loginCodeSms(to: string, code: string, minutes: number): SmsMessage {
  return {
    to,
    kind: 'login-code',
    body: `${code} is your Encore login code. It works for ${minutes} minutes. Never share it with anyone.`,
  };
}
