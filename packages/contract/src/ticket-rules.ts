import { LIMITS } from './constants.ts';

/** Ticket rules both ends apply, Zod-free so that the browser can use them (see index.ts). */

export type TicketAttributeValues = { type?: string; tmo?: boolean; mview?: number; '4K'?: boolean };

export const MULTIVIEW_COUNTS = [1, 4, 6] as const;
export type MultiviewCount = (typeof MULTIVIEW_COUNTS)[number];

/**
 * The multiview mode (viewing section 9): which mosaic, streampips4 or streampips6, a multiview
 * ticket's overview plays. 6 unless the ticket holds exactly four angles.
 */
export const DEFAULT_MULTIVIEW_MODE = 6;
export type MultiviewMode = 4 | 6;
export function multiviewMode(count: MultiviewCount): MultiviewMode | null {
  if (count <= 1) return null;
  return count === 4 ? 4 : DEFAULT_MULTIVIEW_MODE;
}

function isMultiviewCount(n: unknown): n is MultiviewCount {
  return n === 1 || n === 4 || n === 6;
}

/**
 * The view a ticket gives (accounts section 6, viewing section 4): multiview 1 by default or for GA;
 * 6 for Directors or tmo true; 4 for tmo false; otherwise the mview number (1, 4 or 6, else 1). The
 * 4K view needs both the 4K attribute and a stream4k in the show.
 */
export function computeEntitlements(
  attributes: TicketAttributeValues | null | undefined,
  hasStream4k: boolean,
): { multiview: MultiviewCount; uhd: boolean } {
  const a = attributes ?? {};
  let multiview: MultiviewCount = 1;
  if (a.type === 'GA') multiview = 1;
  else if (a.type === 'Directors' || a.tmo === true) multiview = 6;
  else if (a.tmo === false) multiview = 4;
  else if (isMultiviewCount(a.mview)) multiview = a.mview;
  return { multiview, uhd: a['4K'] === true && hasStream4k };
}

/** Booking codes are compared trimmed and uppercased (TIX-23). */
export function normalizeTicketCode(code: string): string {
  return code.trim().toUpperCase();
}

const TICKET_CODE_RE = /^[A-Z0-9][A-Z0-9_-]*$/;
export const TICKET_CODE_MAX = 64;

/** A normalized code of 4 to 64 letters, digits, "-" or "_" (LIMITS.ticketCodeMin, TIX-21). */
export function isWellFormedTicketCode(normalized: string): boolean {
  return (
    normalized.length >= LIMITS.ticketCodeMin &&
    normalized.length <= TICKET_CODE_MAX &&
    TICKET_CODE_RE.test(normalized)
  );
}

/** The spec's texts of the manual and partner checks (accounts section 8), typos kept. */
export const TICKET_TEXT_EN = {
  noAccessPass: 'No Access Pass found. Please check the information you entered.',
  merchCode: 'You have used a Access Pass but for a merch order. Please use a show Access Pass.',
  inProgress: 'Registration already in progress. Please wait 5 minutes and try again.',
  weverseNotFound: 'Weverse ticket not found.',
  alreadyRedeemed: 'This Access Pass has already been redeemed by another account.',
  emailNotRecognized: 'This email and booking number do not match an Access Pass. Please check both.',
  invalidTicket: 'The booking number is incorrect. Please check the information you entered.',
  invalidEmail: 'Email address is invalid',
  otherVendor: (vendor: string) =>
    `This booking number was issued by ${vendor}. Validate it in the ${vendor} form.`,
} as const;
