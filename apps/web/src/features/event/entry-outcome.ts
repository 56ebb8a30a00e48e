/** Why a fan is not in the event (viewing section 8, LAND-34, TIX-44). */
export type EntryProblem =
  | 'logged-out'
  | 'no-ticket'
  /** The ticket was taken away while the fan watched (revoked, refunded): the server said so. */
  | 'ticket-revoked'
  | 'not-open'
  | 'ended'
  | 'not-found'
  | 'connection-error'
  | 'server-error'
  | 'error';

/**
 * The enter call's failure as the page shows it: 202 no ticket; 403 not open (before doors or after
 * the end; 'ended' when the schedule says the show is over); 400/404 no such show; no answer or 5xx
 * invite a retry; 401 is the session guard's (it signs out) and shows the login prompt.
 */
export function entryProblem(status: number | null, showEnded: boolean): EntryProblem {
  if (status === null) return 'connection-error';
  if (status === 202) return 'no-ticket';
  if (status === 401) return 'logged-out';
  if (status === 403) return showEnded ? 'ended' : 'not-open';
  if (status === 400 || status === 404) return 'not-found';
  if (status >= 500) return 'server-error';
  return 'error';
}

/** Problems a plain retry may solve. */
export function isRetryable(problem: EntryProblem): boolean {
  return problem === 'connection-error' || problem === 'server-error' || problem === 'error';
}
