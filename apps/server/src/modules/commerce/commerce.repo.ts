import type { Billing, Locale } from '@encore/contract';
import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

type Exec = Db | Transaction<Database>;
export type BillingRow = Selectable<Database['billing_infos']>;
export type SaleItemRow = Selectable<Database['catalog_items']>;
export type NewOrderLine = {
  sub_order_id: string;
  order_id: string;
  user_id: number;
  item_id: string;
  total_charges: number;
  currency: string;
  refund_stop_time: Date | null;
  payment_intent_id: string | null;
  client_secret: string | null;
  status: 'pending' | 'fulfilled';
  mail_lang: Locale;
  receipt_email: string | null;
  card: string | null;
};

/** The SQL of purchases, billing records and refunds. */
export function createCommerceRepo(db: Db) {
  return {
    transaction<T>(fn: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn);
    },

    items(ids: readonly string[]): Promise<SaleItemRow[]> {
      return db
        .selectFrom('catalog_items')
        .selectAll()
        .where('item_id', 'in', [...ids])
        .execute();
    },

    billing(userId: number, vendor: string): Promise<BillingRow | undefined> {
      return db
        .selectFrom('billing_infos')
        .selectAll()
        .where('user_id', '=', userId)
        .where('vendor', '=', vendor)
        .executeTakeFirst();
    },

    /** Saves the address; a new record starts without a card. */
    async saveBilling(
      r: { userId: number; vendor: string; billing: Billing; shipping: Billing | null; customerId: string },
      tx: Exec = db,
    ): Promise<void> {
      const values = {
        billing: JSON.stringify(r.billing),
        shipping: r.shipping ? JSON.stringify(r.shipping) : null,
        updated_at: new Date(),
      };
      await tx
        .insertInto('billing_infos')
        .values({ user_id: r.userId, vendor: r.vendor, customer_id: r.customerId, ...values })
        .onConflict((oc) => oc.columns(['user_id', 'vendor']).doUpdateSet(values))
        .execute();
    },

    async saveCard(vendor: string, customerId: string, paymentMethodId: string, card: string): Promise<void> {
      await db
        .updateTable('billing_infos')
        .set({ payment_method_id: paymentMethodId, card, updated_at: new Date() })
        .where('vendor', '=', vendor)
        .where('customer_id', '=', customerId)
        .execute();
    },

    async deleteBilling(userId: number, vendor: string): Promise<BillingRow | undefined> {
      return db
        .deleteFrom('billing_infos')
        .where('user_id', '=', userId)
        .where('vendor', '=', vendor)
        .returningAll()
        .executeTakeFirst();
    },

    async insertOrder(lines: readonly NewOrderLine[], tx: Exec = db): Promise<void> {
      await tx
        .insertInto('orders')
        .values([...lines])
        .execute();
    },

    /** The pending lines of a payment with their items (read before fulfilling, outside its transaction). */
    async pendingLines(paymentIntentId: string) {
      return db
        .selectFrom('orders as o')
        .innerJoin('catalog_items as i', 'i.item_id', 'o.item_id')
        .selectAll('i')
        .select(['o.sub_order_id', 'o.order_id', 'o.user_id'])
        .where('o.payment_intent_id', '=', paymentIntentId)
        .where('o.status', '=', 'pending')
        .execute();
    },

    /** The card that paid, as the provider reported it (kept for the refund note and mail). */
    async setCard(paymentIntentId: string, card: string): Promise<void> {
      await db.updateTable('orders').set({ card }).where('payment_intent_id', '=', paymentIntentId).execute();
    },

    /** What an order's receipt or refund mail says: its lines, items, shows and the fan's address. */
    mailLines(orderId: string, subOrderIds?: readonly string[]) {
      let q = db
        .selectFrom('orders as o')
        .innerJoin('catalog_items as i', 'i.item_id', 'o.item_id')
        .innerJoin('users as u', 'u.id', 'o.user_id')
        .leftJoin('shows as s', 's.paid_event_name', 'i.paid_event_name')
        .select([
          'o.sub_order_id',
          'o.total_charges',
          'o.currency',
          'o.mail_lang',
          'o.receipt_email',
          'o.card',
          'o.refund_stop_time',
          'i.display_name',
          'i.category',
          's.event_name',
          's.event_start_time',
          'u.email',
          'u.username',
        ])
        .where('o.order_id', '=', orderId);
      if (subOrderIds) q = q.where('o.sub_order_id', 'in', [...subOrderIds]);
      return q.orderBy('o.sub_order_id').execute();
    },

    /** Marks these pending lines fulfilled; answers the ones this call fulfilled (once only). */
    async fulfil(subOrderIds: readonly string[], tx: Exec = db): Promise<Set<string>> {
      if (subOrderIds.length === 0) return new Set();
      const rows = await tx
        .updateTable('orders')
        .set({ status: 'fulfilled' })
        .where('sub_order_id', 'in', [...subOrderIds])
        .where('status', '=', 'pending')
        .returning('sub_order_id')
        .execute();
      return new Set(rows.map((r) => r.sub_order_id));
    },

    /** Payment intents of lines still pending (the reconciler asks the provider about them). */
    async pendingIntents(): Promise<string[]> {
      const rows = await db
        .selectFrom('orders')
        .select('payment_intent_id')
        .distinct()
        .where('status', '=', 'pending')
        .where('payment_intent_id', 'is not', null)
        .execute();
      return rows.map((r) => r.payment_intent_id).filter((id): id is string => id !== null);
    },

    /**
     * Fulfilled ticket lines whose fan holds no ticket for the show: goods a crash between payment and
     * grant left missing (before fulfilment and grant shared one transaction). A refund cancels its
     * lines and removes the ticket together, so a refunded line is never listed.
     */
    async paidTicketsMissing() {
      return db
        .selectFrom('orders as o')
        .innerJoin('catalog_items as i', 'i.item_id', 'o.item_id')
        .innerJoin('shows as s', 's.paid_event_name', 'i.paid_event_name')
        .leftJoin('tickets as t', (j) =>
          j.onRef('t.user_id', '=', 'o.user_id').onRef('t.show_id', '=', 's.id'),
        )
        .select(['o.sub_order_id', 'o.order_id', 'o.user_id', 's.id as show_id', 'i.ticket_attributes'])
        .where('o.status', '=', 'fulfilled')
        .where('i.category', '=', 'ticket')
        .where('t.id', 'is', null)
        .execute();
    },

    /** Which of these items the fan owns: a fulfilled order of the item or of a pack holding it. */
    async ownedAmong(userId: number, itemIds: readonly string[]): Promise<Set<string>> {
      const direct = db
        .selectFrom('orders')
        .select('item_id')
        .where('user_id', '=', userId)
        .where('status', '=', 'fulfilled')
        .where('item_id', 'in', [...itemIds]);
      const viaPack = db
        .selectFrom('orders as o')
        .innerJoin('catalog_bundle_items as b', 'b.bundle_id', 'o.item_id')
        .select('b.item_id')
        .where('o.user_id', '=', userId)
        .where('o.status', '=', 'fulfilled')
        .where('b.item_id', 'in', [...itemIds]);
      const rows = await direct.union(viaPack).execute();
      return new Set(rows.map((r) => r.item_id));
    },

    orderLines(userId: number, orderId: string, subOrderId?: string) {
      let q = db
        .selectFrom('orders as o')
        .innerJoin('catalog_items as i', 'i.item_id', 'o.item_id')
        .selectAll('o')
        .select(['i.category', 'i.paid_event_name'])
        .where('o.user_id', '=', userId)
        .where('o.order_id', '=', orderId);
      if (subOrderId !== undefined) q = q.where('o.sub_order_id', '=', subOrderId);
      return q.execute();
    },

    async countLines(orderId: string): Promise<number> {
      const r = await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /**
     * Cancels order lines, keeping only their dispute record (COM-62, docs/decisions.md): the
     * payment's client_secret, which could still confirm a payment, is deleted at once.
     */
    async cancelLines(subOrderIds: readonly string[], reason: string | null, at: Date, tx: Exec = db) {
      await tx
        .updateTable('orders')
        .set({ status: 'canceled', cancel_reason: reason, canceled_at: at, client_secret: null })
        .where('sub_order_id', 'in', [...subOrderIds])
        .execute();
    },

    /** The ticket a purchase granted goes with its refund (a ticket from a code stays). */
    async removePurchasedTicket(userId: number, showId: number, tx: Exec = db): Promise<void> {
      await tx
        .deleteFrom('tickets')
        .where('user_id', '=', userId)
        .where('show_id', '=', showId)
        .where('source', '=', 'purchase')
        .execute();
    },
  };
}

export type CommerceRepo = ReturnType<typeof createCommerceRepo>;
