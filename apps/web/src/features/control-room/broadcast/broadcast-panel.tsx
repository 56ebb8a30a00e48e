import type { RotatedKey, UnknownKeyAttempts } from '@encore/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { isApiError, statusOf } from '../../../lib/api/api-error.ts';
import { showToast } from '../../../lib/store/toast-store.ts';
import { formatClockZone } from '../format.ts';
import { ReplayTrimPanel } from '../replay/replay-trim.tsx';
import { useShow } from '../show-shell.tsx';
import { AngleCard } from './angle-health.tsx';
import { enableIngest, endShow, goLive, rotateKey } from './broadcast-api.ts';
import { problemCount } from './feed-alerts.ts';
import { StreamKeys } from './stream-keys.tsx';
import { angleNamer, broadcastKey, useBroadcast } from './use-broadcast.ts';
import './broadcast-panel.css';

/** The lifecycle's refusals (409), each with its own words. */
const REFUSALS = ['NO_HEALTHY_FEED', 'ALREADY_LIVE', 'SHOW_ENDED', 'NOT_LIVE', 'DOORS_NOT_OPEN'] as const;

type Confirm =
  | { kind: 'live' }
  | { kind: 'open-live' }
  | { kind: 'end' }
  | { kind: 'rotate'; stream: string };

const confirmText = {
  live: ['broadcast-go-live-confirm-title', 'broadcast-go-live-confirm-body', 'broadcast-go-live'],
  'open-live': ['broadcast-open-live-title', 'broadcast-open-live-body', 'broadcast-open-live'],
  end: ['broadcast-end-confirm-title', 'broadcast-end-confirm-body', 'broadcast-end'],
  rotate: ['broadcast-rotate-confirm-title', 'broadcast-rotate-confirm-body', 'broadcast-rotate'],
} as const;

/** Pushes refused because no show has their key: the encoder holds a typo or an old key. */
function UnknownKeys({ attempts }: { attempts: UnknownKeyAttempts }) {
  const { t, i18n } = useTranslation();
  return (
    <p
      className="broadcast-problem broadcast-problem--warning"
      role="status"
      data-testid="broadcast-unknown-keys"
    >
      {t('broadcast-unknown-keys', {
        n: attempts.count,
        hint: attempts.key_hint || '–',
        app: attempts.app,
        time: formatClockZone(attempts.last_at, i18n.language),
      })}
    </p>
  );
}

/**
 * The host's broadcast controls of one show (issue 11, laid out for show night in issue 25): Go live
 * / End show and the feeds' summary first, then each angle under its Setup name with measured
 * health, the RTMP address and the stream keys (hidden until revealed).
 */
