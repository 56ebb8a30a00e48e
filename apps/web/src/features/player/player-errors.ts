/** What the player does with an error (viewing section 8, PLY-44 to PLY-47). */
export type ErrorOutcome = 'licence-refresh' | 'ignore' | 'drm-dialog' | 'video-load-failed';

/**
 * 'Error during license server request' asks for a licence refresh; 'Could not load the manifest
 * file...' is ignored (a live playlist refresh that fails once heals on the next); an error mentioning
 * 'thor' (Encore's API: the DRM token call) shows the DRM dialog; anything else fatal is a failed load.
 */
export function errorOutcome(message: string): ErrorOutcome {
  if (message.includes('Error during license server request')) return 'licence-refresh';
  if (message.startsWith('Could not load the manifest file')) return 'ignore';
  if (message.toLowerCase().includes('thor')) return 'drm-dialog';
  return 'video-load-failed';
}

/** hls.js error details that mean the key (licence) request failed: refresh the token and retry. */
export const KEY_ERROR_DETAILS = new Set(['keyLoadError', 'keyLoadTimeOut', 'keySystemLicenseRequestFailed']);

/** hls.js error details of the manifest load: ignored (PLY-45). */
export const MANIFEST_ERROR_DETAILS = new Set([
  'manifestLoadError',
  'manifestLoadTimeOut',
  'manifestParsingError',
]);

/** The message the spec's catalogue matches, for an hls.js error detail. */
export function hlsErrorMessage(details: string, reason?: string): string {
  if (KEY_ERROR_DETAILS.has(details)) return 'Error during license server request';
  if (MANIFEST_ERROR_DETAILS.has(details)) return 'Could not load the manifest file...';
  return reason ?? details;
}

/** Shaka Player error codes of the DASH path's licence: LICENSE_REQUEST_FAILED, EXPIRED. */
export const SHAKA_LICENCE_ERRORS = new Set([6007, 6014]);
/** Shaka Player's MANIFEST error category: the MPD did not load or parse (ignored, PLY-45). */
export const SHAKA_MANIFEST_CATEGORY = 4;

/** The message the spec's catalogue matches, for a Shaka Player error. */
export function shakaErrorMessage(code: number, category: number): string {
  if (SHAKA_LICENCE_ERRORS.has(code)) return 'Error during license server request';
  if (category === SHAKA_MANIFEST_CATEGORY) return 'Could not load the manifest file...';
  return `Shaka Player error ${code}`;
}
