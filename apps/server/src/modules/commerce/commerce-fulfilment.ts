import type { TicketAttributes } from '@encore/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { PaymentProvider } from '../../adapters/payments/payment-provider.ts';
import type { Database } from '../../db/schema.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { ShowsService } from '../shows/shows.service.ts';
import type { TicketsService } from '../tickets/tickets.service.ts';
import type { CommerceRepo, SaleItemRow } from './commerce.repo.ts';
import type { OrderMails } from './commerce-mails.ts';

type Grant = { userId: number; showId: number; attributes: TicketAttributes };

/**
 * What a paid order gives the fan, granted in the same transaction that marks it fulfilled (issue 12:
 * a crash between the two once left paid orders without their ticket). Stickers need no grant: owning
 * one is having a fulfilled order of it. The start-up reconciler repairs what an older crash, or one
 * between the provider taking the money and its event being applied, left behind.
 */
export function createFulfilment(deps: {
  repo: CommerceRepo;
  provider: PaymentProvider;
  tickets: TicketsService;
  shows: ShowsService;
  catalog: CatalogService;
  mails: OrderMails;
  log: FastifyBaseLogger;
}) {
  const { repo } = deps;

  /** The show a ticket item admits to (read before a transaction: PGlite has one connection). */
  async function grantsOf(userId: number, items: readonly SaleItemRow[]): Promise<Grant[]> {
    const grants: Grant[] = [];
    for (const item of items) {
      if (item.category !== 'ticket' || !item.paid_event_name) continue;
      const entry = await deps.shows.byPaidEventName(item.paid_event_name);
      // The money is taken whatever happened to the show: the order is kept, and someone must look.
      if (!entry) deps.log.error({ userId, itemId: item.item_id }, 'paid ticket of an unknown show');
      else grants.push({ userId, showId: entry.row.id, attributes: item.ticket_attributes ?? {} });
    }
    return grants;
  }

  async function grantIn(tx: Transaction<Database>, grants: readonly Grant[]): Promise<void> {
    for (const g of grants) {
      await deps.tickets.grantPurchased(g.userId, g.showId, g.attributes, tx);
    }
  }

  /** After commit: nodes' memories of what the fan holds. */
  function forget(userIds: Iterable<number>, grants: readonly Grant[]): void {
    for (const g of grants) deps.tickets.forgetHeld(g.userId, g.showId);
    for (const userId of new Set(userIds)) deps.catalog.forgetOwnership(userId);
  }

  /** Fulfils a paid intent's pending lines with their goods; answers how many lines it fulfilled. */
  async function fulfilPayment(intentId: string): Promise<number> {
    const lines = await repo.pendingLines(intentId);
    if (lines.length === 0) return 0;
    const byLine = new Map<string, Grant[]>();
    for (const line of lines) byLine.set(line.sub_order_id, await grantsOf(line.user_id, [line]));
    let granted: Grant[] = [];
    const done = await repo.transaction(async (tx) => {
      const fulfilled = await repo.fulfil(
        lines.map((l) => l.sub_order_id),
        tx,
      );
      // Only the lines this call fulfilled: a concurrent event or the reconciler grants the others once.
      granted = [...fulfilled].flatMap((id) => byLine.get(id) ?? []);
      await grantIn(tx, granted);
      return fulfilled;
    });
    const fulfilled = lines.filter((l) => done.has(l.sub_order_id));
    forget(
      fulfilled.map((l) => l.user_id),
      granted,
    );
    // One receipt per order this call fulfilled (a redelivered event fulfils nothing and mails nothing).
    for (const orderId of new Set(fulfilled.map((l) => l.order_id))) await deps.mails.receipt(orderId);
    return done.size;
  }

  return {
    fulfilPayment,

    /** A free order: its lines are inserted fulfilled together with their tickets. */
    async insertFulfilled(
      userId: number,
      items: readonly SaleItemRow[],
      insert: (tx: Transaction<Database>) => Promise<void>,
    ): Promise<void> {
      const grants = await grantsOf(userId, items);
      await repo.transaction(async (tx) => {
        await insert(tx);
        await grantIn(tx, grants);
      });
      forget([userId], grants);
    },

    /**
     * Repairs paid orders whose goods are missing; idempotent (a second run finds nothing). Pending
     * lines whose payment the provider reports succeeded are fulfilled (a crash after the charge, before
     * its event); fulfilled ticket lines without their ticket get it.
     */
    async reconcile(): Promise<{ fulfilled: number; granted: number }> {
      let fulfilled = 0;
      if (deps.provider.succeededAmong) {
        const pending = await repo.pendingIntents();
        for (const intentId of await deps.provider.succeededAmong(pending)) {
          const n = await fulfilPayment(intentId);
          if (n > 0) deps.log.warn({ intentId, lines: n }, 'reconciler: paid order fulfilled after a crash');
          fulfilled += n;
        }
      }
      const missing = await repo.paidTicketsMissing();
      for (const m of missing) {
        const grant: Grant[] = [
          { userId: m.user_id, showId: m.show_id, attributes: m.ticket_attributes ?? {} },
        ];
        await repo.transaction((tx) => grantIn(tx, grant));
        forget([m.user_id], grant);
        deps.log.warn(
          { orderId: m.order_id, subOrderId: m.sub_order_id, userId: m.user_id, showId: m.show_id },
          'reconciler: ticket of a paid order granted after a crash',
        );
      }
      if (fulfilled + missing.length > 0)
        deps.log.warn({ fulfilled, granted: missing.length }, 'reconciler repaired paid orders');
      return { fulfilled, granted: missing.length };
    },
  };
}

export type Fulfilment = ReturnType<typeof createFulfilment>;
