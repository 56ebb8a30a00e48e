import type { FiguresSample } from '@encore/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { angleNamer } from '../broadcast/use-broadcast.ts';
import { formatMoney } from '../format.ts';
import { useShowIfAny } from '../show-shell.tsx';
import { FiguresChart } from './figures-chart.tsx';
import { useLiveFigures } from './use-live-figures.ts';

function Tile({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="figure-tile">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

function Bars({
  title,
  counts,
  nameOf = (n) => n,
}: {
  title: string;
  counts: Record<string, number>;
  nameOf?: (key: string) => string;
}) {
  const { t } = useTranslation();
  const entries = Object.entries(counts).sort(([a], [b]) => a.localeCompare(b, undefined, { numeric: true }));
  const max = Math.max(1, ...entries.map(([, n]) => n));
  return (
    <div className="figure-bars">
      <h3>{title}</h3>
      {entries.length === 0 && <p className="host-muted">{t('host-figures-none')}</p>}
      <ul>
        {entries.map(([name, n]) => (
          <li key={name}>
            <span className="figure-bars__name">{nameOf(name)}</span>
            <span className="figure-bars__bar" style={{ width: `${(n / max) * 100}%` }} />
            <span className="figure-bars__n">{n}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

const pick = (samples: FiguresSample[], f: (s: FiguresSample) => number) => samples.map(f);

/** The live figures of the Run screen: now in tiles and bars, the last hour in charts. */
export function LiveFigures({ slug }: { slug: string }) {
  const { t, i18n } = useTranslation();
  const { samples, error } = useLiveFigures(slug);
  const show = useShowIfAny();
  // Viewers per angle under the angles' names from Setup ("Drum cam"), not their streams.
  const nameOf = useMemo(() => (show ? angleNamer(show) : (n: string) => n), [show]);
  const now = samples.at(-1);
  const times = useMemo(() => samples.map((s) => s.t), [samples]);
  const viewers = useMemo(
    () => [{ label: t('host-fig-viewers'), color: '#ff4fd8', values: pick(samples, (s) => s.viewers) }],
    [samples, t],
  );
  const activity = useMemo(
    () => [
      { label: t('host-fig-chat'), color: '#7b5cff', values: pick(samples, (s) => s.chat_per_s) },
      { label: t('host-fig-cheers'), color: '#4be3a8', values: pick(samples, (s) => s.cheers_per_s) },
      { label: t('host-fig-entries'), color: '#ffc857', values: pick(samples, (s) => s.entries_per_min) },
    ],
    [samples, t],
  );
  const errors = useMemo(
    () => [
      { label: t('host-fig-errors'), color: '#ff6b8b', values: pick(samples, (s) => s.errors_per_min) },
      { label: t('host-fig-refusals'), color: '#aaa3bd', values: pick(samples, (s) => s.refusals_per_min) },
    ],
    [samples, t],
  );
  const n = (v: number | undefined) =>
    v === undefined ? '—' : new Intl.NumberFormat(i18n.language).format(v);

  return (
    <section className="host-panel" aria-labelledby="host-figures-title" data-testid="live-figures">
      <header className="host-panel__head">
        <h2 id="host-figures-title">{t('host-figures-title')}</h2>
        <span className="host-muted">{error ? t('host-load-error') : t('host-figures-hint')}</span>
      </header>
      <dl className="figure-tiles">
        <Tile label={t('host-fig-viewers')} value={n(now?.viewers)} testId="fig-viewers" />
        <Tile label={t('host-fig-entries')} value={n(now?.entries_per_min)} />
        <Tile label={t('host-fig-chat')} value={n(now?.chat_per_s)} />
        <Tile label={t('host-fig-cheers')} value={n(now?.cheers_per_s)} />
        <Tile
          label={t('host-fig-tickets')}
          value={now ? formatMoney(now.ticket_revenue, i18n.language) : '—'}
        />
        <Tile
          label={t('host-fig-stickers')}
          value={now ? formatMoney(now.sticker_revenue, i18n.language) : '—'}
        />
        <Tile label={t('host-fig-errors')} value={n(now?.errors_per_min)} />
        <Tile label={t('host-fig-refusals')} value={n(now?.refusals_per_min)} />
      </dl>
      <div className="figure-grid">
        <FiguresChart title={t('host-chart-viewers')} times={times} series={viewers} />
        <FiguresChart title={t('host-chart-activity')} times={times} series={activity} />
        <FiguresChart title={t('host-chart-errors')} times={times} series={errors} />
        <div className="figure-bars-pair">
          <Bars title={t('host-fig-per-angle')} counts={now?.per_angle ?? {}} nameOf={nameOf} />
          <Bars title={t('host-fig-per-hang')} counts={now?.per_hang ?? {}} />
        </div>
      </div>
    </section>
  );
}
