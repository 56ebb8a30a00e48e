import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { Show } from '@encore/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

const API_PREFIXES = ['/thor/', '/dev/', '/docs', '/media/', '/realtime', '/healthz', '/livez'];

/**
 * The web app's own routes (apps/web/src/app/app-routes.tsx). Any other path still gets the app, which
 * shows its not-found page, but with status 404 so that crawlers and link checkers see a miss.
 */
const SPA_ROUTES = [
  /^\/$/,
  /^\/event\/[^/]+\/?$/,
  /^\/reset-password\/[^/]+\/?$/,
  // The emailed one-time sign-in link of a locked account (issue 29).
  /^\/sign-in\/[^/]+\/?$/,
  /^\/control\/[^/]+\/?$/,
  // The host area (issue 13): the show list, a new show, and each show's screens.
  /^\/host(\/[^/]+){0,2}\/?$/,
  /^\/(privacy|terms)(\/[a-z-]+)?\/?$/,
];

/** What a shared link of a show page shows (Open Graph), rendered into index.html for crawlers. */
export type PageMeta = {
  title: string;
  description: string;
  image: string | null;
  /**
   * An image the page shows first and the browser should fetch with the HTML (issue 14): the video's
   * poster on a show page, otherwise found only after the app's script, the show's entry and the
   * player have run.
   */
  preloadImage?: string | null;
};

/** The title and description of a show's page: the show, its artist and its start in UTC and KST. */
export function showPageMeta(show: Show): PageMeta {
  const start = new Date(show.event.event_start_time);
  const fmt = (timeZone: string) =>
    new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(start);
  return {
    title: `${show.event_name} · ${show.artist_name} | Encore`,
    description: `Watch ${show.artist_name}: ${show.event_name} live on Encore, with multiple camera angles and fan chat. Starts ${fmt('UTC')} UTC (${fmt('Asia/Seoul')} KST).`,
    image: null,
  };
}

/** index.html never cached (a deploy is picked up at once); hashed assets forever; the rest briefly. */
function cacheControl(filePath: string): string {
  const file = filePath.replace(/\.(br|gz)$/, '');
  if (file.endsWith(`${path.sep}index.html`)) return 'no-cache';
  if (file.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=300';
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)(\.br|\.gz)?$/;

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The page's title, description and Open Graph tags in place of index.html's defaults. */
export function renderIndex(html: string, meta: PageMeta | null, url: string): string {
  if (!meta) return html;
  const tags = [
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:type" content="video.other" />`,
    `<meta property="og:site_name" content="Encore" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeHtml(meta.image)}" />`] : []),
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    ...(meta.preloadImage
      ? [`<link rel="preload" as="image" href="${escapeHtml(meta.preloadImage)}" fetchpriority="high" />`]
      : []),
  ].join('\n    ');
  // Function replacers only: in a replacement string `$&`, `$'` and `$\`` of a host-set name would
  // expand into copies of the template (issue 29), and escaping the HTML does not touch `$`.
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
    .replace(/<meta name="description"[^>]*>\s*/, () => '')
    .replace('</head>', () => `    ${tags}\n  </head>`);
}

/**
 * What the web build writes as every script's, preload's and style's nonce (apps/web/vite.config.ts,
 * Vite's html.cspNonce, also on its `<meta property="csp-nonce">`, from which Vite's loader takes the
 * nonce for the chunks it preloads later). Each answer puts its own nonce in its place.
 */
export const CSP_NONCE_PLACEHOLDER = 'encore-csp-nonce-placeholder';

/**
 * index.html with the placeholder nonce on each script and module preload and the nonce meta, also
 * when the build did not put them (a build made before the nonce policy): without a nonce none of the
 * app's scripts would run under 'strict-dynamic'.
 */
export function withNoncePlaceholders(html: string): string {
  const nonce = `nonce="${CSP_NONCE_PLACEHOLDER}"`;
  let out = html
    .replace(/<script\b(?![^>]*\snonce=)/g, () => `<script ${nonce}`)
    .replace(/<link\b(?=[^>]*\srel="modulepreload")(?![^>]*\snonce=)/g, () => `<link ${nonce}`);
  if (!out.includes('property="csp-nonce"')) {
    out = out.replace(/<head>/, () => `<head>\n    <meta property="csp-nonce" ${nonce} />`);
  }
  return out;
}

