import type { CatalogQuery, CatalogResponse, OrderListResponse, OrderQuery } from '@encore/contract';
import { AppError } from '../../errors.ts';
import { createTtlCache } from '../../platform/ttl-cache.ts';
import { presentItem, presentOrder } from './catalog.presenter.ts';
import type { CatalogRepo } from './catalog.repo.ts';

/** Epoch seconds to a window, only when both ends are positive (viewing section 5). */
function windowOf(start?: number, end?: number): { from: Date; until: Date } | undefined {
  if (!start || !end || start <= 0 || end <= 0) return undefined;
  return { from: new Date(start * 1000), until: new Date(end * 1000) };
}

/**
 * The shop catalogue (GET /thor/pg/catalog/), a fan's orders (GET /thor/pg/order/), and sticker
 * ownership for the toss path: a fulfilled order of the sticker or of a pack holding it.
 */
export function createCatalogService(deps: {
  catalog: CatalogRepo;
  ownershipCacheMs?: number;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const owned = createTtlCache<number, Map<string, string>>({
    name: 'catalog-ownership',
    ttlMs: deps.ownershipCacheMs ?? 10_000,
    max: 100_000,
    now: () => now().getTime(),
  });

  return {
    async catalog(q: CatalogQuery): Promise<CatalogResponse> {
      const rows = await deps.catalog.items({
        paidEventName: q.paid_event_name,
        category: q.category,
        window: windowOf(q.start_time, q.end_time),
        includeOutOfStock: q.include_oos ?? false,
      });
      const members = await deps.catalog.bundleMembers(
        rows.filter((r) => r.category === 'bundle').map((r) => r.item_id),
      );
      return {
        results: rows.map((r) =>
          presentItem(
            r,
            members.filter((m) => m.bundle_id === r.item_id),
          ),
        ),
      };
    },

    async orders(userId: number, q: OrderQuery): Promise<OrderListResponse> {
      const rows = await deps.catalog.orders(userId, {
        paidEventName: q.paid_event_name,
        status: q.status,
        category: q.category,
        orderId: q.order_id,
        subOrderId: q.sub_order_id,
        window: windowOf(q.start_time, q.end_time),
        limit: q.limit,
      });
      // Naming an order that is not the fan's (or does not exist) is the spec's 404 NOT_FOUND.
      if (rows.length === 0 && (q.order_id !== undefined || q.sub_order_id !== undefined)) {
        throw new AppError('NOT_FOUND', 404, 'This order could not be found.');
      }
      return { results: rows.map(presentOrder) };
    },

    /** The sticker with its image when the fan owns it, else null. */
    async ownedSticker(userId: number, stickerId: string): Promise<{ display_image: string } | null> {
      // A cached set that lacks the sticker is read again: a fan who just bought it is never refused.
      let image = owned.get(userId)?.get(stickerId);
      if (image === undefined) {
        const started = owned.epoch();
        const stickers = await deps.catalog.ownedStickers(userId);
        owned.set(userId, stickers, started);
        image = stickers.get(stickerId);
      }
      return image === undefined ? null : { display_image: image };
    },

    /** A purchase or refund changed what the fan owns (the commerce module calls this). */
    forgetOwnership(userId: number): void {
      owned.forget(userId);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
