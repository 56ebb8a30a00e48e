import { useConfig } from '../../../lib/config/config-context.tsx';
import { useTicketDialogStore } from '../store/ticket-dialog-store.ts';
import { BuyModal } from './buy-modal.tsx';
import { PurchaseModal } from './purchase/purchase-modal.tsx';
import { ValidationModal } from './validation-modal.tsx';
import './ticket-modals.css';

/** The ticket dialog chosen in the dialog store: validation, ticket purchase or buy-on-external-vendor (TIX-16). */
export function TicketModals() {
  const { shows, features } = useConfig();
  const dialog = useTicketDialogStore((s) => s.dialog);
  const close = useTicketDialogStore((s) => s.close);
  const show = shows.find((s) => s.slug === dialog?.slug);
  if (!dialog || !show) return null;
  if (dialog.kind === 'validate') return <ValidationModal key={show.slug} show={show} onClose={close} />;
  // A show that sells in the product opens the purchase (when the server takes payments: the
  // purchases feature); otherwise its shops (TIX-16).
  return features.purchases && show.ticket_items?.length ? (
    <PurchaseModal key={show.slug} show={show} onClose={close} />
  ) : (
    <BuyModal key={show.slug} show={show} onClose={close} />
  );
}
