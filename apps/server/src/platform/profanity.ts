import { createRequire } from 'node:module';
import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';

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
 * Chat words nobody may toss (viewing section 5): the LDNOOBW lists of every language naughty-words
 * ships (28, Korean and Japanese among them), plus reserved words, so that no fan poses as staff.
 * Lowercased once; a phrase entry with spaces can never equal one space-separated word, so only
 * single words are kept.
 */
// Narrower than the username list: fans write "encore", "staff" or "official" in chat all the time.
const CHAT_RESERVED = ['admin', 'administrator', 'operator', 'moderator', 'sysop', 'webmaster'];

function buildChatBlocklist(): Set<string> {
  const words = new Set<string>(CHAT_RESERVED);
  // naughty-words is CommonJS JSON lists without type declarations.
  const lists = createRequire(import.meta.url)('naughty-words') as Record<string, string[]>;
  for (const list of Object.values(lists)) {
    for (const entry of list) {
      const word = entry.trim().toLowerCase();
      if (word !== '' && !/\s/.test(word)) words.add(word);
    }
  }
  return words;
}

let chatBlocklist: Set<string> | null = null;

/** The blocklist's size, for docs and tests. */
export function chatBlocklistSize(): number {
  chatBlocklist ??= buildChatBlocklist();
  return chatBlocklist.size;
}

/**
 * The chat rule of viewing section 5: the text split on spaces, each word lowercased and compared
 * whole with the blocklist. "classic" passes although it contains a listed word; "ADMIN" does not.
 */
export function hasBannedChatWord(text: string): boolean {
  chatBlocklist ??= buildChatBlocklist();
  return hasChatTerm(text, chatBlocklist);
}

/**
 * A chat text's words as the filter compares them, and a term list normalised the same way: the
 * show-level blocked terms of moderation go through these two, so that they match exactly as the
 * global list does.
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
