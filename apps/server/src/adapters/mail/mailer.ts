import type { Db } from '../../db/database.ts';

export type MailMessage = { to: string; subject: string; text: string; html: string; kind: string };

/**
 * Mail always goes through the outbox table first, in the same transaction-free step as the action
 * that caused it; a transport then delivers it. The default transport keeps it in the outbox (read
 * at /dev/outbox outside production); with SMTP_URL nodemailer delivers it.
 *
 * With a transport the row is a delivery record only (to, subject, kind, sent or error): the body
 * carries a live secret (a reset or verification link), so it is handed to the transport and never
 * stored (ASVS 8.3, docs/decisions.md "Credentials and sessions"). The retention job deletes rows of
 * either kind after OUTBOX_RETENTION_DAYS.
 */
export type MailTransport = {
  name: string;
  deliver(message: MailMessage): Promise<void>;
  close(): Promise<void>;
};

export type Mailer = { send(message: MailMessage): Promise<void> };

export function createMailer(
  db: Db,
  transport: MailTransport | null,
  log: { error: (o: object, m: string) => void },
): Mailer {
  return {
    async send(message) {
      const row = await db
        .insertInto('mail_outbox')
        .values({
          to_address: message.to,
          subject: message.subject,
          text_body: transport ? '' : message.text,
          html_body: transport ? '' : message.html,
          kind: message.kind,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!transport) return;
      try {
        await transport.deliver(message);
        await db.updateTable('mail_outbox').set({ sent_at: new Date() }).where('id', '=', row.id).execute();
      } catch (err) {
        // The row stays unsent with its error so that an operator can see and resend it.
        log.error({ err, mailId: row.id }, 'mail delivery failed');
        await db
          .updateTable('mail_outbox')
          .set({ error: String(err) })
          .where('id', '=', row.id)
          .execute();
      }
    },
  };
}
