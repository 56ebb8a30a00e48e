import { type Billing, type Show, ticketSaleState } from '@encore/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../../components/ui/modal.tsx';
import { statusOf } from '../../../../lib/api/api-error.ts';
import {
  cardBrand,
  cardDetails,
  cardProblem,
  digits,
  EMPTY_CARD,
  parseSavedCard,
} from '../../../../lib/payments/card-input.ts';
import { type CardProvider, loadCardProvider } from '../../../../lib/payments/card-provider.ts';
import { useUiStore } from '../../../../lib/store/ui-store.ts';
import { createOrder, getBillingInfo, getPaymentVendor } from '../../api/commerce-api.ts';
import {
  billingEnabled,
  EMPTY_BILLING,
  locksPurchase,
  needsNewOrder,
  offersBackToPayment,
  type PaymentError,
  type PurchaseStep,
  paymentFormValid,
  stepAfterSelect,
} from '../../purchase-rules.ts';
import { PaymentForm, type PaymentFormValue } from './payment-form.tsx';
import { ConfirmSummary, formatPrice, OrderConfirmation, SelectTicket } from './purchase-steps.tsx';
import './purchase.css';

type Order = { orderId: string; clientSecret: string; billingKey: string };

/**
 * The ticket purchase modal (accounts section 4): SELECT_TICKET, then ADD_PAYMENT (no saved card) or
 * order creation (saved card), CONFIRM, ORDER_CONFIRMATION; EDIT_PAYMENT from CONFIRM.
 */
