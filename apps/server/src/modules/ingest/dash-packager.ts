import { execFile } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  path as boxPath,
  type CencTrack,
  child,
  encryptInit,
  encryptSegment,
  parseBoxes,
  serializeBoxes,
} from '../../../../../scripts/media/cenc.mjs';
import { avcCodecOf } from '../../media/avc-codec.ts';
import {
  type LiveDashIndex,
  type LiveDashRep,
  liveDashFile,
  liveDashIndexFile,
  readLiveDashIndex,
  writeLiveDashIndex,
} from '../../media/live-dash-index.ts';
import { fragmentDuration, readTfdt, shiftTfdt } from '../../media/mp4-fragment.ts';
import { firstAudioPts, firstVideoPts } from '../../media/ts-pts.ts';

const exec = promisify(execFile);
export const AUDIO_REP = 'audio';

/** The CENC key of a live stream: its own AES-128-CTR key and key id (docs/decisions.md). */
export type DashKey = { kid: string; key: Buffer };

/**
 * A live stream's CENC key, derived from its AES-128 (HLS) key: HMAC-SHA256 under that random key
 * gives an independent key (never the CBC key itself under CTR), released by the same DRM token rules
 * to the same fans. The key id starts with the stream's HLS key id, so the licence finds its stream
 * with one indexed lookup, and ends with a derived half it checks.
 */
export function dashKeyOf(mediaKeyId: string, mediaKeyHex: string): DashKey {
  const mac = (label: string) => createHmac('sha256', Buffer.from(mediaKeyHex, 'hex')).update(label).digest();
  return {
    kid: `${mediaKeyId}${mac('encore live cenc kid').subarray(0, 8).toString('hex')}`,
    key: mac('encore live cenc key').subarray(0, 16),
  };
}

export type DashSegmentInput = {
  /** The HLS rung: the video representation of the same name; the source rung also gives the audio. */
  rung: string;
  sn: number;
  /** Program date-time (show clock, ms) and duration (s) of the HLS segment. */
  pdt: number;
  dur: number;
  /** The first segment of this rung in this encoder run. */
  first: boolean;
  clearFile: string;
};

/** The frame and the moof+mdat of a one-fragment MP4 that ffmpeg wrote. */
function split(mp4: Buffer): { init: Buffer; fragment: Buffer } {
  const boxes = parseBoxes(mp4);
  const at = boxes.findIndex((b) => b.type === 'moof');
  if (at < 0) throw new Error('no fragment in the remuxed segment');
  return {
    init: serializeBoxes(boxes.slice(0, at)),
    fragment: serializeBoxes(boxes.slice(at).filter((b) => b.type === 'moof' || b.type === 'mdat')),
  };
}

/** RFC 6381 codecs, picture size of an init segment's track (from its avcC and sample entry). */
function describe(init: Buffer): { codecs: string; width: number | null; height: number | null } {
  const stsd = boxPath(parseBoxes(init), 'moov', 'trak', 'mdia', 'minf', 'stbl', 'stsd');
  const entry = stsd?.children?.[0];
  const avcC = child(entry, 'avcC')?.body;
  if (entry?.type !== 'avc1' || !avcC || !entry.prefix) {
    return { codecs: 'mp4a.40.2', width: null, height: null };
  }
  return {
    codecs: avcCodecOf(avcC.subarray(1, 4)) ?? 'avc1',
    width: entry.prefix.readUInt16BE(24),
    height: entry.prefix.readUInt16BE(26),
  };
}

const mp4Out = (file: string) => [
  '-c',
  'copy',
  '-f',
  'mp4',
  // One fragment for the whole segment, written when it closes; no edit list (the tfdt says the time).
  // delay_moov: the AAC's AudioSpecificConfig is known only after its first packet (ADTS in the TS);
  // an init written before it lacks it and Chromium refuses the audio.
  '-movflags',
  '+empty_moov+delay_moov+default_base_moof+frag_custom',
  '-use_editlist',
  '0',
  file,
];

/**
 * The CENC DASH of one live stream for one encoder run (docs/media.md section 9.1): every HLS segment
 * the packager finished is remuxed by ffmpeg (no re-encode: the same frames, cut where HLS cut them)
 * into a fragment per representation, encrypted with cenc.mjs (ffmpeg 5.1's own CENC writes no
 * per-sample IVs), its tfdt set on the show clock, and listed in the stream's dash.json. A run is a
 * DASH Period: an encoder that returns may bring other SPS/PPS, so each run has its own init segment.
 */
