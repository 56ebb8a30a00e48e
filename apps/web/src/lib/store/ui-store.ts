import { type AuthMode, DEFAULT_LOCALE, type Locale } from '@encore/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { splitKeyStorage } from './split-storage.ts';

interface UiState {
  /** Which auth modal is open; '' means none (accounts section 2). */
  authMode: AuthMode;
  locale: Locale;
  agreeCookies: boolean;
  setAuthMode: (mode: AuthMode) => void;
  setLocale: (locale: Locale) => void;
  acceptCookies: () => void;
}

type PersistedUi = Pick<UiState, 'locale' | 'agreeCookies'>;

export const useUiStore = create<UiState>()(
  persist(
    (set) => ({
      authMode: '',
      locale: DEFAULT_LOCALE,
      agreeCookies: false,
      setAuthMode: (authMode) => set({ authMode }),
      setLocale: (locale) => set({ locale }),
      acceptCookies: () => set({ agreeCookies: true }),
    }),
    {
      name: 'ui',
      storage: splitKeyStorage<PersistedUi>(['locale', 'agreeCookies']),
      partialize: ({ locale, agreeCookies }) => ({ locale, agreeCookies }),
    },
  ),
);
