import { foldText } from '@encore/contract';
import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';
import { blocklistSize, hasBlockedWord } from './chat-filter/chat-filter.ts';
import { normalise, splitWords } from './chat-filter/languages.ts';
import { caselessSkeleton } from './confusables.ts';

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
 * A show's blocked term as it is stored and listed: the chat filter's normalisation (invisible
 * characters out, NFKC, lower case, Latin accents off), without the punctuation around it.
 */
export function normaliseChatTerm(term: string): string {
  return normalise(foldText(term))
    .trim()
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}*]+$/gu, '');
}

/** How a term and a word are compared: their caseless confusable skeleton (`fоllowers` with a Cyrillic о). */
const termKey = (s: string) => caselessSkeleton(normalise(s));

type TermMatcher = { exact: Set<string>; prefixes: string[] };
const matchers = new WeakMap<ReadonlySet<string>, TermMatcher>();

function matcherOf(terms: ReadonlySet<string>): TermMatcher {
  let m = matchers.get(terms);
  if (!m) {
    m = { exact: new Set(), prefixes: [] };
    for (const term of terms) {
      // "spam*": the stem and every word it starts ("spammer", "spamming"); "spam": the word only.
      const prefix = term.endsWith('*');
      const key = termKey(prefix ? term.slice(0, -1) : term);
      if (key === '') continue;
      if (prefix) m.prefixes.push(key);
      else m.exact.add(key);
    }
    matchers.set(terms, m);
  }
  return m;
}

/**
 * Show-level blocked terms (moderation), matched on the words of the message as the chat filter
 * splits them (issue 25: "followers.", "(followers)", "no spam!" and "want more followers? dm me"
 * passed a split on spaces): punctuation and emoji around a word, case and width, invisible
 * characters, accents, leetspeak and stretched letters ("sp4aaam"), letters spaced out ("s p a m"),
 * and look-alike letters of other scripts. A term is a whole word ("spam" holds "spam!", not
 * "spammer"); ending it with "*" holds every word it starts. In Chinese and Japanese, where words are
 * not spaced, a term matches a run of whole segments.
 */
export function hasChatTerm(text: string, terms: ReadonlySet<string>): boolean {
  if (terms.size === 0) return false;
  const m = matcherOf(terms);
  const hit = (word: string) => {
    const key = termKey(word);
    return key !== '' && (m.exact.has(key) || m.prefixes.some((p) => key.startsWith(p)));
  };
  const words = splitWords(foldText(text));
  if (words.latin.some((forms) => forms.some(hit))) return true;
  for (const run of words.cjk) {
    for (let i = 0; i < run.length; i++) {
      let span = '';
      for (let j = i; j < Math.min(run.length, i + 6); j++) {
        span += run[j];
        if (hit(span)) return true;
      }
    }
  }
  return false;
}
