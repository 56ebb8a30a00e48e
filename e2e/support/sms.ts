import { type APIRequestContext, expect } from '@playwright/test';

type Sms = { id: number; to: string; body: string; kind: string };

/** A fresh national mobile number per call, typed the way a fan would (hyphens included). */
export function uniquePhone(): { typed: string; digits: string } {
  const digits = `010${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;
  return { typed: `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7)}`, digits };
}

/** Waits for the newest login-code SMS to a number in the server's SMS outbox and answers its code. */
export async function codeFromSmsOutbox(
  request: APIRequestContext,
  digits: string,
  afterId = 0,
): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/dev/sms-outbox?to=${encodeURIComponent(digits)}`);
        const sms = ((await res.json()) as Sms[]).find((m) => m.kind === 'login-code' && m.id > afterId);
        code = sms ? (/^(\d{4}) /.exec(sms.body)?.[1] ?? '') : '';
        return code;
      },
      { message: `a login code SMS to ${digits}` },
    )
    .not.toBe('');
  return code;
}
