import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';

const API_ORIGIN = process.env.ENCORE_API_ORIGIN ?? 'http://localhost:8080';

const proxy: Record<string, string | ProxyOptions> = {
  '/thor': API_ORIGIN,
  '/config.json': API_ORIGIN,
  '^/dev(/|$)': API_ORIGIN,
  '^/docs(/|$)': API_ORIGIN,
  '/healthz': API_ORIGIN,
  '/media': API_ORIGIN,
  // The embedded card provider's own endpoints (testpay).
  '/testpay': API_ORIGIN,
  '/realtime': { target: API_ORIGIN, ws: true },
};

/**
 * React Router's package exports always select its development build, whose only difference is that
 * dev warnings are on; production bundles take the production build so those warnings are dropped.
 */
function reactRouterProductionBuild(): string {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('react-router');
  return entry.replace(/dist[\\/]development[\\/]index\.m?js$/, 'dist/production/index.mjs');
}

/**
 * Writes a .br and a .gz beside every text file of the build (issue 14): the server sends them by
 * Accept-Encoding (apps/server/src/platform/web.ts), so nothing is compressed per request and the
 * best settings cost nothing at serve time.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'encore-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProductionBuild() }] : [],
  },
  // Every script, module preload and style tag of the built index.html, and the nonce meta Vite's
  // loader reads for the chunks it preloads later, carry this placeholder; the server puts a fresh
  // nonce per answer in its place (apps/server/src/platform/web.ts CSP_NONCE_PLACEHOLDER, issue 29).
  ...(command === 'build' ? { html: { cspNonce: 'encore-csp-nonce-placeholder' } } : {}),
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    target: ['es2019', 'chrome70', 'safari13', 'firefox68', 'edge79'],
    rolldownOptions: {
      output: {
        // Everything the entry imports statically goes into one chunk. Without this, modules the
        // lazy routes share with the landing page are split into several small chunks that the
        // landing page loads anyway: more requests and about 3 KB more gzip (budget: 120 KB).
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
}));
