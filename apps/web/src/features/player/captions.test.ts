import { describe, expect, it } from 'vitest';
import { CAPTION_OFF, captionList, trackForLanguage } from './captions.ts';

const tracks = [
  { id: 0, lang: 'en', name: 'English' },
  { id: 1, lang: 'ko', name: '한국어' },
  { id: 2, lang: 'ja', name: '日本語' },
];

describe('caption list (CAPQ-02, CAPQ-03)', () => {
  it('starts with a synthetic Off entry of language none', () => {
    const list = captionList(tracks, 'ko', 'Off');
    expect(list[0]).toEqual({
      default: false,
      mode: 'disabled',
      id: -1,
      language: CAPTION_OFF,
      label: 'Off',
    });
    expect(list.map((c) => [c.language, c.mode])).toEqual([
      ['none', 'disabled'],
      ['en', 'disabled'],
      ['ko', 'showing'],
      ['ja', 'disabled'],
    ]);
  });

  it('is empty without tracks, so the selector hides', () => {
    expect(captionList([], 'en', 'Off')).toEqual([]);
  });

  it('marks Off as showing when the chosen language is missing here', () => {
    expect(captionList(tracks, 'zh-cn', 'Off')[0]?.mode).toBe('showing');
  });
});

describe('track for a language (CAPQ-04)', () => {
  it('shows only that language; none hides all', () => {
    expect(trackForLanguage(tracks, 'ja')).toBe(2);
    expect(trackForLanguage(tracks, CAPTION_OFF)).toBe(-1);
    expect(trackForLanguage(tracks, 'zh-cn')).toBe(-1);
  });
});
