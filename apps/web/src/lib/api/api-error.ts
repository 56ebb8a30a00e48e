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
  /** The answer's body as it came (the waiting room's 429 carries the fan's place in it). */
  readonly body: unknown;
  /** A booking code sent through another vendor's form: the vendor that issued it. */
  readonly vendor: string | null;
  /** OVER_CAPACITY: the fan's own sending limit ('sender') or the room's ('room'). */
  readonly capacity: 'sender' | 'room' | null;

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
    this.body = body;
    this.vendor = str(b.vendor);
    this.capacity = b.capacity === 'sender' || b.capacity === 'room' ? b.capacity : null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function statusOf(error: unknown): number | null {
  return isApiError(error) ? error.status : null;
}
