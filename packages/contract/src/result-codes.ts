/**
 * Result-code tables of both specs' section 8: HTTP status to result code, per call. The client maps
 * answers through these; the server answers with the same codes in its error bodies.
 */

// In a module of their own: the web entry needs only these two, and a module it imports goes into the
// entry chunk whole (apps/web/vite.config.ts), with every table below (landing JS budget, issue 14).
import { CONNECTION_ERROR, UNKNOWN_ERROR } from './error-codes.ts';

export { CONNECTION_ERROR, UNKNOWN_ERROR };

type CodeTable = Readonly<Record<number, string>>;

export const RESULT_CODES = {
  emailLogin: {
    401: 'INCORRECT_PASSWORD',
    417: 'EMAIL_NOT_VERIFIED',
    406: 'NO_PASSWORD',
    400: 'ACCOUNT_NOT_FOUND_INVALID',
    404: 'ACCOUNT_NOT_FOUND',
    429: 'TOO_MANY_REQUESTS',
  },
  emailRegister: {
    302: 'EMAIL_EXISTS',
    429: 'EMAIL_EXISTS',
    400: 'INVALID_INFORMATION',
    417: 'WEAK_PASSWORD',
    406: 'USERNAME_PROFANITY',
    409: 'USERNAME_ALREADY_EXISTS',
    304: 'EMAIL_NOT_VERIFIED',
  },
  authLayer: {
    400: 'INVALID_FB_ACCOUNT',
    409: 'USERNAME_TAKEN',
    412: 'TOO_MANY_REQUESTS',
    429: 'TOO_MANY_REQUESTS',
    201: 'MUST_UPDATE_USERNAME',
  },
  // Partner-platform login and sign-up (PPL-15).
  partner: {
    201: 'MUST_UPDATE_USERNAME',
    204: 'PROBLEM_CONNECTING_TO_WEVERSE',
    400: 'INVALID_WEVERSE_ACCOUNT',
    409: 'USERNAME_ALREADY_EXISTS',
    429: 'TOO_MANY_REQUESTS',
  },
  // Phone login (PPL-23..27): 412 is a code whose tries are spent, 429 the rate limits, 425 a resend
  // asked for too soon (docs/decisions.md). 400 also answers a malformed number (INVALID_PHONE_NUMBER).
  phone: {
    400: 'INVALID_CODE',
    403: 'PHONE_NUMBER_UNMATCHED',
    406: 'CODE_UNMATCHED',
    409: 'PHONE_NUMBER_ALREADY_USED',
    412: 'TOO_MANY_REQUESTS',
    425: 'SMS_ALREADY_SENT',
    429: 'TOO_MANY_REQUESTS',
  },
  updateUser: { 409: 'USERNAME_TAKEN', 406: 'USERNAME_PROFANITY', 400: 'BAD_REQUEST' },
  config: { 400: 'VIDEO_NOT_FOUND', 404: 'VIDEO_NOT_FOUND', 500: 'INTERNAL_SERVER_ERROR' },
  channel: { 400: 'VIDEO_NOT_FOUND', 401: 'UNAUTHORIZED' },
  joinHang: {
    202: 'NO_TICKET',
    206: 'VIDEO_UNAVAILABLE',
    400: 'BAD_REQUEST',
    403: 'EVENT_NOT_OPEN',
    412: 'NOT_ALLOWED',
    404: 'USER_NOT_FOUND',
    409: 'NOT_ACTIVE',
    500: 'INTERNAL_SERVER_ERROR',
    501: 'INTERNAL_SERVER_ERROR',
    502: 'INTERNAL_SERVER_ERROR',
    503: 'INTERNAL_SERVER_ERROR',
    504: 'INTERNAL_SERVER_ERROR',
  },
  manualTicket: { 406: 'INVALID_TICKET', 409: 'TICKET_ALREADY_REDEEMED', 412: 'EMAIL_NOT_RECOGNIZED' },
  catalog: { 401: 'NOT_AUTHORIZED', 408: 'INVALID_APP' },
  createOrder: { 400: 'BAD_REQUEST', 404: 'NOT_FOUND', 409: 'DIFFERENT_CURRENCY' },
  cancelOrder: {
    200: 'OK',
    202: 'ACCEPTED',
    206: 'PARTIAL_REFUND',
    400: 'BAD_REQUEST',
    403: 'OUT_OF_DATE',
    404: 'NOT_FOUND',
    417: 'EXTERNAL_ERROR',
  },
  getOrder: { 400: 'BAD_REQUEST', 404: 'NOT_FOUND' },
  analytics: { 500: 'SERVER_ERROR' },
  wallReaction: { 500: 'OVER_CAPACITY' },
  wallStats: {
    400: 'INTERACTION_FETCH_FAILURE',
    404: 'INTERACTION_FETCH_FAILURE',
    500: 'INTERNAL_SERVER_ERROR',
  },
} as const satisfies Record<string, CodeTable>;

export type ResultTable = keyof typeof RESULT_CODES;

/** Status to result code; no status at all (no response) is CONNECTION_ERROR. */
export function resultCode(table: ResultTable, status: number | null): string {
  if (status === null) return CONNECTION_ERROR;
  const codes: CodeTable = RESULT_CODES[table];
  return codes[status] ?? UNKNOWN_ERROR;
}
