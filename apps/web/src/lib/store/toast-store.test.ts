import { TIMINGS_MS } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { showToast, useToastStore } from './toast-store.ts';

describe('toasts', () => {
  it('a success message lasts 4 s; the partner warning 8 s (CONST-10)', () => {
    expect(TIMINGS_MS.successToast).toBe(4000);
    expect(TIMINGS_MS.partnerWarning).toBe(8000);
    // Toasts of 4 to 5 s: the success message and the username/forgot-password ones.
    expect(TIMINGS_MS.usernameUpdatedToast).toBe(5000);
    expect(TIMINGS_MS.forgotPasswordToast).toBe(5000);
    const id = showToast({ kind: 'success', messageKey: 'notice-ok' });
    expect(useToastStore.getState().toasts.find((t) => t.id === id)?.durationMs).toBe(4000);
    const warn = showToast({ kind: 'error', messageKey: 'notice-ok', durationMs: TIMINGS_MS.partnerWarning });
    expect(useToastStore.getState().toasts.find((t) => t.id === warn)?.durationMs).toBe(8000);
  });
});
