import { FALLBACK_LOCALE, type Locale } from '@encore/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mail/mailer.ts';
import { type OrderMail, receiptMail, refundMail } from './commerce.mail.ts';
import type { CommerceRepo } from './commerce.repo.ts';

type MailRow = Awaited<ReturnType<CommerceRepo['mailLines']>>[number];

const nameIn = (texts: Partial<Record<string, string>>, lang: Locale) =>
  texts[lang]?.trim() || texts[FALLBACK_LOCALE]?.trim() || Object.values(texts).find(Boolean) || '';

/**
 * The receipt after a purchase and the note after a refund (issue 26), in the language the fan's
 * page had: sent through the outbox after the money moved. A mail that fails is logged and never
 * undoes the payment or the refund it tells of.
 */
export function createOrderMails(deps: {
  repo: CommerceRepo;
  mailer: Mailer;
  siteUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  function compose(orderId: string, rows: MailRow[], lang?: Locale): OrderMail | null {
    const first = rows[0];
    const to = first?.receipt_email || first?.email;
    // A phone-only account has no address: there is nowhere to send it.
    if (!first || !to) return null;
    const language = lang ?? first.mail_lang;
    const stops = rows.map((r) => r.refund_stop_time);
    const refundUntil = stops.every((s): s is Date => s !== null && s > deps.now())
      ? new Date(Math.min(...stops.map((s) => s.getTime())))
      : null;
    return {
      to,
      username: first.username,
      lang: language,
      orderId,
      lines: rows.map((r) => ({
        item: nameIn(r.display_name, language),
        show: r.event_name && r.event_start_time ? { name: r.event_name, start: r.event_start_time } : null,
        amount: r.total_charges,
        currency: r.currency,
      })),
      card: first.card,
      refundUntil,
      siteUrl: `${deps.siteUrl}/`,
    };
  }

  async function send(what: string, orderId: string, build: () => Promise<void>): Promise<void> {
    await build().catch((err: unknown) => deps.log.error({ err, orderId }, `${what} mail not sent`));
  }

  return {
    /** The receipt of an order whose lines are now fulfilled. */
    receipt: (orderId: string) =>
      send('receipt', orderId, async () => {
        const mail = compose(orderId, await deps.repo.mailLines(orderId));
        if (mail) await deps.mailer.send(receiptMail(mail));
      }),

    /** The refund note of these canceled lines; `lang` is the page's at the refund, else the order's. */
    refund: (orderId: string, subOrderIds: readonly string[], lang?: Locale) =>
      send('refund', orderId, async () => {
        const rows = await deps.repo.mailLines(orderId, subOrderIds);
        const mail = compose(orderId, rows, lang);
        if (!mail) return;
        await deps.mailer.send(
          refundMail(
            { ...mail, refundUntil: null },
            rows.some((r) => r.category === 'ticket'),
          ),
        );
      }),
  };
}

export type OrderMails = ReturnType<typeof createOrderMails>;
