/**
 * Zod compiles object parsers with `new Function` when it may, and finds out by trying once: under the
 * site's Content-Security-Policy (no 'unsafe-eval', docs/decisions.md "Credentials and sessions") the
 * try is a reported violation. Zod reads this global configuration lazily, so setting it before the
 * first parse is enough, and it costs the client nothing it would notice (its payloads are small).
 * Imported first by main.tsx, without importing zod itself (the landing entry stays as small).
 */
const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
g.__zod_globalConfig ??= {};
g.__zod_globalConfig.jitless = true;
