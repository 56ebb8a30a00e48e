import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { LandingPage } from '../features/landing/index.ts';
import { Layout } from './layout.tsx';
import { ResetPasswordRoute } from './reset-password-route.tsx';

// The show page carries the player later: it must not weigh on the landing route.
const EventPage = lazy(() => import('../features/event/index.ts').then((m) => ({ default: m.EventPage })));

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
            <Suspense fallback={<RouteLoading />}>
              <EventPage />
            </Suspense>
          }
        />
        <Route path="reset-password/:token" element={<ResetPasswordRoute />} />
        <Route path="*" element={<LandingPage />} />
      </Route>
    </Routes>
  );
}
