export interface PointerEnvironment {
  /** `(pointer: coarse)` matches: the primary pointer is a finger. */
  coarsePointer: boolean;
  maxTouchPoints: number;
  /** The screen's shorter side in CSS pixels. */
  shortSide: number;
}

/** Tablets stop around 1024 CSS pixels on their short side; touch laptops are wider. */
const HANDHELD_MAX_SHORT_SIDE = 1024;

/**
 * Phone or tablet (DEV-06), told by how it is used rather than by its user agent: a touch-first
 * pointer on a screen no larger than a tablet. A touch laptop with a mouse as primary pointer is not.
 */
export function isHandheld({ coarsePointer, maxTouchPoints, shortSide }: PointerEnvironment): boolean {
  return coarsePointer && maxTouchPoints > 0 && shortSide > 0 && shortSide <= HANDHELD_MAX_SHORT_SIDE;
}

export function currentPointerEnvironment(): PointerEnvironment {
  return {
    coarsePointer: window.matchMedia?.('(pointer: coarse)').matches ?? false,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    shortSide: Math.min(window.screen?.width ?? 0, window.screen?.height ?? 0),
  };
}
