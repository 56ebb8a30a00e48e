import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export type CatalogItemRow = Selectable<Database['catalog_items']>;
export type BundleMemberRow = { bundle_id: string } & CatalogItemRow;
export type OrderRow = Selectable<Database['orders']> & {
  category: CatalogItemRow['category'];
  display_name: CatalogItemRow['display_name'];
  display_image: string;
  sale_currency_symbol: string;
  paid_event_name: string | null;
  event_name: string | null;
  event_start_time: Date | null;
};

export type CatalogFilter = {
  paidEventName?: string;
  category?: CatalogItemRow['category'];
  /** Both set only when both are positive (viewing section 5). */
  window?: { from: Date; until: Date };
  includeOutOfStock: boolean;
};

export type OrderFilter = {
  paidEventName?: string;
  status?: 'fulfilled' | 'canceled' | 'pending';
  category?: CatalogItemRow['category'];
  orderId?: string;
  subOrderId?: string;
  window?: { from: Date; until: Date };
  limit: number;
};

/** The SQL of the shop catalogue and of orders. */
export function createCatalogRepo(db: Db) {
  return {
    async items(f: CatalogFilter): Promise<CatalogItemRow[]> {
      let q = db.selectFrom('catalog_items').selectAll();
      if (f.paidEventName !== undefined) q = q.where('paid_event_name', '=', f.paidEventName);
      if (f.category !== undefined) q = q.where('category', '=', f.category);
      if (!f.includeOutOfStock) q = q.where('in_stock', '=', true);
      const w = f.window;
      if (w) {
        q = q
          .where((eb) => eb.or([eb('available_from', 'is', null), eb('available_from', '<=', w.until)]))
          .where((eb) => eb.or([eb('available_until', 'is', null), eb('available_until', '>=', w.from)]));
      }
      return q.orderBy('sort').orderBy('item_id').execute();
    },

    /** The items of these bundles, in their order. */
    async bundleMembers(bundleIds: readonly string[]): Promise<BundleMemberRow[]> {
      if (bundleIds.length === 0) return [];
      return db
        .selectFrom('catalog_bundle_items as b')
        .innerJoin('catalog_items as i', 'i.item_id', 'b.item_id')
        .selectAll('i')
        .select('b.bundle_id')
        .where('b.bundle_id', 'in', [...bundleIds])
        .orderBy('b.bundle_id')
        .orderBy('b.position')
        .execute();
    },

    async orders(userId: number, f: OrderFilter): Promise<OrderRow[]> {
      let q = db
        .selectFrom('orders as o')
        .innerJoin('catalog_items as i', 'i.item_id', 'o.item_id')
        // The show the item is for, named in the history (issue 26); a sticker of no show has none.
        .leftJoin('shows as s', 's.paid_event_name', 'i.paid_event_name')
        .selectAll('o')
        .select([
          'i.category',
          'i.display_name',
          'i.display_image',
          'i.sale_currency_symbol',
          'i.paid_event_name',
          's.event_name',
          's.event_start_time',
        ])
        .where('o.user_id', '=', userId);
      if (f.paidEventName !== undefined) q = q.where('i.paid_event_name', '=', f.paidEventName);
      if (f.status !== undefined) q = q.where('o.status', '=', f.status);
      if (f.category !== undefined) q = q.where('i.category', '=', f.category);
      if (f.orderId !== undefined) q = q.where('o.order_id', '=', f.orderId);
      if (f.subOrderId !== undefined) q = q.where('o.sub_order_id', '=', f.subOrderId);
      const w = f.window;
      if (w) q = q.where('o.time_ordered', '>=', w.from).where('o.time_ordered', '<=', w.until);
      return q.orderBy('o.time_ordered', 'desc').orderBy('o.sub_order_id').limit(f.limit).execute();
    },

    /** Stickers the user owns, directly or through a fulfilled pack, with their images. */
    async ownedStickers(userId: number): Promise<Map<string, string>> {
      const direct = db
        .selectFrom('orders as o')
        .innerJoin('catalog_items as i', 'i.item_id', 'o.item_id')
        .select(['i.item_id', 'i.display_image'])
        .where('o.user_id', '=', userId)
        .where('o.status', '=', 'fulfilled')
        .where('i.category', '=', 'sticker');
      const viaPack = db
        .selectFrom('orders as o')
        .innerJoin('catalog_bundle_items as b', 'b.bundle_id', 'o.item_id')
        .innerJoin('catalog_items as i', 'i.item_id', 'b.item_id')
        .select(['i.item_id', 'i.display_image'])
        .where('o.user_id', '=', userId)
        .where('o.status', '=', 'fulfilled')
        .where('i.category', '=', 'sticker');
      const rows = await direct.union(viaPack).execute();
      return new Map(rows.map((r) => [r.item_id, r.display_image]));
    },
  };
}

export type CatalogRepo = ReturnType<typeof createCatalogRepo>;
