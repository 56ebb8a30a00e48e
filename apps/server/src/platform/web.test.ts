import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShow, showEntity } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createShowsRepo } from '../modules/shows/shows.repo.ts';

/** Issue 14, speed and reach: precompressed assets, cache headers, robots.txt, 404s, Open Graph. */
let t: TestContext;
let dist: string;
const INDEX =
  '<!doctype html><html><head><title>Encore</title><meta name="description" content="Live concerts." /></head><body><div id="root"></div></body></html>';
const JS = `console.log(${JSON.stringify('x'.repeat(4000))})`;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'encore-web-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'assets', 'app-abc123.js'), JS);
  // What the build's precompress step writes beside each asset (apps/web/vite.config.ts).
  await writeFile(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(JS));
  await writeFile(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(JS));
  await copyFile(new URL('../../../web/public/robots.txt', import.meta.url), path.join(dist, 'robots.txt'));
  t = await createTestContext({ WEB_DIST: dist, PUBLIC_URL: 'https://encore.example' });
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('the web app: compression and caching', () => {
  it('serves a hashed asset brotli or gzip by Accept-Encoding, with Vary, immutable for a year', async () => {
    const br = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(JS);

    const gz = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(JS);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JS);
  });

  it('index.html is never cached and goes out compressed', async () => {
    const res = await get('/', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<title>Encore</title>');
  });
});

describe('the web app: routes, robots and shared links', () => {
  it('answers the real robots.txt, not the app', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /thor/');
  });

  it("the app's routes answer 200; an unknown path gets the app's not-found page with status 404", async () => {
    for (const url of ['/', '/privacy/ko', '/terms', '/reset-password/1z-abc', '/control/x']) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
    for (const url of ['/anything/else', '/event/no-such-show', '/privacy/ko/extra']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<div id="root">');
    }
    const file = await get('/favicon.ico');
    expect(file.statusCode).toBe(404);
    expect(file.body).not.toContain('<div id="root">');
  });

  it("renders a show's title, description and Open Graph tags into its page for crawlers", async () => {
    const show = await createShow(t.db, { startIn: 60 });
    const res = await get(`/event/${show.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>${show.event_name} · ${show.artist_name} | Encore</title>`);
    expect(res.body).toContain(
      `<meta property="og:title" content="${show.event_name} · ${show.artist_name} | Encore" />`,
    );
    expect(res.body).toContain(
      `<meta property="og:url" content="https://encore.example/event/${show.slug}" />`,
    );
    expect(res.body).toMatch(/<meta name="description" content="Watch [^"]+KST\)\." \/>/);
    expect(res.body.match(/name="description"/g)).toHaveLength(1);
    expect(res.body).toMatch(/<meta property="og:description" content="Watch /);
    // The video's poster (the site's header art) is fetched with the page, not after the player runs.
    expect(res.body).toContain('<link rel="preload" as="image" href="/hero.svg" fetchpriority="high" />');
    expect((await get('/')).body).not.toContain('rel="preload"');
  });

  it('puts a host-set name into the page as text: $ patterns do not expand (issue 29)', async () => {
    const entity = showEntity({ startIn: 60 });
    const show = await createShowsRepo(t.db).insert({
      ...entity,
      event_name: 'M $` zzattr=1 $$',
      artist_name: "A $' yyattr=2 $& $1",
    });
    const res = await get(`/event/${show.slug}`);
    expect(res.statusCode).toBe(200);
    const title = 'M $` zzattr=1 $$ · A $&#39; yyattr=2 $&amp; $1 | Encore';
    expect(res.body).toContain(`<title>${title}</title>`);
    expect(res.body).toContain(`<meta property="og:title" content="${title}" />`);
    // The template appears once: no copy of <head> in the title, nothing above the app.
    expect(res.body.match(/<head>/g)).toHaveLength(1);
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body.match(/<\/head>/g)).toHaveLength(1);
    expect(res.body.match(/<body>/g)).toHaveLength(1);
    expect(res.body).not.toContain('zzattr=1 <');
  });
});