/** The page with this answer's nonce in place of the placeholder. */
export function withNonce(template: string, nonce: string): string {
  return template.replaceAll(CSP_NONCE_PLACEHOLDER, () => nonce);
}

/**
 * Serves the built web app. Files are looked up per request (a rebuilt app is served without a
 * restart), precompressed (.br, .gz written by the build) when the client accepts it; any other GET
 * path is the SPA's, whose router decides (spec section 2).
 */
export function webRoutes(deps: {
  webDist: string;
  publicUrl: string;
  showMeta?: (slug: string) => Promise<PageMeta | null>;
  /** The page's Content-Security-Policy for a nonce (security-headers.ts appPagePolicy). */
  pagePolicy?: (nonce: string) => string;
}): FastifyPluginAsync {
  return async (app) => {
    const indexFile = path.join(deps.webDist, 'index.html');
    const built = existsSync(indexFile);
    if (built) {
      await app.register(fastifyStatic, {
        root: deps.webDist,
        wildcard: true,
        // index.html goes through the handler below, which writes the page's meta tags into it.
        index: false,
        preCompressed: true,
        cacheControl: false,
        setHeaders: (res, filePath) => {
          res.setHeader('cache-control', cacheControl(filePath));
          if (COMPRESSIBLE.test(filePath)) res.setHeader('vary', 'accept-encoding');
        },
      });
    }

    let cached: { mtimeMs: number; html: string } | null = null;
    async function indexHtml(): Promise<string> {
      const { mtimeMs } = await stat(indexFile);
      if (cached?.mtimeMs !== mtimeMs) {
        cached = { mtimeMs, html: withNoncePlaceholders(await readFile(indexFile, 'utf8')) };
      }
      return cached.html;
    }

    /** A show page's meta; undefined: not a show page; null: no such show. */
    async function metaFor(pathname: string): Promise<PageMeta | null | undefined> {
      const slug = /^\/event\/([^/]+)\/?$/.exec(pathname)?.[1];
      if (!slug || !deps.showMeta) return undefined;
      let name: string;
      try {
        name = decodeURIComponent(slug);
      } catch {
        return null;
      }
      const meta = await deps.showMeta(name);
      if (!meta?.image || /^https?:/.test(meta.image)) return meta;
      return { ...meta, image: new URL(meta.image, deps.publicUrl).toString() };
    }

    async function sendIndex(req: FastifyRequest, reply: FastifyReply, pathname: string) {
      const meta = await metaFor(pathname);
      const known = SPA_ROUTES.some((r) => r.test(pathname)) && meta !== null;
      // A fresh nonce per answer (128 bits), put in before any host text so no name can carry it.
      const nonce = randomBytes(16).toString('base64');
      const page = withNonce(await indexHtml(), nonce);
      const html = renderIndex(page, meta ?? null, new URL(pathname, deps.publicUrl).toString());
      if (deps.pagePolicy) reply.header('content-security-policy', deps.pagePolicy(nonce));
      reply
        .code(known ? 200 : 404)
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8');
      const accept = String(req.headers['accept-encoding'] ?? '');
      // A page of a few kB: compressed per request (fast settings), unlike the assets built ahead.
      if (/\bbr\b/.test(accept)) {
        const body = brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
        return reply.header('content-encoding', 'br').send(body);
      }
      if (/\bgzip\b/.test(accept)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
      return reply.send(html);
    }

    // The static plugin would answer the directory itself (403) for "/".
    if (built) app.get('/', (req, reply) => sendIndex(req, reply, '/'));

    app.setNotFoundHandler(async (req, reply) => {
      const pathname = req.url.split('?')[0] ?? '/';
      const isApi = API_PREFIXES.some((p) => pathname.startsWith(p));
      if ((req.method !== 'GET' && req.method !== 'HEAD') || isApi) {
        return reply.code(404).send({ code: 'NOT_FOUND', message: 'Not found.' });
      }
      if (!built) {
        return reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
      }
      // A missing file (an old hashed asset, /favicon.ico) is a plain miss, not the app.
      if (/\.[a-z0-9]{1,8}$/i.test(pathname)) {
        return reply.code(404).type('text/plain').send('Not found.');
      }
      return sendIndex(req, reply, pathname);
    });
  };
}
