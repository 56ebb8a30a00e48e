import type { Billing } from '@encore/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button.tsx';
import { FormError } from '../../../../components/ui/field.tsx';
import { Modal } from '../../../../components/ui/modal.tsx';
import { apiRequest } from '../../../../lib/api/api-client.ts';
import { cardDetails, cardProblem, EMPTY_CARD } from '../../../../lib/payments/card-input.ts';
import { loadCardProvider } from '../../../../lib/payments/card-provider.ts';
import { showToast } from '../../../../lib/store/toast-store.ts';
import { getBillingInfo, getPaymentVendor, saveBillingInfo } from '../../api/commerce-api.ts';
import { billingEnabled, EMPTY_BILLING, paymentFormValid } from '../../purchase-rules.ts';
import { PaymentForm, type PaymentFormValue } from '../purchase/payment-form.tsx';
import '../purchase/purchase.css';
import './account.css';

/** The billing success message shows 4 s (COM-45). */
const SAVED_TOAST_MS = 4000;

/**
 * Payment Info (COM-29, COM-41..46): the billing address and the saved card. Saving answers 201
 * with a client_secret; a new card is confirmed with the provider (confirm card setup).
 */
export function BillingInfoModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<PaymentFormValue>({ billing: EMPTY_BILLING, card: EMPTY_CARD });
  const [savedCard, setSavedCard] = useState<string | undefined>();
  const [hasRecord, setHasRecord] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    getBillingInfo()
      .then(({ results }) => {
        if (!live) return;
        const first = results[0];
        if (first) {
          setHasRecord(true);
          setForm((f) => ({ ...f, billing: { ...EMPTY_BILLING, ...first.billing } }));
          if (billingEnabled(results)) setSavedCard(first.card);
        }
      })
      .catch(() => {})
      .finally(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, []);

  const cardEntered = Boolean(form.card.number || form.card.expiry || form.card.cvc);

  async function save() {
    setSubmitted(true);
    const valid = paymentFormValid(
      form.billing,
      { entered: cardEntered, valid: cardProblem(form.card, new Date()) === null },
      savedCard ? 'edit' : 'create',
    );
    if (!valid) return;
    setBusy(true);
    setError(null);
    try {
      const saved = await saveBillingInfo({ billing: form.billing as Billing }).catch(() => null);
      // COM-43: anything but 201 is a failed update.
      if (saved?.status !== 201) {
        setError(t('billing-save-error'));
        return;
      }
      if (cardEntered) {
        const vendor = await getPaymentVendor().catch(() => null);
        const result = vendor
          ? await loadCardProvider(vendor.api_key).confirmCardSetup(saved.data.client_secret, {
              card: cardDetails(form.card),
            })
          : null;
        if (!result || result.error) {
          setError(t('billing-card-invalid'));
          return;
        }
      }
      showToast({ kind: 'success', messageKey: 'billing-saved', durationMs: SAVED_TOAST_MS });
      onClose();
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    const ok = await apiRequest('/thor/pg/billing_info/', { method: 'DELETE' })
      .then(() => true)
      .catch(() => false);
    setBusy(false);
    if (!ok) {
      setError(t('billing-save-error'));
      return;
    }
    showToast({ kind: 'success', messageKey: 'billing-removed' });
    onClose();
  }

  return (
    <Modal
      onClose={onClose}
      title={t('billing-title')}
      size="lg"
      testId="billing-modal"
      submitLabel={loaded ? t('billing-save') : undefined}
      onSubmit={save}
      submitBusy={busy}
    >
      {loaded && (
        <div className="purchase">
          <PaymentForm value={form} onChange={setForm} submitted={submitted} savedCard={savedCard} />
          {error && <FormError testId="billing-error">{error}</FormError>}
          {hasRecord && (
            <div>
              <Button variant="ghost" onClick={remove} disabled={busy} data-testid="billing-remove">
                {t('billing-remove')}
              </Button>
            </div>
          )}
          <p className="account-legal" data-testid="billing-retention">
            {t('commerce-retention')}
          </p>
        </div>
      )}
    </Modal>
  );
}
