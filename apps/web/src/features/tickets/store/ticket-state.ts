import type { Entitlements, TicketAttributes } from '@encore/contract';

/** Ticket state per paid event (accounts section 3, TIX-06). */
export interface TicketState {
  paid_event_name: string;
  paid_event_id: number | null;
  /** The fan holds a valid ticket: true only after a 200. */
  status: boolean;
  checked: boolean;
  checking: boolean;
  /** Epoch ms of the last answer. */
  last_checked: number | null;
  ticket_attributes: TicketAttributes | null;
  entitlements: Entitlements | null;
  /** The last check got no usable answer (no response, 429, 5xx): the UI offers a retry. */
  failed: boolean;
}

/** What a check answered: the ticket on 200, otherwise the status (null: no response). */
export type CheckOutcome =
  | {
      ok: true;
      ticket: {
        paid_event_id: number;
        ticket_attributes: TicketAttributes;
        entitlements: Entitlements;
      };
    }
  | {
      ok: false;
      status: number | null;
      /** A refused booking code says nothing about a ticket the account already holds. */
      manual?: boolean;
    };

/** TIX-08: not valid, not checked, not checking. */
export function initialTicketState(paidEventName: string): TicketState {
  return {
    paid_event_name: paidEventName,
    paid_event_id: null,
    status: false,
    checked: false,
    checking: false,
    last_checked: null,
    ticket_attributes: null,
    entitlements: null,
    failed: false,
  };
}

export function beginCheck(state: TicketState): TicketState {
  return { ...state, checking: true };
}

/** These answers of the cached check say 'no ticket'; any other failure says nothing about it. */
const DEFINITE_NO: ReadonlySet<number> = new Set([402, 404, 406]);

/**
 * TIX-09: after a check, status is true only for a 200; checked is set and last_checked stored. A
 * ticket already confirmed survives an answer that says nothing about it (no response, 429, 5xx) and
 * a refused booking code, so neither a passing network error nor a mistyped code takes the Enter
 * button away.
 */
export function applyCheck(state: TicketState, outcome: CheckOutcome, now: number): TicketState {
  const base = { ...state, checking: false, checked: true, last_checked: now };
  if (outcome.ok) return { ...base, status: true, failed: false, ...outcome.ticket };
  const definite = outcome.status !== null && DEFINITE_NO.has(outcome.status);
  if (outcome.manual || !definite) return { ...base, failed: !state.status && !outcome.manual };
  return { ...base, status: false, failed: false };
}
