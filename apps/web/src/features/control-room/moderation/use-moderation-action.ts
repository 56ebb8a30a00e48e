import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api/api-error.ts';
import type { MessageKey } from '../../../lib/i18n/locales/en.ts';
import { showToast, useToastStore } from '../../../lib/store/toast-store.ts';
import { moderationKeys } from './api/moderation-api.ts';

/** How long a destructive action (delete, time out, ban) waits for Undo before it is sent. */
export const UNDO_MS = 5000;

type Pending = { timer: number; toast: number; fire: () => void };

/**
 * Runs one moderation action at a time per panel: shows which button is busy, toasts the outcome and
 * refreshes what the action changed (queue, restrictions, audit log) for every panel of the show.
 * `later` holds a destructive action for UNDO_MS with an Undo (in a toast and on the row) before the
 * call is sent: a mistaken tap on a phone costs nothing. Leaving the screen sends what is pending.
 */
export function useModerationAction(slug: string) {
  const client = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [waiting, setWaiting] = useState<string[]>([]);
  const pending = useRef(new Map<string, Pending>());

  const run = useCallback(
    async (key: string, action: () => Promise<unknown>, errors: Record<number, MessageKey> = {}) => {
      setBusy(key);
      try {
        await action();
        showToast({ kind: 'success', messageKey: 'mod-done' });
        return true;
      } catch (error) {
        const status = isApiError(error) ? error.status : null;
        showToast({ kind: 'error', messageKey: (status !== null && errors[status]) || 'mod-error' });
        return false;
      } finally {
        setBusy(null);
        void client.invalidateQueries({ queryKey: moderationKeys.all(slug) });
      }
    },
    [client, slug],
  );

  const settle = (key: string) => {
    const p = pending.current.get(key);
    if (!p) return null;
    window.clearTimeout(p.timer);
    pending.current.delete(key);
    setWaiting((w) => w.filter((k) => k !== key));
    return p;
  };

  const undo = (key: string) => {
    const p = settle(key);
    if (!p) return;
    useToastStore.getState().dismiss(p.toast);
    showToast({ kind: 'info', messageKey: 'mod-undone' });
  };

  const later = (
    key: string,
    messageKey: MessageKey,
    params: Record<string, string>,
    action: () => Promise<unknown>,
  ) => {
    if (pending.current.has(key)) return;
    const fire = () => {
      if (settle(key)) void run(key, action);
    };
    const toast = showToast({
      kind: 'info',
      messageKey,
      params,
      durationMs: UNDO_MS,
      action: { labelKey: 'mod-undo', onClick: () => undo(key), testId: 'mod-undo-toast' },
    });
    pending.current.set(key, { timer: window.setTimeout(fire, UNDO_MS), toast, fire });
    setWaiting((w) => [...w, key]);
  };

  useEffect(
    () => () => {
      for (const p of [...pending.current.values()]) p.fire();
    },
    [],
  );

  return { busy, run, later, undo, waiting };
}
