import { useEffect, useState } from 'react';
import { chooseDrmSystem, type DrmSystem, probeKeySystem } from '../drm-rules.ts';

/** One probe per page: the viewer (which stream type to play) and the player (its data-drm-system) ask. */
let choice: Promise<DrmSystem> | null = null;

/**
 * The DRM system this browser uses (PLY-30): FairPlay on Safari, else Widevine, upgraded to PlayReady
 * when the key-system probe finds it. It decides the stream type (streamTypeFor: DASH for Widevine
 * and PlayReady where the show has DASH) and comes first among the DASH session's key systems.
 */
export function useDrmSystem(): DrmSystem | null {
  const [system, setSystem] = useState<DrmSystem | null>(null);
  useEffect(() => {
    let live = true;
    choice ??= chooseDrmSystem(navigator.userAgent, probeKeySystem);
    void choice.then((s) => {
      if (live) setSystem(s);
    });
    return () => {
      live = false;
    };
  }, []);
  return system;
}
