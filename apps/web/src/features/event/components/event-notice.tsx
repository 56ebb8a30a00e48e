import { doorsOpenAt, type Show } from '@encore/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import type { MessageKey } from '../../../lib/i18n/locales/en.ts';
import { useUiStore } from '../../../lib/store/ui-store.ts';
import { dualTime } from '../../../lib/time/show-time.ts';
import { requestTicketDialog } from '../../tickets/index.ts';
import { type EntryProblem, isRetryable } from '../entry-outcome.ts';
import { ReairingNotice } from './reairing-notice.tsx';

export type NoticeKind = EntryProblem | 'expired';

const TEXTS: Record<NoticeKind, { title: MessageKey; body: MessageKey }> = {
  'logged-out': { title: 'event-login-title', body: 'event-login-body' },
  'no-ticket': { title: 'event-no-ticket-title', body: 'event-no-ticket' },
  'ticket-revoked': { title: 'event-ticket-revoked-title', body: 'event-ticket-revoked' },
  'not-open': { title: 'event-notice-title', body: 'event-not-started' },
  ended: { title: 'event-ended-title', body: 'event-ended' },
  'not-found': { title: 'event-not-found-title', body: 'event-not-found' },
  'connection-error': { title: 'event-error-title', body: 'event-join-failed' },
  'server-error': { title: 'event-error-title', body: 'event-server-error' },
  error: { title: 'event-error-title', body: 'event-join-failed' },
  expired: { title: 'event-expired-title', body: 'event-session-expired' },
};

/** Why the fan is not in the show, with the one action that helps (viewing section 8). */
export function EventNotice({ kind, show, onRetry }: { kind: NoticeKind; show?: Show; onRetry: () => void }) {
  const { t } = useTranslation();
  const locale = useUiStore((s) => s.locale);
  const setAuthMode = useUiStore((s) => s.setAuthMode);
  const { title, body } = TEXTS[kind];
  const doors = show ? doorsOpenAt(show).getTime() : 0;

  let action: ReactNode = null;
  if (kind === 'expired') {
    action = (
      <Button size="lg" onClick={onRetry} data-testid="event-enter-again">
        {t('ticket-enter')}
      </Button>
    );
  } else if (kind === 'logged-out') {
    action = (
      <Button size="lg" onClick={() => setAuthMode('LOGIN')} data-testid="event-sign-in">
        {t('nav-sign-in')}
      </Button>
    );
  } else if ((kind === 'no-ticket' || kind === 'ticket-revoked') && show) {
    action = (
      <Button size="lg" onClick={() => requestTicketDialog('validate', show)} data-testid="event-validate">
        {t('ticket-validate')}
      </Button>
    );
  } else if (isRetryable(kind)) {
    action = (
      <Button size="lg" onClick={onRetry} data-testid="event-retry">
        {t('event-try-again')}
      </Button>
    );
  }

  return (
    <section
      className="event-notice"
      data-testid="event-notice"
      data-kind={kind}
      aria-labelledby="event-notice-title"
    >
      <div
        className={`event-notice__stage${kind === 'ended' ? ' event-notice__stage--ended' : ''}`}
        aria-hidden="true"
      >
        <span className="event-notice__light" />
      </div>
      {show && <p className="event-notice__show">{show.event_name}</p>}
      <h1 className="event-notice__title" id="event-notice-title">
        {t(title)}
      </h1>
      <p className="event-notice__text" data-testid="event-notice-text">
        {t(body)}
      </p>
      {kind === 'not-open' && doors > Date.now() && (
        <p className="event-notice__text" data-testid="event-doors-at">
          {t('event-doors-at', { time: dualTime(doors, locale) })}
        </p>
      )}
      {show && (kind === 'not-open' || kind === 'ended') && <ReairingNotice show={show} now={Date.now()} />}
      <div className="event-notice__actions">
        {action}
        <Link to="/" className="btn btn--secondary btn--lg" data-testid="event-back-home">
          <span className="btn__label">{t('event-back-home')}</span>
        </Link>
      </div>
    </section>
  );
}