export function BroadcastPanel({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const show = useShow();
  const client = useQueryClient();
  const broadcast = useBroadcast(slug);
  const status = broadcast.data;
  const nameOf = useMemo(() => angleNamer(show), [show]);
  const [fresh, setFresh] = useState<RotatedKey[]>([]);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: broadcastKey(slug) });

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      const code = isApiError(error) ? error.code : '';
      const known = REFUSALS.find((r) => r === code);
      showToast({
        kind: 'error',
        messageKey: known
          ? (`broadcast-error-${known}` as const)
          : statusOf(error) === 403
            ? 'control-error-role'
            : 'broadcast-error',
      });
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };

  const keep = (keys: RotatedKey[]) =>
    setFresh((old) => [...old.filter((k) => !keys.some((n) => n.stream === k.stream)), ...keys]);
  const set = (next: Awaited<ReturnType<typeof goLive>>) => {
    client.setQueryData(broadcastKey(slug), next);
  };

  const onConfirm = () => {
    if (!confirm) return;
    // Before the doors the host was asked "Open doors and go live?": the doors open with it.
    if (confirm.kind === 'live' || confirm.kind === 'open-live') {
      const openDoors = confirm.kind === 'open-live';
      void run(async () => set(await goLive(slug, openDoors)));
    } else if (confirm.kind === 'end') void run(async () => set(await endShow(slug)));
    else {
      const { stream } = confirm;
      void run(async () => {
        keep([await rotateKey(slug, stream)]);
        await refresh();
      });
    }
  };

  const copy = (text: string) =>
    void navigator.clipboard.writeText(text).then(
      () => showToast({ kind: 'success', messageKey: 'broadcast-copied' }),
      () => showToast({ kind: 'error', messageKey: 'broadcast-error' }),
    );

  if (status === null) {
    return (
      <section
        className="control-card broadcast"
        data-testid="broadcast-panel"
        aria-labelledby="broadcast-title"
      >
        <h2 id="broadcast-title">{t('broadcast-title')}</h2>
        <p className="control-card__help">{t('broadcast-enable-help')}</p>
        <Button
          data-testid="broadcast-enable"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              const made = await enableIngest(slug);
              keep(made.new_keys);
              set(made.status);
            })
          }
        >
          {t('broadcast-enable')}
        </Button>
      </section>
    );
  }
  if (!status) return null;

  const anyHealthy = status.angles.some((a) => a.healthy);
  const problems = problemCount(status.angles);
  const before = status.state === 'scheduled';
  return (
    <section
      className="control-card broadcast"
      data-testid="broadcast-panel"
      data-state={status.state}
      aria-labelledby="broadcast-title"
    >
      <div className="broadcast__head">
        <h2 id="broadcast-title">{t('broadcast-title')}</h2>
        <span className={`broadcast-state broadcast-state--${status.state}`} data-testid="broadcast-state">
          {t(`broadcast-state-${status.state}`)}
        </span>
        <span
          className={`broadcast__summary broadcast__summary--${problems > 0 ? 'bad' : 'ok'}`}
          data-testid="broadcast-summary"
        >
          {problems > 0 ? t('feeds-problems', { n: problems }) : t('feeds-all-healthy')}
        </span>
        <div className="broadcast__actions">
          {(before || status.state === 'doors_open') && (
            <Button
              data-testid="broadcast-go-live"
              disabled={busy || !anyHealthy}
              title={anyHealthy ? undefined : t('broadcast-error-NO_HEALTHY_FEED')}
              onClick={() => setConfirm({ kind: before ? 'open-live' : 'live' })}
            >
              {t('broadcast-go-live')}
            </Button>
          )}
          {status.state === 'live' && (
            <Button
              data-testid="broadcast-end"
              variant="secondary"
              disabled={busy}
              onClick={() => setConfirm({ kind: 'end' })}
            >
              {t('broadcast-end')}
            </Button>
          )}
        </div>
      </div>
      {!anyHealthy && (before || status.state === 'doors_open') && (
        <p className="control-card__help">{t('broadcast-error-NO_HEALTHY_FEED')}</p>
      )}
      {(status.state === 'ended' || status.state === 'replay') && <ReplayTrimPanel slug={slug} />}

      <h3 className="broadcast__sub">{t('broadcast-health')}</h3>
      <ul className="angle-cards">
        {status.angles.map((a) => (
          <AngleCard key={a.stream} a={a} name={a.label?.trim() || nameOf(a.stream)} />
        ))}
      </ul>

      {status.unknown_keys && <UnknownKeys attempts={status.unknown_keys} />}

      <h3 className="broadcast__sub">{t('broadcast-connect')}</h3>
      <p className="control-card__help">{t('broadcast-help')}</p>
      <div className="broadcast__rtmp">
        <span className="control-card__label">{t('broadcast-rtmp')}</span>
        <code data-testid="broadcast-rtmp">{status.rtmp_url}</code>
        <Button size="sm" variant="ghost" onClick={() => copy(status.rtmp_url)}>
          {t('broadcast-copy')}
        </Button>
      </div>
      <StreamKeys
        status={status}
        fresh={fresh}
        nameOf={nameOf}
        busy={busy}
        copy={copy}
        onRotate={(stream) => setConfirm({ kind: 'rotate', stream })}
      />

      {confirm && (
        <Modal
          title={t(confirmText[confirm.kind][0])}
          onClose={() => setConfirm(null)}
          cancelLabel={t('broadcast-cancel')}
          onCancel={() => setConfirm(null)}
          submitLabel={t(confirmText[confirm.kind][2])}
          onSubmit={onConfirm}
          submitBusy={busy}
          size="sm"
          testId="broadcast-confirm"
        >
          <p>{t(confirmText[confirm.kind][1])}</p>
        </Modal>
      )}
    </section>
  );
}
