/**
 * Splitting a chat message into the words the filter compares: Latin-script words (with the
 * leetspeak and padding forms a fan uses to slip past a list) and the word segments of CJK runs.
 */

/** Latin-script languages with their own lists; detected from the message's function words. */
export const LATIN_LANGUAGES = ['en', 'es', 'fr', 'pt', 'id', 'de', 'it'] as const;
export type Lang = (typeof LATIN_LANGUAGES)[number] | 'ja' | 'ko' | 'zh';

const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/u;
const KANA = /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/u;
const CJK =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u1100-\u11ff\u3130-\u318f\uac00-\ud7af\u30fc]/u;
const LATIN_ONLY = /^[\p{Script=Latin}\p{N}\p{P}\p{S}\s]*$/u;

/**
 * Lower case and NFKC (full-width letters, half-width kana); Latin text also loses its accents, so
 * "cabron" matches "cabrón". Hangul and kana keep theirs: NFD would split syllables and dakuten.
 */
export function normalise(s: string): string {
  const n = s.normalize('NFKC').toLowerCase();
  return LATIN_ONLY.test(n) ? n.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC') : n;
}

const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
  '€': 'e',
};

/**
 * The forms of one whitespace-separated Latin chunk: its letters with leetspeak read as letters
 * ("sh1t", "a$$hole", "f.u.c.k"), and with stretched letters squeezed ("fuuuuck", "shiiit").
 */
function chunkForms(chunk: string): string[] {
  if (!/\p{L}/u.test(chunk)) return [];
  // A leet symbol only counts next to a letter: "2020!" and "5 stars" stay as they are.
  const read = chunk.replace(/[0134578@$!|€]/gu, (c, i: number) => {
    const near = `${chunk[i - 1] ?? ''}${chunk[i + 1] ?? ''}`;
    return /\p{L}|[0134578@$]/u.test(near) ? (LEET[c] ?? c) : c;
  });
  const letters = read.replace(/[^\p{L}]/gu, '');
  if (letters === '') return [];
  const squeezed1 = letters.replace(/(\p{L})\1{2,}/gu, '$1');
  const squeezed2 = letters.replace(/(\p{L})\1{2,}/gu, '$1$1');
  return [...new Set([letters, squeezed1, squeezed2])];
}

const segmenters = new Map<string, Intl.Segmenter>();
function segmenter(locale: string): Intl.Segmenter {
  let s = segmenters.get(locale);
  if (!s) {
    s = new Intl.Segmenter(locale, { granularity: 'word' });
    segmenters.set(locale, s);
  }
  return s;
}

export type Words = {
  /** Each Latin word with its forms, the first as written (normalised). */
  latin: string[][];
  /** Masked words ("f*ck", "sh#t"): letters with one or more symbols standing for letters. */
  masked: string[];
  /** Word segments of each CJK run. */
  cjk: string[][];
};

/** The Segmenter's language for a chunk: its script, and for Han alone the fan's locale (ja or zh). */
function cjkLocale(chunk: string, locale?: string): string {
  if (HANGUL.test(chunk)) return 'ko';
  if (KANA.test(chunk)) return 'ja';
  return locale?.startsWith('ja') ? 'ja' : 'zh';
}

export function splitWords(text: string, locale?: string): Words {
  const out: Words = { latin: [], masked: [], cjk: [] };
  const chunks = normalise(text).split(/\s+/u).filter(Boolean);
  let letters: string[] = [];
  const flushLetters = () => {
    // "f u c k": three or more single letters in a row are read as one word too.
    if (letters.length >= 3) out.latin.push([letters.join('')]);
    letters = [];
  };
  for (const chunk of chunks) {
    if (/^\p{L}$/u.test(chunk) && !CJK.test(chunk)) {
      letters.push(chunk);
    } else flushLetters();
    if (/^\p{L}+[*#%]+\p{L}*$|^\p{L}*[*#%]+\p{L}+$/u.test(chunk)) out.masked.push(chunk);
    const segs = [...segmenter(CJK.test(chunk) ? cjkLocale(chunk, locale) : 'en').segment(chunk)];
    let run: string[] = [];
    for (const s of segs) {
      if (!s.isWordLike) {
        if (run.length > 0) out.cjk.push(run);
        run = [];
        continue;
      }
      if (CJK.test(s.segment)) run.push(s.segment);
      else {
        if (run.length > 0) run.push(s.segment);
        // "l'enculé", "t'es": the word and its parts around the apostrophe.
        const parts = s.segment.split(/['’]/u).filter(Boolean);
        out.latin.push([s.segment, ...chunkForms(s.segment), ...(parts.length > 1 ? parts : [])]);
      }
    }
    if (run.length > 0) out.cjk.push(run);
    // The chunk as a whole, leet read: "a$$hole" is three segments to ICU but one word to a reader.
    if (!CJK.test(chunk) && segs.filter((s) => s.isWordLike).length !== 1) {
      const forms = chunkForms(chunk);
      if (forms.length > 0) out.latin.push(forms);
    }
  }
  flushLetters();
  return out;
}

/** The Latin languages whose function words the message uses most (none: no evidence). */
export function detectLatinLanguages(words: string[], stopOf: (l: Lang) => Set<string>): Lang[] {
  let best = 0;
  let langs: Lang[] = [];
  for (const l of LATIN_LANGUAGES) {
    const stop = stopOf(l);
    const score = words.filter((w) => stop.has(w)).length;
    if (score > best) {
      best = score;
      langs = [l];
    } else if (score === best && score > 0) langs.push(l);
  }
  return langs;
}
