/** [major, minor, patch] of iOS/iPadOS from a user agent, or null when it is not an iOS browser. */
export function iosVersion(userAgent: string): [number, number, number] | null {
  // iPhone/iPod/iPad user agents carry 'OS 13_5_1 like Mac OS X'; every iOS browser uses WebKit's.
  const m = /(?:iPhone|iPod|iPad)[^)]*? OS (\d+)(?:_(\d+))?(?:_(\d+))?/.exec(userAgent);
  if (!m) return null;
  return [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
}

/** Compares dotted versions numerically: '13.10' is above '13.6'. */
export function isVersionBelow(version: readonly number[], minimum: string): boolean {
  const min = minimum.split('.').map(Number);
  for (let i = 0; i < Math.max(version.length, min.length); i++) {
    const a = version[i] ?? 0;
    const b = min[i] ?? 0;
    if (a !== b) return a < b;
  }
  return false;
}

/**
 * DEV-08: the update notice shows for iOS below the minimum. iPadOS 13+ reports a Mac user agent by
 * default and is new enough, so it never matches here.
 */
export function needsIosUpdate(userAgent: string, minimum: string): boolean {
  const v = iosVersion(userAgent);
  return v !== null && isVersionBelow(v, minimum);
}
