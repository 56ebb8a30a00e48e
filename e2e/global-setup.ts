import type { FullConfig } from '@playwright/test';
import { ingestSource } from './support/ingest-source.ts';

// Playwright's global setup (a default export, as it requires): under E2E_SOURCE=ingest the demo show
// is fed by live ingest (support/ingest-source.ts); otherwise nothing.
export default function globalSetup(config: FullConfig) {
  return ingestSource(config);
}
