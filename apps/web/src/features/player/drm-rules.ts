import { CLEARKEY_LICENCE_PATH, type DrmLicence, type DrmSystem, KEY_SYSTEMS } from '@encore/contract';

export type { DrmSystem } from '@encore/contract';
export { KEY_SYSTEMS } from '@encore/contract';

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

/** The EME set-up of a DASH session: a licence server per key system, and their order of preference. */
export interface DashKeySystems {
  servers: Record<string, string>;
  preferred: string[];
}

/**
 * Licence servers of the DASH path (PLY-31): the provider's systems the DRM token offers (its
 * licence proxy URLs, DRMtoday path), and Encore's own ClearKey server, which answers with the
 * origin's keys. The chosen system comes first; ClearKey last, for a browser without the chosen
 * system's CDM (Chromium without Widevine) or a show served by the origin alone.
 */
export function dashKeySystems(system: DrmSystem, licence: DrmLicence | null): DashKeySystems {
  const servers: Record<string, string> = {};
  for (const s of ['widevine', 'playready'] as const) {
    const url = licence?.urls[s];
    if (url) servers[KEY_SYSTEMS[s]] = url;
  }
  servers[KEY_SYSTEMS.clearkey] = CLEARKEY_LICENCE_PATH;
  const preferred = [KEY_SYSTEMS[system], KEY_SYSTEMS.clearkey].filter((k) => k in servers);
  return { servers, preferred: [...new Set(preferred)] };
}

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
