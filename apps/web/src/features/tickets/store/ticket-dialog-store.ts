import { create } from 'zustand';

export type TicketDialogKind = 'validate' | 'buy';

export interface TicketDialog {
  kind: TicketDialogKind;
  /** The show the dialog is for. */
  slug: string;
}

interface TicketDialogState {
  dialog: TicketDialog | null;
  /** Asked for while logged out: opens after login unless the fan turns out to hold a ticket. */
  pending: TicketDialog | null;
  open: (dialog: TicketDialog) => void;
  close: () => void;
  setPending: (dialog: TicketDialog | null) => void;
}

export const useTicketDialogStore = create<TicketDialogState>()((set) => ({
  dialog: null,
  pending: null,
  open: (dialog) => set({ dialog, pending: null }),
  close: () => set({ dialog: null }),
  setPending: (pending) => set({ pending }),
}));
