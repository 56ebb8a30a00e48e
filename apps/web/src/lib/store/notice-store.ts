import { create } from 'zustand';

/** App-wide notices shown in a modal over any page (DEV-04, DEV-07, DEV-08). */
export type NoticeKind = 'too-many-devices' | 'maintenance' | 'ios-update';

interface NoticeState {
  notice: NoticeKind | null;
  showNotice: (notice: NoticeKind) => void;
  dismissNotice: () => void;
}

export const useNoticeStore = create<NoticeState>()((set) => ({
  notice: null,
  showNotice: (notice) => set({ notice }),
  dismissNotice: () => set({ notice: null }),
}));
