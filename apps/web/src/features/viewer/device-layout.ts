/** Layout variants of viewing section 2 (LAY-04). */
export type DeviceClass = 'desktop' | 'tablet' | 'phone';
export type OsClass = 'ios' | 'ipados' | 'android' | 'other';

export interface LayoutEnv {
  width: number;
  height: number;
  handheld: boolean;
  userAgent: string;
  maxTouchPoints: number;
}

/** Phones are narrow (or handheld and narrow); tablets are handheld or mid-width screens. */
export function deviceClass({ width, handheld }: Pick<LayoutEnv, 'width' | 'handheld'>): DeviceClass {
  if (width < 640) return 'phone';
  if (handheld || width < 1024) return 'tablet';
  return 'desktop';
}

/** iPadOS reports itself as a Mac; touch points tell it apart. */
export function osClass({
  userAgent,
  maxTouchPoints,
}: Pick<LayoutEnv, 'userAgent' | 'maxTouchPoints'>): OsClass {
  if (/iPhone|iPod/.test(userAgent)) return 'ios';
  if (/iPad/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)) return 'ipados';
  if (/Android/.test(userAgent)) return 'android';
  return 'other';
}

/** A phone or tablet turned sideways in a short window keeps the video inline, beside the chat. */
const INLINE_MAX_HEIGHT = 560;

/**
 * The inline variant (LAY-04): a handheld device held landscape, too short to stack video, view strip
 * and chat; the video plays inline at the window's height with the chat beside it.
 */
export function isInline({
  width,
  height,
  handheld,
}: Pick<LayoutEnv, 'width' | 'height' | 'handheld'>): boolean {
  return handheld && width > height && height <= INLINE_MAX_HEIGHT;
}
