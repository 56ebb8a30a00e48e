/**
 * The origin's clock as this device sees it: how far behind live a fan sits is the server's now minus
 * the program date of the frame on screen, and a phone's clock can be seconds or minutes off.
 *
 * Each response the player loads anyway says what the server's clock read at some moment between the
 * request going out and the answer arriving: an HTTP Date header (whole seconds: the server's time lay
 * in [D, D + 1 s)) or a DASH MPD's UTCTiming (milliseconds). So the offset (server minus device) lies
 * in [low - received, high - sent]. Intersecting the windows of many responses, which land at every
 * phase of the second, narrows it to about a round trip within a minute of playlist reloads, without
 * a request of its own. The estimate is the middle of what is left.
 */
export interface ServerClock {
  /** A response: the server's reading as [low, high] ms since the epoch, and when the request went out and the answer came (device ms). */
  sample: (serverLow: number, serverHigh: number, sentAt: number, receivedAt: number) => void;
  /** Server ms minus device ms; 0 before any sample (the device's own clock). */
  offset: () => number;
  /** The width of the window the offset is known within, ms (Infinity before any sample). */
  uncertainty: () => number;
  /** The server's now, ms since the epoch. */
  now: () => number;
}

/** Windows older than this are dropped, so a device clock adjusted mid-session (NTP) is followed. */
const KEEP_SAMPLES = 120;

export function createServerClock(deviceNow: () => number = Date.now): ServerClock {
  const windows: { low: number; high: number }[] = [];
  let low = Number.NEGATIVE_INFINITY;
  let high = Number.POSITIVE_INFINITY;
  const recompute = () => {
    low = Number.NEGATIVE_INFINITY;
    high = Number.POSITIVE_INFINITY;
    for (const w of windows) {
      low = Math.max(low, w.low);
      high = Math.min(high, w.high);
    }
  };
  const offset = () => {
    if (windows.length === 0) return 0;
    return (low + high) / 2;
  };
  return {
    sample(serverLow, serverHigh, sentAt, receivedAt) {
      if (![serverLow, serverHigh, sentAt, receivedAt].every(Number.isFinite) || receivedAt < sentAt) return;
      windows.push({ low: serverLow - receivedAt, high: serverHigh - sentAt });
      if (windows.length > KEEP_SAMPLES) windows.shift();
      recompute();
      // Windows that do not overlap: one clock moved (a device clock set by hand, a server behind a
      // new balancer). The newest reading wins.
      if (low > high) {
        windows.splice(0, windows.length - 1);
        recompute();
      }
    },
    offset,
    uncertainty: () => (windows.length === 0 ? Number.POSITIVE_INFINITY : high - low),
    now: () => deviceNow() + offset(),
  };
}

/** A response's HTTP Date header as a server-clock window: the second it names, to its end. */
export function dateHeaderWindow(header: string | null): [number, number] | null {
  if (!header) return null;
  const ms = Date.parse(header);
  return Number.isFinite(ms) ? [ms, ms + 1000] : null;
}

/** A DASH MPD's direct UTCTiming value (urn:mpeg:dash:utc:direct:2014), ms since the epoch. */
export function mpdUtcTiming(mpd: string): number | null {
  const m = /<UTCTiming\s+schemeIdUri="urn:mpeg:dash:utc:direct:2014"\s+value="([^"]+)"/.exec(mpd);
  if (!m?.[1]) return null;
  const ms = Date.parse(m[1]);
  return Number.isFinite(ms) ? ms : null;
}
