import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { detectLatinLanguages, LATIN_LANGUAGES, type Lang, normalise, splitWords } from './languages.ts';

/**
 * The chat word filter (viewing section 5), per language of the message and on word boundaries.
 *
 * Why per language: one word list matched against every message across 28 languages held ordinary
 * chat ("biggest fan here" hit Swedish "fan", "I am crying..." Turkish "am", "mama mia" Portuguese
 * "mama"). Each language now has its own block list and an allow list of its ordinary words; an entry
 * of one language's block list is ignored in a message whose language allows that word.
 *
 * Data: chat-filter/<lang>.json, { naughty?: naughty-words list it starts from, block, allow, stop }.
 * An entry ending in "*" matches as a prefix (stems: "fuck*" covers "fucking", "씨발*" covers "씨발놈아");
 * one with spaces is a phrase matched on consecutive words. Allow entries beat a shorter block entry
 * ("시발점" (starting point) beats "시발*").
 */

type Pattern = { text: string; prefix: boolean };
type PatternSet = { exact: Set<string>; prefixes: string[]; phrases: string[][] };
type LangData = { block: PatternSet; allow: PatternSet; stop: Set<string> };

type RawData = { naughty?: string; block: string[]; allow: string[]; stop?: string[] };

const CJK_LANGUAGES = ['ja', 'ko', 'zh'] as const;
/** Reserved words that must never appear in chat, whatever the language (viewing section 5). */
const RESERVED = ['admin', 'administrator', 'operator', 'moderator', 'sysop', 'webmaster'];

function emptySet(): PatternSet {
  return { exact: new Set(), prefixes: [], phrases: [] };
}

function addPattern(set: PatternSet, raw: string): void {
  const entry = normalise(raw.trim());
  if (entry === '') return;
  if (/\s/.test(entry)) {
    set.phrases.push(entry.split(/\s+/));
    return;
  }
  const p: Pattern = entry.endsWith('*')
    ? { text: entry.slice(0, -1), prefix: true }
    : { text: entry, prefix: false };
  if (p.prefix) set.prefixes.push(p.text);
  else set.exact.add(p.text);
}

function load(lang: Lang): LangData {
  const raw = JSON.parse(readFileSync(new URL(`./${lang}.json`, import.meta.url), 'utf8')) as RawData;
  const block = emptySet();
  const allow = emptySet();
  for (const w of raw.allow) addPattern(allow, w);
  if (raw.naughty) {
    // naughty-words is CommonJS JSON lists without type declarations.
    const lists = createRequire(import.meta.url)('naughty-words') as Record<string, string[]>;
    for (const w of lists[raw.naughty] ?? []) addPattern(block, w);
  }
  for (const w of raw.block) addPattern(block, w);
  if (lang === 'en') for (const w of RESERVED) addPattern(block, w);
  return { block, allow, stop: new Set((raw.stop ?? []).map(normalise)) };
}

let data: Map<Lang, LangData> | null = null;
function tables(): Map<Lang, LangData> {
  data ??= new Map([...LATIN_LANGUAGES, ...CJK_LANGUAGES].map((l) => [l, load(l)]));
  return data;
}

/** Length of the longest entry of the set matching the word (0: none). */
function longestMatch(set: PatternSet, word: string): number {
  let best = set.exact.has(word) ? word.length : 0;
  for (const p of set.prefixes) if (p.length > best && word.startsWith(p)) best = p.length;
  return best;
}

function phraseAt(words: string[], i: number, phrase: string[]): boolean {
  return phrase.every((w, k) => words[i + k] === w);
}

/** True when a word of the message is held: a block entry of any language, longer than any allow entry of the message's languages. */
function wordHeld(word: string, langs: readonly Lang[], allowLangs: readonly Lang[]): boolean {
  const t = tables();
  let blocked = 0;
  for (const l of langs) blocked = Math.max(blocked, longestMatch(t.get(l)?.block ?? emptySet(), word));
  if (blocked === 0) return false;
  let allowed = 0;
  for (const l of allowLangs) allowed = Math.max(allowed, longestMatch(t.get(l)?.allow ?? emptySet(), word));
  return blocked > allowed;
}

