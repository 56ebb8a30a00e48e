import { z } from 'zod';
import { safeId, safeInt, safeString } from './safe-input.ts';
import { Channel, TicketAttributes } from './shows.ts';
import { Entitlements } from './tickets.ts';

/**
 * POST /thor/shows/{slug}/enter/ (authenticated): a fan's device enters the event. Encore's own call
 * (the spec's client joins a hang; this is the gate before it, docs/decisions.md). It admits a ticket
 * holder once doors are open and opens a device session bound to the ticket. At most
 * LIMITS.devicesPerTicket sessions live at once: a new one logs the oldest out in real time.
 * Statuses: 200 entered; 202 NO_TICKET; 403 EVENT_NOT_OPEN (before doors or after the end);
 * 400 VIDEO_NOT_FOUND (no such show); 401 no valid token.
 */
export const EnterEventParams = z.object({ slug: safeString().min(1).max(100) });

export const EnterEventResponse = z.object({
  /** The device session; the realtime connection and later calls (join_hang, DRM) carry it. */
  session_id: safeString(),
  show: Channel,
  ticket: z.object({
    paid_event_name: safeString(),
    paid_event_id: safeInt(),
    ticket_attributes: TicketAttributes,
    entitlements: Entitlements,
  }),
  /** Device sessions alive for this ticket, this one included. */
  devices: safeId(),
  /** False while several devices are connected (DEV-03): chat is off until only this one is. */
  chat_enabled: z.boolean(),
});
export type EnterEventResponse = z.infer<typeof EnterEventResponse>;

/** DELETE /thor/shows/{slug}/enter/{session_id}/: the fan leaves (tab closed, signed out). 204. */
export const LeaveEventParams = z.object({
  slug: safeString().min(1).max(100),
  session_id: safeString().max(64),
});
