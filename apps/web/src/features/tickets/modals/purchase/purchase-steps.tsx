import type { Show, ShowTicketItem } from '@encore/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../../components/ui/button.tsx';
import { FormError } from '../../../../components/ui/field.tsx';
import { LineIcon } from '../../../../components/ui/line-icon.tsx';
import { localeText } from '../../../../lib/i18n/locale-text.ts';
import { useSessionStore } from '../../../../lib/store/session-store.ts';
import { useSkewStore } from '../../../../lib/store/skew-store.ts';
import { useUiStore } from '../../../../lib/store/ui-store.ts';
import { isEntryOpen } from '../../../../lib/time/entry-time.ts';
import { dualDateTime } from '../../../../lib/time/show-time.ts';
import { checkTicketFromCache } from '../../hooks/check-ticket.ts';
import { retrievalStep, TICKET_RETRIEVAL } from '../../purchase-rules.ts';
import { brandName } from './payment-form.tsx';

/** A price in minor units as the fan's locale writes it. */
export function formatPrice(item: Pick<ShowTicketItem, 'price' | 'currency'>, locale: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency: item.currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(item.price / 10 ** digits);
}

/** SELECT_TICKET: the show's tickets for sale (COM-07). */
export function SelectTicket({
  show,
  sale,
  selected,
  onSelect,
}: {
  show: Show;
  sale: 'before' | 'open' | 'closed';
  selected: string | null;
  onSelect: (itemId: string) => void;
}) {
  const { t } = useTranslation();
  const locale = useUiStore((s) => s.locale);
  if (sale !== 'open') {
    const from = show.event.sale_start_time ?? '';
    return (
      <p className="modal__lead" role="status" data-testid="purchase-sale-state">
        {sale === 'before'
          ? t('purchase-sale-before', {
              show: show.event_name,
              // The fan's own date and time with its zone, KST beside it (issue 26).
              when: dualDateTime(from, locale),
            })
          : t('purchase-sale-closed', { show: show.event_name })}
      </p>
    );
  }
  return (
    <fieldset className="ticket-choice" data-testid="purchase-select-ticket">
      <legend className="modal__lead">{t('purchase-select-lead', { show: show.event_name })}</legend>
      {(show.ticket_items ?? []).map((item) => (
        <label key={item.item_id} className="ticket-choice__option" data-selected={selected === item.item_id}>
          <input
            type="radio"
            name="ticket-item"
            value={item.item_id}
            checked={selected === item.item_id}
            onChange={() => onSelect(item.item_id)}
            data-testid={`purchase-item-${item.item_id}`}
          />
          <span className="ticket-choice__text">
            <span className="ticket-choice__name">{localeText(item.display_name, locale)}</span>
            <span className="ticket-choice__about">{localeText(item.display_description, locale)}</span>
          </span>
          <span className="ticket-choice__price">{formatPrice(item, locale)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** CONFIRM: what is bought and with which card; the provider's message after a failed payment. */
export function ConfirmSummary({
  item,
  card,
  error,
  locked,
  onBackToPayment,
  onChangePayment,
}: {
  item: ShowTicketItem;
  card: { brand: string; last4: string } | null;
  error: string | null;
  locked: boolean;
  onBackToPayment: (() => void) | null;
  onChangePayment: () => void;
}) {
  const { t } = useTranslation();
  const locale = useUiStore((s) => s.locale);
  return (
    <div className="purchase-confirm" data-testid="purchase-confirm">
      <dl className="purchase-confirm__lines">
        <div>
          <dt>{t('purchase-ticket')}</dt>
          <dd>{localeText(item.display_name, locale)}</dd>
        </div>
        <div>
          <dt>{t('purchase-pay-with')}</dt>
          <dd data-testid="purchase-card">
            {card ? t('purchase-card', { brand: brandName(card.brand), last4: card.last4 }) : '—'}
          </dd>
        </div>
        <div className="purchase-confirm__total">
          <dt>{t('purchase-total')}</dt>
          <dd>{formatPrice(item, locale)}</dd>
        </div>
      </dl>
      {error && (
        <FormError testId="purchase-error">
          {error}
          {locked && <p className="purchase-confirm__locked">{t('purchase-locked')}</p>}
        </FormError>
      )}
      <div className="purchase-confirm__links">
        {onBackToPayment ? (
          <Button variant="secondary" onClick={onBackToPayment} data-testid="purchase-back-to-payment">
            {t('purchase-back-to-payment')}
          </Button>
        ) : (
          <Button variant="ghost" onClick={onChangePayment} data-testid="purchase-change-payment">
            {t('purchase-change-payment')}
          </Button>
        )}
      </div>
    </div>
  );
}

type Retrieval = 'checking' | 'found' | 'failed' | 'close';

/**
 * ORDER_CONFIRMATION: the ticket is fetched 500 ms after payment, then every 3 s up to 4 times for a
 * status above 401 and below 500 (COM-22..25). The ticket store records each answer, so a failure
 * shows on the landing as a failed check (ticketCheckFailed).
 */
export function OrderConfirmation({
  show,
  item,
  onClose,
}: {
  show: Show;
  /** The item bought, named as everywhere else (issue 26). */
  item: ShowTicketItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = useUiStore((s) => s.locale);
  // The receipt goes to the account's address; a phone-only account has none.
  const mailed = Boolean(useSessionStore((s) => s.user?.email));
  const navigate = useNavigate();
  const skew = useSkewStore((s) => s.skew);
  const [state, setState] = useState<Retrieval>('checking');

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout>;
    const attempt = async (retriesDone: number) => {
      const outcome = await checkTicketFromCache(show);
      if (cancelled) return;
      const next = retrievalStep(outcome.ok ? 200 : outcome.status, retriesDone);
      if (next === 'retry') timer = setTimeout(() => void attempt(retriesDone + 1), TICKET_RETRIEVAL.retryMs);
      else setState(next);
    };
    timer = setTimeout(() => void attempt(0), TICKET_RETRIEVAL.firstDelayMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [show]);

  return (
    <div className="purchase-done" data-testid="purchase-done" data-state={state}>
      <div className="purchase-done__badge">
        <LineIcon size={34} strokeWidth={2.2}>
          <path d="m6 12.5 4 4 8-9" strokeLinecap="round" strokeLinejoin="round" />
        </LineIcon>
      </div>
      <p className="purchase-done__text" role="status">
        {state === 'checking' && t('purchase-done-checking')}
        {state === 'found' &&
          (item
            ? t('purchase-done-found-item', {
                item: localeText(item.display_name, locale),
                show: show.event_name,
              })
            : t('purchase-done-found', { show: show.event_name }))}
        {(state === 'failed' || state === 'close') && t('purchase-done-failed')}
      </p>
      {mailed && (
        <p className="purchase-done__receipt" data-testid="purchase-receipt-note">
          {t('purchase-done-receipt')}
        </p>
      )}
      {/* Issue 14: a ticket bought while the doors are open leads straight into the show. */}
      {state === 'found' && isEntryOpen(show, skew, Date.now()) && (
        <Button
          block
          size="lg"
          onClick={() => {
            onClose();
            navigate(`/event/${encodeURIComponent(show.slug)}`);
          }}
          data-testid="purchase-enter"
        >
          {t('ticket-enter')}
        </Button>
      )}
      {state !== 'checking' && (
        <Button block variant="secondary" onClick={onClose} data-testid="purchase-close">
          {t('purchase-close')}
        </Button>
      )}
    </div>
  );
}
