import { isLoggedIn, type Show } from '@encore/contract';
import { useSessionStore } from '../../../lib/store/session-store.ts';
import { useUiStore } from '../../../lib/store/ui-store.ts';
import { buyNeedsLogin } from '../buy-needs-login.ts';
import { type TicketDialogKind, useTicketDialogStore } from '../store/ticket-dialog-store.ts';

/**
 * Opens the validation or buy dialog for a show. Both need login (TIX-18) except Buy when the partner
 * platform is the only vendor (TIX-19); otherwise the login modal opens and the dialog waits for it.
 */
export function requestTicketDialog(kind: TicketDialogKind, show: Pick<Show, 'slug' | 'ticketing'>): void {
  const dialog = { kind, slug: show.slug };
  const needsLogin = kind === 'validate' || buyNeedsLogin(show.ticketing);
  if (needsLogin && !isLoggedIn(useSessionStore.getState())) {
    useTicketDialogStore.getState().setPending(dialog);
    useUiStore.getState().setAuthMode('LOGIN');
    return;
  }
  useTicketDialogStore.getState().open(dialog);
}
