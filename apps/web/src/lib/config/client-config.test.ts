import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, mergeConfig } from './client-config.ts';

describe('mergeConfig', () => {
  it('takes the served values over the defaults, deeply', () => {
    const config = mergeConfig({
      support_email: 'help@example.com',
      features: { purchases: true },
      languages: [{ locale: 'ko', text: '한국어' }],
    });
    expect(config.support_email).toBe('help@example.com');
    expect(config.features).toEqual({
      purchases: true,
      date_of_birth: false,
      maintenance: false,
      casting: false,
    });
    expect(config.languages).toEqual([{ locale: 'ko', text: '한국어' }]);
    expect(config.landing.header_image).toBe(DEFAULT_CONFIG.landing.header_image);
  });

  it('keeps the default for a field of the wrong type and for a non-object answer', () => {
    expect(mergeConfig({ features: { date_of_birth: 'yes' } }).features.date_of_birth).toBe(false);
    expect(mergeConfig({ features: 'all' }).features).toEqual(DEFAULT_CONFIG.features);
    expect(mergeConfig('<html>')).toBe(DEFAULT_CONFIG);
  });
});
