import { Outlet } from 'react-router';
import { ToastViewport } from '../components/ui/toast-viewport.tsx';
import { AuthModalHost, SessionSync } from '../features/auth/index.ts';
import { TicketModalHost } from '../features/tickets/index.ts';
import { CookieMessage } from './cookie-message.tsx';
import { HelpButton } from './help-button.tsx';
import { NoticeHost } from './notice-host.tsx';
import { SiteFooter } from './site-footer.tsx';
import { TopNav } from './top-nav.tsx';
import { useEntryParams } from './use-entry-params.ts';
import { useHandheldAway } from './use-handheld-away.ts';
import { useSessionGuard } from './use-session-guard.ts';
import { useStartupNotices } from './use-startup-notices.ts';

export function Layout() {
  useSessionGuard();
  useEntryParams();
  useStartupNotices();
  useHandheldAway();
  return (
    <div className="app">
      <TopNav />
      <main className="app__main" id="main">
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
