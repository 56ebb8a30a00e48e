import { describe, expect, it } from 'vitest';
import {
  chooseDrmSystem,
  dashKeySystems,
  drmTokenNeeded,
  isSafari,
  KEY_SYSTEMS,
  streamTypeFor,
} from './drm-rules.ts';

const UA = {
  safari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  chrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
};

describe('DRM system choice', () => {
  it('knows Safari from the browsers that also say Safari', () => {
    expect(isSafari(UA.safari)).toBe(true);
    expect(isSafari(UA.iphone)).toBe(true);
    expect(isSafari(UA.chrome)).toBe(false);
    expect(isSafari(UA.edge)).toBe(false);
    expect(isSafari(UA.firefox)).toBe(false);
  });

  it('FairPlay on Safari without probing, else Widevine, upgraded to PlayReady when the probe finds it', async () => {
    const probed: string[] = [];
    const probe = (found: boolean) => async (ks: string) => {
      probed.push(ks);
      return found;
    };
    expect(await chooseDrmSystem(UA.safari, probe(true))).toBe('fairplay');
    expect(probed).toEqual([]);
    expect(await chooseDrmSystem(UA.chrome, probe(false))).toBe('widevine');
    expect(await chooseDrmSystem(UA.edge, probe(true))).toBe('playready');
    expect(probed).toEqual([KEY_SYSTEMS.playready, KEY_SYSTEMS.playready]);
  });

  it('DASH for PlayReady and Widevine when the show has it, HLS for FairPlay', () => {
    expect(streamTypeFor('widevine', true)).toBe('dash');
    expect(streamTypeFor('playready', true)).toBe('dash');
    expect(streamTypeFor('fairplay', true)).toBe('hls');
    expect(streamTypeFor('widevine', false)).toBe('hls');
  });

  it('DASH licence servers: the chosen system first, then Encore’s own ClearKey as the fallback', () => {
    // The 'aes' provider: the origin's keys, through Encore's ClearKey licence endpoint only.
    expect(dashKeySystems('widevine', null)).toEqual({
      servers: { 'org.w3.clearkey': '/thor/video/licence/clearkey/' },
      preferred: ['org.w3.clearkey'],
    });
    // The DRMtoday path: the licence proxy of each provider system the token offers.
    const licence = {
      urls: { widevine: '/thor/video/licence/widevine/', playready: '/thor/video/licence/playready/' },
    };
    expect(dashKeySystems('playready', licence)).toEqual({
      servers: {
        'com.widevine.alpha': '/thor/video/licence/widevine/',
        'com.microsoft.playready': '/thor/video/licence/playready/',
        'org.w3.clearkey': '/thor/video/licence/clearkey/',
      },
      preferred: ['com.microsoft.playready', 'org.w3.clearkey'],
    });
    expect(dashKeySystems('widevine', licence).preferred).toEqual(['com.widevine.alpha', 'org.w3.clearkey']);
  });

  it('fetches a DRM token only for a non-zero paid event id of an encrypted show', () => {
    expect(drmTokenNeeded({ encrypted: true, paidEvent: 1001 })).toBe(true);
    expect(drmTokenNeeded({ encrypted: true, paidEvent: 0 })).toBe(false);
    expect(drmTokenNeeded({ encrypted: false, paidEvent: 1001 })).toBe(false);
    expect(drmTokenNeeded(null)).toBe(false);
  });
});
