import { describe, expect, it } from 'vitest';
import { createDrmAdapter } from '../../adapters/drm/drm-adapter.ts';
import { parseConfig } from '../../config.ts';

const PROD = { NODE_ENV: 'production', PUBLIC_URL: 'https://encore.example', SMTP_URL: 'smtp://mail:25' };

describe('DRM configuration', () => {
  it('production needs DRM_TOKEN_SECRET; elsewhere each process draws a random one', () => {
    expect(() => parseConfig(PROD)).toThrow(/DRM_TOKEN_SECRET: required/);
    const secret = 'a-production-secret-of-32-chars!';
    expect(parseConfig({ ...PROD, DRM_TOKEN_SECRET: secret }).drm.tokenSecret.toString()).toBe(secret);
    expect(() => parseConfig({ ...PROD, DRM_TOKEN_SECRET: 'short' })).toThrow(/DRM_TOKEN_SECRET/);
    const a = parseConfig({}).drm.tokenSecret;
    const b = parseConfig({}).drm.tokenSecret;
    expect(a).toHaveLength(32);
    expect(a.equals(b)).toBe(false);
  });

  it('DRM_PROVIDER picks the adapter: aes by default, drmtoday with its four settings', () => {
    expect(createDrmAdapter(parseConfig({}).drm).provider).toBe('aes');
    expect(() => parseConfig({ DRM_PROVIDER: 'drmtoday' })).toThrow(
      /DRM_LICENCE_URL[\s\S]*DRM_MERCHANT[\s\S]*DRM_UPFRONT_SECRET[\s\S]*DRM_UPFRONT_KEY_ID/,
    );
    const config = parseConfig({
      DRM_PROVIDER: 'drmtoday',
      DRM_LICENCE_URL: 'https://lic.example/',
      DRM_MERCHANT: 'encore',
      DRM_UPFRONT_SECRET: 'ab'.repeat(16),
      DRM_UPFRONT_KEY_ID: 'key-1',
    });
    expect(config.drm.drmtoday?.licenceUrl).toBe('https://lic.example');
    const adapter = createDrmAdapter(config.drm);
    expect(adapter.provider).toBe('drmtoday');
    expect(adapter.systems).toEqual(['widevine', 'playready', 'fairplay']);
    expect(() => parseConfig({ DRM_PROVIDER: 'widevine' })).toThrow(/DRM_PROVIDER/);
  });

  it('MEDIA_DIR defaults to the repository media cache', () => {
    expect(parseConfig({}).media.dir).toMatch(/\/media-cache$/);
    expect(parseConfig({ MEDIA_DIR: '/srv/media' }).media.dir).toBe('/srv/media');
  });
});
