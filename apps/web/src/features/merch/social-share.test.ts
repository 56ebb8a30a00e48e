import { describe, expect, it } from 'vitest';
import { SHARE_WINDOW, shareHashtags, shareUrl, shareWindowFeatures } from './social-share.ts';

describe('social share', () => {
  it('opens a 550x450 window (MRC-08) with the text and hashtags', () => {
    expect(SHARE_WINDOW).toEqual({ width: 550, height: 450 });
    expect(shareWindowFeatures({ left: 0, top: 0, width: 1450, height: 1050 })).toBe(
      'width=550,height=450,left=450,top=300,noopener',
    );
    const url = new URL(shareUrl('Watching live!', ['TheEncores', 'Encore']));
    expect(url.origin + url.pathname).toBe('https://twitter.com/intent/tweet');
    expect(url.searchParams.get('text')).toBe('Watching live!');
    expect(url.searchParams.get('hashtags')).toBe('TheEncores,Encore');
  });

  it("hashtags default to the artist's name run together", () => {
    expect(shareHashtags(undefined, 'The Encores')).toEqual(['TheEncores']);
    expect(shareHashtags([], 'BTS · 방탄')).toEqual(['BTS방탄']);
    expect(shareHashtags(['Tour2026'], 'The Encores')).toEqual(['Tour2026']);
  });
});
