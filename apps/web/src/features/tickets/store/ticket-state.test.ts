import { describe, expect, it } from 'vitest';
import { applyCheck, beginCheck, initialTicketState } from './ticket-state.ts';

const ticket = {
  paid_event_id: 1001,
  ticket_attributes: { type: 'Directors', '4K': true },
  entitlements: { multiview: 6 as const, uhd: true },
};

describe('ticket state', () => {
  it('starts not valid, not checked, not checking (TIX-08)', () => {
    expect(initialTicketState('SHOW')).toMatchObject({ status: false, checked: false, checking: false });
  });

  it('is valid only after a 200, and records the check (TIX-09)', () => {
    const checking = beginCheck(initialTicketState('SHOW'));
    expect(checking.checking).toBe(true);
    const valid = applyCheck(checking, { ok: true, ticket }, 5000);
    expect(valid).toMatchObject({ status: true, checked: true, checking: false, last_checked: 5000 });
    expect(valid.paid_event_id).toBe(1001);
    expect(valid.ticket_attributes).toEqual({ type: 'Directors', '4K': true });
  });

  it('is not valid after a no-ticket answer', () => {
    const none = applyCheck(beginCheck(initialTicketState('SHOW')), { ok: false, status: 402 }, 1);
    expect(none).toMatchObject({ status: false, checked: true, checking: false, failed: false });
  });

  it('marks a check that got no usable answer as failed without inventing a ticket', () => {
    const failed = applyCheck(beginCheck(initialTicketState('SHOW')), { ok: false, status: null }, 1);
    expect(failed).toMatchObject({ status: false, checked: true, failed: true });
    expect(applyCheck(initialTicketState('SHOW'), { ok: false, status: 429 }, 1).failed).toBe(true);
  });

  it('keeps a confirmed ticket through a passing error or a refused booking code', () => {
    const valid = applyCheck(initialTicketState('SHOW'), { ok: true, ticket }, 1);
    expect(applyCheck(valid, { ok: false, status: 503 }, 2)).toMatchObject({ status: true, failed: false });
    expect(applyCheck(valid, { ok: false, status: 409, manual: true }, 2).status).toBe(true);
  });

  it('drops a ticket the cached check no longer finds', () => {
    const valid = applyCheck(initialTicketState('SHOW'), { ok: true, ticket }, 1);
    expect(applyCheck(valid, { ok: false, status: 402 }, 2)).toMatchObject({ status: false, checked: true });
  });

  it('does not call a refused code a failed check', () => {
    const refused = applyCheck(initialTicketState('SHOW'), { ok: false, status: 412, manual: true }, 1);
    expect(refused).toMatchObject({ status: false, checked: true, failed: false });
  });
});
