/**
 * Bluetooth light-stick rules (viewing sections 3, 4 and 9, BT rows), Zod-free so the browser bundle
 * carries no schema code. The device's name prefix and its GATT service and characteristic are not
 * in the spec: they are configuration (client config `lightstick`, docs/decisions.md).
 */

export const LIGHTSTICK = {
  /** Web Bluetooth needs Chrome 55 or later (BT-08). */
  minChromeVersion: 55,
  /** The colour is recomputed and written at most every 100 ms (BT-10). */
  colourStepMs: 100,
  /** On stop the stick goes black, and black is written again 3 s later (BT-04). */
  stopRepeatMs: 3000,
} as const;

/**
 * A 128-bit Bluetooth UUID: any 8-4-4-4-12 hex (vendor services such as Nordic UART do not follow
 * the RFC 4122 variant bits, so a strict UUID check would refuse them).
 */
export const BLE_UUID_RE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** Track defaults of viewing section 9 (BT-06): tempo 120 bpm, start delay 0 ms, duration 200 s. */
export const LIGHTSTICK_TRACK_DEFAULTS = { tempo: 120, startDelay: 0, duration: 200 } as const;

/**
 * A colour track (BT-06). tempo: beats per minute, one colour per beat; startDelay: milliseconds
 * between the start and the first beat; duration: seconds of colour before the track ends on its own
 * (decisions.md: the spec gives the numbers without units). randomColor is always true: each beat's
 * colour comes from a generator seeded by the track, so every fan's stick shows the same colour.
 */
export interface LightstickTrack {
  title: string;
  tempo: number;
  startDelay: number;
  duration: number;
  gradient: boolean;
  randomColor: true;
}

/** One song of the built-in list (BT-07): bpm, start (ms delay) and duration (s) make its track. */
export interface LightstickSong {
  title: string;
  version: string;
  bpm: number;
  start: number;
  duration: number;
  gradient: boolean;
}

/** The built-in list of 12 songs (BT-07): the host's control room offers them; fans' sticks play them. */
export const LIGHTSTICK_SONGS: readonly LightstickSong[] = [
  { title: 'Encore Anthem', version: 'live', bpm: 128, start: 0, duration: 214, gradient: false },
  { title: 'Neon Hearts', version: 'original', bpm: 118, start: 400, duration: 197, gradient: true },
  { title: 'Stage Lights', version: 'remix', bpm: 124, start: 0, duration: 226, gradient: false },
  { title: 'Midnight Parade', version: 'original', bpm: 96, start: 1200, duration: 243, gradient: true },
  { title: 'Crown', version: 'live', bpm: 140, start: 0, duration: 188, gradient: false },
  { title: 'Starlit Road', version: 'acoustic', bpm: 78, start: 800, duration: 261, gradient: true },
  { title: 'Heartbeat Drive', version: 'original', bpm: 132, start: 0, duration: 201, gradient: false },
  { title: 'Paper Moon', version: 'ballad', bpm: 72, start: 1500, duration: 275, gradient: true },
  { title: 'Golden Hour', version: 'original', bpm: 110, start: 0, duration: 219, gradient: true },
  { title: 'Fireworks', version: 'live', bpm: 150, start: 0, duration: 176, gradient: false },
  { title: 'Echoes', version: 'english', bpm: 102, start: 600, duration: 232, gradient: true },
  { title: 'Thank You, Encore', version: 'finale', bpm: 88, start: 0, duration: 298, gradient: true },
];

/** The track a built-in song makes (the host's alert carries the same numbers). */
export function songTrack(song: LightstickSong): LightstickTrack {
  return {
    title: song.title,
    tempo: song.bpm,
    startDelay: song.start,
    duration: song.duration,
    gradient: song.gradient,
    randomColor: true,
  };
}

/**
 * The Chrome major version of a user agent, or null for other browsers (Edge and Opera report
 * Chrome too: they share its Bluetooth implementation).
 */
export function chromeMajor(userAgent: string): number | null {
  const m = /(?:Chrome|CriOS)\/(\d+)/.exec(userAgent);
  return m ? Number(m[1]) : null;
}

/** BT-08: a Chrome older than 55 cannot pair; other browsers are judged by the API's presence. */
export function isOldBrowserForBluetooth(userAgent: string): boolean {
  const major = chromeMajor(userAgent);
  return major !== null && major < LIGHTSTICK.minChromeVersion;
}
