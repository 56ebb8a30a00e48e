import type { Show } from '@encore/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useIsLoggedIn } from '../../../lib/store/session-store.ts';
import { useSkewStore } from '../../../lib/store/skew-store.ts';
import { useUiStore } from '../../../lib/store/ui-store.ts';
import { entryOpensAt, isEntryOpen } from '../../../lib/time/entry-time.ts';
import { dualTime } from '../../../lib/time/show-time.ts';
import { checkTicketFromCache } from '../hooks/check-ticket.ts';
import { requestTicketDialog } from '../hooks/request-ticket-dialog.ts';
import { useCachedTicketCheck } from '../hooks/use-cached-ticket-check.ts';
import { useTicketState } from '../store/ticket-store.ts';
import { ticketView } from '../ticket-view.ts';
import { EntitlementChips } from './entitlement-chips.tsx';
import { preloadTicketModals } from './ticket-modal-host.tsx';
import './ticket-actions.css';

/**
 * The ticket area of the landing's show block (accounts section 4): log in to confirm, no ticket
 * (Buy / Validate), or the Enter button, unlocked at doors open plus this fan's skew (LAND-19).
 */
export function TicketActions({ show, now }: { show: Show; now: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const locale = useUiStore((s) => s.locale);
  const setAuthMode = useUiStore((s) => s.setAuthMode);
  const skew = useSkewStore((s) => s.skew);
  const ticket = useTicketState(show.paid_event_name);
  useCachedTicketCheck(show);

  const view = ticketView({ loggedIn, hasVendors: show.ticketing.length > 0, ticket });
  const dialogProps = { onPointerEnter: preloadTicketModals, onFocus: preloadTicketModals };
  const buy = (
    <Button
      variant={view === 'login' ? 'secondary' : 'primary'}
      onClick={() => requestTicketDialog('buy', show)}
      {...dialogProps}
      data-testid="ticket-buy"
    >
      {t('ticket-buy')}
    </Button>
  );
  const validate = (
    <Button
      variant="secondary"
      onClick={() => requestTicketDialog('validate', show)}
      {...dialogProps}
      data-testid="ticket-validate"
    >
      {t('ticket-validate')}
    </Button>
  );

  switch (view) {
    case 'none':
      return null;
    case 'login':
      return (
        <div className="ticket-actions" data-state="login">
          <p className="ticket-actions__message" data-testid="ticket-login-prompt">
            <LockIcon />
            {t('ticket-login-prompt')}
          </p>
          <Button size="lg" block onClick={() => setAuthMode('LOGIN')} data-testid="ticket-sign-in">
            {t('nav-sign-in')}
          </Button>
          <div className="ticket-actions__pair">
            {buy}
            {validate}
          </div>
        </div>
      );
    case 'checking':
      return (
        <div className="ticket-actions" data-state="checking" role="status" data-testid="ticket-checking">
          <p className="ticket-actions__message">
            <span className="ticket-actions__spinner" aria-hidden="true" />
            {t('ticket-checking')}
          </p>
        </div>
      );
    case 'check-failed':
      return (
        <div className="ticket-actions" data-state="check-failed">
          <p className="ticket-actions__message" data-testid="ticket-check-failed">
            {t('ticket-check-failed')}
          </p>
          <Button
            variant="secondary"
            block
            onClick={() => void checkTicketFromCache(show)}
            data-testid="ticket-retry"
          >
            {t('ticket-retry')}
          </Button>
        </div>
      );
    case 'no-ticket':
      return (
        <div className="ticket-actions" data-state="no-ticket">
          <p className="ticket-actions__message" data-testid="ticket-no-invite">
            {t('ticket-no-invite')}
          </p>
          <div className="ticket-actions__pair">
            {buy}
            {validate}
          </div>
        </div>
      );
    case 'holder': {
      const open = isEntryOpen(show, skew, now);
      const opensAt = entryOpensAt(show, skew, now);
      return (
        <div className="ticket-actions" data-state="holder" data-testid="ticket-holder">
          <p className="ticket-actions__confirmed">
            <CheckIcon />
            {t('ticket-confirmed')}
          </p>
          <EntitlementChips
            entitlements={ticket?.entitlements ?? null}
            attributes={ticket?.ticket_attributes ?? null}
            items={show.ticket_items}
          />
          <Button
            size="lg"
            block
            className="ticket-actions__enter"
            disabled={!open}
            onClick={() => navigate(`/event/${encodeURIComponent(show.slug)}`)}
            data-testid="ticket-enter"
            data-enabled={open}
          >
            {t('ticket-enter')}
          </Button>
          {!open && now < opensAt && (
            <p className="ticket-actions__hint" data-testid="ticket-enter-hint">
              {/* The fan's own clock with its zone first, KST beside it (issue 26: KST alone). */}
              {t('ticket-enter-at', { time: dualTime(opensAt, locale, undefined, { seconds: true }) })}
            </p>
          )}
        </div>
      );
    }
  }
}

function LockIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <rect x="4.5" y="10.5" width="15" height="10" rx="2.5" />
      <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
    >
      <circle cx="12" cy="12" r="9.5" strokeWidth="1.6" />
      <path d="m7.8 12.3 2.8 2.8 5.6-5.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
