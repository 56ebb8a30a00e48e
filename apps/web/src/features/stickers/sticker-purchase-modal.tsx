import { type CatalogItemBase, httpsImage } from '@encore/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/modal.tsx';
import { isApiError } from '../../lib/api/api-error.ts';
import { localeText } from '../../lib/i18n/locale-text.ts';
import { useUiStore } from '../../lib/store/ui-store.ts';
// The one order path and billing read of the commerce feature (docs/decisions.md, Commerce).
import { createOrder, getBillingInfo } from '../tickets/api/commerce-api.ts';
import { billingEnabled } from '../tickets/purchase-rules.ts';
import {
  busyMessageKey,
  needsCard,
  purchaseOutcome,
  purchasePrice,
  stickerOrderBody,
} from './sticker-purchase.ts';

type Phase = 'checking' | 'confirm' | 'no-card' | 'ordering';

export interface StickerPurchaseModalProps {
  item: CatalogItemBase;
  /** Opened again after Payment Info closed: billing is read with 'Checking payment status...' (STK-19). */
  afterNewCard: boolean;
  onClose: () => void;
  /** STK-15: close this modal and open Payment Info (auth mode ADD_PAYMENT). */
  onAddPayment: () => void;
  /** STK-20: order_status succeeded. */
  onPurchased: () => void;
}

/**
 * The sticker purchase modal (viewing sections 2, 4, 8): the sticker and 'Purchase for {price}?', or
 * 'Add Payment Method' when no card is saved (STK-12..14); the order is paid with the saved card.
 */
export function StickerPurchaseModal({
  item,
  afterNewCard,
  onClose,
  onAddPayment,
  onPurchased,
}: StickerPurchaseModalProps) {
  const { t } = useTranslation();
  const locale = useUiStore((s) => s.locale);
  const [phase, setPhase] = useState<Phase>(needsCard(item) ? 'checking' : 'confirm');
  const [message, setMessage] = useState<string | null>(null);
  const name = localeText(item.display_name, locale, item.item_id);
  const { price, tax } = purchasePrice(item);

  useEffect(() => {
    if (!needsCard(item)) return;
    let live = true;
    getBillingInfo()
      .then(({ results }) => live && setPhase(billingEnabled(results) ? 'confirm' : 'no-card'))
      // Unknown billing: offer the purchase; the server refuses it without a card and says so.
      .catch(() => live && setPhase('confirm'));
    return () => {
      live = false;
    };
  }, [item]);

  async function purchase() {
    setPhase('ordering');
    setMessage(null);
    try {
      const { data } = await createOrder(stickerOrderBody(item));
      const outcome = purchaseOutcome(data.order_status);
      if (outcome === 'purchased') {
        onPurchased();
        return;
      }
      setMessage(t(outcome === 'no-payment-method' ? 'sticker-no-payment-method' : 'sticker-unknown-status'));
    } catch (error) {
      // STK-23: a failed order shows the server's message (a declined card says why).
      setMessage((isApiError(error) && error.serverMessage) || t('sticker-purchase-failed'));
    }
    setPhase('confirm');
  }

  const busy = phase === 'checking' || phase === 'ordering';
  const footer =
    phase === 'no-card'
      ? { submitLabel: t('sticker-add-payment'), onSubmit: onAddPayment }
      : busy
        ? {}
        : { submitLabel: t('sticker-purchase'), onSubmit: () => void purchase() };

  return (
    <Modal
      onClose={onClose}
      title={phase === 'no-card' ? t('sticker-add-payment-title') : undefined}
      ariaLabel={name}
      size="sm"
      // Once the order is sent, its answer must be seen: the modal stays until it arrives.
      hideClose={phase === 'ordering'}
      testId="sticker-purchase-modal"
      cancelLabel={busy ? undefined : t('sticker-purchase-cancel')}
      {...footer}
    >
      <div className="sticker-purchase" data-phase={phase}>
        {phase === 'no-card' ? (
          <p className="sticker-purchase__text" data-testid="sticker-add-payment-text">
            {t('sticker-add-payment-text')}
          </p>
        ) : (
          <>
            <img
              className="sticker-purchase__image"
              src={httpsImage(item.display_image) ?? ''}
              alt=""
              width={112}
              height={112}
            />
            <h2 className="sticker-purchase__name" data-testid="sticker-purchase-name">
              {name}
            </h2>
            {busy ? (
              <p className="sticker-purchase__busy" role="status" data-testid="sticker-purchase-busy">
                <span className="spinner" aria-hidden="true" />
                {t(busyMessageKey(afterNewCard, phase === 'checking' ? 'checking' : 'ordering'))}
              </p>
            ) : (
              <p className="sticker-purchase__price" data-testid="sticker-purchase-price">
                {t('sticker-purchase-for', { price })}
                {tax && <span className="sticker-purchase__tax"> {t('sticker-purchase-tax')}</span>}
              </p>
            )}
            {message && (
              <p className="sticker-purchase__error" role="alert" data-testid="sticker-purchase-error">
                {message}
              </p>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
