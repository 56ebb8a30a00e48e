import type { DrmProvider, DrmSystem } from '@encore/contract';
import type { Config } from '../../config.ts';
import { createDrmTodayAdapter } from './drmtoday.ts';

/** Who asks for a licence: the checked claims of the viewer's DRM token. */
export type LicenceViewer = { userId: number; sessionId: string; paidEventId: number; stream: string };

export type LicenceRequest = {
  system: DrmSystem;
  /** The CDM's licence challenge (FairPlay: the SPC), as bytes. */
  challenge: Buffer;
  viewer: LicenceViewer;
};

/**
 * The licence path of content protection (DESIGN.md section 6). `aes`: the built-in AES-128 key
 * server of the media origin, no licence server at all (`systems` empty). A provider adapter turns a
 * CDM challenge into a licence through the provider's licence server, authenticating each request on
 * the viewer's behalf (x-dt-auth-token, x-dt-custom-data).
 */
export type DrmAdapter = {
  provider: DrmProvider;
  /** Key systems whose licences this adapter obtains. */
  systems: readonly DrmSystem[];
  requestLicence(req: LicenceRequest): Promise<Buffer>;
};

export const aesAdapter: DrmAdapter = {
  provider: 'aes',
  systems: [],
  async requestLicence() {
    throw new Error('the aes provider has no licence server: keys come from the media origin');
  },
};

export function createDrmAdapter(drm: Config['drm'], fetchImpl: typeof fetch = fetch): DrmAdapter {
  if (drm.provider === 'drmtoday' && drm.drmtoday)
    return createDrmTodayAdapter({ ...drm.drmtoday, fetch: fetchImpl });
  return aesAdapter;
}
