import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { randomSkewSeconds, resolveSkew } from '../time/skew.ts';
import { splitKeyStorage } from './split-storage.ts';

interface SkewState {
  /** Seconds this browser waits after doors open before its Enter button unlocks (LAND-20). */
  skew: number;
}

export const useSkewStore = create<SkewState>()(
  persist(() => ({ skew: randomSkewSeconds() }), {
    name: 'skew',
    storage: splitKeyStorage<SkewState>(['skew']),
    merge: (persisted, current) => ({
      ...current,
      skew: resolveSkew((persisted as Partial<SkewState>)?.skew),
    }),
  }),
);

// Written once at first load: hydration alone does not store a value that was never there, and
// the fan must keep the same slot on every visit.
useSkewStore.setState({ skew: useSkewStore.getState().skew });
