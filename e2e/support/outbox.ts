import { type APIRequestContext, expect } from '@playwright/test';

type Mail = { id: number; to: string; subject: string; text: string; kind: string };

/** Waits for the newest mail of a kind to an address in the server's outbox and answers its link. */
export async function linkFromOutbox(
  request: APIRequestContext,
  to: string,
  kind: string,
  afterId = 0,
): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/dev/outbox?to=${encodeURIComponent(to)}`);
        const mail = ((await res.json()) as Mail[]).find((m) => m.kind === kind && m.id > afterId);
        link = mail ? (/(https?:\/\/\S+)/.exec(mail.text)?.[1] ?? '') : '';
        return link;
      },
      { message: `a ${kind} mail to ${to}` },
    )
    .not.toBe('');
  return link;
}

export async function lastMailId(request: APIRequestContext, to: string): Promise<number> {
  const res = await request.get(`/dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as Mail[])[0]?.id ?? 0;
}

let n = 0;
export function uniqueFan(prefix = 'fan'): { email: string; username: string } {
  n += 1;
  // Digits only: letters of a base-36 stamp now and then spelt a word the username filter refuses.
  const tag = `${Date.now() % 1e9}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}${n}`;
  // 'x' after the prefix: 'fan664…' reads as a slur in leetspeak (all names 17 min in every 11.6 days).
  return { email: `${prefix}x${tag}@example.test`, username: `${prefix}x${tag}`.slice(0, 20) };
}
