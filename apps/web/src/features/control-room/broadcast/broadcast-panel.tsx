import type { AngleHealth, BroadcastStatus, RotatedKey } from '@encore/contract';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { isApiError, statusOf } from '../../../lib/api/api-error.ts';
import { showToast } from '../../../lib/store/toast-store.ts';
import { enableIngest, endShow, getBroadcast, goLive, rotateKey } from './broadcast-api.ts';
import './broadcast-panel.css';

/** Health refreshes this often while the panel is open. */
const POLL_MS = 2000;

/** The lifecycle's refusals (409), each with its own words. */
const REFUSALS = ['NO_HEALTHY_FEED', 'ALREADY_LIVE', 'SHOW_ENDED', 'NOT_LIVE'] as const;

type Confirm = { kind: 'live' } | { kind: 'end' } | { kind: 'rotate'; stream: string };

const fmt = (v: number | null, unit = '') => (v === null ? '–' : `${Math.round(v * 10) / 10}${unit}`);

function HealthRow({ a }: { a: AngleHealth }) {
  const { t } = useTranslation();
  const state = a.healthy ? 'ok' : a.connected ? 'stale' : 'off';
  const label = a.healthy ? 'broadcast-on-air' : a.connected ? 'broadcast-stale' : 'broadcast-off';
  return (
    <tr data-testid={`broadcast-angle-${a.stream}`} data-healthy={a.healthy}>
      <th scope="row">{a.stream}</th>
      <td>
        <span className={`broadcast-dot broadcast-dot--${state}`} aria-hidden="true" />
        {t(label)}
        {a.problem && (
          <span className="broadcast-problem" data-testid="broadcast-problem">
            {t(`broadcast-problem-${a.problem}`)}
          </span>
        )}
      </td>
      <td data-label={t('broadcast-col-bitrate')}>{fmt(a.bitrate_kbps, ' kb/s')}</td>
      <td data-label={t('broadcast-col-fps')}>{fmt(a.frame_rate)}</td>
      <td data-label={t('broadcast-col-resolution')}>
        {a.width && a.height ? `${a.width}×${a.height}` : '–'}
      </td>
      <td data-label={t('broadcast-col-keyframes')}>{fmt(a.keyframe_interval_s, ' s')}</td>
      <td data-label={t('broadcast-col-last-frame')}>
        {a.last_frame_age_ms === null ? '–' : `${(a.last_frame_age_ms / 1000).toFixed(1)} s`}
      </td>
      <td data-label={t('broadcast-col-dropped')}>{a.dropped_frames ?? '–'}</td>
    </tr>
  );
}

/**
 * The host's broadcast controls of one show (issue 11): turning live ingest on, the RTMP address and
 * stream keys (a key is shown in full once, when made or rotated, with Copy), per-angle health, and
 * Go live / End show behind a confirmation.
 */
export function BroadcastPanel({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<BroadcastStatus | null>(null);
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [fresh, setFresh] = useState<RotatedKey[]>([]);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setStatus(await getBroadcast(slug));
      setEnabled(true);
    } catch (error) {
      if (isApiError(error) && error.code === 'INGEST_NOT_ENABLED') setEnabled(false);
    }
  }, [slug]);

  useEffect(() => {
    void load();
    const timer = window.setInterval(() => void load(), POLL_MS);
    return () => window.clearInterval(timer);
  }, [load]);

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

  const onConfirm = () => {
    if (!confirm) return;
    if (confirm.kind === 'live') void run(async () => setStatus(await goLive(slug)));
    else if (confirm.kind === 'end') void run(async () => setStatus(await endShow(slug)));
    else {
      const { stream } = confirm;
      void run(async () => {
        keep([await rotateKey(slug, stream)]);
        await load();
      });
    }
  };

  const copy = (text: string) =>
    void navigator.clipboard.writeText(text).then(
      () => showToast({ kind: 'success', messageKey: 'broadcast-copied' }),
      () => showToast({ kind: 'error', messageKey: 'broadcast-error' }),
    );

  if (enabled === false) {
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
              setStatus(made.status);
              setEnabled(true);
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
  const confirmText = {
    live: ['broadcast-go-live-confirm-title', 'broadcast-go-live-confirm-body', 'broadcast-go-live'],
    end: ['broadcast-end-confirm-title', 'broadcast-end-confirm-body', 'broadcast-end'],
    rotate: ['broadcast-rotate-confirm-title', 'broadcast-rotate-confirm-body', 'broadcast-rotate'],
  } as const;

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
        <div className="broadcast__actions">
          {(status.state === 'scheduled' || status.state === 'doors_open') && (
            <Button
              data-testid="broadcast-go-live"
              disabled={busy || !anyHealthy}
              title={anyHealthy ? undefined : t('broadcast-error-NO_HEALTHY_FEED')}
              onClick={() => setConfirm({ kind: 'live' })}
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
      <p className="control-card__help">{t('broadcast-help')}</p>

      <div className="broadcast__rtmp">
        <span className="control-card__label">{t('broadcast-rtmp')}</span>
        <code data-testid="broadcast-rtmp">{status.rtmp_url}</code>
        <Button size="sm" variant="ghost" onClick={() => copy(status.rtmp_url)}>
          {t('broadcast-copy')}
        </Button>
      </div>

      {/* Health first: during a show it is what the operator reads; keys are set once. */}
      <h3 className="broadcast__sub">{t('broadcast-health')}</h3>
      <div className="broadcast-health">
        <table>
          <thead>
            <tr>
              <th scope="col">{t('broadcast-col-angle')}</th>
              <th scope="col">{t('broadcast-col-status')}</th>
              <th scope="col">{t('broadcast-col-bitrate')}</th>
              <th scope="col">{t('broadcast-col-fps')}</th>
              <th scope="col">{t('broadcast-col-resolution')}</th>
              <th scope="col">{t('broadcast-col-keyframes')}</th>
              <th scope="col">{t('broadcast-col-last-frame')}</th>
              <th scope="col">{t('broadcast-col-dropped')}</th>
            </tr>
          </thead>
          <tbody>
            {status.angles.map((a) => (
              <HealthRow key={a.stream} a={a} />
            ))}
          </tbody>
        </table>
      </div>

      <h3 className="broadcast__sub">{t('broadcast-keys')}</h3>
      <ul className="broadcast-keys">
        {status.keys.map((k) => {
          const shown = fresh.find((f) => f.stream === k.stream && f.key_hint === k.key_hint);
          return (
            <li key={k.stream} data-testid={`broadcast-key-${k.stream}`}>
              <span className="broadcast-keys__stream">{k.stream}</span>
              {shown ? (
                <>
                  <code className="broadcast-keys__key" data-testid="broadcast-key-full">
                    {shown.key}
                  </code>
                  <Button size="sm" onClick={() => copy(shown.key)}>
                    {t('broadcast-copy')}
                  </Button>
                </>
              ) : (
                <code className="broadcast-keys__key">{t('broadcast-key-hidden', { hint: k.key_hint })}</code>
              )}
              <Button
                size="sm"
                variant="ghost"
                disabled={busy || status.state === 'ended' || status.state === 'replay'}
                onClick={() => setConfirm({ kind: 'rotate', stream: k.stream })}
                data-testid={`broadcast-rotate-${k.stream}`}
              >
                {t('broadcast-rotate')}
              </Button>
              {shown && <span className="broadcast-keys__once">{t('broadcast-key-once')}</span>}
            </li>
          );
        })}
      </ul>

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
