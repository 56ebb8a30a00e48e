import { computeEntitlements, type EnterEventResponse, type TicketAttributes } from '@encore/contract';
import { presentChannel } from '../shows/shows.presenter.ts';
import type { CatalogEntry } from '../shows/shows.service.ts';
import { presentTicketAttributes } from '../tickets/tickets.presenter.ts';

export function presentEntry(p: {
  entry: CatalogEntry;
  attributes: TicketAttributes;
  sessionId: string;
  devices: number;
  now: Date;
}): EnterEventResponse {
  return {
    session_id: p.sessionId,
    show: presentChannel(p.entry.show, p.now),
    ticket: {
      paid_event_name: p.entry.row.paid_event_name,
      paid_event_id: p.entry.row.paid_event_id,
      ticket_attributes: presentTicketAttributes(p.attributes),
      entitlements: computeEntitlements(p.attributes, p.entry.hasStream4k),
    },
    devices: p.devices,
    // DEV-03: chat stays off while several devices watch on one ticket.
    chat_enabled: p.devices === 1,
  };
}
