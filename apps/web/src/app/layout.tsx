import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatch } from 'react-router';
import { ToastViewport } from '../components/ui/toast-viewport.tsx';
import { AuthModalHost, SessionSync } from '../features/auth/index.ts';
import { TicketModalHost } from '../features/tickets/index.ts';
import { loadDeferredTexts } from '../lib/i18n/i18n.ts';
import { useUiStore } from '../lib/store/ui-store.ts';
import { HelpButton } from './help-button.tsx';
import { NoticeHost } from './notice-host.tsx';
import { SiteFooter } from './site-footer.tsx';
import { TopNav } from './top-nav.tsx';
import { useEntryParams } from './use-entry-params.ts';
import { useHandheldAway } from './use-handheld-away.ts';
import { useSessionGuard } from './use-session-guard.ts';
import { useStartupNotices } from './use-startup-notices.ts';

// Most visits are by someone who has agreed already: the banner's code loads only for the others.
const CookieBanner = lazy(() =>
  Promise.all([import('./cookie-message.tsx'), loadDeferredTexts('notices')]).then(([m]) => ({
    default: m.CookieBanner,
  })),
);

/** Shown until accepted (persisted as agreeCookies); hidden on the event page. */
function CookieMessage() {
  const agreed = useUiStore((s) => s.agreeCookies);
  const onEvent = useMatch('/event/*') !== null;
  if (agreed || onEvent) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner />
    </Suspense>
  );
}

export function Layout() {
  const { t } = useTranslation();
  useSessionGuard();
  useEntryParams();
  useStartupNotices();
  useHandheldAway();
  return (
    <div className="app">
      {/* The first Tab stop: past the navigation to the page's content (issue 14). */}
      <a className="skip-link" href="#main" data-testid="skip-link">
        {t('skip-to-content')}
      </a>
      <TopNav />
      <main className="app__main" id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <CookieMessage />
      <HelpButton />
      <ToastViewport />
      <AuthModalHost />
      <TicketModalHost />
      <NoticeHost />
      <SessionSync />
    </div>
  );
}
