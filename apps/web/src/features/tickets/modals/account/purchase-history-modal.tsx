import type { OrderEntry } from '@encore/contract';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button.tsx';
import { Modal } from '../../../../components/ui/modal.tsx';
import { useConfig } from '../../../../lib/config/config-context.tsx';
import { localeText } from '../../../../lib/i18n/locale-text.ts';
import { useUiStore } from '../../../../lib/store/ui-store.ts';
import { getOrders, requestRefund } from '../../api/commerce-api.ts';
import { checkTicketFromCache } from '../../hooks/check-ticket.ts';
import { formatOrderDate } from '../../order-date.ts';
import { formatPrice } from '../purchase/purchase-steps.tsx';
import './account.css';

type Tab = 'fulfilled' | 'cancelled';

/** COM-57: a refund may be asked while the order is fulfilled and refund_stop_time is ahead. */
export function refundable(order: OrderEntry, now: number): boolean {
  return (
    order.status === 'fulfilled' &&
    order.refund_stop_time !== null &&
    Date.parse(order.refund_stop_time) > now
  );
}

/** Purchase history (COM-47..61): Completed and Canceled tabs; each order can ask for a refund. */
export function PurchaseHistoryModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('fulfilled');
  const [orders, setOrders] = useState<OrderEntry[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async (which: Tab) => {
    setOrders(null);
    setFailed(false);
    try {
      setOrders((await getOrders(which)).results);
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void load(tab);
  }, [tab, load]);

  return (
    <Modal onClose={onClose} title={t('history-title')} size="lg" testId="history-modal">
      <div className="history">
        <div className="history__tabs" role="tablist">
          {(['fulfilled', 'cancelled'] as const).map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={tab === key}
              className="history__tab"
              onClick={() => setTab(key)}
              data-testid={`history-tab-${key}`}
            >
              {t(key === 'fulfilled' ? 'history-completed' : 'history-canceled')}
            </button>
          ))}
        </div>
        {failed && <p className="history__empty">{t('history-load-error')}</p>}
        {orders?.length === 0 && <p className="history__empty">{t('history-empty')}</p>}
        <ul className="history__list" data-testid="history-list">
          {orders?.map((order) => (
            <OrderRow key={order.sub_order_id} order={order} />
          ))}
        </ul>
        <p className="account-legal" data-testid="history-retention">
          {t('commerce-retention')}
        </p>
      </div>
    </Modal>
  );
}

/** One order; after a refund it stays in place with the answer until the tab is read again. */
function OrderRow({ order }: { order: OrderEntry }) {
  const { t } = useTranslation();
  const locale = useUiStore((s) => s.locale);
  const { shows } = useConfig();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [state, setState] = useState<'idle' | 'pending' | 'done' | 'failed'>('idle');
  const charges = order.charges_in_sale_currency;

  async function send() {
    setState('pending');
    const ok = await requestRefund(order, reason.trim())
      .then((r) => [200, 202, 206].includes(r.status))
      .catch(() => false);
    setState(ok ? 'done' : 'failed');
    if (!ok) return;
    // The refunded ticket is gone: the landing asks again.
    const show = shows.find((s) => s.paid_event_name === order.paid_event_name);
    if (order.display_category === 'ticket' && show) void checkTicketFromCache(show);
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
        <span className="history__name">{localeText(order.display_name, locale)}</span>
        <span className="history__date">{formatOrderDate(order.time_ordered, locale)}</span>
        {asking && state !== 'done' && (
          <div className="history__refund">
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
            <Button size="sm" onClick={send} busy={state === 'pending'} data-testid="history-refund-send">
              {t('history-refund-send')}
            </Button>
          </div>
        )}
        <span
          className="history__status"
          role="status"
          data-testid="history-refund-status"
          data-state={state}
        >
          {state === 'pending' && t('history-refund-pending')}
          {state === 'done' && t('history-refund-done')}
          {state === 'failed' && t('history-refund-error')}
        </span>
      </div>
      <div className="history__side">
        <span className="history__price">
          {formatPrice({ price: charges.total_charges, currency: charges.currency }, locale)}
        </span>
        {!asking && state === 'idle' && refundable(order, Date.now()) && (
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
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <path d="M5 3h10l4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V5a2 2 0 0 1 2-2Z" />
      <path
        d="M15 3v3a1 1 0 0 0 1 1h3M8.5 13.5s1.2 2 3.5 2 3.5-2 3.5-2M9 10h.01M15 10h.01"
        strokeLinecap="round"
      />
    </svg>
  );
}