export function PurchaseModal({ show, onClose }: { show: Show; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useUiStore((s) => s.locale);
  // Outside the show's sale window nothing can be chosen (the server refuses such orders too).
  const [sale] = useState(() => ticketSaleState(show.event, new Date()));
  const items = sale === 'open' ? (show.ticket_items ?? []) : [];
  const [step, setStep] = useState<PurchaseStep>('SELECT_TICKET');
  const [itemId, setItemId] = useState<string | null>(
    items.length === 1 ? (items[0]?.item_id ?? null) : null,
  );
  const [savedCard, setSavedCard] = useState<string | undefined>();
  const [form, setForm] = useState<PaymentFormValue>({ billing: EMPTY_BILLING, card: EMPTY_CARD });
  // The fan opts in to keeping the card (issue 26; the spec's default was on: docs/decisions.md).
  const [saveCard, setSaveCard] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [payError, setPayError] = useState<PaymentError | null>(null);
  const order = useRef<Order | null>(null);
  const provider = useRef<CardProvider | null>(null);
  const item = items.find((i) => i.item_id === itemId) ?? null;

  useEffect(() => {
    let live = true;
    // The saved billing and card decide the path after SELECT_TICKET (COM-08, COM-40).
    getBillingInfo()
      .then(({ results }) => {
        if (!live || !results[0]) return;
        setForm((f) => ({ ...f, billing: { ...EMPTY_BILLING, ...results[0]?.billing } }));
        if (billingEnabled(results)) setSavedCard(results[0]?.card);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  const cardEntered = Boolean(form.card.number || form.card.expiry || form.card.cvc);
  const useSaved = Boolean(savedCard) && !cardEntered;
  const billingKey = JSON.stringify({ billing: form.billing, useSaved });

  async function ensureOrder(withBilling: boolean): Promise<boolean> {
    if (!item) return false;
    if (!needsNewOrder(order.current, billingKey)) return true;
    try {
      const { status, data } = await createOrder({
        item_list: [{ item_id: item.item_id, quantity: 1 }],
        use_saved_payment_method: useSaved,
        require_user_confirmation: true,
        save_info: !useSaved && saveCard,
        // The receipt and refund mails are written in the page's language (issue 26).
        lang: locale,
        ...(withBilling ? { billing: form.billing as Billing } : {}),
      });
      // COM-17: CONFIRM only with status 200 and a client_secret.
      if (status !== 200 || !data.client_secret) throw new Error('no client secret');
      order.current = { orderId: data.order_id, clientSecret: data.client_secret, billingKey };
      return true;
    } catch (err) {
      const code = statusOf(err);
      setError(
        t(
          code === 400 || code === 404 || code === 409
            ? `purchase-order-error-${code}`
            : 'purchase-order-error',
        ),
      );
      return false;
    }
  }

  async function toPayment(next: 'CONFIRM') {
    setBusy(true);
    setError(null);
    setPayError(null);
    const ok = await ensureOrder(true);
    setBusy(false);
    if (ok) setStep(next);
  }

  async function continueFromSelect() {
    if (!item) return;
    if (stepAfterSelect(Boolean(savedCard)) === 'ADD_PAYMENT') {
      setStep('ADD_PAYMENT');
      return;
    }
    await toPayment('CONFIRM');
  }

  async function submitPayment() {
    setSubmitted(true);
    const mode = step === 'EDIT_PAYMENT' && savedCard ? 'edit' : 'create';
    const valid = paymentFormValid(
      form.billing,
      { entered: cardEntered, valid: cardProblem(form.card, new Date()) === null },
      mode,
    );
    // COM-11: no order unless the form is valid and a ticket is selected.
    if (!valid || !item) return;
    await toPayment('CONFIRM');
  }

  async function pay() {
    const current = order.current;
    if (!current) return;
    setBusy(true);
    setError(null);
    provider.current ??= loadCardProvider((await getPaymentVendor().catch(() => null))?.api_key ?? '');
    const result = await provider.current.confirmCardPayment(current.clientSecret, {
      ...(useSaved ? {} : { card: cardDetails(form.card) }),
      ...(!useSaved && saveCard ? { setupFutureUsage: 'off_session' as const } : {}),
    });
    setBusy(false);
    if (result.error) {
      // COM-21: back to CONFIRM with the provider's message.
      setError(result.error.message);
      setPayError(result.error);
      return;
    }
    if (result.paymentIntent.status === 'succeeded') setStep('ORDER_CONFIRMATION');
  }

  const newCard = cardEntered
    ? { brand: cardBrand(form.card.number), last4: digits(form.card.number).slice(-4) }
    : null;
  const shownCard = newCard ?? parseSavedCard(savedCard);
  const locked = payError ? locksPurchase(payError) : false;
  const editPayment = () => {
    setSubmitted(false);
    setError(null);
    setStep('EDIT_PAYMENT');
  };

  const titles: Record<PurchaseStep, string> = {
    SELECT_TICKET: t('purchase-title'),
    ADD_PAYMENT: t('purchase-payment-title'),
    EDIT_PAYMENT: t('purchase-edit-payment-title'),
    CONFIRM: t('purchase-confirm-title'),
    ORDER_CONFIRMATION: t('purchase-done-title'),
  };
  const footer =
    step === 'SELECT_TICKET'
      ? { submitLabel: t('purchase-continue'), onSubmit: continueFromSelect, submitDisabled: !item }
      : step === 'ADD_PAYMENT' || step === 'EDIT_PAYMENT'
        ? { submitLabel: t('purchase-continue'), onSubmit: submitPayment }
        : step === 'CONFIRM' && item
          ? {
              submitLabel: t('purchase-buy', { price: formatPrice(item, locale) }),
              onSubmit: pay,
              submitDisabled: locked,
            }
          : {};

  return (
    <Modal
      onClose={onClose}
      title={titles[step]}
      size={step === 'ADD_PAYMENT' || step === 'EDIT_PAYMENT' ? 'lg' : 'md'}
      testId="purchase-modal"
      submitBusy={busy}
      {...footer}
    >
      <div className="purchase" data-step={step}>
        {step === 'SELECT_TICKET' && (
          <SelectTicket show={show} sale={sale} selected={itemId} onSelect={setItemId} />
        )}
        {(step === 'ADD_PAYMENT' || step === 'EDIT_PAYMENT') && (
          <PaymentForm
            value={form}
            onChange={setForm}
            submitted={submitted}
            savedCard={step === 'EDIT_PAYMENT' ? savedCard : undefined}
            saveCard={saveCard}
            onSaveCardChange={setSaveCard}
          />
        )}
        {step === 'CONFIRM' && item && (
          <ConfirmSummary
            item={item}
            card={shownCard}
            error={error}
            locked={locked}
            onBackToPayment={payError && offersBackToPayment(payError) ? editPayment : null}
            onChangePayment={editPayment}
          />
        )}
        {step === 'ORDER_CONFIRMATION' && <OrderConfirmation show={show} item={item} onClose={onClose} />}
        {step !== 'CONFIRM' && error && (
          <p className="form-error" role="alert" data-testid="purchase-error">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
