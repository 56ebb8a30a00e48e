import type { DrmSystem } from '@encore/contract';
import type { DashStream } from './media-catalog.ts';

/**
 * The MPEG-DASH manifests of a looped CENC stream (ISO/IEC 23009-1, DASH-IF IOP live profile).
 *
 * Live: a dynamic MPD on the same clock as the HLS live window (live-window.ts): its
 * availabilityStartTime is the build's epoch and segment number k is the k-th 2 s segment since, so
 * number k plays loop file k mod n (the origin moves its tfdt by the loops before it) and becomes
 * available when it has completely elapsed at epoch + (k + 1) * 2 s, exactly when the HLS playlist
 * lists segment k. An angle switch between HLS and DASH, or between two DASH angles, keeps the moment.
 * The MPD itself never changes within a build (a SegmentTemplate, no timeline), so players reload it
 * rarely; the UTCTiming carries the origin's clock, so a viewer whose clock is off still finds the edge.
 *
 * On demand: a static MPD of the loop once, through the same segment URLs (numbers 0 to n-1 are the
 * first loop, whose tfdt needs no move).
 */

/** DASH system ids (DASH-IF identifiers) of the key systems Encore names in its MPDs. */
export const SYSTEM_IDS = {
  /** W3C Common PSSH: what every ClearKey CDM reads its key ids from. */
  clearkey: '1077efec-c0b2-4d02-ace3-3c1e52e2fb4b',
  widevine: 'edef8ba9-79d6-4ace-a3c8-27dcd51d21ed',
  playready: '9a04f079-9840-4286-ab92-e65be0885f95',
} as const;

export type MpdOptions = {
  dash: DashStream;
  buildId: string;
  segmentDurationMs: number;
  /** Provider key systems (DRMtoday path) listed beside ClearKey; FairPlay is HLS only. */
  drmSystems: readonly DrmSystem[];
} & ({ type: 'live'; epochMs: number; nowMs: number; timeShiftSeconds: number } | { type: 'vod' });

const iso = (ms: number) => new Date(ms).toISOString();
const seconds = (s: number) => `PT${Number(s.toFixed(3))}S`;

