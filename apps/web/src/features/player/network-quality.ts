import { type LevelInfo, lowBandwidth } from './quality-levels.ts';
import type { StallReading } from './stall-watch.ts';

/**
 * When the low-bandwidth banner shows (PLY-48, issue 26): the picture cannot keep up, as measured.
 * Any of:
 * - a level chosen by hand needs more than the bandwidth estimate (the spec's case);
 * - the estimate is below the lowest rung: even Auto cannot go low enough;
 * - the picture starves (one stall of STALL.longMs, or two within STALL.windowMs) while the network
 *   brings less than the playing level needs: a stall with a fast network is not the network's (the
 *   stage feed paused: its slate says so; an LL-HLS part a moment late); a stall of STALL.starvedMs
 *   is the network's whatever the estimate (hls.js has no sample yet on a link that carries nothing).
 * Never while the fan is offline (the viewer says "your connection dropped") nor under the show's slate.
 */
export interface NetworkInputs {
  chosen: number;
  levels: readonly LevelInfo[];
  /** The level playing now, -1 when not known. */
  playing: number;
  estimateBps: number;
  stalls: StallReading;
  online: boolean;
  standby: boolean;
}

/** Once shown, the banner stays until the picture has kept up this long (no flicker on a shaky link). */
export const RECOVER_MS = 8_000;

const bitrateOf = (levels: readonly LevelInfo[], index: number) => levels[index]?.bitrate ?? 0;

export function cannotKeepUp(x: NetworkInputs): boolean {
  if (!x.online || x.standby) return false;
  if (lowBandwidth(x.chosen, x.levels, x.estimateBps)) return true;
  const known = Number.isFinite(x.estimateBps) && x.estimateBps > 0;
  const rates = x.levels.map((l) => l.bitrate ?? 0).filter((b) => b > 0);
  if (known && rates.length > 0 && x.estimateBps < Math.min(...rates)) return true;
  // Online and not the show's slate, a picture still for this long is the network's.
  if (x.stalls.starved) return true;
  const starving = x.stalls.longStall || x.stalls.recentStalls >= 2;
  if (!starving) return false;
  const need = bitrateOf(x.levels, x.playing >= 0 ? x.playing : x.chosen);
  // Without an estimate or a level's rate the stall itself is the only measure there is.
  return !known || need <= 0 || x.estimateBps < need;
}

/** The banner's hint: the Auto button on a level chosen by hand, a word that Auto is on, or none (4K). */
export type BannerHint = 'set-auto' | 'auto-on' | null;

export function bannerHint(chosen: number, autoOffered: boolean): BannerHint {
  if (!autoOffered) return null;
  return chosen >= 0 ? 'set-auto' : 'auto-on';
}
