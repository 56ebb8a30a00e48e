import type { Show } from '@encore/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useUiStore } from '../../../lib/store/ui-store.ts';
import { requestTicketDialog } from '../hooks/request-ticket-dialog.ts';
import { buyOptions } from '../vendor-phase.ts';
import { VendorLogo } from './vendor-logo.tsx';

/** Buy on an external vendor (TIX-16): the vendor's page in the UI locale (fallback en), in a new tab. */
export function BuyModal({ show, onClose }: { show: Show; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useUiStore((s) => s.locale);
  const options = buyOptions(show.ticketing, locale);
  const canValidate = show.ticketing.length > 0;

  return (
    <Modal onClose={onClose} title={t('buy-title')} size="sm" testId="ticket-buy-modal">
      <p className="modal__lead">
        {options.length ? t('buy-lead', { show: show.event_name }) : t('buy-none')}
      </p>
      <ul className="vendor-list">
        {options.map(({ vendor, url }) => (
          <li key={vendor.id}>
            <a
              className="vendor-option vendor-option--link"
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              data-testid={`ticket-buy-vendor-${vendor.id}`}
            >
              <VendorLogo vendor={vendor} size={40} />
              <span className="vendor-option__text">
                <span className="vendor-option__name">{t('buy-open', { vendor: vendor.name })}</span>
                <span className="vendor-option__hint">{new URL(url, window.location.href).host}</span>
              </span>
              <svg
                className="vendor-option__chevron"
                viewBox="0 0 24 24"
                width="18"
                height="18"
                aria-hidden="true"
              >
                <path
                  d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              <span className="visually-hidden">{t('new-tab')}</span>
            </a>
            {vendor.qr && <VendorQr src={vendor.qr} />}
          </li>
        ))}
      </ul>
      {canValidate && (
        <div className="buy-after">
          <p>{t('buy-after')}</p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => requestTicketDialog('validate', show)}
            data-testid="ticket-buy-have-code"
          >
            {t('buy-have-code')}
          </Button>
        </div>
      )}
    </Modal>
  );
}

/** A QR code to the shop, for buying on a phone; desktop only, and gone if the image is missing. */
function VendorQr({ src }: { src: string }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <figure className="vendor-qr">
      <img src={src} alt="" width="96" height="96" onError={() => setFailed(true)} />
      <figcaption>{t('buy-qr')}</figcaption>
    </figure>
  );
}
