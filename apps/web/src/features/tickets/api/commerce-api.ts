import type {
  BillingInfoBody,
  BillingInfoCreated,
  BillingInfoResponse,
  Locale,
  OrderBody,
  OrderCreated,
  OrderListResponse,
  PaymentVendorResponse,
} from '@encore/contract';
import { apiRequest } from '../../../lib/api/api-client.ts';

/** Purchase history page size (accounts section 9). */
export const ORDER_PAGE_SIZE = 50;

/**
 * GET /thor/pg/vendor/ (COM-28): the configured card provider (no name asks for the server's own)
 * and its publishable key.
 */
export async function getPaymentVendor(): Promise<PaymentVendorResponse> {
  const { data } = await apiRequest<PaymentVendorResponse>('/thor/pg/vendor/');
  return data;
}

/** GET /thor/pg/billing_info/ (COM-37). */
export async function getBillingInfo(): Promise<BillingInfoResponse> {
  // No vendor: the server's configured card provider (accounts section 7).
  const { data } = await apiRequest<BillingInfoResponse>('/thor/pg/billing_info/');
  return data;
}

/** POST /thor/pg/billing_info/ (COM-41): 201 with the client_secret of the card setup. */
export async function saveBillingInfo(
  body: BillingInfoBody,
): Promise<{ status: number; data: BillingInfoCreated }> {
  return apiRequest<BillingInfoCreated>('/thor/pg/billing_info/', { method: 'POST', body });
}

/** POST /thor/pg/order/ (COM-14): quantity is always 1 per ticket (COM-12). */
export async function createOrder(body: OrderBody): Promise<{ status: number; data: OrderCreated }> {
  return apiRequest<OrderCreated>('/thor/pg/order/', { method: 'POST', body });
}

/** GET /thor/pg/order/ (COM-48/49): one page of 50; canceled orders are asked as status=cancelled. */
export async function getOrders(status: 'fulfilled' | 'cancelled'): Promise<OrderListResponse> {
  const { data } = await apiRequest<OrderListResponse>(
    `/thor/pg/order/?status=${status}&limit=${ORDER_PAGE_SIZE}`,
  );
  return data;
}

/** DELETE /thor/pg/order/ (COM-58): 200, 202 and 206 are accepted (COM-59). */
export async function requestRefund(
  order: { order_id: string; sub_order_id: string },
  reason: string,
  lang: Locale,
) {
  // lang: the refund mail is written in the page's language (issue 26).
  const query = new URLSearchParams({
    order_id: order.order_id,
    sub_order_id: order.sub_order_id,
    reason,
    lang,
  });
  // 403 is the refund's own OUT_OF_DATE (accounts section 8), not a rejected session: only 401 signs out.
  return apiRequest<{ result: string }>(`/thor/pg/order/?${query}`, {
    method: 'DELETE',
    handleAuthFailure: 'unauthorized-only',
  });
}
