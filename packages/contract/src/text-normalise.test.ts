import { describe, expect, it } from 'vitest';
import {
  cleanDisplayText,
  foldText,
  hasInvisibleControls,
  isVisiblyEmpty,
  normaliseUsername,
} from './text-normalise.ts';
import { isValidUsername } from './validation.ts';

describe('text normalisation (issue 12)', () => {
  it('folds compatibility forms and drops invisible characters for filters', () => {
    expect(foldText('ｆｕｃｋ')).toBe('fuck');
    expect(foldText('f\u200bu\u200dc\u2060k')).toBe('fuck');
    expect(foldText('\u202efuck\u202c')).toBe('fuck');
    expect(foldText('ﬁne ①')).toBe('fine 1');
  });

  it('finds zero-width, default-ignorable and bidi controls', () => {
    for (const c of [
      '\u200b',
      '\u200c',
      '\u200d',
      '\u2060',
      '\ufeff',
      '\u00ad',
      '\u202e',
      '\u2067',
      '\u061c',
      '\u3164',
    ]) {
      expect(hasInvisibleControls(`a${c}b`), JSON.stringify(c)).toBe(true);
    }
    expect(hasInvisibleControls('팬 ファン fan')).toBe(false);
  });

  it('a text is empty when nothing visible is left', () => {
    expect(isVisiblyEmpty('\u200b \u200d\u3000\u202e')).toBe(true);
    expect(isVisiblyEmpty('\u200b.')).toBe(false);
    expect(isVisiblyEmpty('❤\ufe0f')).toBe(false);
  });

  it('display text keeps emoji joiners and variation selectors, loses bidi controls', () => {
    expect(cleanDisplayText(' 👩\u200d👧 ❤\ufe0f\u202e ')).toBe('👩\u200d👧 ❤\ufe0f');
    expect(cleanDisplayText('a\u200bb')).toBe('ab');
  });

  it('usernames: NFKC, and invisible or bidi characters make a name invalid', () => {
    expect(normaliseUsername(' ｄｅｍｏｈｏｓｔ ')).toBe('demohost');
    expect(isValidUsername('ｄｅｍｏｈｏｓｔ')).toBe(true);
    expect(isValidUsername('demo\u200bhost')).toBe(false);
    expect(isValidUsername('demo\u202ehost')).toBe(false);
    expect(isValidUsername('\u3164\u3164\u3164')).toBe(false);
    expect(isValidUsername('팬클럽')).toBe(true);
  });
});
