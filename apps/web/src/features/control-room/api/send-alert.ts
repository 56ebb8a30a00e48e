import type { AlertInput, AlertPublished } from '@encore/contract';
import { apiRequest } from '../../../lib/api/api-client.ts';

/** POST /thor/host/shows/{slug}/alerts (host role): publishes one alert to the show or to one fan. */
export async function sendAlert(slug: string, alert: AlertInput, at?: string): Promise<AlertPublished> {
  // `at`: the show-clock moment of a timed cue placed ahead (issue 27); now when absent.
  const query = at ? `?at=${encodeURIComponent(at)}` : '';
  const res = await apiRequest<AlertPublished>(
    `/thor/host/shows/${encodeURIComponent(slug)}/alerts${query}`,
    {
      method: 'POST',
      body: alert,
      // A 403 here means "not a host", not a dead token: keep the session.
      handleAuthFailure: 'unauthorized-only',
    },
  );
  return res.data;
}
