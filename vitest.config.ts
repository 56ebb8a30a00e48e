import { defineConfig } from 'vitest/config';

// isolate: false: the test files of a worker share one module graph instead of importing the server
// (Fastify, zod schemas, PGlite's WASM) afresh for each of 180 files. On the 2-core CI machine that
// was 173 of the PGlite run's 452 s (import), and the run took 235 s without it. It is safe because
// the server keeps no state at module level (buildApp makes a fresh app, database and caches for
// each file) and no test stubs globals; a file that mocks a module loads it with vi.resetModules().
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          isolate: false,
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          isolate: false,
          include: ['src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
