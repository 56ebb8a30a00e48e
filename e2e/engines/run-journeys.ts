import { firefoxJourney } from './firefox-journey.ts';
import { startJourneyServer } from './journey-server.ts';
import { webkitJourney } from './webkit-journey.ts';

/**
 * The main fan journey in the engines Playwright cannot drive here (issue 26), one after the other on
 * one e2e server: Firefox ESR, then WebKitGTK. Exits with the number of journeys that failed.
 *
 *   node e2e/engines/run-journeys.ts [firefox] [webkit]     (both by default; E2E_PORT, default 8182)
 */
const JOURNEYS: Record<string, (baseUrl: string) => Promise<void>> = {
  firefox: firefoxJourney,
  webkit: webkitJourney,
};

const asked = process.argv.slice(2);
const names = asked.length > 0 ? asked : Object.keys(JOURNEYS);
const unknown = names.filter((n) => !(n in JOURNEYS));
if (unknown.length > 0) {
  console.error(`unknown journey: ${unknown.join(', ')} (firefox, webkit)`);
  process.exit(2);
}

const server = await startJourneyServer().catch((error: unknown) => {
  // No server, no journey: every one asked for counts as failed.
  console.error(
    `journeys: the e2e server did not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(names.length);
});
let failed = 0;
try {
  for (const name of names) {
    const since = Date.now();
    try {
      await JOURNEYS[name]?.(server.baseUrl);
      console.log(`${name} journey: passed in ${((Date.now() - since) / 1000).toFixed(1)} s`);
    } catch (error) {
      failed += 1;
      console.error(`${name} journey: FAILED: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
} finally {
  await server.stop();
}
process.exit(failed);
