import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type Toast, useToastStore } from '../../lib/store/toast-store.ts';
import './toast.css';

/** The toasts themselves: loaded with the first one (landing entry budget, issue 14). */
export function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const dismiss = useToastStore((s) => s.dismiss);

  useEffect(() => {
    // A sticky toast (durationMs Infinity) stays until it is closed.
    if (!Number.isFinite(toast.durationMs)) return;
    const timer = window.setTimeout(() => dismiss(toast.id), toast.durationMs);
    return () => window.clearTimeout(timer);
  }, [toast.id, toast.durationMs, dismiss]);

  return (
    <div
      className={`toast toast--${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      data-testid={`toast-${toast.kind}`}
      data-message-key={toast.messageKey}
    >
      <span className="toast__dot" aria-hidden="true" />
      <span className="toast__text">{t(toast.messageKey, toast.params)}</span>
      {toast.action && (
        <button
          type="button"
          className="toast__action"
          data-testid={toast.action.testId ?? 'toast-action'}
          onClick={() => {
            toast.action?.onClick();
            dismiss(toast.id);
          }}
        >
          {t(toast.action.labelKey)}
        </button>
      )}
      <button
        type="button"
        className="toast__close"
        onClick={() => dismiss(toast.id)}
        aria-label={t('modal-close')}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
