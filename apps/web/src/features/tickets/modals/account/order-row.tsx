import { doorsOpenAt, type Locale, type OrderEntry, REFUND_BUSINESS_DAYS, type Show } from '@encore/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button.tsx';
import { LineIcon } from '../../../../components/ui/line-icon.tsx';
import { useConfig } from '../../../../lib/config/config-context.tsx';
import { localeText } from '../../../../lib/i18n/locale-text.ts';
import { parseSavedCard } from '../../../../lib/payments/card-input.ts';
import { useSessionStore } from '../../../../lib/store/session-store.ts';
import { useUiStore } from '../../../../lib/store/ui-store.ts';
import { dualDateTime } from '../../../../lib/time/show-time.ts';
import { requestRefund } from '../../api/commerce-api.ts';
import { checkTicketFromCache } from '../../hooks/check-ticket.ts';
import { formatOrderDate } from '../../order-date.ts';
import { brandName } from '../purchase/payment-form.tsx';
import { formatPrice } from '../purchase/purchase-steps.tsx';

/** COM-57: a refund may be asked while the order is fulfilled and refund_stop_time is ahead. */
export function refundable(order: OrderEntry, now: number): boolean {
  return (
    order.status === 'fulfilled' &&
    order.refund_stop_time !== null &&
    Date.parse(order.refund_stop_time) > now
  );
}

/**
 * A moment as the show's times are given: the fan's own date and time with its zone, KST beside it
 * (issue 26: these were KST alone while the landing led with the fan's own time).
 */
export const showMoment = (iso: string, locale: Locale) => dualDateTime(iso, locale);

/**
 * Where the money of a refund goes and when (issue 26): the amount, the card that paid (when the
 * provider said which), and the business days card refunds take to show.
 */
function useMoneyBack(order: OrderEntry): string {
  const { t } = useTranslation();
  const locale = useUiStore((s) => s.locale);
  const charges = order.charges_in_sale_currency;
  if (charges.total_charges === 0) return t('refund-money-free');
  const amount = formatPrice({ price: charges.total_charges, currency: charges.currency }, locale);
  const card = parseSavedCard(order.card ?? undefined);
  const days = { min: REFUND_BUSINESS_DAYS.min, max: REFUND_BUSINESS_DAYS.max };
  return card
    ? t('refund-money-card', { amount, brand: brandName(card.brand), last4: card.last4, ...days })
    : t('refund-money-any', { amount, ...days });
}

/**
 * Why the refund button is gone (issue 26; the spec's rule: only while refund_stop_time is ahead):
 * the day it closed, and that it was the doors opening when the show says so.
 */
function closedReason(
  order: OrderEntry,
  show: Show | undefined,
): 'history-refund-none' | 'history-refund-closed' | 'history-refund-closed-doors' {
  const stop = order.refund_stop_time;
  if (!stop) return 'history-refund-none';
  const atDoors =
    show && order.display_category === 'ticket' && doorsOpenAt(show).getTime() === Date.parse(stop);
  return atDoors ? 'history-refund-closed-doors' : 'history-refund-closed';
}

/** Sentences in a row: Japanese and Chinese put no space after their full stop. */
const sentences = (parts: string[], locale: Locale) =>
  parts.filter(Boolean).join(locale === 'ja' || locale === 'zh-cn' ? '' : ' ');

type RefundState = 'idle' | 'pending' | 'done' | 'failed';

