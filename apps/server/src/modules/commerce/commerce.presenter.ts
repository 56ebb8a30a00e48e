import type { BillingInfoEntry } from '@encore/contract';
import type { BillingRow } from './commerce.repo.ts';

/** A billing record as GET /thor/pg/billing_info/ answers it (COM-38, COM-39 decided). */
export function presentBilling(row: BillingRow): BillingInfoEntry {
  return {
    vendor: row.vendor,
    billing: row.billing,
    shipping: row.shipping,
    card: row.card,
    pg_key: row.customer_id,
  };
}
