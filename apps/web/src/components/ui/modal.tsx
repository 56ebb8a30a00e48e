import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import './modal.css';

interface ModalProps {
  onClose: () => void;
  title?: ReactNode;
  /** Used as the accessible name when there is no visible title. */
  ariaLabel?: string;
  /** The modal can only be left through its own buttons: no ×, no Escape, no outside click. */
  hideClose?: boolean;
  cancelLabel?: string;
  onCancel?: () => void;
  submitLabel?: string;
  onSubmit?: () => void;
  submitDisabled?: boolean;
  submitBusy?: boolean;
  size?: 'sm' | 'md' | 'lg';
  testId?: string;
  children?: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The generic modal of accounts section 2; render it only while it is open. */
export function Modal({
  onClose,
  title,
  ariaLabel,
  hideClose = false,
  cancelLabel,
  onCancel,
  submitLabel,
  onSubmit,
  submitDisabled,
  submitBusy,
  size = 'md',
  testId,
  children,
}: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  // An outside click must start and end on the backdrop: a text selection dragged out of an input
  // must not close the form.
  const pressStartedOnBackdrop = useRef(false);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    const first = dialog?.querySelector<HTMLElement>('[data-autofocus], input, select, textarea');
    (first ?? dialog)?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      previouslyFocused?.focus?.();
      // The opener may be gone (Sign in becomes the account menu once signed in): focus then goes to
      // the page's main content, not to the body (issue 14).
      window.setTimeout(() => {
        if (document.activeElement === document.body || document.activeElement === null) {
          document.getElementById('main')?.focus();
        }
      }, 0);
    };
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const dialog = dialogRef.current;
      if (!dialog) return;
      if (event.key === 'Escape' && !hideClose) {
        event.stopPropagation();
        closeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.offsetParent !== null,
      );
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      if (!firstItem || !lastItem) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === firstItem || !dialog.contains(active))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (active === lastItem || !dialog.contains(active))) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [hideClose]);

  const hasFooter = Boolean(cancelLabel || submitLabel);

  return createPortal(
    <div
      className="modal-backdrop"
      data-testid={testId ? `${testId}-backdrop` : 'modal-backdrop'}
      onPointerDown={(e) => {
        pressStartedOnBackdrop.current = e.target === e.currentTarget;
      }}
      onPointerUp={(e) => {
        if (!hideClose && pressStartedOnBackdrop.current && e.target === e.currentTarget) onClose();
        pressStartedOnBackdrop.current = false;
      }}
    >
      <div
        ref={dialogRef}
        className={`modal modal--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : ariaLabel}
        tabIndex={-1}
        data-testid={testId}
      >
        <div className="modal__glow" aria-hidden="true" />
        {!hideClose && (
          <button
            type="button"
            className="modal__close"
            onClick={onClose}
            aria-label={t('modal-close')}
            data-testid="modal-close"
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        )}
        {title && (
          <h2 className="modal__title" id={titleId}>
            {title}
          </h2>
        )}
        <div className="modal__body">{children}</div>
        {hasFooter && (
          <div className="modal__footer">
            {cancelLabel && (
              <Button variant="secondary" onClick={onCancel ?? onClose} data-testid="modal-cancel">
                {cancelLabel}
              </Button>
            )}
            {submitLabel && (
              <Button
                onClick={onSubmit}
                disabled={submitDisabled}
                busy={submitBusy}
                data-testid="modal-submit"
              >
                {submitLabel}
              </Button>
            )}
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
