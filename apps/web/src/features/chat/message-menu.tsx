import { useEffect, useId, useRef, useState } from 'react';
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
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent ? event.key === 'Escape' : !ref.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

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
      setOpen(false);
    }
  };

  return (
    <div className="chat-row__menu" ref={ref}>
      <button
        type="button"
        className="chat-row__menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('chat-message-actions', { username: message.sender.username })}
        onClick={() => setOpen((v) => !v)}
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
            data-testid="chat-report"
          >
            {message.reported ? t('chat-reported') : t('chat-report')}
          </button>
        </div>
      )}
    </div>
  );
}
