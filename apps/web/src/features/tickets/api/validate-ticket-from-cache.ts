import type { CachedTicketCheck, TicketValidateResponse } from '@encore/contract';
import { apiRequest } from '../../../lib/api/api-client.ts';

export interface CachedCheckInput {
  paidEventName: string;
  redeemedOnly: boolean;
  vendor?: string;
  channelId?: number;
}

/**
 * POST /thor/ticket/validate/, cached shape (TIX-27, TIX-31 validateTicketFromCache): does the
 * signed-in fan hold a ticket? 200 yes; 402 no (404 for the partner vendor). A 401/403 ends the
 * session through the API client; a 429 is only logged there.
 */
export async function validateTicketFromCache(
  input: CachedCheckInput,
  signal?: AbortSignal,
): Promise<TicketValidateResponse> {
  const body: CachedTicketCheck = {
    paid_event: input.paidEventName,
    redeemed_only: input.redeemedOnly,
    ...(input.channelId === undefined ? {} : { channel_id: input.channelId }),
    ...(input.vendor === undefined ? {} : { vendor: input.vendor }),
  };
  const { data } = await apiRequest<TicketValidateResponse>('/thor/ticket/validate/', {
    method: 'POST',
    body,
    signal,
  });
  return data;
}
