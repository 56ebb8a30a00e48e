import { randomBytes } from 'node:crypto';
import {
  type Billing,
  type BillingInfoCreated,
  type BillingInfoResponse,
  type CancelOrderResponse,
  type Locale,
  type OrderCreated,
  type OrderPaymentStatus,
  type OrderRequest,
  type TicketAttributes,
  ticketSaleState,
} from '@encore/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentEvent, PaymentProvider } from '../../adapters/payments/payment-provider.ts';
import { AppError } from '../../errors.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { ShowsService } from '../shows/shows.service.ts';
import { isUpgrade, type TicketsService } from '../tickets/tickets.service.ts';
import { presentBilling } from './commerce.presenter.ts';
import type { CommerceRepo, NewOrderLine, SaleItemRow } from './commerce.repo.ts';
import { createFulfilment } from './commerce-fulfilment.ts';
import type { OrderMails } from './commerce-mails.ts';

const badRequest = (message: string, field?: string) =>
  new AppError('BAD_REQUEST', 400, message, field ? { field } : {});
const orderNotFound = () => new AppError('NOT_FOUND', 404, 'This order could not be found.');
const outOfDate = () => new AppError('OUT_OF_DATE', 403, 'This order can no longer be refunded.');

/** A new intent's provider status as the order answer's order_status (STK-17). */
const paymentStatusOf = (status: string): OrderPaymentStatus =>
  status === 'requires_confirmation' ? 'requires_confirmation' : 'requires_payment_method';

export const REFUND_RECEIVED = 'Your refund request has been received.';

/**
 * Ticket purchase, billing and refunds (accounts sections 4, 7, 8). Payment happens between the
 * browser and the card provider; the provider's success event fulfils the order: a ticket item
 * grants its ticket in the store the booking codes use, a sticker item becomes owned.
 */
