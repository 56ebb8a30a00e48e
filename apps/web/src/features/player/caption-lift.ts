/**
 * Captions above the shown control bar in engines that draw cues outside the WebKit shadow box
 * (issue 26: Firefox drew them over the bar). Blink and WebKit move the whole cue box with CSS
 * (player.css, ::-webkit-media-text-track-container); Firefox has no such box, so here each cue that
 * sits at the bottom is given a line position above the bar while it shows, and its own back when
 * the bar hides. Cues arrive from hls.js a fragment at a time, so new ones are caught as they come.
 */

/** What of a cue the lift changes, kept to give it back. */
export interface CueLine {
  line: number | 'auto';
  snapToLines: boolean;
  lineAlign: 'start' | 'center' | 'end';
}

/** A cue as the lift sees it (VTTCue's line settings). */
export type LiftableCue = CueLine;

interface TrackLike {
  mode: string;
  cues: ArrayLike<unknown> | null;
}

interface TrackListLike extends ArrayLike<TrackLike> {
  addEventListener(type: 'addtrack' | 'change', listener: () => void): void;
  removeEventListener(type: 'addtrack' | 'change', listener: () => void): void;
}

/** The <video> as the lift sees it. */
export interface LiftVideo {
  clientHeight: number;
  textTracks: TrackListLike;
  addEventListener(type: 'timeupdate', listener: () => void): void;
  removeEventListener(type: 'timeupdate', listener: () => void): void;
}

/**
 * The line, in percent of the video's height, whose bottom edge sits `liftPx` above the video's
 * bottom; null when nothing is to be lifted or the video is too short to lift into.
 */
export function liftedLine(videoHeight: number, liftPx: number): number | null {
  if (liftPx <= 0 || videoHeight <= liftPx * 2) return null;
  return Math.floor(((videoHeight - liftPx) / videoHeight) * 1000) / 10;
}

/**
 * Whether a cue is drawn at the bottom where the bar would cover it: the default line, a line
 * counted from the bottom, or a percent line below the lifted one. A cue placed at the top by its
 * author stays where it is.
 */
export function sitsAtBottom(cue: CueLine, lifted: number): boolean {
  if (cue.line === 'auto') return true;
  if (cue.snapToLines) return cue.line < 0;
  return cue.line > lifted;
}

const isCue = (x: unknown): x is LiftableCue =>
  typeof x === 'object' && x !== null && 'line' in x && 'snapToLines' in x && 'lineAlign' in x;

/** Lifts the bottom cues of `cues` to `lifted` percent (null: gives every lifted cue its own line back). */
export function applyLift(
  cues: Iterable<unknown>,
  lifted: number | null,
  saved: WeakMap<object, CueLine>,
): void {
  for (const cue of cues) {
    if (!isCue(cue)) continue;
    const own = saved.get(cue);
    if (lifted === null) {
      if (own) {
        Object.assign(cue, own);
        saved.delete(cue);
      }
      continue;
    }
    if (!own && !sitsAtBottom(cue, lifted)) continue;
    if (!own) saved.set(cue, { line: cue.line, snapToLines: cue.snapToLines, lineAlign: cue.lineAlign });
    if (cue.line === lifted && !cue.snapToLines && cue.lineAlign === 'end') continue;
    // Percent lines are the only ones measured from the video's edge in pixels the bar can match;
    // snapped lines step by the cue's own line height.
    cue.snapToLines = false;
    cue.line = lifted;
    cue.lineAlign = 'end';
  }
}

/** The bar's height over the picture (player.css --bar-lift): taller with a replay's scrubber. */
export const barLift = (scrubber: boolean): number => (scrubber ? 80 : 56);

/** Whether this engine moves cues with the CSS of player.css (Blink, WebKit), so the lift is not needed. */
export function cssMovesCues(): boolean {
  const css = (globalThis as { CSS?: { supports?(q: string): boolean } }).CSS;
  return css?.supports?.('selector(::-webkit-media-text-track-container)') === true;
}

/**
 * Keeps the shown tracks' cues above a bar `liftPx` high (0 while the bar hides). Returns the setter
 * for the bar's height and a stop that gives every cue its own line back.
 */
export function createCaptionLift(video: LiftVideo): {
  set(liftPx: number): void;
  /** The video changed size: the same pixels are another percent. */
  refresh(): void;
  stop(): void;
} {
  const saved = new WeakMap<object, CueLine>();
  let liftPx = 0;
  const seen = new Map<TrackLike, number>();
  const pass = (force: boolean) => {
    const lifted = liftedLine(video.clientHeight, liftPx);
    for (const track of Array.from(video.textTracks)) {
      const cues = track.cues;
      if (!cues) continue;
      // New cues come a fragment at a time; a pass over an unchanged list has nothing to do.
      if (!force && seen.get(track) === cues.length) continue;
      seen.set(track, cues.length);
      applyLift(Array.from(cues), track.mode === 'showing' ? lifted : null, saved);
    }
  };
  const onTime = () => pass(false);
  const onChange = () => pass(true);
  video.addEventListener('timeupdate', onTime);
  video.textTracks.addEventListener('addtrack', onChange);
  video.textTracks.addEventListener('change', onChange);
  return {
    set(px: number) {
      if (px === liftPx) return;
      liftPx = px;
      pass(true);
    },
    refresh: () => pass(true),
    stop() {
      video.removeEventListener('timeupdate', onTime);
      video.textTracks.removeEventListener('addtrack', onChange);
      video.textTracks.removeEventListener('change', onChange);
      liftPx = 0;
      for (const track of Array.from(video.textTracks))
        if (track.cues) applyLift(Array.from(track.cues), null, saved);
    },
  };
}
