import type { Vendor } from '@encore/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { VendorLogo } from './vendor-logo.tsx';

/** Links to the show's other ways of proving a ticket, and back to the vendor list. */
export function VendorAlternatives({
  alternatives,
  label,
  onChooseVendor,
  onBack,
}: {
  alternatives: readonly Vendor[];
  label: (vendor: Vendor) => string;
  onChooseVendor: (vendor: Vendor) => void;
  onBack?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  if (alternatives.length === 0 && !onBack) return null;
  return (
    <div className="ticket-form__alternatives">
      {alternatives.map((v) => (
        <button
          type="button"
          key={v.id}
          className="vendor-link"
          onClick={() => onChooseVendor(v)}
          data-testid={`ticket-other-vendor-${v.id}`}
        >
          <VendorLogo vendor={v} />
          {label(v)}
        </button>
      ))}
      {onBack && (
        <Button variant="link" size="sm" onClick={onBack} data-testid="ticket-vendor-back">
          {t('vendor-back')}
        </Button>
      )}
    </div>
  );
}
