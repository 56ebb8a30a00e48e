import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { ErrorBody } from './errors.ts';
import { PaidEventName } from './shows.ts';

/** Ticket attributes (TIX-07): they decide the view entitlement (accounts section 6). */
export const TicketAttributes = z.object({
  /** GA, Directors, or another label of the seller. */
  type: z.string().max(64).optional(),
  tmo: z.boolean().optional(),
  mview: z.number().optional(),
  '4K': z.boolean().optional(),
});
export type TicketAttributes = z.infer<typeof TicketAttributes>;

/**
 * What a booking-code import accepts: the same keys, unknown ones refused (a typo such as "4k" would
 * otherwise silently cost a fan the 4K view), and only the multiview counts that exist.
 */
export const ImportedTicketAttributes = z.strictObject({
  ...TicketAttributes.shape,
  mview: z.union([z.literal(1), z.literal(4), z.literal(6)]).optional(),
});

export const MULTIVIEW_COUNTS = [1, 4, 6] as const;
export type MultiviewCount = (typeof MULTIVIEW_COUNTS)[number];

export const Entitlements = z.object({
  multiview: z.union([z.literal(1), z.literal(4), z.literal(6)]),
  uhd: z.boolean(),
});
export type Entitlements = z.infer<typeof Entitlements>;

function isMultiviewCount(n: unknown): n is MultiviewCount {
  return n === 1 || n === 4 || n === 6;
}

/**
 * The view a ticket gives (accounts section 6, viewing section 4): multiview 1 by default or for GA;
 * 6 for Directors or tmo true; 4 for tmo false; otherwise the mview number (1, 4 or 6, else 1). The
 * 4K view needs both the 4K attribute and a stream4k in the show.
 */
export function computeEntitlements(
  attributes: TicketAttributes | null | undefined,
  hasStream4k: boolean,
): Entitlements {
  const a = attributes ?? {};
  let multiview: MultiviewCount = 1;
  if (a.type === 'GA') multiview = 1;
  else if (a.type === 'Directors' || a.tmo === true) multiview = 6;
  else if (a.tmo === false) multiview = 4;
  else if (isMultiviewCount(a.mview)) multiview = a.mview;
  return { multiview, uhd: a['4K'] === true && hasStream4k };
}

/** POST /thor/ticket/validate/, cached check (TIX-27): does the logged-in fan hold a ticket? */
export const CachedTicketCheck = z.object({
  paid_event: PaidEventName,
  redeemed_only: z.boolean(),
  channel_id: z.number().int().optional(),
  vendor: z.string().max(64).optional(),
});
export type CachedTicketCheck = z.infer<typeof CachedTicketCheck>;

/** Token check (TIX-28): the same question for the owner of an auth token. */
export const TokenTicketCheck = z.object({
  auth_token: z.string().min(1).max(256),
  paid_event: PaidEventName,
});
export type TokenTicketCheck = z.infer<typeof TokenTicketCheck>;

/** Manual check (TIX-29): a booking code and its purchase email, redeemed to the fan's account. */
export const ManualTicketCheck = z.object({
  channel_id: z.number().int(),
  token: z.string().max(256),
  email: z.string().max(320),
  vendor: z.string().max(64),
  redeemed_only: z.boolean(),
});
export type ManualTicketCheck = z.infer<typeof ManualTicketCheck>;

/** Most specific shape first: a body with both a token and an auth_token is a manual check. */
export const TicketValidateBody = z.union([ManualTicketCheck, TokenTicketCheck, CachedTicketCheck]);
export type TicketValidateBody = z.infer<typeof TicketValidateBody>;

export const TicketValidateResponse = z.object({
  paid_event_name: z.string(),
  paid_event_id: z.number().int(),
  status: z.literal(true),
  ticket_attributes: TicketAttributes,
  entitlements: Entitlements,
});
export type TicketValidateResponse = z.infer<typeof TicketValidateResponse>;

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
  emailNotRecognized: 'This email does not match the purchase email of this Access Pass.',
  invalidTicket: 'The booking number is incorrect. Please check the information you entered.',
  invalidEmail: 'Email address is invalid',
} as const;

/** POST /thor/host/shows/{slug}/ticket-codes */
export const ShowSlugParams = z.object({ slug: z.string().min(1).max(100) });
export const CodeImportError = z.object({ line: z.number().int(), message: z.string() });
export type CodeImportError = z.infer<typeof CodeImportError>;
export const CodeImportResult = z.object({ imported: z.number().int(), errors: z.array(CodeImportError) });
export type CodeImportResult = z.infer<typeof CodeImportResult>;
/** The 400 of an import: nothing was imported, and every bad line is listed (absent for a bad request). */
export const CodeImportFailure = ErrorBody.extend(CodeImportResult.partial().shape);
export const CODE_IMPORT_COLUMNS = ['code', 'email', 'vendor', 'attributes'] as const;
export const CODE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
