import { create } from 'zustand';
import { onSessionCleared } from '../../../lib/session/session-reset.ts';
import { useSessionStore } from '../../../lib/store/session-store.ts';
import {
  applyCheck,
  beginCheck,
  type CheckOutcome,
  initialTicketState,
  type TicketState,
} from './ticket-state.ts';

interface TicketStore {
  /** By paid_event_name. */
  tickets: Record<string, TicketState>;
  begin: (paidEventName: string) => void;
  apply: (paidEventName: string, outcome: CheckOutcome) => void;
  reset: () => void;
}

export const useTicketStore = create<TicketStore>()((set) => {
  const update = (name: string, fn: (state: TicketState) => TicketState) =>
    set((s) => ({ tickets: { ...s.tickets, [name]: fn(s.tickets[name] ?? initialTicketState(name)) } }));
  return {
    tickets: {},
    begin: (name) => update(name, beginCheck),
    apply: (name, outcome) => update(name, (state) => applyCheck(state, outcome, Date.now())),
    reset: () => set({ tickets: {} }),
  };
});

// Logout clears the ticket state (accounts section 4): the next account checks afresh. Another tab
// signing in or out changes the token without a logout here, so any token change clears it too.
onSessionCleared(() => useTicketStore.getState().reset());
useSessionStore.subscribe((state, previous) => {
  if (state.authToken !== previous.authToken) useTicketStore.getState().reset();
});

export function useTicketState(paidEventName: string | undefined): TicketState | undefined {
  return useTicketStore((s) => (paidEventName ? s.tickets[paidEventName] : undefined));
}
