import { useEffect, useRef, useState } from 'react';
import { cannotKeepUp, type NetworkInputs, RECOVER_MS } from '../network-quality.ts';

/**
 * Whether the low-bandwidth banner shows (network-quality.ts): at once when the picture cannot keep up,
 * and until it has kept up for RECOVER_MS. A new choice of quality starts afresh: "Set quality to Auto"
 * hides the banner at once, and it comes back only if Auto cannot keep up either. Offline, or under
 * the show's slate, it never shows.
 */
export function useLowBandwidthBanner(inputs: NetworkInputs): boolean {
  const bad = cannotKeepUp(inputs);
  const [lingering, setLingering] = useState(false);
  const chosenRef = useRef(inputs.chosen);

  useEffect(() => {
    if (chosenRef.current !== inputs.chosen) {
      chosenRef.current = inputs.chosen;
      setLingering(bad);
      return;
    }
    if (bad) {
      setLingering(true);
      return;
    }
    const timer = window.setTimeout(() => setLingering(false), RECOVER_MS);
    return () => window.clearTimeout(timer);
  }, [bad, inputs.chosen]);

  // Offline the viewer says "your connection dropped"; under the show's slate, the show is away.
  if (!inputs.online || inputs.standby) return false;
  return bad || lingering;
}
