import type { AngleHealth } from '@encore/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedIssues } from './feed-alerts.ts';

/** Measured fields the server may add beside the nominal ones (read only when present). */
type Measured = {
  fps_received?: number | null;
  speed?: number | null;
  audio_level_db?: number | null;
  delay_ms?: number | null;
  thumbnail_url?: string | null;
  bitrate_history_kbps?: number[] | null;
};
const measured = (a: AngleHealth) => a as AngleHealth & Measured;

const fmt = (v: number | null | undefined, unit = '') =>
  v === null || v === undefined ? '–' : `${Math.round(v * 10) / 10}${unit}`;

/** Bitrate over the last readings (kept by the page between polls when the server sends only now). */
export function useBitrateHistory(angles: AngleHealth[] | undefined, keep = 30) {
  const [history, setHistory] = useState<Record<string, number[]>>({});
  const last = useRef<AngleHealth[] | undefined>(undefined);
  useEffect(() => {
    if (!angles || last.current === angles) return;
    last.current = angles;
    setHistory((old) => {
      const next: Record<string, number[]> = {};
      for (const a of angles) {
        const fromServer = measured(a).bitrate_history_kbps;
        next[a.stream] = fromServer?.length
          ? fromServer.slice(-keep)
          : [...(old[a.stream] ?? []), a.bitrate_kbps ?? 0].slice(-keep);
      }
      return next;
    });
  }, [angles, keep]);
  return history;
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

/**
 * One angle's health as a card: its name from Setup, on air or not, each problem in words that say
 * what to change, and what arrives (frames per second received, bitrate with its recent graph,
 * keyframe interval, audio, speed against real time, delay, a thumbnail).
 */
export function AngleCard({ a, name, bitrates }: { a: AngleHealth; name: string; bitrates: number[] }) {
  const { t } = useTranslation();
  const m = measured(a);
  const issues = feedIssues(a);
  const state = a.healthy ? (issues.length > 0 ? 'warn' : 'ok') : a.connected ? 'stale' : 'off';
  const label = a.healthy ? 'broadcast-on-air' : a.connected ? 'broadcast-stale' : 'broadcast-off';
  const fps = m.fps_received ?? a.frame_rate;
  const delay = m.delay_ms ?? a.last_frame_age_ms;
  return (
    <li
      className={`angle-card angle-card--${state}`}
      data-testid={`broadcast-angle-${a.stream}`}
      data-healthy={a.healthy}
      data-issues={issues.join(' ')}
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
      {m.thumbnail_url && a.connected && (
        <img className="angle-card__thumb" src={m.thumbnail_url} alt={t('broadcast-thumb-alt', { name })} />
      )}
      {a.problem && (
        <p className="broadcast-problem" data-testid="broadcast-problem">
          {t(`broadcast-problem-${a.problem}`)}
        </p>
      )}
      {issues
        .filter((i) => i !== 'down')
        .map((i) => (
          <p key={i} className="broadcast-problem" data-testid={`broadcast-issue-${i}`}>
            {t(`feed-fix-${i}`)}
          </p>
        ))}
      {/* Figures of a feed that is gone are last night's weather: not shown. */}
      {a.connected && (
        <dl className="angle-card__metrics">
          <Metric label={t('broadcast-col-fps')} value={fmt(fps)} testId="angle-fps" />
          <div className="angle-card__metric angle-card__metric--wide">
            <dt>{t('broadcast-col-bitrate')}</dt>
            <dd>
              {fmt(a.bitrate_kbps, ' kb/s')}
              <Sparkline values={bitrates} label={t('broadcast-bitrate-graph', { name })} />
            </dd>
          </div>
          <Metric label={t('broadcast-col-keyframes')} value={fmt(a.keyframe_interval_s, ' s')} />
          <Metric label={t('broadcast-col-speed')} value={m.speed == null ? '–' : `${fmt(m.speed)}×`} />
          <Metric
            label={t('broadcast-col-audio')}
            value={m.audio_level_db == null ? (a.audio_codec ?? '–') : `${Math.round(m.audio_level_db)} dB`}
          />
          <Metric
            label={t('broadcast-col-last-frame')}
            value={delay == null ? '–' : `${(delay / 1000).toFixed(1)} s`}
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
