import type { Show } from '@encore/contract';
import { statusOf } from '../../../lib/api/api-error.ts';
import { useSessionStore } from '../../../lib/store/session-store.ts';
import { validateTicketFromCache } from '../api/validate-ticket-from-cache.ts';
import type { CheckOutcome } from '../store/ticket-state.ts';
import { useTicketStore } from '../store/ticket-store.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs the cached check for a show and records it in the ticket store. `delayMs` holds the answer
 * back before it is applied (the dialog's own-vendor phase waits 2 s, TIX-40).
 */
export async function checkTicketFromCache(
  show: Pick<Show, 'paid_event_name' | 'channel_id'>,
  options: { vendor?: string; delayMs?: number } = {},
): Promise<CheckOutcome> {
  const token = useSessionStore.getState().authToken;
  useTicketStore.getState().begin(show.paid_event_name);
  let outcome: CheckOutcome;
  try {
    const data = await validateTicketFromCache({
      paidEventName: show.paid_event_name,
      redeemedOnly: false,
      channelId: show.channel_id,
      ...(options.vendor ? { vendor: options.vendor } : {}),
    });
    outcome = {
      ok: true,
      ticket: {
        paid_event_id: data.paid_event_id,
        ticket_attributes: data.ticket_attributes,
        entitlements: data.entitlements,
      },
    };
  } catch (error) {
    outcome = { ok: false, status: statusOf(error) };
  }
  if (options.delayMs) await wait(options.delayMs);
  // An answer for an account that has signed out since must not land in the next one's state.
  if (useSessionStore.getState().authToken === token)
    useTicketStore.getState().apply(show.paid_event_name, outcome);
  return outcome;
}
