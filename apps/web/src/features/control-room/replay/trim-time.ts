/**
 * The trim's fields (issue 27): a moment of the recording as the host types it, a time into the
 * recording ("1:52", "0:01:52.5", "95"), and back. Offsets are seconds from the recording's start.
 */
export function formatOffset(seconds: number): string {
  const tenths = Math.round(Math.max(0, seconds) * 10);
  const whole = Math.floor(tenths / 10);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  const frac = tenths % 10 === 0 ? '' : `.${tenths % 10}`;
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}${frac}` : `${m}:${s}${frac}`;
}

/** Seconds of "h:mm:ss(.d)", "m:ss(.d)" or "s(.d)"; null when it is not such a time. */
export function parseOffset(text: string): number | null {
  const m = /^\s*(?:(?:(\d{1,2}):)?(\d{1,3}):)?(\d{1,5}(?:\.\d{1,3})?)\s*$/.exec(text);
  if (!m) return null;
  const [, h, min, sec] = m;
  if ((h !== undefined || min !== undefined) && Number(sec) >= 60) return null;
  if (h !== undefined && Number(min) >= 60) return null;
  return Number(h ?? 0) * 3600 + Number(min ?? 0) * 60 + Number(sec);
}

export type TrimSpan = { recordingStart: number; recordingEnd: number };

/** Where a moment (ms) lies on the recording's bar, 0 to 100. */
export const percentOf = (ms: number, span: TrimSpan) =>
  Math.min(100, Math.max(0, ((ms - span.recordingStart) / (span.recordingEnd - span.recordingStart)) * 100));