/** One order; after a refund it stays in place with the answer until the tab is read again. */
export function OrderRow({ order }: { order: OrderEntry }) {
  const { t } = useTranslation();
  const locale = useUiStore((s) => s.locale);
  const { shows } = useConfig();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [state, setState] = useState<RefundState>('idle');
  const moneyBack = useMoneyBack(order);
  // The refund mail goes to the account's address; a phone-only account has none.
  const mailed = Boolean(useSessionStore((s) => s.user?.email));
  const charges = order.charges_in_sale_currency;
  const canRefund = refundable(order, Date.now());
  const isTicket = order.display_category === 'ticket';
  const show = shows.find((s) => s.paid_event_name === order.paid_event_name);

  async function send() {
    setState('pending');
    const ok = await requestRefund(order, reason.trim(), locale)
      .then((r) => [200, 202, 206].includes(r.status))
      .catch(() => false);
    setState(ok ? 'done' : 'failed');
    if (!ok) return;
    // The refunded ticket is gone: the landing asks again.
    if (isTicket && show) void checkTicketFromCache(show);
  }

  return (
    <li className="history__order" data-testid="history-order" data-order={order.order_id}>
      <div className="history__icon" data-category={order.display_category}>
        {order.display_category === 'sticker' || order.display_category === 'bundle' ? (
          <StickerIcon />
        ) : (
          <img src={order.display_image} alt="" width={40} height={40} />
        )}
      </div>
      <div className="history__main">
        <span className="history__name" data-testid="history-item">
          {localeText(order.display_name, locale)}
        </span>
        {order.event_name && (
          <span className="history__show" data-testid="history-show">
            {order.event_name}
            {order.event_start_time && (
              <span className="history__show-date"> · {showMoment(order.event_start_time, locale)}</span>
            )}
          </span>
        )}
        <span className="history__date">
          {t('history-ordered', { date: formatOrderDate(order.time_ordered, locale) })}
        </span>
        {order.status === 'fulfilled' && !canRefund && state === 'idle' && (
          <p className="history__note" data-testid="history-refund-closed">
            {t(closedReason(order, show), {
              date: order.refund_stop_time ? showMoment(order.refund_stop_time, locale) : '',
            })}
          </p>
        )}
        {canRefund && !asking && state === 'idle' && (
          <p className="history__note" data-testid="history-refund-until">
            {t('history-refund-until', { date: showMoment(order.refund_stop_time ?? '', locale) })}
          </p>
        )}
        {asking && state !== 'done' && (
          <div className="history__refund">
            <p className="history__explain" data-testid="history-refund-explain">
              {sentences([moneyBack, isTicket ? t('refund-ticket-ends') : ''], locale)}
            </p>
            <label className="field__label" htmlFor={`reason-${order.sub_order_id}`}>
              {t('history-refund-reason')}
            </label>
            <textarea
              id={`reason-${order.sub_order_id}`}
              className="field__input history__reason"
              value={reason}
              maxLength={1000}
              onChange={(e) => setReason(e.target.value)}
              data-testid="history-refund-reason"
            />
            <div className="history__refund-actions">
              <Button size="sm" onClick={send} busy={state === 'pending'} data-testid="history-refund-send">
                {t('history-refund-send')}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setAsking(false)}
                disabled={state === 'pending'}
                data-testid="history-refund-cancel"
              >
                {t('history-refund-keep')}
              </Button>
            </div>
          </div>
        )}
        <span
          className="history__status"
          role="status"
          data-testid="history-refund-status"
          data-state={state}
        >
          {state === 'pending' && t('history-refund-pending')}
          {state === 'done' &&
            sentences([t('history-refund-done'), moneyBack, mailed ? t('refund-mail-sent') : ''], locale)}
          {state === 'failed' && t('history-refund-error')}
        </span>
      </div>
      <div className="history__side">
        <span className="history__price">
          {formatPrice({ price: charges.total_charges, currency: charges.currency }, locale)}
        </span>
        {!asking && state === 'idle' && canRefund && (
          <Button size="sm" variant="secondary" onClick={() => setAsking(true)} data-testid="history-refund">
            {t('history-refund')}
          </Button>
        )}
      </div>
    </li>
  );
}

function StickerIcon() {
  return (
    <LineIcon>
      <path d="M5 3h10l4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V5a2 2 0 0 1 2-2Z" />
      <path
        d="M15 3v3a1 1 0 0 0 1 1h3M8.5 13.5s1.2 2 3.5 2 3.5-2 3.5-2M9 10h.01M15 10h.01"
        strokeLinecap="round"
      />
    </LineIcon>
  );
}
