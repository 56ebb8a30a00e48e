import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';
import { blocklistSize, hasBlockedWord } from './chat-filter/chat-filter.ts';

// obscenity's English set with its transformers catches leetspeak and padding ("sh1t", "f.u.c.k").
const matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

/** Words reserved for staff, so that no fan can pose as the show's operator. */
const RESERVED = [
  'admin',
  'administrator',
  'operator',
  'moderator',
  'encore',
  'staff',
  'official',
  'support',
];

export function isProfaneUsername(username: string): boolean {
  const lower = username.toLowerCase();
  return matcher.hasMatch(lower) || RESERVED.some((word) => lower.includes(word));
}

/**
 * Chat words nobody may toss (viewing section 5): matched per language of the message, on word
 * boundaries, with each language's ordinary words allowed (chat-filter/chat-filter.ts says why).
 * locale: the fan's language (Accept-Language), which tells Japanese from Chinese in Han-only text.
 */
export function hasBannedChatWord(text: string, locale?: string): boolean {
  return hasBlockedWord(text, locale);
}

/** The lists' size, for docs and tests. */
export function chatBlocklistSize(): number {
  return blocklistSize();
}

/**
 * A chat text's words as the filter compares them, and a term list normalised the same way: the
 * show-level blocked terms of moderation go through these two, so that they match whole words as the
 * global lists do.
 */
export function normaliseChatTerm(term: string): string {
  return term.toLowerCase();
}

export function hasChatTerm(text: string, terms: ReadonlySet<string>): boolean {
  if (terms.size === 0) return false;
  for (const word of text.split(' ')) {
    if (word !== '' && terms.has(normaliseChatTerm(word))) return true;
  }
  return false;
}
