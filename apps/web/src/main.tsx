// First: the functions the oldest promised browsers lack (issue 26, lib/legacy-polyfills.ts).
import './lib/legacy-polyfills.ts';
// Before any schema parses: no eval under the Content-Security-Policy (lib/zod-jitless.ts).
import './lib/zod-jitless.ts';
// Global styles first: feature styles that load after them may refine them.
import './styles/base.css';
import './styles/layout.css';
import type { ClientConfig } from '@encore/contract';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { configureApiClient } from './lib/api/api-client.ts';
import { loadClientConfig } from './lib/config/client-config.ts';
import { initI18n } from './lib/i18n/i18n.ts';
import { useUiStore } from './lib/store/ui-store.ts';

const COLOR_VARS: Record<string, string> = {
  primary: '--accent',
  secondary: '--accent-2',
  background: '--bg',
};

/** The configured brand colours become the theme's custom properties; unknown values are ignored. */
function applyColors(colors: ClientConfig['colors']): void {
  for (const [name, value] of Object.entries(colors)) {
    const cssVar = COLOR_VARS[name];
    if (cssVar && CSS.supports('color', value)) document.documentElement.style.setProperty(cssVar, value);
  }
}

async function bootstrap(): Promise<void> {
  // public/browser-check.js found this browser below the build's level and shows the update page.
  if (document.documentElement.hasAttribute('data-unsupported')) return;
  // The configuration is read before anything renders (accounts section 7); the persisted
  // language's texts load alongside it so the first paint is already in that language.
  const [config] = await Promise.all([loadClientConfig(), initI18n(useUiStore.getState().locale)]);
  configureApiClient({
    name: config.thor_app,
    version: config.thor_app_version,
    platform: config.thor_app_platform,
  });
  applyColors(config.colors);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  // The first render as a transition: React renders in slices that yield to the browser instead of
  // one long task (issue 14, Lighthouse's total blocking time); the boot spinner stays until it commits.
  const reactRoot = createRoot(root);
  startTransition(() => reactRoot.render(<App config={config} />));
}

void bootstrap();
