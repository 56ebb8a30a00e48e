import { z } from 'zod';
import { isWebOrSiteUrl, isWebUrl } from './url-rules.ts';

/**
 * The builders every schema of the contract uses for strings and integers (issue 12, OWASP ASVS 5.1.3
 * and 5.1.4: input is validated against a positive model at the trust boundary). Before them, a NUL
 * byte anywhere reached PostgreSQL ("invalid byte sequence"), an id of 2^31 overflowed an int4 column,
 * and a lone surrogate broke URL and byte encoders further in: each a 500. A schema built from these
 * answers 400 naming the field instead, and a new schema cannot forget the rule because `z.string()`
 * and `z.number().int()` are not used in the contract (safe-input.test.ts walks every schema).
 */

/** PostgreSQL `integer`: the type of every serial id and integer column. */
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;

/** Latest second a timestamp column and a JS Date both hold (9999-12-31T23:59:59Z). */
export const EPOCH_SECONDS_MAX = 253_402_300_799;

export const UNSAFE_TEXT_MESSAGE = 'must not contain NUL or unpaired surrogate characters';

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. The second
// half consumes the character before instead of looking behind (issue 26): Safari before 16.4 cannot
// parse a look-behind, and this module is in the web client's realtime chunk. No `u` flag, so the
// pattern sees UTF-16 code units, and a test only asks whether a match exists.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when a string holds what no column or encoder downstream accepts: U+0000 or a lone surrogate. */
export function isUnsafeText(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

/** `z.string()` that refuses NUL and lone surrogates; chain `.max()`, `.regex()` and the rest on it. */
export function safeString() {
  return z.string().refine((v) => !isUnsafeText(v), { message: UNSAFE_TEXT_MESSAGE, abort: true });
}

/** An integer that fits a PostgreSQL `integer` column. */
export function safeInt() {
  return z.number().int().min(INT4_MIN).max(INT4_MAX);
}

/** A row id: a positive `integer`, never past the column's range. */
export function safeId() {
  return z.number().int().positive().max(INT4_MAX);
}

export const BIGINT_COUNT = 'a count kept in a bigint column';

/** A non-negative count from a `bigint` column (wall totals): past int4, within JS's exact integers. */
export function safeCount() {
  return z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).describe(BIGINT_COUNT);
}

/** An integer from a path or query string (text on the wire), bounded like safeInt. */
export function safeIntParam() {
  return z.coerce.number().int().min(INT4_MIN).max(INT4_MAX);
}

/** A row id from a path or query string. */
export function safeIdParam() {
  return z.coerce.number().int().positive().max(INT4_MAX);
}

/**
 * A URL field (issue 29, url-rules.ts): an http(s) URL, or also a path on this site with `site`;
 * `https` refuses plain http; `empty` lets '' mean "none". Anything else is a 400 naming the field.
 */
export function safeUrl(opts: { site?: boolean; https?: boolean; empty?: boolean } = {}) {
  const httpsOnly = opts.https === true;
  const scheme = httpsOnly ? 'an https URL' : 'an http(s) URL';
  const message = opts.site ? `must be ${scheme} or a path on this site (/...)` : `must be ${scheme}`;
  return safeString()
    .max(2048)
    .refine(
      (v) =>
        (opts.empty === true && v === '') ||
        (opts.site === true ? isWebOrSiteUrl(v, { httpsOnly }) : isWebUrl(v, { httpsOnly })),
      { message },
    );
}
