/**
 * Bundle-size benchmark: the gzip size of the JavaScript a route needs before it can render.
 *
 *   node bench/bundle-size.mjs [dist] [--check]      (or: npm run bench:bundle -- [dist])
 *
 * --check exits with 1 when a route is over its budget (DESIGN.md section 8: landing entry 120 kB,
 * viewer 250 kB gzip): `npm test` runs it on the build its first phase made current.
 * Builds nothing: it reads a web build (the argument, else WEB_DIST, else apps/web/dist). With the
 * Vite manifest (`vite build --manifest`, dist/.vite/manifest.json) each route is its chunks and their
 * static imports, found by source path; without one, the entry and modulepreload links of index.html
 * and the `import ... from "./x.js"` statements of each chunk are followed, and the lazy chunks are
 * found by file-name prefix instead. Sizes are gzip at zlib's default level (what Vite's build report and most servers use), in kB of
 * 1000 bytes like Vite's report, so the figures compare with its 'gzip:' column.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const check = args.includes('--check');
const distArg = args.find((a) => a !== '--check');
const dist = path.resolve(distArg ?? process.env.WEB_DIST ?? path.join(ROOT, 'apps/web/dist'));

/**
 * What each route loads before its content shows. `lazy` are the dynamic imports it awaits (source
 * paths for the manifest; file-name prefixes for the fallback). The landing route's own lazy parts
 * (the sections below the fold, the footer) render after the first paint: a separate row.
 */
const ROUTES = [
  { name: 'landing (/): entry only', lazy: [], budget: 120 },
  {
    name: 'landing (/): with its deferred sections',
    lazy: [
      ['src/features/landing/sections/landing-sections.tsx', 'landing-sections-'],
      ['src/lib/i18n/locales/en-landing.ts', 'en-landing-'],
      ['src/app/footer-content.tsx', 'footer-content-'],
    ],
  },
  {
    name: 'viewer (/event/:id)',
    budget: 250,
    lazy: [
      ['src/features/event/index.ts', 'event-'],
      // TanStack Query's client and provider, loaded with each lazy part that queries (optional:
      // builds before 2026-11-27 had it in the entry).
      ['src/lib/query-root.tsx', 'query-root-', { optional: true }],
      ['src/lib/i18n/locales/en-event.ts', 'en-event-'],
      ['src/lib/i18n/locales/en-chat.ts', 'en-chat-'],
      ['src/lib/i18n/locales/en-player.ts', 'en-player-'],
    ],
  },
  {
    // hls.js is imported on its own (features/player/hls-engine.ts): it downloads beside the page's
    // first paint and the video and DRM look-ups, and must be there before the first frame.
    name: 'viewer (/event/:id) with its video engine (hls.js)',
    lazy: [
      ['src/features/event/index.ts', 'event-'],
      // TanStack Query's client and provider, loaded with each lazy part that queries (optional:
      // builds before 2026-11-27 had it in the entry).
      ['src/lib/query-root.tsx', 'query-root-', { optional: true }],
      ['src/lib/i18n/locales/en-event.ts', 'en-event-'],
      ['src/lib/i18n/locales/en-chat.ts', 'en-chat-'],
      ['src/lib/i18n/locales/en-player.ts', 'en-player-'],
      [null, 'hls-'],
      // Its transmuxing worker, started with the first stream (hls-engine.ts, issue 14).
      [null, 'hls.worker-'],
    ],
  },
];

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`bundle-size: no build in ${dist} (npm run build, or pass a dist directory)`);
  process.exit(1);
}

const gzipCache = new Map();
function sizes(file) {
  let s = gzipCache.get(file);
  if (!s) {
    const bytes = readFileSync(path.join(dist, file));
    s = { raw: bytes.length, gzip: gzipSync(bytes).length };
    gzipCache.set(file, s);
  }
  return s;
}

const manifestPath = path.join(dist, '.vite/manifest.json');
const manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : null;

