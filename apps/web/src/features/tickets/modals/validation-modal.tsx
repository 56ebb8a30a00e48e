import { type Show, TIMINGS_MS, type Vendor } from '@encore/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import { initialPhase, phaseForVendor, type VendorPhase } from '../vendor-phase.ts';
import { CachedCheckPhase } from './cached-check-phase.tsx';
import { TicketSuccess } from './ticket-success.tsx';
import { useVendorTexts } from './use-vendor-texts.ts';
import { type CodePrefill, ValidateForm } from './validate-form.tsx';
import { VendorLogo } from './vendor-logo.tsx';
import { VendorSelector } from './vendor-selector.tsx';

/**
 * The generic ticket validation dialog (accounts section 4): SHOW_SELECTOR, VALIDATE or the
 * partner/third-party CACHED_CHECK phase, then a success message with Enter show for 4 s before it
 * closes.
 */
export function ValidationModal({ show, onClose }: { show: Show; onClose: () => void }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<VendorPhase>(() => initialPhase(show.ticketing));
  const [success, setSuccess] = useState<string | null>(null);
  const canGoBack = initialPhase(show.ticketing).phase === 'SHOW_SELECTOR' && phase.phase !== 'SHOW_SELECTOR';

  useEffect(() => {
    if (success === null) return;
    const timer = window.setTimeout(onClose, TIMINGS_MS.successToast);
    return () => window.clearTimeout(timer);
  }, [success, onClose]);

  // What the fan typed goes along when a code's own vendor is named (issue 25): no typing it twice.
  const [prefill, setPrefill] = useState<CodePrefill | null>(null);
  const choose = (vendor: Vendor, typed?: CodePrefill) => {
    setPrefill(typed ?? null);
    setPhase(phaseForVendor(vendor));
  };
  const back = canGoBack ? () => setPhase(initialPhase(show.ticketing)) : undefined;

  if (success !== null) {
    return (
      <Modal onClose={onClose} ariaLabel={success} size="sm" testId="ticket-validate-modal">
        <TicketSuccess show={show} message={success} onClose={onClose} />
      </Modal>
    );
  }

  switch (phase.phase) {
    case 'SHOW_SELECTOR':
      return (
        <Modal onClose={onClose} title={t('vendor-select-title')} size="md" testId="ticket-validate-modal">
          <VendorSelector vendors={phase.choices} onChoose={choose} />
        </Modal>
      );
    case 'VALIDATE':
      return (
        <VendorModal vendor={phase.vendor} onClose={onClose}>
          <ValidateForm
            key={phase.vendor.id}
            prefill={prefill}
            show={show}
            vendor={phase.vendor}
            onSuccess={setSuccess}
            onChooseVendor={choose}
            onBack={back}
          />
        </VendorModal>
      );
    case 'CACHED_CHECK':
      return (
        <VendorModal
          vendor={phase.vendor}
          onClose={onClose}
          title={t('vendor-check-title', { vendor: phase.vendor.name })}
        >
          <CachedCheckPhase
            show={show}
            vendor={phase.vendor}
            onSuccess={setSuccess}
            onChooseVendor={choose}
            onBack={back}
          />
        </VendorModal>
      );
    default:
      return null;
  }
}

function VendorModal({
  vendor,
  title,
  onClose,
  children,
}: {
  vendor: Vendor;
  title?: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const texts = useVendorTexts(vendor);
  return (
    <Modal onClose={onClose} title={title ?? texts.title} size="sm" testId="ticket-validate-modal">
      <div className="vendor-badge" data-testid="ticket-vendor" data-vendor={vendor.id}>
        <VendorLogo vendor={vendor} />
        <span>{vendor.name}</span>
      </div>
      {children}
    </Modal>
  );
}