/** A key id as the UUID string of cenc:default_KID. */
export function kidUuid(kidHex: string): string {
  const h = kidHex.toLowerCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A version 1 Common PSSH box naming `kidHex`, base64, for cenc:pssh (ClearKey's init data). */
export function commonPssh(kidHex: string): string {
  const box = Buffer.alloc(52);
  box.writeUInt32BE(52, 0);
  box.write('pssh', 4, 'latin1');
  box.writeUInt32BE(0x01000000, 8);
  Buffer.from(SYSTEM_IDS.clearkey.replaceAll('-', ''), 'hex').copy(box, 12);
  box.writeUInt32BE(1, 28);
  Buffer.from(kidHex, 'hex').copy(box, 32);
  box.writeUInt32BE(0, 48);
  return box.toString('base64');
}

export function contentProtection(kidHex: string, systems: readonly DrmSystem[]): string[] {
  const lines = [
    `<ContentProtection schemeIdUri="urn:mpeg:dash:mp4protection:2011" value="cenc" cenc:default_KID="${kidUuid(kidHex)}"/>`,
    `<ContentProtection schemeIdUri="urn:uuid:${SYSTEM_IDS.clearkey}" value="ClearKey1.0"><cenc:pssh>${commonPssh(kidHex)}</cenc:pssh></ContentProtection>`,
  ];
  if (systems.includes('widevine')) {
    lines.push(`<ContentProtection schemeIdUri="urn:uuid:${SYSTEM_IDS.widevine}" value="Widevine"/>`);
  }
  if (systems.includes('playready')) {
    lines.push(`<ContentProtection schemeIdUri="urn:uuid:${SYSTEM_IDS.playready}" value="MSPR 2.0"/>`);
  }
  return lines;
}

/** SegmentTemplate of one representation: $Number$ from 0, its own timescale. */
function template(buildId: string, timescale: number, segmentDurationMs: number): string {
  const duration = Math.round((timescale * segmentDurationMs) / 1000);
  return (
    `<SegmentTemplate timescale="${timescale}" duration="${duration}" startNumber="0" ` +
    `initialization="$RepresentationID$/${buildId}-init.mp4" media="$RepresentationID$/${buildId}-$Number$.m4s"/>`
  );
}

/** The MPD of `opts.dash`; URLs are relative to /media/<stream>/dash/. */
export function renderMpd(opts: MpdOptions): string {
  const { dash, buildId, segmentDurationMs } = opts;
  const segment = segmentDurationMs / 1000;
  const head =
    opts.type === 'live'
      ? `type="dynamic" availabilityStartTime="${iso(opts.epochMs)}" publishTime="${iso(opts.nowMs)}" ` +
        `minimumUpdatePeriod="PT30S" timeShiftBufferDepth="${seconds(opts.timeShiftSeconds)}" ` +
        `suggestedPresentationDelay="${seconds(3 * segment)}"`
      : `type="static" mediaPresentationDuration="${seconds(dash.segmentCount * segment)}"`;
  const top = [...dash.video].sort((a, b) => b.bandwidth - a.bandwidth);
  const maxWidth = Math.max(...top.map((v) => v.width));
  const maxHeight = Math.max(...top.map((v) => v.height));
  const protection = contentProtection(dash.kid, opts.drmSystems);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" xmlns:cenc="urn:mpeg:cenc:2013" profiles="urn:mpeg:dash:profile:isoff-live:2011" ${head} maxSegmentDuration="${seconds(segment)}" minBufferTime="${seconds(2 * segment)}">`,
    '<Period id="0" start="PT0S">',
    `<AdaptationSet id="1" contentType="video" mimeType="video/mp4" segmentAlignment="true" startWithSAP="1" maxWidth="${maxWidth}" maxHeight="${maxHeight}">`,
    ...protection,
    ...top.map(
      (v) =>
        `<Representation id="${v.name}" bandwidth="${v.bandwidth}" width="${v.width}" height="${v.height}" ` +
        `codecs="${v.codecs}" frameRate="${v.frameRate}" sar="1:1">` +
        `${template(buildId, v.timescale, segmentDurationMs)}</Representation>`,
    ),
    '</AdaptationSet>',
    '<AdaptationSet id="2" contentType="audio" mimeType="audio/mp4" lang="und" segmentAlignment="true" startWithSAP="1">',
    ...protection,
    `<Representation id="${dash.audio.name}" bandwidth="${dash.audio.bandwidth}" codecs="${dash.audio.codecs}" audioSamplingRate="${dash.audio.sampleRate}">`,
    '<AudioChannelConfiguration schemeIdUri="urn:mpeg:dash:23003:3:audio_channel_configuration:2011" value="2"/>',
    `${template(buildId, dash.audio.timescale, segmentDurationMs)}</Representation>`,
    '</AdaptationSet>',
    '</Period>',
  ];
  if (opts.type === 'live') {
    lines.push(`<UTCTiming schemeIdUri="urn:mpeg:dash:utc:direct:2014" value="${iso(opts.nowMs)}"/>`);
  }
  lines.push('</MPD>');
  return `${lines.join('\n')}\n`;
}

/**
 * Live segment number k of a stream whose loop has `segmentCount` segments: the loop file it plays
 * and how many ticks its tfdt moves (the loops completed before it, at the representation's timescale).
 */
export function loopPosition(
  number: number,
  segmentCount: number,
  segmentDurationMs: number,
  timescale: number,
): { loopIndex: number; shift: bigint } {
  const loops = Math.floor(number / segmentCount);
  const loopTicks = BigInt(Math.round((timescale * segmentDurationMs * segmentCount) / 1000));
  return { loopIndex: number % segmentCount, shift: BigInt(loops) * loopTicks };
}
