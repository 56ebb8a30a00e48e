/** DRM systems of viewing section 4 and their EME key-system names. */
export type DrmSystem = 'fairplay' | 'widevine' | 'playready';

export const KEY_SYSTEMS: Record<DrmSystem, string> = {
  fairplay: 'com.apple.fps.1_0',
  widevine: 'com.widevine.alpha',
  playready: 'com.microsoft.playready',
};

/** Safari (desktop or iOS), not the Chromium or Firefox browsers that also say "Safari". */
export const isSafari = (userAgent: string): boolean =>
  /Safari\//.test(userAgent) && !/(Chrome|Chromium|CriOS|FxiOS|Edg|OPR|Android)\//.test(userAgent);

/**
 * FairPlay on Safari, else Widevine, upgraded to PlayReady when a key-system probe finds it available
 * (viewing section 4, PLY-30). `probe` asks the browser (requestMediaKeySystemAccess).
 */
export async function chooseDrmSystem(
  userAgent: string,
  probe: (keySystem: string) => Promise<boolean>,
): Promise<DrmSystem> {
  if (isSafari(userAgent)) return 'fairplay';
  return (await probe(KEY_SYSTEMS.playready)) ? 'playready' : 'widevine';
}

/** DASH carries PlayReady and Widevine, HLS FairPlay (PLY-31); a show without DASH plays HLS. */
export const streamTypeFor = (system: DrmSystem, hasDash: boolean): 'dash' | 'hls' =>
  system !== 'fairplay' && hasDash ? 'dash' : 'hls';

/** Whether the browser grants a key system for the codecs of Encore's streams. */
export async function probeKeySystem(keySystem: string): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.requestMediaKeySystemAccess) return false;
  try {
    await navigator.requestMediaKeySystemAccess(keySystem, [
      {
        initDataTypes: ['cenc'],
        videoCapabilities: [{ contentType: 'video/mp4; codecs="avc1.4d401f"' }],
        audioCapabilities: [{ contentType: 'audio/mp4; codecs="mp4a.40.2"' }],
      },
    ]);
    return true;
  } catch {
    return false;
  }
}

/** A DRM token is fetched only for a non-zero paid event id, and only for encrypted streams (PLY-32). */
export const drmTokenNeeded = (params: { encrypted: boolean; paidEvent: number } | null): boolean =>
  params?.encrypted === true && params.paidEvent !== 0;
