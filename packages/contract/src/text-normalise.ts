/**
 * One normalisation for text that people compare or filter (usernames, chat), shared by the server
 * and the web client (Zod-free). Issue 12: `dеmohost` with a Cyrillic е, `ｄｅｍｏｈｏｓｔ` in full
 * width, a name padded with zero-width spaces, a swear word split by a zero-width joiner, and a chat
 * message made only of invisible characters all got through because nothing folded the text first.
 *
 * Anchors: UAX #15 (NFKC folds compatibility forms: full width, ligatures, super- and subscripts),
 * UAX #31 section 2.3 and UTS #39 section 3.1 (Default_Ignorable_Code_Point characters are not allowed
 * in identifiers), UAX #9 (bidirectional controls reorder what a reader sees: Trojan Source).
 */

/** Zero-width and other default-ignorable characters, and the bidirectional controls. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]/u;
const INVISIBLE_ALL = /[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]/gu;

/**
 * What display text loses: the bidi controls, and the invisible characters nothing needs to render
 * (zero-width space, word joiner and invisible operators, BOM, the Mongolian vowel separator, the
 * Hangul fillers). Joiners, variation selectors and tag characters stay: emoji sequences are built
 * from them (👩‍👩‍👧, ❤️, subdivision flags) and ZWNJ shapes Persian and Indic words.
 */
const DISPLAY_STRIP = /[\p{Bidi_Control}\u200B\u2060-\u2064\uFEFF\u180E\u115F\u1160\u3164\uFFA0]/gu;

/** Control characters (C0, C1), private-use and unassigned code points: never part of a name. */
const NOT_TEXT = /[\p{Cc}\p{Co}\p{Cn}]/u;

/** True when the text holds a zero-width, default-ignorable or bidirectional control character. */
export function hasInvisibleControls(text: string): boolean {
  return INVISIBLE.test(text);
}

/** True when the text holds a control, private-use or unassigned code point. */
export function hasNonTextCharacters(text: string): boolean {
  return NOT_TEXT.test(text);
}

/** NFKC, then every invisible character removed: the form filters and comparisons look at. */
export function foldText(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE_ALL, '');
}

/** True when nothing visible is left once the text is folded and trimmed. */
export function isVisiblyEmpty(text: string): boolean {
  return foldText(text).trim() === '';
}

/** Display text without the characters that hide or reorder it (see DISPLAY_STRIP), trimmed. */
export function cleanDisplayText(text: string): string {
  return text.replace(DISPLAY_STRIP, '').trim();
}

/** A username as it is stored: NFKC (full width and compatibility forms folded) and trimmed. */
export function normaliseUsername(raw: string): string {
  return raw.normalize('NFKC').trim();
}
