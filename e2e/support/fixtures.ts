import { test as base } from '@playwright/test';

/**
 * The suite's `test`: every browser context a test opens on the shared worker browser (a fan's
 * device, a second fan, the host) is closed when the test ends, passed or failed. A context left open
 * keeps its page playing live video and holding a realtime socket, which loads every test after it
 * in that worker: on a 2-core runner that starves the video tests' decoders.
 */
export const test = base.extend<{ closeOpenedContexts: undefined }>({
  closeOpenedContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      const opened = browser.contexts().filter((c) => !before.has(c));
      await Promise.all(opened.map((c) => c.close().catch(() => undefined)));
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
