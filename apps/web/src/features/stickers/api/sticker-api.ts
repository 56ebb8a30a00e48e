import type { CatalogItem, CatalogResponse, OrderListResponse } from '@encore/contract';
import { apiRequest } from '../../../lib/api/api-client.ts';

/** GET /thor/pg/catalog/ with category=bundle (STK-03): the show's sticker packs. */
export async function fetchStickerPacks(paidEventName: string, signal?: AbortSignal): Promise<CatalogItem[]> {
  const query = new URLSearchParams({ paid_event_name: paidEventName, category: 'bundle' });
  const res = await apiRequest<CatalogResponse>(`/thor/pg/catalog/?${query}`, { signal });
  return (res.data?.results ?? []).filter((item) => item.category === 'bundle');
}

/**
 * GET /thor/pg/order/ (STK-08): the fan's fulfilled orders. Not narrowed to the show, because a pack
 * may be sold for every show (paid_event_name null) and still be owned here.
 */
export async function fetchFulfilledOrders(signal?: AbortSignal): Promise<OrderListResponse['results']> {
  const query = new URLSearchParams({ status: 'fulfilled', limit: '200' });
  const res = await apiRequest<OrderListResponse>(`/thor/pg/order/?${query}`, { signal });
  return res.data?.results ?? [];
}
