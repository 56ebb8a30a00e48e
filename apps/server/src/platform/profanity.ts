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