export async function createDashWriter(opts: {
  liveDir: string;
  slug: string;
  stream: string;
  key: DashKey;
  /** The show's availabilityStartTime (dashEpochOf); a stream keeps the one it began with. */
  epoch: number;
}) {
  const file = liveDashIndexFile(opts.liveDir, opts.slug, opts.stream);
  const index: LiveDashIndex = (await readLiveDashIndex(file)) ?? { version: 1, epoch: opts.epoch, runs: [] };
  const runId = (index.runs.at(-1)?.id ?? -1) + 1;
  /** The run's anchor: the show-clock date and the 90 kHz timestamp of its first segment. */
  let anchor: { pdt: number; pts: number } | null = null;
  const tracks = new Map<string, { track: CencTrack; ivState: { next: bigint } }>();
  let chain: Promise<void> = Promise.resolve();

  function runOf() {
    let run = index.runs.find((r) => r.id === runId);
    if (!run && anchor) {
      run = { id: runId, start: anchor.pdt, reps: [] };
      index.runs.push(run);
    }
    return run;
  }

  async function addRep(name: string, mp4: Buffer, pts: number, seg: DashSegmentInput): Promise<void> {
    const run = runOf();
    if (!run || !anchor) return;
    const { init, fragment } = split(mp4);
    let state = tracks.get(name);
    let rep = run.reps.find((r) => r.name === name);
    if (!state || !rep) {
      const made = encryptInit(init, opts.key.kid);
      const info = describe(init);
      state = { track: made.track, ivState: { next: BigInt(`0x${randomBytes(8).toString('hex')}`) } };
      tracks.set(name, state);
      await writeAtomically(
        liveDashFile(opts.liveDir, opts.slug, opts.stream, name, `init-${runId}.mp4`),
        made.init,
      );
      rep = {
        name,
        kind: made.track.kind,
        timescale: made.track.timescale,
        ...info,
        bandwidth: 0,
        segments: [],
      } satisfies LiveDashRep;
      run.reps.push(rep);
    }
    const ts = state.track.timescale;
    // On the show clock: the run's first segment at its program date, the rest by their own timestamps.
    const target =
      BigInt(Math.round(((anchor.pdt - index.epoch) * ts) / 1000)) +
      BigInt(Math.round(((pts - anchor.pts) * ts) / 90_000));
    const enc = encryptSegment(fragment, { key: opts.key.key, track: state.track, ivState: state.ivState });
    const current = readTfdt(enc)[0] ?? 0n;
    const out = shiftTfdt(enc, target - current);
    await writeAtomically(liveDashFile(opts.liveDir, opts.slug, opts.stream, name, `${seg.sn}.m4s`), out);
    rep.bandwidth = Math.max(rep.bandwidth, Math.round((out.length * 8) / seg.dur));
    // What the fragment holds, not the segment's length: a run's first picture can be shorter.
    const d = fragmentDuration(fragment) || Math.round(seg.dur * ts);
    rep.segments.push({ n: seg.sn, t: Number(target), d });
  }

  async function add(seg: DashSegmentInput): Promise<void> {
    const clear = await readFile(seg.clearFile);
    const videoPts = firstVideoPts(clear);
    if (videoPts === null) return;
    // Before the show's epoch (a line check a month ahead) a fragment has no place on the timeline.
    if ((anchor?.pdt ?? seg.pdt) < index.epoch) return;
    const scratch = await mkdtemp(path.join(tmpdir(), 'encore-dash-'));
    try {
      const v = path.join(scratch, 'v.mp4');
      const a = path.join(scratch, 'a.mp4');
      const audioPts = seg.rung === 'source' ? firstAudioPts(clear) : null;
      const args = ['-hide_banner', '-loglevel', 'error', '-y', '-i', seg.clearFile];
      args.push('-map', '0:v:0', '-video_track_timescale', '90000', ...mp4Out(v));
      let audio = audioPts !== null;
      try {
        await exec(
          'ffmpeg',
          audio ? [...args, '-map', '0:a:0', '-bsf:a', 'aac_adtstoasc', ...mp4Out(a)] : args,
        );
      } catch {
        // An MP3 feed: its HLS keeps the sound, its DASH is picture only (CENC DASH here is AAC).
        audio = false;
        await exec('ffmpeg', args);
      }
      const video = await readFile(v);
      // The run's first segment can open with sound before its first keyframe (2 s long, its picture
      // 1 s): its program date is its start, not its first picture's. Its end is exact (the next
      // segment's date, cut at that keyframe), so its first picture is one picture length before it.
      anchor ??= {
        pdt: seg.pdt + seg.dur * 1000 - (fragmentDuration(split(video).fragment) * 1000) / 90_000,
        pts: videoPts,
      };
      await addRep(seg.rung, video, videoPts, seg);
      if (audio && audioPts !== null) await addRep(AUDIO_REP, await readFile(a), audioPts, seg);
      await writeLiveDashIndex(file, index);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }

  return {
    runId,
    /** Packages one finished HLS segment; calls are queued, so segments land in order. */
    add(seg: DashSegmentInput): Promise<void> {
      const next = chain.then(() => add(seg));
      chain = next.catch(() => {});
      return next;
    },
  };
}

async function writeAtomically(file: string, data: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(`${file}.tmp`, data);
  await rename(`${file}.tmp`, file);
}

export type DashWriter = Awaited<ReturnType<typeof createDashWriter>>;
