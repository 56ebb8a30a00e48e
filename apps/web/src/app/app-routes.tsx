import { TIMINGS_MS } from '@encore/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useParams } from 'react-router';
import { LandingPage } from '../features/landing/index.ts';
import { loadDeferredTexts } from '../lib/i18n/i18n.ts';
import { isLocale } from '../lib/i18n/locale.ts';
import { withTimeout } from '../lib/lazy-with-timeout.ts';
import { useUiStore } from '../lib/store/ui-store.ts';
import { Layout } from './layout.tsx';
import { ResetPasswordRoute } from './reset-password-route.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { SignInLinkRoute } from './sign-in-link-route.tsx';

// The show page carries the player later: it must not weigh on the landing route. It loads with its
// English texts, and gives up after 120 s so a stalled connection ends in a retry notice (LAND-05).
const EventPage = lazy(() =>
  withTimeout(
    () =>
      Promise.all([
        import('../features/event/index.ts'),
        import('../lib/query-root.tsx'),
        loadDeferredTexts('event'),
        loadDeferredTexts('chat'),
        loadDeferredTexts('player'),
      ]),
    TIMINGS_MS.chunkLoadTimeout,
  ).then(([m, q]) => ({ default: q.withQueryClient(m.EventPage) })),
);

// The host area and its control rooms (issue 13): hosts only, loaded only when opened.
const loadHostArea = () =>
  withTimeout(
    () =>
      Promise.all([
        import('../features/control-room/index.ts'),
        import('../lib/query-root.tsx'),
        loadDeferredTexts('chat'),
        loadDeferredTexts('control'),
      ]),
    TIMINGS_MS.chunkLoadTimeout,
  );
const HostArea = lazy(() => loadHostArea().then(([m, q]) => ({ default: q.withQueryClient(m.HostArea) })));
const LegacyControlRedirect = lazy(() =>
  loadHostArea().then(([m, q]) => ({ default: q.withQueryClient(m.LegacyControlRedirect) })),
);

// Privacy Policy and Terms (issue 14): four languages of text, loaded only when opened.
const LegalPage = lazy(() => import('../features/legal/index.ts').then((m) => ({ default: m.LegalPage })));

/** /privacy, /privacy/<locale>, /terms, /terms/<locale>; an unknown locale is a missing page. */
function LegalRoute({ kind }: { kind: 'privacy' | 'terms' }) {
  const { locale: param } = useParams();
  const ui = useUiStore((s) => s.locale);
  const locale = param === undefined ? ui : isLocale(param) ? param : null;
  if (locale === null) return <NotFound />;
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<RouteLoading />}>
        <LegalPage kind={kind} locale={locale} />
      </Suspense>
    </RouteErrorBoundary>
  );
}

// Rarely shown: loads with its texts (landing entry budget).
const NotFoundPage = lazy(() =>
  Promise.all([import('./not-found-page.tsx'), loadDeferredTexts('notices')]).then(([m]) => ({
    default: m.NotFoundPage,
  })),
);

function NotFound() {
  return (
    <Suspense fallback={<RouteLoading />}>
      <NotFoundPage />
    </Suspense>
  );
}

function RouteLoading() {
  const { t } = useTranslation();
  return (
    <div className="route-loading" role="status" data-testid="route-loading">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<LandingPage />} />
        <Route
          path="event/:id"
          element={
            <RouteErrorBoundary>
              <Suspense fallback={<RouteLoading />}>
                <EventPage />
              </Suspense>
            </RouteErrorBoundary>
          }
        />
        <Route path="reset-password/:token" element={<ResetPasswordRoute />} />
        <Route path="sign-in/:token" element={<SignInLinkRoute />} />
        <Route
          path="host/*"
          element={
            <RouteErrorBoundary>
              <Suspense fallback={<RouteLoading />}>
                <HostArea />
              </Suspense>
            </RouteErrorBoundary>
          }
        />
        <Route
          path="control/:slug"
          element={
            <Suspense fallback={<RouteLoading />}>
              <LegacyControlRedirect />
            </Suspense>
          }
        />
        <Route path="privacy" element={<LegalRoute kind="privacy" />} />
        <Route path="privacy/:locale" element={<LegalRoute kind="privacy" />} />
        <Route path="terms" element={<LegalRoute kind="terms" />} />
        <Route path="terms/:locale" element={<LegalRoute kind="terms" />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
