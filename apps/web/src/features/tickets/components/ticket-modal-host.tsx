import { lazy, Suspense, useEffect } from 'react';
import { useConfig } from '../../../lib/config/config-context.tsx';
import { loadDeferredTexts } from '../../../lib/i18n/i18n.ts';
import { useIsLoggedIn } from '../../../lib/store/session-store.ts';
import { useUiStore } from '../../../lib/store/ui-store.ts';
import { useTicketDialogStore } from '../store/ticket-dialog-store.ts';
import { useTicketStore } from '../store/ticket-store.ts';

const loadModals = () =>
  Promise.all([
    import('../modals/ticket-modals.tsx'),
    loadDeferredTexts('tickets'),
    import('../../../lib/query-root.tsx'),
  ]);

// The dialogs and their English texts load on first use: the landing page renders without them.
const TicketModals = lazy(() =>
  loadModals().then(([m, , q]) => ({ default: q.withQueryClient(m.TicketModals) })),
);

/** Starts loading the dialogs before the first click, e.g. when a ticket button is hovered. */
export function preloadTicketModals(): void {
  void loadModals();
}

/**
 * A dialog asked for while logged out opens after login, once the ticket check has answered: a fan
 * who turns out to hold a ticket needs no validation. Leaving the login modal without signing in
 * drops it.
 */
function usePendingDialog(): void {
  const { shows } = useConfig();
  const pending = useTicketDialogStore((s) => s.pending);
  const loggedIn = useIsLoggedIn();
  const authMode = useUiStore((s) => s.authMode);
  const paidEventName = shows.find((s) => s.slug === pending?.slug)?.paid_event_name;
  const ticket = useTicketStore((s) => (paidEventName ? s.tickets[paidEventName] : undefined));

  useEffect(() => {
    if (!pending) return;
    const { setPending, open } = useTicketDialogStore.getState();
    if (!loggedIn) {
      if (authMode === '') setPending(null);
      return;
    }
    if (pending.kind === 'validate' && paidEventName && !ticket?.checked) return;
    if (pending.kind === 'validate' && ticket?.status) setPending(null);
    else open(pending);
  }, [pending, loggedIn, authMode, ticket, paidEventName]);
}

export function TicketModalHost() {
  usePendingDialog();
  const dialog = useTicketDialogStore((s) => s.dialog);
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      <TicketModals />
    </Suspense>
  );
}
