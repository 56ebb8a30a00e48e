import type { AngleHealth, FeedIssue } from '@encore/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_BASE } from '../../../lib/api/api-client.ts';
import { useSessionStore } from '../../../lib/store/session-store.ts';
import { feedIssues } from './feed-alerts.ts';

const fmt = (v: number | null | undefined, unit = '') =>
  v === null || v === undefined ? '–' : `${Math.round(v * 10) / 10}${unit}`;

/**
 * The angle's thumbnail: a host-only picture behind the host's token (an <img> cannot send it), read
 * again each time the server made a newer one.
 */
function useThumbnail(url: string | null, at: string | null): string | null {
  const token = useSessionStore((s) => s.authToken);
  const [src, setSrc] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `at` names a newer picture at the same url
  useEffect(() => {
    if (!url || !token) return;
    let made: string | null = null;
    let alive = true;
    void fetch(`${API_BASE}${url}`, { headers: { Authorization: `Token ${token}` } })
      .then((res) => (res.ok ? res.blob() : null))
      .then((blob) => {
        if (!alive || !blob) return;
        made = URL.createObjectURL(blob);
        setSrc(made);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
      // The picture on screen stays until the next one is drawn; this one is freed with it.
      if (made) window.setTimeout(() => URL.revokeObjectURL(made ?? ''), 10_000);
    };
  }, [url, at, token]);
  return url ? src : null;
}

function Sparkline({ values, label }: { values: number[]; label: string }) {
  const w = 120;
  const h = 28;
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? w / (values.length - 1) : w;
  const points = values.map((v, i) => `${(i * step).toFixed(1)},${(h - (v / max) * (h - 2) - 1).toFixed(1)}`);
  return (
    <svg className="angle-card__spark" viewBox={`0 0 ${w} ${h}`} role="img" aria-label={label}>
      {values.length > 1 && (
        <polyline points={points.join(' ')} fill="none" stroke="currentColor" strokeWidth="1.5" />
      )}
    </svg>
  );
}

function Metric({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="angle-card__metric">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/** One measured problem in words that say what to change, with the angle's own figures. */
function IssueText({ a, issue }: { a: AngleHealth; issue: FeedIssue }) {
  const { t } = useTranslation();
  const fps = a.frame_rate ? Math.round(a.frame_rate) : null;
  const params = {
    format: a.height ? `${a.height}p${fps ?? ''}` : t('feed-format-unknown'),
    speed: fmt(a.encoder_speed),
    behind: a.behind_ms === null ? '–' : (a.behind_ms / 1000).toFixed(1),
    age: a.last_frame_age_ms === null ? '–' : (a.last_frame_age_ms / 1000).toFixed(1),
    received: fmt(a.received_fps),
    declared: fps ?? '–',
    db: a.audio_level_db === null ? '–' : Math.round(a.audio_level_db),
    seconds: fmt(a.keyframe_interval_s),
    kbps: a.bitrate_kbps === null ? '–' : Math.round(a.bitrate_kbps),
  };
  return (
    <p
      className={`broadcast-problem broadcast-problem--${issue.severity}`}
      data-testid={`broadcast-issue-${issue.code}`}
    >
      {t(`feed-issue-${issue.code}`, params)}
    </p>
  );
}

/**
 * One angle's health as a card: its name from Setup, on air or not, each problem in words that say
 * what to change, and what arrives (frames per second received, bitrate with its recent graph,
 * keyframe interval, audio, speed against real time, delay behind the wall clock, a thumbnail).
 */
export function AngleCard({ a, name }: { a: AngleHealth; name: string }) {
  const { t } = useTranslation();
  const thumb = useThumbnail(a.connected ? a.thumbnail_url : null, a.thumbnail_at);
  const alerts = feedIssues(a);
  const issues = a.issues ?? [];
  const state = a.healthy
    ? alerts.length + issues.length > 0
      ? 'warn'
      : 'ok'
    : a.connected
      ? 'stale'
      : 'off';
  // "No picture" only when none is new: a late or unmeasured one is a problem, said below in words.
  const pictureArrives = a.last_frame_age_ms !== null && !issues.some((i) => i.code === 'stale_picture');
  const label = a.healthy
    ? 'broadcast-on-air'
    : !a.connected
      ? 'broadcast-off'
      : pictureArrives
        ? 'broadcast-trouble'
        : 'broadcast-stale';
  const audio =
    a.audio_present === false
      ? t('broadcast-audio-none')
      : a.audio_level_db === null
        ? (a.audio_codec ?? '–')
        : `${Math.round(a.audio_level_db)} dB`;
  return (
    <li
      className={`angle-card angle-card--${state}`}
      data-testid={`broadcast-angle-${a.stream}`}
      data-healthy={a.healthy}
      data-issues={issues.map((i) => i.code).join(' ')}
    >
      <div className="angle-card__head">
        <span
          className={`broadcast-dot broadcast-dot--${state === 'warn' ? 'stale' : state}`}
          aria-hidden="true"
        />
        <h4 className="angle-card__name" data-testid="broadcast-angle-name">
          {name}
        </h4>
        {name !== a.stream && <span className="angle-card__stream">{a.stream}</span>}
        <span className="angle-card__state">{t(label)}</span>
      </div>
      {thumb && (
        <img
          className="angle-card__thumb"
          src={thumb}
          alt={t('broadcast-thumb-alt', { name })}
          data-testid="angle-thumbnail"
        />
      )}
      {a.problem && (
        <p className="broadcast-problem" data-testid="broadcast-problem">
          {t(`broadcast-problem-${a.problem}`)}
        </p>
      )}
      {a.connected && issues.map((i) => <IssueText key={i.code} a={a} issue={i} />)}
      {/* Figures of a feed that is gone are last night's weather: not shown. */}
      {a.connected && (
        <dl className="angle-card__metrics">
          <Metric
            label={t('broadcast-col-fps')}
            value={fmt(a.received_fps ?? a.frame_rate)}
            testId="angle-fps"
          />
          <div className="angle-card__metric angle-card__metric--wide">
            <dt>{t('broadcast-col-bitrate')}</dt>
            <dd>
              {fmt(a.bitrate_kbps, ' kb/s')}
              <Sparkline
                values={(a.bitrate_history ?? []).map((p) => p.kbps)}
                label={t('broadcast-bitrate-graph', { name })}
              />
            </dd>
          </div>
          <Metric label={t('broadcast-col-keyframes')} value={fmt(a.keyframe_interval_s, ' s')} />
          <Metric
            label={t('broadcast-col-speed')}
            value={a.encoder_speed == null ? '–' : `${fmt(a.encoder_speed)}×`}
            testId="angle-speed"
          />
          <Metric label={t('broadcast-col-audio')} value={audio} />
          <Metric
            label={t('broadcast-col-delay')}
            value={a.behind_ms == null ? '–' : `${(a.behind_ms / 1000).toFixed(1)} s`}
          />
          <Metric
            label={t('broadcast-col-resolution')}
            value={a.width && a.height ? `${a.width}×${a.height}` : '–'}
          />
        </dl>
      )}
    </li>
  );
}
