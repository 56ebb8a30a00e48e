import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { splitKeyStorage } from '../../lib/store/split-storage.ts';
import { CAPTION_OFF } from './captions.ts';

/**
 * The fan's player choices, kept in this browser under the spec's names (viewing section 3):
 * volume, captionSelection (a language or none), qualitySelection (a height, or null for Auto) and
 * streamingNotice4k (the 4K notice was acknowledged). Mute is not kept here: it lives per tab (mute-memory.ts).
 */
interface PlayerPrefs {
  volume: number;
  captionSelection: string;
  qualitySelection: number | null;
  streamingNotice4k: boolean;
  setVolume: (volume: number) => void;
  setCaption: (language: string) => void;
  setQuality: (height: number | null) => void;
  setNotice4k: (seen: boolean) => void;
}

type Persisted = Pick<PlayerPrefs, 'volume' | 'captionSelection' | 'qualitySelection' | 'streamingNotice4k'>;
const KEYS = ['volume', 'captionSelection', 'qualitySelection', 'streamingNotice4k'] as const;

export const clampVolume = (v: number) => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 1);

export const usePlayerPrefs = create<PlayerPrefs>()(
  persist(
    (set) => ({
      volume: 1,
      captionSelection: CAPTION_OFF,
      qualitySelection: null,
      streamingNotice4k: false,
      setVolume: (volume) => set({ volume: clampVolume(volume) }),
      setCaption: (captionSelection) => set({ captionSelection }),
      setQuality: (qualitySelection) => set({ qualitySelection }),
      setNotice4k: (streamingNotice4k) => set({ streamingNotice4k }),
    }),
    {
      name: 'player',
      storage: splitKeyStorage<Persisted>(KEYS),
      partialize: ({ volume, captionSelection, qualitySelection, streamingNotice4k }) => ({
        volume,
        captionSelection,
        qualitySelection,
        streamingNotice4k,
      }),
    },
  ),
);
