import type { Vendor } from '@encore/contract';
import { useTranslation } from 'react-i18next';
import { takesCodes } from '../vendor-phase.ts';
import { VendorLogo } from './vendor-logo.tsx';

/** SHOW_SELECTOR (TIX-12): where the ticket came from decides what the next step asks for. */
export function VendorSelector({ vendors, onChoose }: { vendors: Vendor[]; onChoose: (v: Vendor) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="modal__lead">{t('vendor-select-subtitle')}</p>
      <ul className="vendor-list" data-testid="ticket-vendor-selector">
        {vendors.map((vendor) => (
          <li key={vendor.id}>
            <button
              type="button"
              className="vendor-option"
              onClick={() => onChoose(vendor)}
              data-testid={`ticket-vendor-${vendor.id}`}
            >
              <VendorLogo vendor={vendor} size={40} />
              <span className="vendor-option__text">
                <span className="vendor-option__name">{vendor.name}</span>
                <span className="vendor-option__hint">
                  {takesCodes(vendor) ? t('vendor-select-code') : t('vendor-select-account')}
                </span>
              </span>
              <svg
                className="vendor-option__chevron"
                viewBox="0 0 24 24"
                width="18"
                height="18"
                aria-hidden="true"
              >
                <path
                  d="m9 6 6 6-6 6"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
