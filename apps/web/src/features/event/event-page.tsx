import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useConfig } from '../../lib/config/config-context.tsx';
import { usePageMeta } from '../../lib/page/use-page-meta.ts';
import { useTicketStore } from '../tickets/index.ts';
import { EventNotice } from './components/event-notice.tsx';
import { EventViewer } from './components/event-viewer.tsx';
import { WaitingRoom } from './components/waiting-room.tsx';
import { useEventEntry } from './hooks/use-event-entry.ts';
import '../../components/ui/button.css';
import './event.css';

/** /event/:id (LAND-04): enters the show and holds the device session while the page is open. */
export function EventPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { shows } = useConfig();
  const show = shows.find((s) => s.slug === id);
  const { state, retry, expire, ticketRevoked } = useEventEntry(id, show);
  const noTicket = state.kind === 'problem' && state.problem === 'no-ticket';
  const validated = useTicketStore((s) => (show ? s.tickets[show.paid_event_name]?.status === true : false));
  // The show's own title in the tab and in shared links (issue 14); the server writes the same for crawlers.
  usePageMeta(show ? `${show.event_name} · ${show.artist_name} | Encore` : null);

  // A fan who validates a booking number from the no-ticket notice walks straight in.
  useEffect(() => {
    if (noTicket && validated) retry();
  }, [noTicket, validated, retry]);

  return (
    <div className="event-page" data-testid="event-page" data-state={state.kind}>
      {state.kind === 'entering' && (
        <div className="event-entering" role="status" data-testid="event-entering">
          <span className="spinner" aria-hidden="true" />
          <p>{t('event-entering')}</p>
        </div>
      )}
      {state.kind === 'queued' && <WaitingRoom queue={state.queue} show={show} />}
      {state.kind === 'in' && (
        <EventViewer
          key={state.entry.session_id}
          entry={state.entry}
          onExpired={expire}
          onTicketRevoked={ticketRevoked}
        />
      )}
      {state.kind === 'expired' && <EventNotice kind="expired" show={show} onRetry={retry} />}
      {state.kind === 'problem' && <EventNotice kind={state.problem} show={show} onRetry={retry} />}
    </div>
  );
}
