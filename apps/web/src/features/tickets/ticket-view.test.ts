import { describe, expect, it } from 'vitest';
import { applyCheck, initialTicketState } from './store/ticket-state.ts';
import { ticketView } from './ticket-view.ts';

const none = applyCheck(initialTicketState('S'), { ok: false, status: 402 }, 1);
const failed = applyCheck(initialTicketState('S'), { ok: false, status: null }, 1);
const valid = applyCheck(
  initialTicketState('S'),
  {
    ok: true,
    ticket: { paid_event_id: 1, ticket_attributes: {}, entitlements: { multiview: 1, uhd: false } },
  },
  1,
);

describe('ticketView', () => {
  it('asks a logged-out visitor to log in when the show has vendors (LAND-16)', () => {
    expect(ticketView({ loggedIn: false, hasVendors: true, ticket: undefined })).toBe('login');
    expect(ticketView({ loggedIn: false, hasVendors: false, ticket: undefined })).toBe('none');
    // A ticket left from another account never shows while logged out.
    expect(ticketView({ loggedIn: false, hasVendors: true, ticket: valid })).toBe('login');
  });

  it('waits for the first check, then tells holders from fans without a ticket (LAND-17/18)', () => {
    expect(ticketView({ loggedIn: true, hasVendors: true, ticket: undefined })).toBe('checking');
    expect(ticketView({ loggedIn: true, hasVendors: true, ticket: none })).toBe('no-ticket');
    expect(ticketView({ loggedIn: true, hasVendors: true, ticket: valid })).toBe('holder');
    expect(ticketView({ loggedIn: true, hasVendors: true, ticket: failed })).toBe('check-failed');
  });
});
