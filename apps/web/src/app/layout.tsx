import { Outlet } from 'react-router';
import { ToastViewport } from '../components/ui/toast-viewport.tsx';
import { AuthModalHost, SessionSync } from '../features/auth/index.ts';
import { CookieMessage } from './cookie-message.tsx';
import { SiteFooter } from './site-footer.tsx';
import { TopNav } from './top-nav.tsx';
import { useEntryParams } from './use-entry-params.ts';
import { useSessionGuard } from './use-session-guard.ts';

export function Layout() {
  useSessionGuard();
  useEntryParams();
  return (
    <div className="app">
      <TopNav />
      <main className="app__main" id="main">
        <Outlet />
      </main>
      <SiteFooter />
      <CookieMessage />
      <ToastViewport />
      <AuthModalHost />
      <SessionSync />
    </div>
  );
}
