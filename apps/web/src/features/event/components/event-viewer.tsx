import { type EnterEventResponse, LIMITS, reairingAt, showStatus } from '@encore/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useOnline } from '../../../lib/network/use-online.ts';
import { useRealtimeStatus } from '../../../lib/realtime/realtime.ts';
import { useEndSession } from '../../../lib/session/use-end-session.ts';
import { useNoticeStore } from '../../../lib/store/notice-store.ts';
import { useNow } from '../../../lib/time/use-now.ts';
import { EntitlementChips } from '../../tickets/index.ts';
import { ViewerPage } from '../../viewer/index.ts';
import { useBroadcastStatus } from '../hooks/use-broadcast-status.ts';
import { useDeviceSession } from '../hooks/use-device-session.ts';

/**
 * The fan is in, with a live device session: the viewer page, with the show's details in its bottom
 * area. The device session's rules stay here: a newer device logs this one out with a notice (DEV-02),
 * several devices turn chat off (DEV-03), an expired session asks to re-enter (DEV-05), a login ended
 * elsewhere signs this tab out (the socket closes with SESSION_REVOKED_CLOSE).
 */
export function EventViewer({
  entry,
  onExpired,
  onTicketRevoked,
}: {
  entry: EnterEventResponse;
  onExpired: () => void;
  /** The server ended the show's subscriptions: the ticket was revoked or refunded (issue 29). */
  onTicketRevoked: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const endSession = useEndSession();
  const online = useOnline();
  const socket = useRealtimeStatus();
  // The socket notices a dead link only after two missed heartbeats; the browser's offline at once.
  const connection = online ? socket : 'reconnecting';
  const now = useNow(15_000);
  const { devices, chatDisabled } = useDeviceSession(entry, {
    onReplaced: () => {
      useNoticeStore.getState().showNotice('too-many-devices');
      navigate('/', { replace: true });
    },
    onExpired,
    onTicketRevoked,
    // The login was ended elsewhere (logout in another tab, password reset): sign out here too.
    onRevoked: () => endSession('event-session-revoked'),
  });
  const { show, ticket } = entry;
  // A live-ingest show follows its broadcast (Go live, End show) as it happens; a demo show its clock.
  const broadcast = useBroadcastStatus(show.slug, show.channel_id);
  const status = broadcast ?? showStatus(show, new Date(now));
  const live = status === 'live';

  const info = (
    <div className="event-info">
      <div className="event-info__heading">
        <span
          className={`status-pill status-pill--${live ? 'live' : status === 'ended' ? 'ended' : 'open'}`}
          data-testid="event-status"
          data-status={status}
        >
          {status !== 'ended' && <span className="live-dot" aria-hidden="true" />}
          {live
            ? t('show-status-live')
            : status === 'ended'
              ? t('event-status-ended')
              : t('show-status-open')}
        </span>
        {reairingAt(show, new Date(now)) && (
          <span className="status-pill status-pill--reairing" data-testid="event-reairing-tag">
            {t('reairing-title')}
          </span>
        )}
        <div className="event-info__titles">
          <p className="event-info__artist">{show.artist_name}</p>
          <h1 className="event-info__title" data-testid="event-title">
            {show.event_name}
          </h1>
        </div>
      </div>
      <EntitlementChips
        entitlements={ticket.entitlements}
        attributes={ticket.ticket_attributes}
        items={show.ticket_items}
      />
      <dl className="event-info__facts">
        <div>
          <dt>{t('event-devices-label')}</dt>
          <dd data-testid="event-devices" data-count={devices}>
            {t('event-devices', { count: devices, max: LIMITS.devicesPerTicket })}
          </dd>
        </div>
        <div>
          <dt>{t('event-connection')}</dt>
          <dd
            className={`lobby__connection lobby__connection--${connection}`}
            data-testid="event-connection"
            data-status={connection}
          >
            <span className="lobby__connection-dot" aria-hidden="true" />
            {t(`event-connection-${connection}`)}
          </dd>
        </div>
      </dl>
      <Link to="/" className="btn btn--secondary btn--sm" data-testid="event-leave">
        <span className="btn__label">{t('event-leave')}</span>
      </Link>
    </div>
  );

  // The fan's own connection, told apart from the show's feed (issue 26): the stage slate is the show's.
  const dropped = connection === 'reconnecting';
  const banner = (
    <>
      {dropped && (
        <p
          className="event-banner event-banner--network"
          role="status"
          data-testid="event-connection-dropped"
        >
          {t('event-connection-dropped')}
        </p>
      )}
    </>
  );

  return (
    <section className="event-seat" data-testid="event-lobby" data-session={entry.session_id}>
      <ViewerPage entry={entry} chatDisabled={chatDisabled} info={info} banner={banner} />
    </section>
  );
}
