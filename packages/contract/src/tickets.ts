import { z } from 'zod';
import { ErrorBody } from './errors.ts';
import { safeInt, safeString } from './safe-input.ts';
import { PaidEventName, TicketAttributes } from './shows.ts';

/**
 * What a booking-code import accepts: the same keys, unknown ones refused (a typo such as "4k" would
 * otherwise silently cost a fan the 4K view), and only the multiview counts that exist.
 */
export const ImportedTicketAttributes = z.strictObject({
  ...TicketAttributes.shape,
  mview: z.union([z.literal(1), z.literal(4), z.literal(6)]).optional(),
});

export const Entitlements = z.object({
  multiview: z.union([z.literal(1), z.literal(4), z.literal(6)]),
  uhd: z.boolean(),
});
export type Entitlements = z.infer<typeof Entitlements>;

/** POST /thor/ticket/validate/, cached check (TIX-27): does the logged-in fan hold a ticket? */
export const CachedTicketCheck = z.object({
  paid_event: PaidEventName,
  redeemed_only: z.boolean(),
  channel_id: safeInt().optional(),
  vendor: safeString().max(64).optional(),
});
export type CachedTicketCheck = z.infer<typeof CachedTicketCheck>;

/** Token check (TIX-28): the same question for the owner of an auth token. */
export const TokenTicketCheck = z.object({
  auth_token: safeString().min(1).max(256),
  paid_event: PaidEventName,
});
export type TokenTicketCheck = z.infer<typeof TokenTicketCheck>;

/** Manual check (TIX-29): a booking code and its purchase email, redeemed to the fan's account. */
export const ManualTicketCheck = z.object({
  channel_id: safeInt(),
  token: safeString().max(256),
  email: safeString().max(320),
  vendor: safeString().max(64),
  redeemed_only: z.boolean(),
});
export type ManualTicketCheck = z.infer<typeof ManualTicketCheck>;

/** Most specific shape first: a body with both a token and an auth_token is a manual check. */
export const TicketValidateBody = z.union([ManualTicketCheck, TokenTicketCheck, CachedTicketCheck]);
export type TicketValidateBody = z.infer<typeof TicketValidateBody>;

export const TicketValidateResponse = z.object({
  paid_event_name: safeString(),
  paid_event_id: safeInt(),
  status: z.literal(true),
  ticket_attributes: TicketAttributes,
  entitlements: Entitlements,
});
export type TicketValidateResponse = z.infer<typeof TicketValidateResponse>;

/** POST /thor/host/shows/{slug}/ticket-codes */
export const ShowSlugParams = z.object({ slug: safeString().min(1).max(100) });
export const CodeImportError = z.object({ line: safeInt(), message: safeString() });
export type CodeImportError = z.infer<typeof CodeImportError>;
export const CodeImportResult = z.object({ imported: safeInt(), errors: z.array(CodeImportError) });
export type CodeImportResult = z.infer<typeof CodeImportResult>;
/** The 400 of an import: nothing was imported, and every bad line is listed (absent for a bad request). */
export const CodeImportFailure = ErrorBody.extend(CodeImportResult.partial().shape);
export const CODE_IMPORT_COLUMNS = ['code', 'email', 'vendor', 'attributes'] as const;
export const CODE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