/** Files (JS and CSS) of a manifest chunk and everything it imports statically. */
function fromManifest(keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`bundle-size: ${key} is not in the manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imp of chunk.imports ?? []) visit(imp);
  };
  for (const key of keys) visit(key);
  return files;
}

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const attr = (re) => [...html.matchAll(re)].map((m) => m[1].replace(/^\//, ''));
const htmlScripts = attr(/<script[^>]+type="module"[^>]+src="([^"]+)"/g);
const htmlPreloads = attr(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g);
const htmlStyles = attr(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g);

/** Without a manifest: follow the static `import ... from "./x.js"` (and bare `import "./x.js"`). */
function fromImports(startFiles) {
  const files = new Set();
  const visit = (file) => {
    if (files.has(file)) return;
    files.add(file);
    if (!file.endsWith('.js')) return;
    const code = readFileSync(path.join(dist, file), 'utf8');
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g))
      visit(path.posix.join(path.posix.dirname(file), m[1]));
  };
  for (const f of startFiles) visit(f);
  return files;
}

/** The one chunk whose file name starts with `prefix` (Vite names chunks after their module). */
function assetByPrefix(prefix) {
  // The prefix then the build's 8-character hash: 'hls-' is hls.js's chunk, not 'hls-engine-'.
  const named = (f) => f.startsWith(prefix) && /^[\w-]{8}\.js$/.test(f.slice(prefix.length));
  const js = readdirSync(path.join(dist, 'assets')).filter(named);
  if (js.length !== 1) throw new Error(`bundle-size: ${js.length} chunks named ${prefix}*: ${js.join(', ')}`);
  return `assets/${js[0]}`;
}

function routeFiles(route) {
  // An optional part (not in older builds) is left out where the build has no such chunk.
  const lazy = route.lazy.filter(([src, prefix, opts]) => {
    if (!opts?.optional) return true;
    if (manifest) return Boolean(manifest[src]);
    return readdirSync(path.join(dist, 'assets')).some((f) => f.startsWith(prefix) && f.endsWith('.js'));
  });
  if (manifest) {
    const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
    // A dependency's chunk (hls.js) has no source path of ours: found by its file name instead.
    const byFile = (prefix) =>
      Object.keys(manifest).find((k) => path.basename(manifest[k].file).startsWith(prefix));
    return fromManifest([entry, ...lazy.map(([src, prefix]) => src ?? byFile(prefix))]);
  }
  const files = fromImports([...htmlScripts, ...htmlPreloads, ...lazy.map(([, p]) => assetByPrefix(p))]);
  for (const css of htmlStyles) files.add(css);
  return files;
}

const kb = (n) => (n / 1000).toFixed(1);
const rows = ROUTES.map((route) => {
  const files = [...routeFiles(route)];
  const js = files.filter((f) => f.endsWith('.js'));
  const css = files.filter((f) => f.endsWith('.css'));
  const sum = (list, k) => list.reduce((a, f) => a + sizes(f)[k], 0);
  return {
    route: route.name,
    budget: route.budget,
    jsFiles: js.length,
    jsRaw: sum(js, 'raw'),
    jsGzip: sum(js, 'gzip'),
    cssGzip: sum(css, 'gzip'),
    largest: js
      .map((f) => ({ f: path.basename(f), g: sizes(f).gzip }))
      .sort((a, b) => b.g - a.g)
      .slice(0, 3)
      .map(({ f, g }) => `${f} ${kb(g)}`)
      .join(', '),
  };
});

console.log(
  `bundle size of ${path.relative(process.cwd(), dist) || '.'} (${manifest ? 'Vite manifest' : 'import graph'})\n`,
);
if (!manifest) console.log('(no manifest: the CSS column counts only the stylesheets of index.html)\n');
console.log('| route | JS files | JS raw kB | JS gzip kB | CSS gzip kB | largest JS (gzip kB) |');
console.log('|---|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.route} | ${r.jsFiles} | ${kb(r.jsRaw)} | ${kb(r.jsGzip)} | ${kb(r.cssGzip)} | ${r.largest} |`,
  );

// The budgets are in kB of 1000 bytes, compared with the figure as printed (one decimal).
const over = rows.filter((r) => r.budget !== undefined && Number(kb(r.jsGzip)) > r.budget);
for (const r of rows.filter((row) => row.budget !== undefined)) {
  const state = over.includes(r) ? 'OVER' : 'within';
  console.log(`${state} budget: ${r.route} ${kb(r.jsGzip)} kB gzip of ${r.budget} kB`);
}
if (check && over.length > 0) process.exit(1);
