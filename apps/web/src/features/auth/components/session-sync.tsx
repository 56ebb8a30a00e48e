import { lazy, Suspense } from 'react';
import { useSessionStore } from '../../../lib/store/session-store.ts';

// The query observer behind it loads only for a signed-in visitor (landing JS budget).
const CurrentUserSync = lazy(() =>
  Promise.all([import('./current-user-sync.tsx'), import('../../../lib/query-root.tsx')]).then(([m, q]) => ({
    default: q.withQueryClient(m.CurrentUserSync),
  })),
);

/** Refreshes the signed-in user from the server (see CurrentUserSync); nothing while signed out. */
export function SessionSync() {
  const authToken = useSessionStore((s) => s.authToken);
  if (!authToken) return null;
  return (
    <Suspense fallback={null}>
      <CurrentUserSync />
    </Suspense>
  );
}
