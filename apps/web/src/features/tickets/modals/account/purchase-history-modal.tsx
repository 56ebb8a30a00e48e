import type { OrderEntry } from '@encore/contract';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../../components/ui/modal.tsx';
import { getOrders } from '../../api/commerce-api.ts';
import { OrderRow } from './order-row.tsx';
import './account.css';

type Tab = 'fulfilled' | 'cancelled';

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
