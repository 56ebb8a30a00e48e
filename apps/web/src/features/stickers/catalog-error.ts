import { resultCode } from '@encore/contract';
import { statusOf } from '../../lib/api/api-error.ts';

/**
 * What the sticker store says when the catalogue call fails (accounts section 8: 401 NOT_AUTHORIZED,
 * 408 INVALID_APP, else UNKNOWN_ERROR). INVALID_APP means this page is a build the API no longer
 * serves: reloading fetches the current one.
 */
export function catalogErrorKey(error: unknown): 'sticker-load-invalid-app' | 'sticker-load-failed' {
  return resultCode('catalog', statusOf(error)) === 'INVALID_APP'
    ? 'sticker-load-invalid-app'
    : 'sticker-load-failed';
}
