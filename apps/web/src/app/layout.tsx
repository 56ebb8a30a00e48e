import { useTranslation } from 'react-i18next';
import { Outlet, useMatch } from 'react-router';
import { ToastViewport } from '../components/ui/toast-viewport.tsx';
import { AuthModalHost, SessionSync } from '../features/auth/index.ts';
import { TicketModalHost } from '../features/tickets/index.ts';
import { useUiStore } from '../lib/store/ui-store.ts';
import { CookieBanner } from './cookie-message.tsx';
import { HelpButton } from './help-button.tsx';
import { NoticeHost } from './notice-host.tsx';
import { SiteFooter } from './site-footer.tsx';
import { TopNav } from './top-nav.tsx';
import { useEntryParams } from './use-entry-params.ts';
import { useHandheldAway } from './use-handheld-away.ts';
import { useSessionGuard } from './use-session-guard.ts';
import { useStartupNotices } from './use-startup-notices.ts';

/**
 * Shown until accepted (persisted as agreeCookies); hidden on the event page. It is in the page's flow
 * under the top bar, drawn with the first paint (issue 26): the floating banner it replaces covered
 * Buy and Validate on a first visit, and one that loaded later would push the page down.
 */
function CookieMessage() {
  const agreed = useUiStore((s) => s.agreeCookies);
  const onEvent = useMatch('/event/*') !== null;
  if (agreed || onEvent) return null;
  return <CookieBanner />;
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
      <CookieMessage />
      <main className="app__main" id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <HelpButton />
      <ToastViewport />
      <AuthModalHost />
      <TicketModalHost />
      <NoticeHost />
      <SessionSync />
    </div>
  );
}
