import { CONNECTION_ERROR, UNKNOWN_ERROR } from '@encore/contract';

/**
 * A failed call: `status` is null when no answer arrived (CONNECTION_ERROR). The body fields follow
 * the contract's ErrorBody `{code, message, field?, rules?}`, read defensively because proxies and
 * 304/302 answers may carry no body at all.
 */
export class ApiError extends Error {
  readonly status: number | null;
  readonly code: string;
  readonly serverMessage: string | null;
  readonly field: string | null;
  readonly rules: string[];
  /** Login's 429 while strangers lock the account: the owner may ask for a sign-in link. */
  readonly stepUp: 'email_link' | null;

  constructor(status: number | null, body: unknown) {
    const b = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);
    const code = str(b.code) ?? (status === null ? CONNECTION_ERROR : UNKNOWN_ERROR);
    super(`${status ?? 'no response'} ${code}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.serverMessage = str(b.message);
    this.field = str(b.field);
    this.rules = Array.isArray(b.rules) ? b.rules.filter((r): r is string => typeof r === 'string') : [];
    this.stepUp = b.step_up === 'email_link' ? 'email_link' : null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function statusOf(error: unknown): number | null {
  return isApiError(error) ? error.status : null;
}
