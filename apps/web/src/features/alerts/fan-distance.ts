import { FAN_DISTANCE } from '@encore/contract';
import { apiRequest } from '../../lib/api/api-client.ts';
import { pictureClock } from '../../lib/show-clock/picture-clock.ts';

/**
 * Every 30 s while a live picture plays, this fan's distance behind the show clock (the latency
 * controller's reading, on the origin's clock) goes to POST /thor/shows/{slug}/distance/: the
 * control room says from these when the slowest fans see a cue (issue 27). Nothing is sent without
 * a reading (no picture, on demand, paused before the clock is known).
 */
export function startDistanceReports(slug: string): () => void {
  const report = () => {
    const behind = pictureClock.behindMs();
    if (behind === null || !Number.isFinite(behind)) return;
    const behind_ms = Math.min(FAN_DISTANCE.maxBehindMs, Math.max(0, Math.round(behind)));
    void apiRequest(`/thor/shows/${encodeURIComponent(slug)}/distance/`, {
      method: 'POST',
      body: { behind_ms },
      handleAuthFailure: false,
    }).catch(() => undefined);
  };
  // A first reading soon after the picture starts, then every 30 s.
  const first = setTimeout(report, FAN_DISTANCE.firstReportMs);
  const timer = setInterval(report, FAN_DISTANCE.reportEveryMs);
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
