import type { PersistStorage, StorageValue } from 'zustand/middleware';

/** The subset of Web Storage the persisted stores need; tests pass a Map-backed one. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Safari private mode and sandboxed frames throw on access: run without persistence.
    return null;
  }
}

/**
 * A zustand persist storage that keeps each field under its own key, JSON-encoded, instead of one
 * blob under the store's name. The spec names the persisted values (`user`, `authToken`,
 * `agreeCookies`, ...), and other tabs and tests read them by those names.
 */
export function splitKeyStorage<S extends object>(
  keys: readonly (keyof S & string)[],
  getStorage: () => KeyValueStorage | null = browserStorage,
): PersistStorage<S> {
  return {
    getItem: () => {
      const storage = getStorage();
      if (!storage) return null;
      const state: Partial<S> = {};
      let found = false;
      for (const key of keys) {
        const raw = storage.getItem(key);
        if (raw === null) continue;
        try {
          state[key] = JSON.parse(raw) as S[typeof key];
          found = true;
        } catch {
          storage.removeItem(key);
        }
      }
      return found ? ({ state, version: 0 } as StorageValue<S>) : null;
    },
    setItem: (_name, value) => {
      const storage = getStorage();
      if (!storage) return;
      for (const key of keys) {
        const v = value.state[key];
        if (v === null || v === undefined) storage.removeItem(key);
        else storage.setItem(key, JSON.stringify(v));
      }
    },
    removeItem: () => {
      const storage = getStorage();
      for (const key of keys) storage?.removeItem(key);
    },
  };
}
