import { type CatalogItem, ownedItemIds } from '@encore/contract';
import { useQuery } from '@tanstack/react-query';
import { fetchFulfilledOrders, fetchStickerPacks } from './api/sticker-api.ts';

export interface StickerStore {
  packs: CatalogItem[];
  owned: Set<string>;
}

/** Packs from the catalog with what the fan owns (owning a pack owns its stickers, STK-09). */
export function useStickerStore(paidEventName: string) {
  return useQuery({
    queryKey: ['sticker-store', paidEventName],
    queryFn: async ({ signal }): Promise<StickerStore> => {
      const [packs, orders] = await Promise.all([
        fetchStickerPacks(paidEventName, signal),
        fetchFulfilledOrders(signal),
      ]);
      return { packs, owned: ownedItemIds(orders, packs) };
    },
  });
}