/** Phrases ("kill yourself", "hijo de puta") of any listed language over the word sequence. */
function phraseHeld(words: string[], langs: readonly Lang[]): boolean {
  const t = tables();
  for (let i = 0; i < words.length; i++) {
    for (const l of langs) {
      for (const phrase of t.get(l)?.block.phrases ?? []) if (phraseAt(words, i, phrase)) return true;
    }
  }
  return false;
}

/** Masked words ("f*ck", "sh#t"): any same-length block entry the symbols could stand for. */
function maskedHeld(masked: string[]): boolean {
  for (const m of masked) {
    const re = new RegExp(`^${m.replace(/[*#%]/gu, '.')}$`, 'u');
    for (const d of tables().values()) for (const w of d.block.exact) if (re.test(w)) return true;
  }
  return false;
}

export function latinHeld(variants: string[][], masked: string[] = []): boolean {
  const words = variants.map((v) => v[0] ?? '');
  // A word some list blocks does not vote: Spanish "con" (with) must not make French "quel con" Spanish.
  const voters = words.filter(
    (w) => !LATIN_LANGUAGES.some((l) => longestMatch(tables().get(l)?.block ?? emptySet(), w) > 0),
  );
  const detected = detectLatinLanguages(voters, (l) => tables().get(l)?.stop ?? new Set());
  // No language evidence ("con!!", "mama mia"): a word ordinary in any language passes.
  const allowLangs: readonly Lang[] = detected.length > 0 ? detected : LATIN_LANGUAGES;
  // Words inside an allowed phrase ("babi guling", roast pork) are not insults.
  const covered = new Set<number>();
  for (let i = 0; i < words.length; i++) {
    for (const l of allowLangs) {
      for (const phrase of tables().get(l)?.allow.phrases ?? []) {
        if (phraseAt(words, i, phrase)) for (let k = 0; k < phrase.length; k++) covered.add(i + k);
      }
    }
  }
  for (const [i, forms] of variants.entries()) {
    if (!covered.has(i) && forms.some((w) => wordHeld(w, LATIN_LANGUAGES, allowLangs))) return true;
  }
  return phraseHeld(words, LATIN_LANGUAGES) || maskedHeld(masked);
}

/**
 * CJK: a block entry matches a run of whole segments (ICU splits 死ね into 死|ね, 傻逼 into 傻|逼) or,
 * for a prefix entry, the start of one segment (Korean stems with particles: 씨발놈아); segments inside
 * an allowed word (垃圾桶, クソかわいい) are skipped.
 */
export function cjkHeld(segments: string[]): boolean {
  const t = tables();
  const langs = CJK_LANGUAGES.map((l) => t.get(l)).filter((d): d is LangData => d !== undefined);
  const spans = (i: number, max = 6): Array<[number, string]> => {
    const out: Array<[number, string]> = [];
    let s = '';
    for (let j = i; j < Math.min(segments.length, i + max); j++) {
      s += segments[j];
      out.push([j, s]);
    }
    return out;
  };
  const allowed: Array<[number, number]> = [];
  for (let i = 0; i < segments.length; i++) {
    for (const [j, s] of spans(i)) if (langs.some((d) => d.allow.exact.has(s))) allowed.push([i, j]);
  }
  // A block match inside an allowed word (神经 in 神经病 is allowed, 神经病 is not) is no match.
  const inAllowed = (i: number, j: number) => allowed.some(([a, b]) => a <= i && j <= b);
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i] ?? '';
    const allow = Math.max(...langs.map((d) => longestMatch(d.allow, seg)));
    if (!inAllowed(i, i) && Math.max(...langs.map((d) => longestMatch(d.block, seg))) > allow) return true;
    for (const [j, s] of spans(i).slice(1)) {
      if (!inAllowed(i, j) && langs.some((d) => d.block.exact.has(s))) return true;
    }
  }
  return false;
}

/** Entries of every list, for docs and tests. */
export function blocklistSize(): number {
  let n = 0;
  for (const d of tables().values())
    n += d.block.exact.size + d.block.prefixes.length + d.block.phrases.length;
  return n;
}

/** The chat rule: held when any word of the message is a blocked word of its language. */
export function hasBlockedWord(text: string, locale?: string): boolean {
  const words = splitWords(text, locale);
  return latinHeld(words.latin, words.masked) || words.cjk.some(cjkHeld);
}
