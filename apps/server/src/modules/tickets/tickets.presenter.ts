import { computeEntitlements, type TicketAttributes, type TicketValidateResponse } from '@encore/contract';
import type { CatalogEntry } from '../shows/shows.service.ts';

/** Only the attribute keys of the contract leave the server, with the entitlement they give. */
export function presentTicketAttributes(stored: TicketAttributes): TicketAttributes {
  const out: TicketAttributes = {};
  if (typeof stored.type === 'string') out.type = stored.type;
  if (typeof stored.tmo === 'boolean') out.tmo = stored.tmo;
  if (typeof stored.mview === 'number') out.mview = stored.mview;
  if (typeof stored['4K'] === 'boolean') out['4K'] = stored['4K'];
  return out;
}

export function presentTicketAnswer(
  entry: CatalogEntry,
  attributes: TicketAttributes,
): TicketValidateResponse {
  return {
    paid_event_name: entry.row.paid_event_name,
    paid_event_id: entry.row.paid_event_id,
    status: true,
    ticket_attributes: presentTicketAttributes(attributes),
    entitlements: computeEntitlements(attributes, entry.hasStream4k),
  };
}
