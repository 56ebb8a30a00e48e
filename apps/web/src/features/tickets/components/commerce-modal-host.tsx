import { lazy, Suspense } from 'react';
import { loadDeferredTexts } from '../../../lib/i18n/i18n.ts';

// Payment Info and Purchase History load with their texts on first use.
const BillingInfoModal = lazy(() =>
  Promise.all([import('../modals/account/billing-info-modal.tsx'), loadDeferredTexts('tickets')]).then(
    ([m]) => ({
      default: m.BillingInfoModal,
    }),
  ),
);
const PurchaseHistoryModal = lazy(() =>
  Promise.all([import('../modals/account/purchase-history-modal.tsx'), loadDeferredTexts('tickets')]).then(
    ([m]) => ({
      default: m.PurchaseHistoryModal,
    }),
  ),
);

/** The account's commerce modals, chosen by the auth mode ADD_PAYMENT or PURCHASE_HISTORY (accounts section 2). */
export function CommerceModal({
  mode,
  onClose,
}: {
  mode: 'ADD_PAYMENT' | 'PURCHASE_HISTORY';
  onClose: () => void;
}) {
  return (
    <Suspense fallback={null}>
      {mode === 'ADD_PAYMENT' ? (
        <BillingInfoModal onClose={onClose} />
      ) : (
        <PurchaseHistoryModal onClose={onClose} />
      )}
    </Suspense>
  );
}
