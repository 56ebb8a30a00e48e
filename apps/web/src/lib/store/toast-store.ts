import { TIMINGS_MS } from '@encore/contract';
import { create } from 'zustand';
import type { MessageKey } from '../i18n/locales/en.ts';

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  /** Translated when shown, so a language switch applies to toasts on screen. */
  messageKey: MessageKey;
  params?: Record<string, string | number>;
  durationMs: number;
  /** One button beside the text (Undo of a moderation action), closing the toast when pressed. */
  action?: { labelKey: MessageKey; onClick: () => void; testId?: string };
}

interface ToastState {
  toasts: Toast[];
  dismiss: (id: number) => void;
}

let nextId = 1;

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

export function showToast(input: Omit<Toast, 'id' | 'durationMs'> & { durationMs?: number }): number {
  const id = nextId++;
  const toast: Toast = { durationMs: TIMINGS_MS.successToast, ...input, id };
  // Keep the last three: a burst of errors must not cover the page.
  useToastStore.setState((s) => ({ toasts: [...s.toasts.slice(-2), toast] }));
  return id;
}
