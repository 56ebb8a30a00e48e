import {
  type ManualTicketCheck,
  normalizeEmail,
  normalizeTicketCode,
  type TicketValidateResponse,
} from '@encore/contract';
import { apiRequest } from '../../../lib/api/api-client.ts';

export interface ManualCheckInput {
  token: string;
  email: string;
  channelId: number;
  vendor: string;
}

/**
 * POST /thor/ticket/validate/, manual shape (TIX-29, TIX-31 validateManualTicket): a booking code
 * and its purchase email redeem the ticket to the fan's account. The code is trimmed and uppercased,
 * the email trimmed and lowercased (TIX-23); the manual check always sends redeemed_only false.
 */
export async function validateManualTicket(input: ManualCheckInput): Promise<TicketValidateResponse> {
  const body: ManualTicketCheck = {
    channel_id: input.channelId,
    token: normalizeTicketCode(input.token),
    email: normalizeEmail(input.email),
    vendor: input.vendor,
    redeemed_only: false,
  };
  const { data } = await apiRequest<TicketValidateResponse>('/thor/ticket/validate/', {
    method: 'POST',
    body,
  });
  return data;
}
