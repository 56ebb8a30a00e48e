import {
  isValidEmail,
  LIMITS,
  normalizeEmail,
  normalizeTicketCode,
  type Show,
  TIMINGS_MS,
  type Vendor,
} from '@encore/contract';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Field, FormError } from '../../../components/ui/field.tsx';
import { isApiError, statusOf } from '../../../lib/api/api-error.ts';
import { useSessionStore } from '../../../lib/store/session-store.ts';
import { manualCheckError, type TicketErrorMessage } from '../api/ticket-errors.ts';
import { validateManualTicket } from '../api/validate-manual-ticket.ts';
import { checkTicketFromCache } from '../hooks/check-ticket.ts';
import type { CheckOutcome } from '../store/ticket-state.ts';
import { useTicketStore } from '../store/ticket-store.ts';
import { otherVendors } from '../vendor-phase.ts';
import { useVendorTexts } from './use-vendor-texts.ts';
import { VendorAlternatives } from './vendor-alternatives.tsx';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What every phase of the validation dialog gets from it. */
export interface VendorPhaseProps {
  show: Show;
  vendor: Vendor;
  onSuccess: (message: string) => void;
  onChooseVendor: (vendor: Vendor, typed?: CodePrefill) => void;
  onBack?: (() => void) | undefined;
}

/** A code and email typed in one vendor's form, carried to the vendor that issued the code. */
export interface CodePrefill {
  code: string;
  email: string;
}

type FormErrorState = TicketErrorMessage & { status: number | null; vendor?: Vendor };

/** A refused check as the fan reads it: a code of another of the show's vendors names that vendor. */
function errorOf(e: unknown, show: Show, current: Vendor): FormErrorState {
  const status = statusOf(e);
  const issuer = isApiError(e) ? show.ticketing.find((v) => v.id === e.vendor) : undefined;
  if (status === 406 && issuer && issuer.id !== current.id) {
    return { key: 'ticket-error-other-vendor', params: { vendor: issuer.name }, status, vendor: issuer };
  }
  return { ...manualCheckError(status), status };
}

/**
 * The house's own form asks the account first (TIX-15) unless the landing's check already answered:
 * a ticket found is the dialog's success, none found leaves the form as it is, without a red word.
 */
function useAccountCheck(show: Show, vendor: Vendor, onFound: () => void) {
  const checked = useTicketStore((s) => s.tickets[show.paid_event_name]?.checked ?? false);
  const asked = useRef(false);
  useEffect(() => {
    if (vendor.validate_type !== 'encore' || checked || asked.current) return;
    asked.current = true;
    void checkTicketFromCache(show, { vendor: vendor.id }).then((outcome) => {
      if (outcome.ok) onFound();
    });
  }, [show, vendor, checked, onFound]);
}

/** VALIDATE phase: booking number and purchase email (accounts section 5, TIX-20 to TIX-26). */
export function ValidateForm({
  show,
  vendor,
  prefill,
  onSuccess,
  onChooseVendor,
  onBack,
}: VendorPhaseProps & { prefill?: CodePrefill | null }) {
  const { t } = useTranslation();
  const texts = useVendorTexts(vendor);
  const accountEmail = useSessionStore((s) => s.user?.email ?? '');
  const [email, setEmail] = useState(prefill?.email ?? accountEmail);
  const [code, setCode] = useState(prefill?.code ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FormErrorState | null>(null);
  const lastSubmit = useRef(0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const found = useCallback(() => {
    if (mounted.current) onSuccess(texts.success);
  }, [onSuccess, texts.success]);
  useAccountCheck(show, vendor, found);

  const normalizedCode = normalizeTicketCode(code);
  const emailValid = isValidEmail(normalizeEmail(email));
  const codeValid = normalizedCode.length >= LIMITS.ticketCodeMin;
  // DESIGN.md section 10: the error shows for 1 to 3 characters; 4 enable the button.
  const codeError =
    normalizedCode.length > 0 && !codeValid
      ? t('ticket-code-short', { min: LIMITS.ticketCodeMin })
      : undefined;
  const emailError = email.trim().length > 2 && !emailValid ? t('ticket-email-invalid') : undefined;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // TIX-25: a second submit within 2 s of the previous one is ignored.
    const now = Date.now();
    if (now - lastSubmit.current < TIMINGS_MS.ticketButtonThrottle) return;
    lastSubmit.current = now;
    if (!emailValid || !codeValid || busy) return;

    setBusy(true);
    setError(null);
    const token = useSessionStore.getState().authToken;
    useTicketStore.getState().begin(show.paid_event_name);
    let outcome: CheckOutcome;
    let refused: FormErrorState | null = null;
    try {
      const data = await validateManualTicket({
        token: code,
        email,
        channelId: show.channel_id,
        vendor: vendor.id,
      });
      outcome = {
        ok: true,
        ticket: {
          paid_event_id: data.paid_event_id,
          ticket_attributes: data.ticket_attributes,
          entitlements: data.entitlements,
        },
      };
    } catch (e) {
      outcome = { ok: false, status: statusOf(e), manual: true };
      refused = errorOf(e, show, vendor);
    }
    // TIX-26: the answer is applied 2 s later. A redeemed code is the fan's even if the dialog was
    // closed meanwhile, so the store takes it regardless.
    await wait(TIMINGS_MS.ticketResultDelay);
    if (useSessionStore.getState().authToken !== token) return;
    useTicketStore.getState().apply(show.paid_event_name, outcome);
    if (!mounted.current) return;
    setBusy(false);
    if (outcome.ok) onSuccess(texts.success);
    else setError(refused);
  };

  const alternatives = otherVendors(show.ticketing, vendor);

  return (
    <form className="ticket-form" onSubmit={onSubmit} noValidate data-testid="ticket-validate-form">
      <p className="modal__lead">{texts.subtitle}</p>
      {error && (
        <FormError testId="ticket-validate-error">
          <span data-status={error.status ?? 'none'}>{t(error.key, error.params)}</span>
        </FormError>
      )}
      {error?.vendor && (
        <Button
          variant="secondary"
          block
          onClick={() => error.vendor && onChooseVendor(error.vendor, { code, email })}
          data-testid="ticket-validate-switch-vendor"
        >
          {t('ticket-switch-vendor', { vendor: error.vendor.name })}
        </Button>
      )}
      <Field
        label={texts.tokenLabel}
        name="ticket-code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        className="ticket-form__code"
        placeholder={texts.tokenPlaceholder}
        hint={texts.tokenHint || undefined}
        value={code}
        error={codeError}
        onChange={(e) => setCode(e.target.value)}
        data-autofocus
        data-testid="ticket-validate-code"
      />
      <Field
        label={texts.emailLabel}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder={texts.emailPlaceholder}
        hint={texts.emailHint || undefined}
        value={email}
        error={emailError}
        onChange={(e) => setEmail(e.target.value)}
        data-testid="ticket-validate-email"
      />
      <Button
        type="submit"
        size="lg"
        block
        disabled={!emailValid || !codeValid}
        busy={busy}
        data-testid="ticket-validate-submit"
      >
        {t('validate-submit')}
      </Button>
      <VendorAlternatives
        alternatives={alternatives}
        label={(v) => t('vendor-other', { vendor: v.name })}
        onChooseVendor={onChooseVendor}
        onBack={onBack}
      />
    </form>
  );
}
