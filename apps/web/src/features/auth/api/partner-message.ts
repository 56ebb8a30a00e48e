import { isPartnerToken } from '@encore/contract';

/** What a window message means to the partner login (accounts section 4). */
export type PartnerMessage =
  | { kind: 'ignore' }
  | { kind: 'empty' }
  | { kind: 'bad-token' }
  | { kind: 'token'; token: string };

/**
 * Only messages from the partner account origin count; other windows (extensions, other frames) are
 * ignored. Empty data is the "login error occurred" alert; anything that is not three dot-separated
 * parts is the bad-token error.
 */
export function readPartnerMessage(
  origin: string,
  data: unknown,
  partnerOrigin: string | null,
): PartnerMessage {
  if (!partnerOrigin || origin !== partnerOrigin) return { kind: 'ignore' };
  if (data === null || data === undefined || data === '') return { kind: 'empty' };
  if (typeof data === 'string' && isPartnerToken(data.trim())) return { kind: 'token', token: data.trim() };
  return { kind: 'bad-token' };
}

/** The origin of the configured partner account page, or null when none is configured or it is malformed. */
export function partnerOriginOf(accountUrl: string | null): string | null {
  if (!accountUrl) return null;
  try {
    return new URL(accountUrl, window.location.href).origin;
  } catch {
    return null;
  }
}
