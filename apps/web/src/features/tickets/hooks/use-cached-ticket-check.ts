import type { Show } from '@encore/contract';
import { useEffect } from 'react';
import { useSessionStore } from '../../../lib/store/session-store.ts';
import { useTicketState } from '../store/ticket-store.ts';
import { checkTicketFromCache } from './check-ticket.ts';

/**
 * On load and after login, the signed-in fan's ticket for the show is checked once (accounts
 * section 4); logout clears the store, so the next account checks afresh.
 */
export function useCachedTicketCheck(show: Pick<Show, 'paid_event_name' | 'channel_id'> | undefined): void {
  const authToken = useSessionStore((s) => s.authToken);
  const ticket = useTicketState(show?.paid_event_name);
  const needed = Boolean(authToken && show && !ticket?.checked && !ticket?.checking);

  useEffect(() => {
    if (!needed || !show) return;
    // Deferred a tick: a development double mount must not send the check twice.
    const timer = window.setTimeout(() => void checkTicketFromCache(show), 0);
    return () => window.clearTimeout(timer);
  }, [needed, show]);
}
