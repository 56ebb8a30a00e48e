import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../lib/api/api-error.ts';
import type { MessageKey } from '../../../lib/i18n/locales/en.ts';
import { showToast } from '../../../lib/store/toast-store.ts';
import { moderationKeys } from './api/moderation-api.ts';

/**
 * Runs one moderation action at a time per panel: shows which button is busy, toasts the outcome and
 * refreshes what the action changed (queue, restrictions, audit log) for every panel of the show.
 */
export function useModerationAction(slug: string) {
  const client = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (
    key: string,
    action: () => Promise<unknown>,
    errors: Record<number, MessageKey> = {},
  ) => {
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
  };
  return { busy, run };
}
