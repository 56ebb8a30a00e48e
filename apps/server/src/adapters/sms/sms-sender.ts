import type { Db } from '../../db/database.ts';

export type SmsMessage = { to: string; body: string; kind: string };

/**
 * The SMS side of DESIGN.md section 7, shaped like the mailer: every message is written to the
 * sms_outbox first; a transport then delivers it. Without a configured provider the outbox is the
 * delivery (read at /dev/sms-outbox outside production), as mail is in development. With a provider
 * the row keeps no body: a login code is a live secret (mailer.ts says the same of mail).
 */
export type SmsTransport = {
  name: string;
  deliver(message: SmsMessage): Promise<void>;
};

export type SmsSender = {
  /** Throws when the transport refused the message, so that the caller can tell the fan. */
  send(message: SmsMessage): Promise<void>;
};

/**
 * Production without an SMS provider: no one could read the outbox, so a code the fan waits for would
 * never come. Refusing the send tells the fan at once (SMS_SEND_FAILED) and logs why.
 */
export const noProviderTransport: SmsTransport = {
  name: 'none',
  deliver: async () => {
    throw new Error('no SMS provider is configured (SMS_PROVIDER=twilio and its settings)');
  },
};

export function createSmsSender(
  db: Db,
  transport: SmsTransport | null,
  log: { error: (o: object, m: string) => void },
): SmsSender {
  return {
    async send(message) {
      const row = await db
        .insertInto('sms_outbox')
        .values({ to_number: message.to, body: transport ? '' : message.body, kind: message.kind })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!transport) return;
      try {
        await transport.deliver(message);
        await db.updateTable('sms_outbox').set({ sent_at: new Date() }).where('id', '=', row.id).execute();
      } catch (err) {
        log.error({ err, smsId: row.id, transport: transport.name }, 'sms delivery failed');
        await db
          .updateTable('sms_outbox')
          .set({ error: String(err) })
          .where('id', '=', row.id)
          .execute();
        throw err;
      }
    },
  };
}
