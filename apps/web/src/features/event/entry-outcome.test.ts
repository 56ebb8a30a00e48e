import { describe, expect, it } from 'vitest';
import { entryProblem, isRetryable } from './entry-outcome.ts';

describe('entryProblem', () => {
  it('maps the enter answers', () => {
    expect(entryProblem(202, false)).toBe('no-ticket');
    expect(entryProblem(403, false)).toBe('not-open');
    expect(entryProblem(403, true)).toBe('ended');
    expect(entryProblem(400, false)).toBe('not-found');
    expect(entryProblem(401, false)).toBe('logged-out');
  });

  it('invites a retry after no answer or a server error', () => {
    expect(entryProblem(null, false)).toBe('connection-error');
    expect(entryProblem(503, false)).toBe('server-error');
    expect(entryProblem(418, false)).toBe('error');
    expect(isRetryable('server-error')).toBe(true);
    expect(isRetryable('connection-error')).toBe(true);
    expect(isRetryable('no-ticket')).toBe(false);
    expect(isRetryable('ended')).toBe(false);
  });
});
