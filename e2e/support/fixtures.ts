import { test as base } from '@playwright/test';
import { stopCopies } from './ingest-source.ts';

/**
 * The suite's `test`: every browser context a test opens on the shared worker browser (a fan's
 * device, a second fan, the host) is closed when the test ends, passed or failed. A context left open
 * keeps its page playing live video and holding a realtime socket, which loads every test after it
 * in that worker: on a 2-core runner that starves the video tests' decoders.
 */
export const test = base.extend<{ closeOpenedContexts: undefined; stopIngestFeeds: undefined }>({
  closeOpenedContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      const opened = browser.contexts().filter((c) => !before.has(c));
      await Promise.all(opened.map((c) => c.close().catch(() => undefined)));
    },
    { auto: true },
  ],
  // E2E_SOURCE=ingest: the encoders feeding the test's own shows (ingest-source.ts) stop with it.
  stopIngestFeeds: [
    async ({ browser: _browser }, use) => {
      await use(undefined);
      await stopCopies();
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
