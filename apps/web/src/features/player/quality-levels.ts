import { PLAYER } from './player-constants.ts';

/** A quality level of viewing section 3 (CAPQ-08): label, index (-1 Auto), height, sortVal. */
export interface QualityLevel {
  label: string;
  index: number;
  height: number;
  sortVal: number;
}

/** What the player knows of an hls.js level. */
export interface LevelInfo {
  height?: number | undefined;
  bitrate?: number | undefined;
}

export const AUTO_LABEL = 'Auto';

/** '1080p' by height, '4K' for 2160, 'NNN kbps' when only the bitrate is known (CAPQ-09). */
export function qualityLabel(level: LevelInfo): string {
  const height = level.height ?? 0;
  if (height >= PLAYER.uhdHeight) return '4K';
  if (height > 0) return `${height}p`;
  return `${Math.round((level.bitrate ?? 0) / 1000)} kbps`;
}

/**
 * The quality menu, best first: each level, plus 'Auto' (index -1) when there is more than one level
 * and the 4K mode is off (CAPQ-10). Sorted by height, then bitrate.
 */
export function qualityLevels(levels: readonly LevelInfo[], uhdMode: boolean): QualityLevel[] {
  const list = levels.map((level, index) => ({
    label: qualityLabel(level),
    index,
    height: level.height ?? 0,
    sortVal: (level.height ?? 0) * 1e6 + Math.round((level.bitrate ?? 0) / 1000),
  }));
  list.sort((a, b) => b.sortVal - a.sortVal);
  if (levels.length > 1 && !uhdMode) list.push({ label: AUTO_LABEL, index: -1, height: 0, sortVal: -1 });
  return list;
}

/** The selector shows only with more than one level (CAPQ-11). */
export const showQualitySelector = (levels: readonly LevelInfo[]) => levels.length > 1;

/** In 4K mode the 2160 level is chosen on start (CAPQ-14); -1 (auto) otherwise or without one. */
export function startLevel(levels: readonly LevelInfo[], uhdMode: boolean): number {
  if (!uhdMode) return -1;
  return levels.findIndex((l) => (l.height ?? 0) >= PLAYER.uhdHeight);
}

/**
 * Low-bandwidth banner (PLY-48): a level was chosen by hand and the measured bandwidth cannot carry
 * it. Auto adapts by itself, so it never shows the banner.
 */
export function lowBandwidth(chosen: number, levels: readonly LevelInfo[], estimateBps: number): boolean {
  if (chosen < 0 || !Number.isFinite(estimateBps) || estimateBps <= 0) return false;
  const bitrate = levels[chosen]?.bitrate ?? 0;
  return bitrate > 0 && estimateBps < bitrate;
}
