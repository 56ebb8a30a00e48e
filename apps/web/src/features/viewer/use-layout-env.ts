import { useEffect, useState } from 'react';
import { currentPointerEnvironment, isHandheld } from '../../lib/device/handheld.ts';
import { type DeviceClass, deviceClass, isInline, type OsClass, osClass } from './device-layout.ts';

export interface LayoutState {
  device: DeviceClass;
  os: OsClass;
  handheld: boolean;
  /** Handheld, landscape, short: the video inline beside the chat (LAY-04). */
  inline: boolean;
}

function read(): LayoutState {
  const handheld = isHandheld(currentPointerEnvironment());
  return {
    handheld,
    device: deviceClass({ width: window.innerWidth, handheld }),
    inline: isInline({ width: window.innerWidth, height: window.innerHeight, handheld }),
    os: osClass({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints ?? 0 }),
  };
}

/** The viewer's layout variant, following window resizes and rotations. */
export function useLayoutEnv(): LayoutState {
  const [env, setEnv] = useState(read);
  useEffect(() => {
    let frame = 0;
    const onResize = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const next = read();
        setEnv((prev) =>
          prev.device === next.device &&
          prev.os === next.os &&
          prev.handheld === next.handheld &&
          prev.inline === next.inline
            ? prev
            : next,
        );
      });
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      cancelAnimationFrame(frame);
    };
  }, []);
  return env;
}
