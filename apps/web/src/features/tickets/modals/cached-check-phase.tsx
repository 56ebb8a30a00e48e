import { TIMINGS_MS } from '@encore/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/field.tsx';
import { cachedCheckError, type TicketErrorMessage } from '../api/ticket-errors.ts';
import { checkTicketFromCache } from '../hooks/check-ticket.ts';
import { otherVendors } from '../vendor-phase.ts';
import { useVendorTexts } from './use-vendor-texts.ts';
import type { VendorPhaseProps } from './validate-form.tsx';
import { VendorAlternatives } from './vendor-alternatives.tsx';

/**
 * The own-vendor / partner phase (TIX-15): tickets bought there are bound to the account already, so
 * the dialog checks the cached ticket by itself and applies the answer after 2 s (TIX-40).
 */
export function CachedCheckPhase({ show, vendor, onSuccess, onChooseVendor, onBack }: VendorPhaseProps) {
  const { t } = useTranslation();
  const texts = useVendorTexts(vendor);
  const [checking, setChecking] = useState(true);
  const [error, setError] = useState<TicketErrorMessage | null>(null);
  const mounted = useRef(false);

  const run = useCallback(async () => {
    setChecking(true);
    setError(null);
    const outcome = await checkTicketFromCache(show, {
      vendor: vendor.id,
      delayMs: TIMINGS_MS.ticketResultDelay,
    });
    if (!mounted.current) return;
    setChecking(false);
    if (outcome.ok) onSuccess(texts.success);
    else setError(cachedCheckError(outcome.status, vendor.validate_type));
  }, [show, vendor, onSuccess, texts.success]);

  useEffect(() => {
    mounted.current = true;
    // Deferred a tick so that a development double mount checks once.
    const timer = window.setTimeout(() => void run(), 0);
    return () => {
      mounted.current = false;
      window.clearTimeout(timer);
    };
  }, [run]);

  const alternatives = otherVendors(show.ticketing, vendor);

  return (
    <div className="ticket-check" data-testid="ticket-cached-check">
      {checking ? (
        <div className="ticket-check__busy" role="status">
          <span className="spinner" aria-hidden="true" />
          <p>{t('vendor-checking', { show: show.event_name })}</p>
        </div>
      ) : (
        error && (
          <>
            <FormError testId="ticket-validate-error">{t(error.key, error.params)}</FormError>
            <Button variant="secondary" block onClick={() => void run()} data-testid="ticket-check-again">
              {t('vendor-check-again')}
            </Button>
          </>
        )
      )}
      {!checking && (
        <VendorAlternatives
          alternatives={alternatives}
          label={(v) =>
            v.validate_type === 'external' ? t('vendor-use-code') : t('vendor-other', { vendor: v.name })
          }
          onChooseVendor={onChooseVendor}
          onBack={onBack}
        />
      )}
    </div>
  );
}
