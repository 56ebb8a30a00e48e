import { execFile } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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
import { writeFileAtomic } from '../../media/atomic-file.ts';
import { avcCodecOf } from '../../media/avc-codec.ts';
import {
  type LiveDashIndex,
  type LiveDashRep,
  liveDashFile,
  liveDashIndexFile,
  readLiveDashIndex,
  writeLiveDashIndex,
} from '../../media/live-dash-index.ts';
import { fragmentDuration, mergeChunks, readTfdt, sampleCount, shiftTfdt } from '../../media/mp4-fragment.ts';
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
  /** It starts with a keyframe (live segments need not: media/ts-chunker.ts). */
  independent: boolean;
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

/** Each moof+mdat pair (one chunk) of a fragment, in order. */
function chunksOf(fragment: Buffer): Buffer[] {
  const boxes = parseBoxes(fragment);
  const chunks: Buffer[] = [];
  for (let i = 0; i < boxes.length; i++) {
    if (boxes[i]?.type === 'moof' && boxes[i + 1]?.type === 'mdat') {
      chunks.push(serializeBoxes(boxes.slice(i, i + 2)));
    }
  }
  return chunks;
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

const mp4Out = (file: string, everyFrame = false) => [
  '-c',
  'copy',
  '-f',
  'mp4',
  // One fragment for the whole segment, written when it closes (or one per frame, to cut a segment
  // out of its picture group); no edit list (the tfdt says the time).
  // delay_moov: the AAC's AudioSpecificConfig is known only after its first packet (ADTS in the TS);
  // an init written before it lacks it and Chromium refuses the audio.
  '-movflags',
  `+empty_moov+delay_moov+default_base_moof+${everyFrame ? 'frag_every_frame' : 'frag_custom'}`,
  '-use_editlist',
  '0',
  file,
];

/**
 * Where a segment without a keyframe takes its pictures from: its picture group so far (the clear
 * TS from the group's keyframe segment on), the video samples already packaged from it, and the
 * keyframe segment's fragment time (ticks of 90 kHz on the show clock).
 */
type PictureGroup = { clear: Buffer[]; samples: number; t: bigint };

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
  /** Per rung: the picture group its next segment without a keyframe continues. */
  const groups = new Map<string, PictureGroup>();
  let chain: Promise<void> = Promise.resolve();

  function runOf() {
    let run = index.runs.find((r) => r.id === runId);
    if (!run && anchor) {
      run = { id: runId, start: anchor.pdt, reps: [] };
      index.runs.push(run);
    }
    return run;
  }

  /**
   * One fragment of representation `name`: encrypted, its tfdt set to `at` (ticks of the track's timescale) or else on the show clock from its first
   * timestamp `pts` (90 kHz); returns the time it was given.
   */
  async function addRep(
    name: string,
    mp4: Buffer,
    pts: number,
    seg: DashSegmentInput,
    at?: bigint,
  ): Promise<bigint | null> {
    const run = runOf();
    if (!run || !anchor) return null;
    const { init, fragment } = split(mp4);
    let state = tracks.get(name);
    let rep = run.reps.find((r) => r.name === name);
    if (!state || !rep) {
      const made = encryptInit(init, opts.key.kid);
      const info = describe(init);
      state = { track: made.track, ivState: { next: BigInt(`0x${randomBytes(8).toString('hex')}`) } };
      tracks.set(name, state);
      await writeFileAtomic(
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
      at ??
      BigInt(Math.round(((anchor.pdt - index.epoch) * ts) / 1000)) +
        BigInt(Math.round(((pts - anchor.pts) * ts) / 90_000));
    const enc = encryptSegment(fragment, { key: opts.key.key, track: state.track, ivState: state.ivState });
    const current = readTfdt(enc)[0] ?? 0n;
    const out = shiftTfdt(enc, target - current);
    await writeFileAtomic(liveDashFile(opts.liveDir, opts.slug, opts.stream, name, `${seg.sn}.m4s`), out);
    rep.bandwidth = Math.max(rep.bandwidth, Math.round((out.length * 8) / seg.dur));
    // What the fragment holds, not the segment's length: a run's first picture can be shorter.
    const d = fragmentDuration(fragment) || Math.round(seg.dur * ts);
    rep.segments.push({ n: seg.sn, t: Number(target), d });
    return target;
  }

  const ffmpeg = (input: string, ...outputs: string[][]) =>
    exec('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', input, ...outputs.flat()]);
  const videoOut = (file: string, everyFrame = false) => [
    '-map',
    '0:v:0',
    '-video_track_timescale',
    '90000',
    ...mp4Out(file, everyFrame),
  ];
  const audioOut = (file: string) => ['-map', '0:a:0', '-bsf:a', 'aac_adtstoasc', ...mp4Out(file)];

  /**
   * A segment that starts without a keyframe (a 2 s GOP makes 1 s segments, every other one without:
   * ts-chunker.ts): ffmpeg cannot remux it alone (no SPS, and a stream copy drops the pictures before
   * the first keyframe), so its picture group so far is remuxed a fragment per frame, and the frames
   * after those already packaged are its fragment (merged into one), timed from the group's keyframe
   * segment. Its sound is its own.
   */
  async function addDependent(seg: DashSegmentInput, clear: Buffer, group: PictureGroup, scratch: string) {
    group.clear.push(clear);
    const input = path.join(scratch, 'group.ts');
    const v = path.join(scratch, 'v.mp4');
    await writeFile(input, Buffer.concat(group.clear));
    await ffmpeg(input, videoOut(v, true));
    const video = await readFile(v);
    const { init, fragment } = split(video);
    const chunks = chunksOf(fragment);
    const mine = chunks.slice(group.samples);
    const first = mine[0];
    if (!first || !chunks[0]) return;
    const at = group.t + ((readTfdt(first)[0] ?? 0n) - (readTfdt(chunks[0])[0] ?? 0n));
    group.samples = chunks.length;
    await addRep(seg.rung, Buffer.concat([init, mergeChunks(mine)]), 0, seg, at);
    const audioPts = seg.rung === 'source' ? firstAudioPts(clear) : null;
    if (audioPts === null) return;
    const a = path.join(scratch, 'a.mp4');
    const sound = await ffmpeg(seg.clearFile, audioOut(a)).then(
      () => true,
      () => false,
    );
    if (sound) await addRep(AUDIO_REP, await readFile(a), audioPts, seg);
  }

  async function add(seg: DashSegmentInput): Promise<void> {
    const clear = await readFile(seg.clearFile);
    const videoPts = firstVideoPts(clear);
    if (videoPts === null) return;
    // Before the show's epoch (a line check a month ahead) a fragment has no place on the timeline.
    if ((anchor?.pdt ?? seg.pdt) < index.epoch) return;
    const group = groups.get(seg.rung);
    // Without its keyframe segment (not packaged) a segment has no picture to start from.
    if (!seg.independent && !group) return;
    const scratch = await mkdtemp(path.join(tmpdir(), 'encore-dash-'));
    try {
      if (!seg.independent && group) {
        await addDependent(seg, clear, group, scratch);
        await writeLiveDashIndex(file, index);
        return;
      }
      groups.delete(seg.rung);
      const v = path.join(scratch, 'v.mp4');
      const a = path.join(scratch, 'a.mp4');
      const audioPts = seg.rung === 'source' ? firstAudioPts(clear) : null;
      let audio = audioPts !== null;
      try {
        await ffmpeg(seg.clearFile, videoOut(v), audio ? audioOut(a) : []);
      } catch {
        // An MP3 feed: its HLS keeps the sound, its DASH is picture only (CENC DASH here is AAC).
        audio = false;
        await ffmpeg(seg.clearFile, videoOut(v));
      }
      const video = await readFile(v);
      // The run's first segment can open with sound before its first keyframe (2 s long, its picture
      // 1 s): its program date is its start, not its first picture's. Its end is exact (the next
      // segment's date, cut at that keyframe), so its first picture is one picture length before it.
      anchor ??= {
        pdt: seg.pdt + seg.dur * 1000 - (fragmentDuration(split(video).fragment) * 1000) / 90_000,
        pts: videoPts,
      };
      const t = await addRep(seg.rung, video, videoPts, seg);
      if (t !== null)
        groups.set(seg.rung, { clear: [clear], samples: sampleCount(split(video).fragment), t });
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

export type DashWriter = Awaited<ReturnType<typeof createDashWriter>>;
