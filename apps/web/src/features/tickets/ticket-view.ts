import type { TicketState } from './store/ticket-state.ts';

/** What the landing's ticket area shows (accounts section 4, LAND-16 to LAND-18). */
export type TicketView = 'none' | 'login' | 'checking' | 'check-failed' | 'no-ticket' | 'holder';

export function ticketView(input: {
  loggedIn: boolean;
  hasVendors: boolean;
  ticket: TicketState | undefined;
}): TicketView {
  const { loggedIn, hasVendors, ticket } = input;
  if (!loggedIn) return hasVendors ? 'login' : 'none';
  if (ticket?.status) return 'holder';
  if (!ticket?.checked) return 'checking';
  if (ticket.failed) return 'check-failed';
  return 'no-ticket';
}
