import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

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

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProductionBuild() }] : [],
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    target: 'es2022',
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
