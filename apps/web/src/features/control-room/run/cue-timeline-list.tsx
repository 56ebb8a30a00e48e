import type { CueTimeline, TimedCue } from '@encore/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getCueTimeline, hostKeys } from '../api/host-api.ts';
import { cueText } from './cue-now.tsx';

/** A show-clock moment with tenths of a second, in the browser's zone ("21:04:05.3"). */
function clock(ms: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    fractionalSecondDigits: 1,
    hourCycle: 'h23',
  }).format(new Date(ms));
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/**
 * When the slowest fans see a cue: its moment plus the 95th percentile of the distances the fans'
 * players report (behind the show clock, on the origin's clock). Null when no fan has reported.
 */
export function slowestSeeAt(cue: Pick<TimedCue, 'at'>, distances: CueTimeline['distances']): number | null {
  return distances.p95_ms === null ? null : Date.parse(cue.at) + distances.p95_ms;
}

/**
 * The cue timeline of the control room (issue 27): each timed cue's moment on the show clock (the
 * program date fans' pictures reach it at) and when the slowest fans see it, from the distances
 * their players report. Says what that is based on: how many fans, their median and 95th percentile.
 */
export function CueTimelineList({ slug }: { slug: string }) {
  const { t, i18n } = useTranslation();
  const timeline = useQuery({
    queryKey: hostKeys.timeline(slug),
    queryFn: () => getCueTimeline(slug),
    refetchInterval: 2000,
  });
  const data = timeline.data;
  const d = data?.distances;
  const serverNow = data ? Date.parse(data.now) : Date.now();
  const basis =
    d && d.reporting > 0 && d.median_ms !== null && d.p95_ms !== null
      ? t('cue-timeline-basis', {
          count: d.reporting,
          median: seconds(d.median_ms),
          slowest: seconds(d.p95_ms),
        })
      : t('cue-timeline-basis-none');
  return (
    <section
      className="control-card cue-timeline"
      aria-labelledby="cue-timeline-title"
      data-testid="cue-timeline"
    >
      <h2 id="cue-timeline-title">{t('cue-timeline-title')}</h2>
      <p className="host-muted" data-testid="cue-timeline-basis">
        {basis}
      </p>
      {data && data.cues.length === 0 && <p className="host-muted">{t('cue-timeline-empty')}</p>}
      {data && data.cues.length > 0 && (
        <table className="cue-timeline__table">
          <thead>
            <tr>
              <th scope="col" className="cue-timeline__head">
                {t('cue-timeline-cue')}
              </th>
              <th scope="col" className="cue-timeline__head">
                {t('cue-timeline-moment')}
              </th>
              <th scope="col" className="cue-timeline__head">
                {t('cue-timeline-slowest')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.cues.map((cue) => {
              const at = Date.parse(cue.at);
              const slowest = d ? slowestSeeAt(cue, d) : null;
              const state =
                at > serverNow
                  ? t('cue-timeline-ahead', { s: seconds(at - serverNow) })
                  : slowest === null
                    ? ''
                    : slowest > serverNow
                      ? t('cue-timeline-reaching', { s: seconds(slowest - serverNow) })
                      : t('cue-timeline-seen');
              return (
                <tr key={cue.id} data-testid="cue-timeline-row" data-cue-at={cue.at}>
                  <td className="cue-timeline__cell cue-timeline__what">{cueText(cue.alert, t)}</td>
                  <td className="cue-timeline__cell">
                    <time dateTime={cue.at}>{clock(at, i18n.language)}</time>
                  </td>
                  <td className="cue-timeline__cell">
                    {slowest === null ? (
                      <span className="host-muted">—</span>
                    ) : (
                      <time dateTime={new Date(slowest).toISOString()}>{clock(slowest, i18n.language)}</time>
                    )}
                    {state && <span className="cue-timeline__state">{state}</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
