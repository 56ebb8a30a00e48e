import type { SmsTransport } from './sms-sender.ts';

export type TwilioOptions = {
  /** The API origin; configurable so that a test can point it at a local server. */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
  timeoutMs?: number;
};

/** Delivers through Twilio's Messages API (form POST with basic auth), selected by SMS_PROVIDER=twilio. */
export function createTwilioTransport(opts: TwilioOptions): SmsTransport {
  const url = `${opts.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async deliver(message) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: message.to, From: opts.from, Body: message.body }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
      if (!res.ok) {
        const detail = (await res.text().catch(() => '')).slice(0, 300);
        throw new Error(`twilio answered ${res.status}: ${detail}`);
      }
    },
  };
}