export function createCommerceService(deps: {
  repo: CommerceRepo;
  provider: PaymentProvider;
  tickets: TicketsService;
  shows: ShowsService;
  catalog: CatalogService;
  mails: OrderMails;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { repo, provider } = deps;
  const now = deps.now ?? (() => new Date());
  const vendorName = (asked?: string) => {
    // No name: the configured provider (accounts section 7), which tells the browser which client to load.
    const name = asked ?? provider.name;
    if (name !== provider.name) throw new AppError('NOT_FOUND', 404, `No payment vendor named ${name}.`);
    return name;
  };

  async function showOf(item: SaleItemRow) {
    const entry = item.paid_event_name ? await deps.shows.byPaidEventName(item.paid_event_name) : undefined;
    if (!entry) throw new AppError('NOT_FOUND', 404, 'This ticket is not on sale.');
    return entry;
  }

  const fulfilment = createFulfilment(deps);

  async function onPayment(event: PaymentEvent): Promise<void> {
    if (event.savedCard && event.customerId) {
      const c = event.savedCard;
      await repo.saveCard(provider.name, event.customerId, c.paymentMethodId, `card-${c.brand}-${c.last4}`);
    }
    if (event.type !== 'payment_intent.succeeded') return;
    // The card that paid, before the receipt that names it (a saved card's is set at ordering).
    if (event.card) await repo.setCard(event.intentId, `card-${event.card.brand}-${event.card.last4}`);
    await fulfilment.fulfilPayment(event.intentId);
  }
  provider.onEvent(async (event) => {
    // The provider has taken the money: a failure here must be seen, and the event is not lost to
    // the fan (the order stays pending and visible in the history).
    await onPayment(event).catch((err: unknown) =>
      deps.log.error({ err, event }, 'payment event not applied'),
    );
  });

  async function checkItems(userId: number, body: ReturnType<typeof parseLines>) {
    const items = await repo.items(body.map((l) => l.item_id));
    const byId = new Map(items.map((i) => [i.item_id, i]));
    const chosen = body.map((l) => byId.get(l.item_id));
    if (chosen.some((i) => !i?.in_stock)) throw new AppError('NOT_FOUND', 404, 'This item is not on sale.');
    const list = chosen as SaleItemRow[];
    if (new Set(list.map((i) => i.currency)).size > 1) {
      throw new AppError('DIFFERENT_CURRENCY', 409, 'Items of one order must share one currency.');
    }
    // A sticker or pack the fan owns (directly or through a pack) would be charged twice for nothing.
    const stickers = list.filter((i) => i.category !== 'ticket').map((i) => i.item_id);
    if (stickers.length > 0 && (await repo.ownedAmong(userId, stickers)).size > 0) {
      throw badRequest('You already own this sticker.', 'item_list');
    }
    const shows = new Set<number>();
    for (const item of list.filter((i) => i.category === 'ticket')) {
      const entry = await showOf(item);
      if (shows.has(entry.row.id)) throw badRequest('One ticket per show in an order.', 'item_list');
      shows.add(entry.row.id);
      if (entry.row.event_end_time.getTime() <= now().getTime())
        throw new AppError('NOT_FOUND', 404, 'This show has ended.');
      // The show's own sale window (set in the control room): no order before it opens or after it
      // closes; 404 as for an ended show, the only refusal of an item the order call's table has.
      const sale = ticketSaleState(entry.show.event, now());
      if (sale === 'before') {
        throw new AppError('NOT_FOUND', 404, `Tickets are on sale from ${entry.show.event.sale_start_time}.`);
      }
      if (sale === 'closed') throw new AppError('NOT_FOUND', 404, 'The ticket sale for this show has ended.');
      const held = await deps.tickets.ticketFor(userId, entry.row.id);
      if (held && !isUpgrade(item.ticket_attributes ?? {}, held.attributes as TicketAttributes)) {
        throw badRequest('You already have a ticket for this show.', 'item_list');
      }
    }
    return list;
  }

  function parseLines(body: OrderRequest) {
    const lines = body.item_list;
    // Quantity is always 1 per ticket (COM-12).
    if (lines.some((l) => l.quantity !== 1)) throw badRequest('Quantity must be 1.', 'item_list.quantity');
    if (new Set(lines.map((l) => l.item_id)).size !== lines.length)
      throw badRequest('An item is listed twice.', 'item_list');
    return lines;
  }

  return {
    /** Start-up repair of paid orders whose goods are missing (commerce-fulfilment.ts). */
    reconcile: () => fulfilment.reconcile(),

    vendor(name?: string) {
      return { name: vendorName(name), api_key: provider.publishableKey };
    },

    async billingInfo(userId: number, vendor?: string): Promise<BillingInfoResponse> {
      const row = await repo.billing(userId, vendorName(vendor));
      return { results: row ? [presentBilling(row)] : [] };
    },

    /** Saves the address and opens a card setup the browser confirms with the provider (COM-41). */
    async saveBilling(
      userId: number,
      body: { billing: Billing; shipping?: Billing | null },
    ): Promise<BillingInfoCreated> {
      const existing = await repo.billing(userId, provider.name);
      const customerId = existing?.customer_id ?? (await provider.createCustomer());
      await repo.saveBilling({
        userId,
        vendor: provider.name,
        billing: body.billing,
        shipping: body.shipping ?? null,
        customerId,
      });
      const setup = await provider.createSetupIntent(customerId);
      return { client_secret: setup.client_secret, pg_key: customerId };
    },

    async deleteBilling(userId: number): Promise<void> {
      const row = await repo.deleteBilling(userId, provider.name);
      if (!row) throw new AppError('NOT_FOUND', 404, 'No payment information is saved.');
      if (row.payment_method_id) await provider.detachPaymentMethod(row.payment_method_id);
    },

    async createOrder(userId: number, body: OrderRequest): Promise<OrderCreated> {
      const items = await checkItems(userId, parseLines(body));
      const currency = items[0]?.currency ?? 'USD';
      const total = items.reduce((sum, i) => sum + i.price, 0);
      let record = await repo.billing(userId, provider.name);
      if (body.billing && body.save_info) {
        const customerId = record?.customer_id ?? (await provider.createCustomer());
        await repo.saveBilling({
          userId,
          vendor: provider.name,
          billing: body.billing,
          shipping: body.shipping ?? null,
          customerId,
        });
        record = await repo.billing(userId, provider.name);
      }
      const savedCard = body.use_saved_payment_method ? record?.payment_method_id : null;
      if (body.use_saved_payment_method && !savedCard)
        throw badRequest('No saved card.', 'use_saved_payment_method');
      if (!body.require_user_confirmation && !savedCard && total > 0) {
        throw badRequest('Paying without the fan needs a saved card.', 'require_user_confirmation');
      }

      const orderId = `ord_${randomBytes(10).toString('hex')}`;
      const intent =
        total > 0
          ? await provider.createPaymentIntent({
              amount: total,
              currency,
              customerId: record?.customer_id ?? null,
              paymentMethodId: savedCard ?? null,
              metadata: { order_id: orderId },
            })
          : null;
      const lines: NewOrderLine[] = items.map((item, i) => ({
        sub_order_id: `${orderId}-${i + 1}`,
        order_id: orderId,
        user_id: userId,
        item_id: item.item_id,
        total_charges: item.price,
        currency: item.currency,
        refund_stop_time: item.refund_stop_time,
        payment_intent_id: intent?.id ?? null,
        client_secret: intent?.client_secret ?? null,
        status: intent ? 'pending' : 'fulfilled',
        mail_lang: body.lang ?? 'en',
        receipt_email: body.receipt_email?.trim().toLowerCase() ?? null,
        card: savedCard ? (record?.card ?? null) || null : null,
      }));
      if (intent) await repo.insertOrder(lines);
      else {
        await fulfilment.insertFulfilled(userId, items, (tx) => repo.insertOrder(lines, tx));
        await deps.mails.receipt(orderId);
      }
      let orderStatus: OrderPaymentStatus = intent ? paymentStatusOf(intent.status) : 'succeeded';
      if (intent && !body.require_user_confirmation) {
        // The sticker purchase (viewing section 7): the saved card is charged now; the provider's
        // success event has fulfilled the order (and granted the sticker) before this returns.
        const paid = await provider.confirmOffSession(intent.id);
        if (!paid.ok) throw badRequest(paid.error.message, 'payment');
        orderStatus = 'succeeded';
      }
      return {
        result: 'OK',
        message: orderStatus === 'succeeded' ? 'Your order is complete.' : 'Your order is awaiting payment.',
        order_status: orderStatus,
        status: 200,
        client_secret: orderStatus === 'succeeded' ? null : (intent?.client_secret ?? null),
        order_id: orderId,
        charges: {
          total_charges: total,
          currency,
          sale_currency_symbol: items[0]?.sale_currency_symbol ?? '$',
        },
      };
    },

    /** DELETE /thor/pg/order/ (COM-57..59): a refund while refund_stop_time is ahead. */
    async cancelOrder(
      userId: number,
      q: { order_id: string; sub_order_id?: string; reason?: string; lang?: Locale },
    ): Promise<{ status: 200 | 206; body: CancelOrderResponse }> {
      const lines = await repo.orderLines(userId, q.order_id, q.sub_order_id);
      if (lines.length === 0) throw orderNotFound();
      const at = now();
      if (lines.some((l) => l.status !== 'fulfilled' || !l.refund_stop_time || l.refund_stop_time <= at)) {
        throw outOfDate();
      }
      const amount = lines.reduce((sum, l) => sum + l.total_charges, 0);
      const intentId = lines[0]?.payment_intent_id;
      if (amount > 0 && intentId) {
        try {
          await provider.refund(intentId, amount, lines.map((l) => l.sub_order_id).join('+'));
        } catch (err) {
          deps.log.warn({ err, orderId: q.order_id }, 'refund refused by the provider');
          throw new AppError('EXTERNAL_ERROR', 417, 'The payment provider refused the refund.');
        }
      }
      const refunded: { id: number; slug: string }[] = [];
      for (const l of lines) {
        if (l.category !== 'ticket' || !l.paid_event_name) continue;
        const entry = await deps.shows.byPaidEventName(l.paid_event_name);
        if (entry) refunded.push(entry.row);
      }
      await repo.transaction(async (tx) => {
        await repo.cancelLines(
          lines.map((l) => l.sub_order_id),
          q.reason || null,
          at,
          tx,
        );
        for (const show of refunded) await repo.removePurchasedTicket(userId, show.id, tx);
      });
      // Every node forgets the ticket and ends the fan's chat and show subscriptions (issue 29).
      for (const show of refunded) await deps.tickets.removed(userId, show);
      deps.catalog.forgetOwnership(userId);
      await deps.mails.refund(
        q.order_id,
        lines.map((l) => l.sub_order_id),
        q.lang,
      );
      const partial = q.sub_order_id !== undefined && (await repo.countLines(q.order_id)) > lines.length;
      return partial
        ? { status: 206, body: { result: 'PARTIAL_REFUND', message: REFUND_RECEIVED } }
        : { status: 200, body: { result: 'OK', message: REFUND_RECEIVED } };
    },
  };
}

export type CommerceService = ReturnType<typeof createCommerceService>;
