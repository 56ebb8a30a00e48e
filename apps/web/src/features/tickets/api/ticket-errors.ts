import type { ValidateType } from '@encore/contract';
import type { MessageKey } from '../../../lib/i18n/locales/en.ts';

export interface TicketErrorMessage {
  key: MessageKey;
  params?: Record<string, string | number>;
}

/** Manual check answers to texts (accounts section 8, TIX-33 to TIX-38). */
export function manualCheckError(status: number | null): TicketErrorMessage {
  switch (status) {
    case null:
      return { key: 'ticket-error-no-response' };
    case 402:
      return { key: 'ticket-error-402' };
    case 406:
      return { key: 'ticket-error-406' };
    case 409:
      return { key: 'ticket-error-409' };
    case 412:
      return { key: 'ticket-error-412' };
    case 415:
      return { key: 'ticket-error-415' };
    case 429:
      return { key: 'ticket-error-429' };
    default:
      return { key: 'ticket-error-other', params: { status } };
  }
}

/**
 * Cached check answers in the own-vendor/partner phase. The partner platform has the spec's texts
 * (TIX-39: 404 and anything else 'Weverse ticket not found.', 406 the bad-code text); the house's own
 * tickets say plainly that the account holds none.
 */
export function cachedCheckError(status: number | null, validateType: ValidateType): TicketErrorMessage {
  if (status === null) return { key: 'ticket-error-no-response' };
  if (status === 406) return { key: 'ticket-error-406' };
  if (validateType === 'weverse') return { key: 'ticket-error-weverse' };
  if (status === 402 || status === 404) return { key: 'ticket-error-not-in-account' };
  if (status === 429) return { key: 'ticket-error-429' };
  return { key: 'ticket-error-other', params: { status } };
}
