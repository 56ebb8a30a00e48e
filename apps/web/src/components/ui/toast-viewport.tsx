import { lazy, Suspense } from 'react';
import { useToastStore } from '../../lib/store/toast-store.ts';

// A toast follows something the fan did, never the first paint: its code loads with the first one.
const ToastItem = lazy(() => import('./toast-item.tsx').then((m) => ({ default: m.ToastItem })));

/** The live region toasts appear in: there from the start, so that screen readers announce them. */
export function ToastViewport() {
  const toasts = useToastStore((s) => s.toasts);
  return (
    <div className="toast-viewport" aria-live="polite" data-testid="toasts">
      <Suspense fallback={null}>
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </Suspense>
    </div>
  );
}
