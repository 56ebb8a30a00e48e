import type { AuthMode } from '@encore/contract';
import { lazy, Suspense } from 'react';
import { loadAuthTexts } from '../../../lib/i18n/i18n.ts';
import { useUiStore } from '../../../lib/store/ui-store.ts';

const loadModals = () =>
  Promise.all([import('./auth-modals.tsx'), loadAuthTexts(), import('../../../lib/query-root.tsx')]);

// The forms and their English texts load on first use: the landing page renders without them.
const AuthModals = lazy(() =>
  loadModals().then(([m, , q]) => ({ default: q.withQueryClient(m.AuthModals) })),
);

const MODES_WITH_UI: ReadonlySet<AuthMode> = new Set([
  'LOGIN',
  'REGISTER',
  'UPDATE_USER',
  'FORGOT_PASSWORD',
  'RESET_PASSWORD_CONFIRM',
  'PHONE_LOGIN',
  'WEVERSE_REGISTER',
  'SIGN_IN_LINK',
  // Payment Info and Purchase History (features/tickets).
  'ADD_PAYMENT',
  'PURCHASE_HISTORY',
]);

export function AuthModalHost() {
  const authMode = useUiStore((s) => s.authMode);
  if (!MODES_WITH_UI.has(authMode)) return null;
  return (
    <Suspense fallback={null}>
      <AuthModals />
    </Suspense>
  );
}

/** Starts loading the forms before the first click, e.g. when a sign-in button is hovered. */
export function preloadAuthModals(): void {
  void loadModals();
}
