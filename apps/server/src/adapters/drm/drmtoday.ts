import { createHmac, randomUUID } from 'node:crypto';
import type { DrmSystem } from '@encore/contract';
import { AppError } from '../../errors.ts';
import type { DrmAdapter, LicenceRequest } from './drm-adapter.ts';

export type DrmTodayOptions = {
  /** The provider's licence host, e.g. https://lic.staging.drmtoday.com (no trailing slash). */
  licenceUrl: string;
  merchant: string;
  /** Shared secret and key id of the upfront token (a JWT, HS256). */
  upfrontSecret: Buffer;
  upfrontKeyId: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => number;
};

/** The provider's licence endpoints per key system (Widevine and PlayReady for DASH, FairPlay for HLS). */
export const LICENCE_PATHS: Record<DrmSystem, string> = {
  widevine: '/license-proxy-widevine/cenc/?specConform=true',
  playready: '/license-proxy-headerauth/drmtoday/RightsManager.asmx',
  fairplay: '/license-server-fairplay/',
};

/** The player's message for any failed licence request (viewing section 8: it asks for a refresh). */
export const LICENCE_ERROR_TEXT = 'Error during license server request';

const b64url = (s: string | Buffer) => Buffer.from(s).toString('base64url');

/** An HS256 JWT, the provider's "upfront" authorization of one viewer for one asset. */
export function upfrontToken(
  opts: Pick<DrmTodayOptions, 'merchant' | 'upfrontSecret' | 'upfrontKeyId'>,
  viewer: LicenceRequest['viewer'],
  nowMs: number,
): string {
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: opts.upfrontKeyId }));
  const iat = Math.floor(nowMs / 1000);
  const payload = b64url(
    JSON.stringify({
      optData: JSON.stringify({
        merchant: opts.merchant,
        userId: String(viewer.userId),
        sessionId: viewer.sessionId,
      }),
      crt: JSON.stringify([
        { assetId: viewer.stream, variantId: String(viewer.paidEventId), storeLicense: false },
      ]),
      iat,
      exp: iat + 60,
      jti: randomUUID(),
    }),
  );
  const signature = createHmac('sha256', opts.upfrontSecret)
    .update(`${header}.${payload}`)
    .digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** x-dt-custom-data: base64 of {userId, sessionId, merchant}. */
export function customData(merchant: string, viewer: LicenceRequest['viewer']): string {
  return Buffer.from(
    JSON.stringify({ userId: String(viewer.userId), sessionId: viewer.sessionId, merchant }),
  ).toString('base64');
}

/** A FairPlay answer is base64 text, possibly wrapped in <ckc> tags: strip them, then decode. */
export function unwrapCkc(text: string): Buffer {
  const inner = text
    .trim()
    .replace(/^<ckc>/i, '')
    .replace(/<\/ckc>$/i, '')
    .trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(inner) || inner.length % 4 !== 0) {
    throw new AppError('LICENCE_ERROR', 502, LICENCE_ERROR_TEXT);
  }
  return Buffer.from(inner, 'base64');
}

/**
 * A DRMtoday-style licence proxy: Widevine and PlayReady challenges are posted as they are, a
 * FairPlay SPC form-urlencoded as `spc=<base64>`; every request carries the upfront token
 * (x-dt-auth-token) and the custom data (x-dt-custom-data). Answers: the licence bytes; a provider
 * refusal is 403 LICENCE_DENIED, any other failure 502 LICENCE_ERROR, no answer in time 504.
 */
export function createDrmTodayAdapter(opts: DrmTodayOptions): DrmAdapter {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const now = opts.now ?? Date.now;

  return {
    provider: 'drmtoday',
    systems: ['widevine', 'playready', 'fairplay'],
    async requestLicence(req) {
      const fairplay = req.system === 'fairplay';
      const headers: Record<string, string> = {
        'x-dt-auth-token': upfrontToken(opts, req.viewer, now()),
        'x-dt-custom-data': customData(opts.merchant, req.viewer),
        'content-type': fairplay
          ? 'application/x-www-form-urlencoded'
          : req.system === 'playready'
            ? 'text/xml; charset=utf-8'
            : 'application/octet-stream',
      };
      const body = fairplay
        ? new URLSearchParams({ spc: req.challenge.toString('base64') }).toString()
        : new Uint8Array(req.challenge);
      let res: Response;
      try {
        res = await doFetch(`${opts.licenceUrl}${LICENCE_PATHS[req.system]}`, {
          method: 'POST',
          headers,
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        const timedOut = err instanceof Error && err.name === 'TimeoutError';
        throw new AppError(
          timedOut ? 'LICENCE_TIMEOUT' : 'LICENCE_ERROR',
          timedOut ? 504 : 502,
          LICENCE_ERROR_TEXT,
        );
      }
      if (res.status === 401 || res.status === 403) {
        await res.body?.cancel();
        throw new AppError('LICENCE_DENIED', 403, LICENCE_ERROR_TEXT);
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new AppError('LICENCE_ERROR', 502, LICENCE_ERROR_TEXT);
      }
      if (fairplay) return unwrapCkc(await res.text());
      return Buffer.from(await res.arrayBuffer());
    },
  };
}
