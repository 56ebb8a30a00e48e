import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasBannedChatWord } from '../profanity.ts';

/**
 * The labelled corpus (test/fixtures/chat-corpus): ordinary concert chat and abuse, 300 lines of each
 * per language. Goal of issue 14: under 0.5 % of ordinary messages held, over 90 % of abuse caught,
 * in every language. docs/benchmarks.md records the figures this prints.
 */
const LANGS = [
  ['en', 'en'],
  ['ja', 'ja'],
  ['ko', 'ko'],
  ['zh-cn', 'zh-CN'],
  ['es', 'en'],
  ['id', 'en'],
  ['pt', 'en'],
  ['fr', 'en'],
] as const;

function lines(name: string): string[] {
  const url = new URL(`../../../test/fixtures/chat-corpus/${name}.txt`, import.meta.url);
  return readFileSync(url, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

describe('chat filter on the labelled corpus', () => {
  for (const [lang, locale] of LANGS) {
    it(`${lang}: under 0.5 % of ordinary chat held, over 90 % of abuse caught`, () => {
      const ordinary = lines(`${lang}.ordinary`);
      const abuse = lines(`${lang}.abuse`);
      expect(ordinary.length).toBeGreaterThanOrEqual(300);
      expect(abuse.length).toBeGreaterThanOrEqual(300);
      const held = ordinary.filter((t) => hasBannedChatWord(t, locale));
      const caught = abuse.filter((t) => hasBannedChatWord(t, locale));
      const heldRate = held.length / ordinary.length;
      const caughtRate = caught.length / abuse.length;
      console.info(
        `${lang}: ordinary held ${(heldRate * 100).toFixed(2)} % (${held.length}/${ordinary.length}), abuse caught ${(caughtRate * 100).toFixed(2)} % (${caught.length}/${abuse.length})`,
      );
      expect(heldRate, `held: ${held.join(' | ')}`).toBeLessThan(0.005);
      expect(caughtRate).toBeGreaterThan(0.9);
    });
  }
});

describe('chat filter rules', () => {
  it('passes the ordinary lines of issue 14 that a cross-language substring list held', () => {
    for (const text of [
      'biggest fan here',
      'the fan wall is amazing',
      'mama mia',
      'I am crying this is so beautiful',
      'con todo mi corazón',
      'Brad Pitt could never',
      'a classic assassination song',
    ]) {
      expect(hasBannedChatWord(text), text).toBe(false);
    }
  });

  it('reads a word in the language of the message: French "con" is held, Spanish "con" is not', () => {
    expect(hasBannedChatWord('quel con')).toBe(true);
    expect(hasBannedChatWord("t'es con")).toBe(true);
    expect(hasBannedChatWord('con todo el amor')).toBe(false);
    expect(hasBannedChatWord('fan vad bra')).toBe(false);
  });

  it('keeps the leetspeak and padding defences', () => {
    for (const text of [
      'sh1t',
      'a$$hole',
      'f*ck you',
      'fuuuuck',
      'f u c k',
      'f.u.c.k',
      'B!TCH',
      'ｆｕｃｋ',
      'cabron',
    ]) {
      expect(hasBannedChatWord(text), text).toBe(true);
    }
    expect(hasBannedChatWord('5 stars 2020!')).toBe(false);
  });

  it('matches on word boundaries in ja, zh and ko (Intl.Segmenter), with each language’s ordinary words allowed', () => {
    expect(hasBannedChatWord('お前は死ね', 'ja')).toBe(true);
    expect(hasBannedChatWord('死んでもいい', 'ja')).toBe(false);
    expect(hasBannedChatWord('クソかわいい', 'ja')).toBe(false);
    expect(hasBannedChatWord('你他妈的傻逼', 'zh-CN')).toBe(true);
    expect(hasBannedChatWord('神经病', 'zh-CN')).toBe(true);
    expect(hasBannedChatWord('荧光棒好漂亮，太牛逼了', 'zh-CN')).toBe(false);
    expect(hasBannedChatWord('씨발놈아', 'ko')).toBe(true);
    expect(hasBannedChatWord('시발점에서 시작된 노래', 'ko')).toBe(false);
    expect(hasBannedChatWord('무대 미쳤다', 'ko')).toBe(false);
    expect(hasBannedChatWord('미친놈아', 'ko')).toBe(true);
  });

  it('holds reserved words in any case', () => {
    expect(hasBannedChatWord('hello ADMIN')).toBe(true);
    expect(hasBannedChatWord('administration team')).toBe(false);
  });
});
