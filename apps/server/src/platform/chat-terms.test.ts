import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasChatTerm, normaliseChatTerm } from './profanity.ts';

/**
 * Show-level blocked terms (moderation, issue 25) on the corpus next to the chat filter's
 * (test/fixtures/chat-corpus/blocked-terms.*.txt): every evasive line is held, every ordinary one
 * passes. The terms are the host's: "followers, spam" of the report, a word, and a Japanese one.
 */
const TERMS = new Set(['followers', 'spam', 'crypto', 'バカ'].map(normaliseChatTerm));

const corpus = (name: string) =>
  readFileSync(new URL(`../../test/fixtures/chat-corpus/blocked-terms.${name}.txt`, import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'));

describe('blocked terms match words after the chat filter normalisation', () => {
  it('hold every evasive line', () => {
    const lines = corpus('evasive');
    expect(lines.length).toBeGreaterThanOrEqual(20);
    expect(lines.filter((l) => !hasChatTerm(l, TERMS))).toEqual([]);
  });

  it('pass every ordinary line ("spammer" is another word)', () => {
    const lines = corpus('ordinary');
    expect(lines.length).toBeGreaterThanOrEqual(20);
    expect(lines.filter((l) => hasChatTerm(l, TERMS))).toEqual([]);
  });

  it('a term ending in * holds the words it starts; a term is stored without case or punctuation', () => {
    const stems = new Set(['spam*'].map(normaliseChatTerm));
    expect(hasChatTerm('spammer!', stems)).toBe(true);
    expect(hasChatTerm('I spammed it', stems)).toBe(true);
    expect(hasChatTerm('a spa day', stems)).toBe(false);
    expect(normaliseChatTerm(' (Followers). ')).toBe('followers');
    expect(normaliseChatTerm('ＳＰＡＭ')).toBe('spam');
    expect(hasChatTerm('followers', new Set())).toBe(false);
  });
});
