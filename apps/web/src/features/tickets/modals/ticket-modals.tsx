import { useConfig } from '../../../lib/config/config-context.tsx';
import { useTicketDialogStore } from '../store/ticket-dialog-store.ts';
import { BuyModal } from './buy-modal.tsx';
import { ValidationModal } from './validation-modal.tsx';
import './ticket-modals.css';

/** The ticket dialog chosen in the dialog store: validation or buy-on-external-vendor (TIX-16). */
export function TicketModals() {
  const { shows } = useConfig();
  const dialog = useTicketDialogStore((s) => s.dialog);
  const close = useTicketDialogStore((s) => s.close);
  const show = shows.find((s) => s.slug === dialog?.slug);
  if (!dialog || !show) return null;
  return dialog.kind === 'validate' ? (
    <ValidationModal key={show.slug} show={show} onClose={close} />
  ) : (
    <BuyModal key={show.slug} show={show} onClose={close} />
  );
}
