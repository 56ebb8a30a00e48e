import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../lib/store/toast-store.ts';
import { reportToss } from './api/report-toss.ts';
import type { ChatMessage } from './chat-message.ts';

/**
 * The actions of someone else's message: "Report" sends it to the show's moderators (their queue).
 * A small menu button, so the row stays quiet until a fan wants it; Escape and a click outside close.
 */
export function MessageMenu({
  hangId,
  message,
  onReported,
}: {
  hangId: number;
  message: ChatMessage;
  onReported?: ((tossId: string) => void) | undefined;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  // Opened from the keyboard, the menu takes focus; closed while focus was in it, the button gets it
  // back, so focus never falls to the page (issue 26).
  const close = useCallback(() => {
    const hadFocus = ref.current?.contains(document.activeElement) ?? false;
    setOpen(false);
    if (hadFocus) buttonRef.current?.focus();
  }, []);
  useEffect(() => {
    if (open && ref.current?.contains(document.activeElement))
      ref.current.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onEvent = (event: Event) => {
      if (
        event instanceof KeyboardEvent ? event.key === 'Escape' : !ref.current?.contains(event.target as Node)
      )
        close();
    };
    document.addEventListener('pointerdown', onEvent);
    document.addEventListener('keydown', onEvent);
    return () => {
      document.removeEventListener('pointerdown', onEvent);
      document.removeEventListener('keydown', onEvent);
    };
  }, [open, close]);

  const report = async () => {
    setBusy(true);
    try {
      await reportToss(hangId, message.toss_id);
      onReported?.(message.toss_id);
      showToast({ kind: 'success', messageKey: 'chat-report-sent' });
    } catch {
      showToast({ kind: 'error', messageKey: 'chat-report-failed' });
    } finally {
      setBusy(false);
      close();
    }
  };

  return (
    <div className="chat-row__menu" ref={ref}>
      <button
        ref={buttonRef}
        type="button"
        className="chat-row__menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('chat-message-actions', { username: message.sender.username })}
        onClick={() => setOpen((v) => !v)}
        // Reached with the list's arrow keys, not a Tab stop per message (list-keys.ts).
        tabIndex={-1}
        data-chat-action=""
        data-testid="chat-message-menu"
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path
            fill="currentColor"
            d="M6 10.5a1.5 1.5 0 110 3 1.5 1.5 0 010-3zm6 0a1.5 1.5 0 110 3 1.5 1.5 0 010-3zm6 0a1.5 1.5 0 110 3 1.5 1.5 0 010-3z"
          />
        </svg>
      </button>
      {open && (
        <div className="chat-row__menu-list" role="menu" id={menuId}>
          <button
            type="button"
            role="menuitem"
            className="chat-row__menu-item"
            disabled={busy || message.reported}
            onClick={() => void report()}
            tabIndex={-1}
            data-chat-action=""
            data-testid="chat-report"
          >
            {message.reported ? t('chat-reported') : t('chat-report')}
          </button>
        </div>
      )}
    </div>
  );
}
