import { type RefObject, useEffect } from 'react';
import { iosVersion } from '../../lib/device/ios-version.ts';

/** iOS, or iPadOS presenting itself as a Mac (a Mac has no touch points). */
export function isIosOrIpados(userAgent: string, platform: string, maxTouchPoints: number): boolean {
  return iosVersion(userAgent) !== null || (platform === 'MacIntel' && maxTouchPoints > 1);
}

/** Height the on-screen keyboard covers, from the visual viewport (0 when none is open). */
export function keyboardInset(layoutHeight: number, viewportHeight: number, viewportTop: number): number {
  return Math.max(0, Math.round(layoutHeight - viewportHeight - viewportTop));
}

/**
 * On iOS and iPadOS the keyboard overlays the page instead of resizing it, so the chat panel lifts
 * itself by the keyboard's height (CHAT-35) through the --chat-keyboard-inset custom property.
 */
export function useIosKeyboardInset(target: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport || !isIosOrIpados(navigator.userAgent, navigator.platform, navigator.maxTouchPoints ?? 0))
      return;
    const update = () => {
      const inset = keyboardInset(window.innerHeight, viewport.height, viewport.offsetTop);
      target.current?.style.setProperty('--chat-keyboard-inset', `${inset}px`);
      target.current?.toggleAttribute('data-keyboard', inset > 0);
    };
    viewport.addEventListener('resize', update);
    viewport.addEventListener('scroll', update);
    update();
    return () => {
      viewport.removeEventListener('resize', update);
      viewport.removeEventListener('scroll', update);
    };
  }, [target]);
}
