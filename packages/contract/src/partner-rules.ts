/** Partner-platform login rules of accounts sections 4, 8 and 9 (Zod-free for the browser). */

/** Section 9: the partner popup is 360x640. */
export const PARTNER_POPUP = { width: 360, height: 640, name: 'partner-login' } as const;

/** Section 4: a token is three dot-separated parts (a JWT). */
export function isPartnerToken(value: unknown): value is string {
  return typeof value === 'string' && /^[\w-]+\.[\w-]+\.[\w-]+$/.test(value) && value.length <= 8192;
}

/** Section 8's partner texts in English, kept as the spec writes them. */
export const PARTNER_TEXT_EN = {
  badToken: 'Login error - Weverse bad token. Please try again later.',
  emptyData: 'Login error occurred. Please try again later.',
  invalidAccount: 'Your Weverse account could not be verified. Please try again.',
  unavailable: 'We could not connect to Weverse. Please try again later.',
} as const;
