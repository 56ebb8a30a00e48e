import { type BroadcastStatus, type Channel, fanStatusOf, type ShowStatus } from '@encore/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { showToast } from '../../lib/store/toast-store.ts';
import { endShow } from './broadcast/broadcast-api.ts';
import { problemCount } from './broadcast/feed-alerts.ts';
import { angleNamer, broadcastKey, useBroadcast } from './broadcast/use-broadcast.ts';
import { type ShownAlert, useFeedAlerts } from './broadcast/use-feed-alerts.ts';
import { formatClockZone } from './format.ts';
import { StatusPill } from './host-home.tsx';
import { useLiveFigures } from './run/use-live-figures.ts';

/** The show's state as fans see it: the broadcast's when the show takes live feeds, else its times'. */
export const shownStatus = (show: Channel, status: BroadcastStatus | null | undefined): ShowStatus =>
  status ? (status.show_status ?? fanStatusOf(status.state)) : show.status;

function FeedSummary({ status, slug }: { status: BroadcastStatus | null | undefined; slug: string }) {
  const { t } = useTranslation();
  if (status === undefined) return null;
  if (status === null) {
    return (
      <span className="status-bar__feeds" data-testid="feeds-summary" data-problems="none">
        {t('feeds-demo-loop')}
      </span>
    );
  }
  const problems = problemCount(status.angles);
  return (
    <Link
      to={`/host/${slug}/run`}
      className={`status-bar__feeds status-bar__feeds--${problems > 0 ? 'bad' : 'ok'}`}
      data-testid="feeds-summary"
      data-problems={problems}
    >
      <span className="status-bar__dot" aria-hidden="true" />
      {problems > 0 ? t('feeds-problems', { n: problems }) : t('feeds-all-healthy')}
    </Link>
  );
}

function AlertLine({ alert, testId = 'feed-alert' }: { alert: ShownAlert; testId?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <p
      className={`status-bar__alert status-bar__alert--${alert.kind === 'back' ? 'ok' : 'bad'}`}
      data-testid={testId}
      data-kind={alert.kind}
      data-stream={alert.stream}
    >
      <time dateTime={new Date(alert.at).toISOString()}>
        {formatClockZone(new Date(alert.at).toISOString(), i18n.language)}
      </time>{' '}
      {t(`feed-alert-${alert.kind}`, { name: alert.name })}
    </p>
  );
}

/**
 * The strip that stays on top of every screen of a show (sticky under the site's nav): its state,
 * "all feeds healthy / N problems", viewers, the latest feed alert, the alerts switch and End show.
 * On a phone it is the show's status bar; on a desktop the same summary on Setup, Codes and Moderate.
 */
export function ShowStatusBar({ show }: { show: Channel }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const broadcast = useBroadcast(show.slug);
  const status = broadcast.data;
  const nameOf = useMemo(() => angleNamer(show), [show]);
  const alerts = useFeedAlerts(status, nameOf);
  const { samples } = useLiveFigures(show.slug);
  const viewers = samples.at(-1)?.viewers;
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);

  const end = async () => {
    setBusy(true);
    try {
      client.setQueryData(broadcastKey(show.slug), await endShow(show.slug));
    } catch {
      showToast({ kind: 'error', messageKey: 'broadcast-error' });
    } finally {
      setBusy(false);
      setConfirm(false);
    }
  };

  const latest = alerts.latest[0];
  return (
    <section
      className="status-bar"
      aria-label={t('status-bar-label')}
      data-testid="show-status-bar"
      data-state={status?.state ?? 'none'}
    >
      <StatusPill status={shownStatus(show, status)} />
      <FeedSummary status={status} slug={show.slug} />
      <span className="status-bar__viewers" data-testid="status-viewers">
        {t('status-viewers', {
          n: viewers === undefined ? '—' : new Intl.NumberFormat(i18n.language).format(viewers),
        })}
      </span>
      {/* Announced (role=status) so a screen reader hears a drop as the sound does. */}
      <div className="status-bar__alerts" role="status">
        {latest && <AlertLine key={latest.id} alert={latest} />}
      </div>
      {alerts.latest.length > 1 && (
        <details className="status-bar__log" data-testid="feed-alert-log">
          <summary>{t('alerts-recent', { n: alerts.latest.length })}</summary>
          <ul>
            {alerts.latest.map((a) => (
              <li key={a.id}>
                <AlertLine alert={a} testId="feed-alert-log-item" />
              </li>
            ))}
          </ul>
        </details>
      )}
      <div className="status-bar__actions">
        <Button
          size="sm"
          variant={alerts.on ? 'ghost' : 'secondary'}
          aria-pressed={alerts.on}
          data-testid="alerts-toggle"
          data-played={alerts.played}
          data-notified={alerts.notified}
          title={alerts.notifications === 'denied' ? t('alerts-notifications-denied') : undefined}
          onClick={() => (alerts.on ? alerts.turnOff() : void alerts.turnOn())}
        >
          {alerts.on ? t('alerts-on') : t('alerts-turn-on')}
        </Button>
        {status?.state === 'live' && (
          <Button
            size="sm"
            variant="secondary"
            className="status-bar__end"
            data-testid="status-end-show"
            disabled={busy}
            onClick={() => setConfirm(true)}
          >
            {t('broadcast-end')}
          </Button>
        )}
      </div>
      {confirm && (
        <Modal
          title={t('broadcast-end-confirm-title')}
          onClose={() => setConfirm(false)}
          cancelLabel={t('broadcast-cancel')}
          onCancel={() => setConfirm(false)}
          submitLabel={t('broadcast-end')}
          onSubmit={() => void end()}
          submitBusy={busy}
          size="sm"
          testId="status-end-confirm"
        >
          <p>{t('broadcast-end-confirm-body')}</p>
        </Modal>
      )}
    </section>
  );
}
