import { useEffect, useState } from 'react';
import { chooseDrmSystem, type DrmSystem, probeKeySystem } from '../drm-rules.ts';

/**
 * The DRM system this browser would use (PLY-30): FairPlay on Safari, else Widevine, upgraded to
 * PlayReady when the key-system probe finds it. Encore's origin streams AES-128 HLS, which needs no
 * EME: the choice is made and shown on the player (data-drm-system); no EME licence path uses it yet
 * (docs/spec-coverage.md, PLY-30 and PLY-31).
 */
export function useDrmSystem(): DrmSystem | null {
  const [system, setSystem] = useState<DrmSystem | null>(null);
  useEffect(() => {
    let live = true;
    void chooseDrmSystem(navigator.userAgent, probeKeySystem).then((s) => {
      if (live) setSystem(s);
    });
    return () => {
      live = false;
    };
  }, []);
  return system;
}
