import { doorsOpenAt, type Show } from '@encore/contract';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

type Exec = Db | Transaction<Database>;

/** The image a ticket item shows in the purchase history. */
export const TICKET_IMAGE = '/logo.svg';

/**
 * The show's tickets for sale become category=ticket items of the catalogue (COM-02, COM-05), so
 * that orders, history and refunds treat them like any other item. Items the show no longer lists
 * go out of stock rather than away: past orders still point at them.
 */
export async function syncTicketItems(exec: Exec, show: Show): Promise<void> {
  const items = show.ticket_items ?? [];
  const refundStop = doorsOpenAt(show);
  for (const [i, item] of items.entries()) {
    const values = {
      category: 'ticket' as const,
      paid_event_name: show.paid_event_name,
      display_name: JSON.stringify(item.display_name),
      display_description: JSON.stringify(item.display_description),
      display_image: TICKET_IMAGE,
      price: item.price,
      currency: item.currency,
      sale_currency_symbol: item.sale_currency_symbol,
      in_stock: true,
      sort: i,
      ticket_attributes: JSON.stringify(item.ticket_attributes),
      refund_stop_time:
        item.refund_stop_time === undefined
          ? refundStop
          : item.refund_stop_time && new Date(item.refund_stop_time),
    };
    // An item id is global: one that another show (or the sticker shop) uses is refused.
    const saved = await exec
      .insertInto('catalog_items')
      .values({ item_id: item.item_id, ...values })
      .onConflict((oc) =>
        oc
          .column('item_id')
          .doUpdateSet(values)
          .where('catalog_items.category', '=', 'ticket')
          .where('catalog_items.paid_event_name', '=', show.paid_event_name),
      )
      .returning('item_id')
      .executeTakeFirst();
    if (!saved) {
      throw new AppError(
        'SHOW_ID_TAKEN',
        409,
        `Another show or the shop already uses the ticket id "${item.item_id}": choose another one.`,
        { field: `ticket_items.${i}.item_id`, taken: item.item_id },
      );
    }
  }
  let gone = exec
    .updateTable('catalog_items')
    .set({ in_stock: false })
    .where('category', '=', 'ticket')
    .where('paid_event_name', '=', show.paid_event_name);
  if (items.length > 0)
    gone = gone.where(
      'item_id',
      'not in',
      items.map((t) => t.item_id),
    );
  await gone.execute();
}
