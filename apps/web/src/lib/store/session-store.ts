import { isLoggedIn, type User } from '@encore/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { splitKeyStorage } from './split-storage.ts';

interface SessionState {
  user: User | null;
  authToken: string | null;
  /** The partner platform's login token (accounts section 3, `wvToken`), kept from its last login. */
  wvToken: string | null;
  setWvToken: (token: string) => void;
  setSession: (user: User, authToken: string) => void;
  setUser: (user: User) => void;
  clearSession: () => void;
}

type PersistedSession = Pick<SessionState, 'user' | 'authToken' | 'wvToken'>;

const PERSISTED_KEYS = ['user', 'authToken', 'wvToken'] as const;

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      user: null,
      authToken: null,
      wvToken: null,
      setWvToken: (wvToken) => set({ wvToken }),
      setSession: (user, authToken) => set({ user, authToken }),
      setUser: (user) => set({ user }),
      clearSession: () => set({ user: null, authToken: null, wvToken: null }),
    }),
    {
      name: 'session',
      storage: splitKeyStorage<PersistedSession>(PERSISTED_KEYS),
      partialize: ({ user, authToken, wvToken }) => ({ user, authToken, wvToken }),
    },
  ),
);

// Signing in or out in one tab applies to every open tab.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || (PERSISTED_KEYS as readonly string[]).includes(event.key)) {
      void useSessionStore.persist.rehydrate();
    }
  });
}

export function useIsLoggedIn(): boolean {
  return useSessionStore((s) => isLoggedIn(s));
}
