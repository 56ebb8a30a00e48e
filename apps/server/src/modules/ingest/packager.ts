import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FeedProblem, LadderRung } from '@encore/contract';
import { avcCodecOf, hlsCodecs } from '../../media/avc-codec.ts';
import {
  indexFile,
  type LiveRung,
  type LiveStreamIndex,
  liveSegmentFile,
  readLiveIndex,
  writeLiveIndex,
} from '../../media/live-index.ts';
import { LIVE_TARGET } from '../../media/live-ll.ts';
import { createTsChunker } from '../../media/ts-chunker.ts';
import { firstAudioPts } from '../../media/ts-pts.ts';
import { createFeedMeter } from './feed-health.ts';
import {
  type FeedFigures,
  parseInputStreams,
  parseProgress,
  probeSegment,
  snapshotSegment,
} from './feed-probe.ts';
import { createOpenPartsFile, createRungWriter, encrypt, type FinishedSegment } from './rung-writer.ts';
import { type ShowClock, showClock } from './show-clock.ts';

/**
 * Part length the chunker aims at (LL-HLS partial segments of about a third of a second; the
 * playlists' PART-TARGET, LIVE_PART_TARGET, leaves room for RTMP's millisecond timestamps' jitter).
 * Segments are cut at every keyframe and at a part boundary once they are LIVE_TARGET long (one
 * EXT-X-TARGETDURATION for a stream's life, whatever the encoder's keyframe interval; short segments
 * are most of standard HLS's glass-to-glass budget, as HOLD-BACK is three of them).
 */
export const LIVE_PART_SECONDS = 1 / 3;
/** ffmpeg's MPEG-TS muxer delays timestamps by twice `-muxdelay`; the show clock takes it off. */
const TS_MUX_DELAY_SECONDS = 0.7;
const TS_MUX_SHIFT_SECONDS = 2 * TS_MUX_DELAY_SECONDS;
/** Run directories of this process's packagers, until each run has finished its last segment. */
const activeRuns = new Set<string>();
/**
 * The newest run of each stream (by index file) and when its segments are all indexed: a run that
 * starts while the one before finishes (an encoder back within a second) reads the index only after
 * that, and a run's late health probe writes the index only while it is the newest, so no run
 * overwrites another's segments.
 */
const newestRun = new Map<string, { id: symbol; indexed: Promise<void> }>();
const NO_FRAME_TIMEOUT_MS = 20_000;
/** The source's segments are probed (picture, keyframe interval) one in this many after a run's first. */
const PROBE_EVERY = 5;

export type PackagerOptions = {
  /** Where the engine plays the feed (never the stream key: the engine renamed the publish). */
  input: string;
  liveDir: string;
  slug: string;
  stream: string;
  ladder: LadderRung[];
  mediaKey: Buffer;
  iv: Buffer;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  now?: () => number;
  /**
   * The show clock's reading of this publish: the wall clock (ms) at which the engine reported it
   * (on_publish), plus the angle's sync offset. Every segment's program date-time is derived from it
   * and the feed's own timestamps (src/modules/ingest/show-clock.ts).
   */
  publishedAt: number;
  /** Called once when the run is over (feed gone, stopped, or refused), with the problem if any. */
  onExit?: (problem: FeedProblem | null) => void;
  /** Each finished segment while its clear file exists (the CENC DASH of dash-packager.ts). */
  onSegment?: (seg: PackagedSegment) => Promise<void>;
  /** The feed's bytes when `input` is `pipe:0` (a mosaic composed by mosaic.ts). */
  stdin?: Readable;
};

export type PackagedSegment = {
  rung: string;
  sn: number;
  pdt: number;
  dur: number;
  first: boolean;
  /** It starts with a keyframe (its first part is INDEPENDENT). */
  independent: boolean;
  clearFile: string;
};

export type Packager = {
  figures(): FeedFigures;
  /** Stop this run: `end` marks the stream ended (End show), so playlists get EXT-X-ENDLIST. */
  stop(opts: { end: boolean }): Promise<void>;
  done: Promise<void>;
};

const SUPPORTED_VIDEO = new Set(['h264']);
const SUPPORTED_AUDIO = new Set(['aac', 'mp3']);

function rungArgs(rung: LadderRung | null, fd: number): string[] {
  const video = rung
    ? [
        '-vf',
        `scale=-2:'min(${rung.height},ih)'`,
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-tune',
        'zerolatency',
        '-pix_fmt',
        'yuv420p',
        '-b:v',
        `${rung.video_kbps}k`,
        '-maxrate',
        `${rung.video_kbps}k`,
        '-bufsize',
        `${rung.video_kbps * 2}k`,
        // Keyframes where the source has them, so every rung cuts its segments at the same frames.
        '-force_key_frames',
        'source',
      ]
    : ['-c:v', 'copy'];
  return [
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    ...video,
    '-c:a',
    'copy',
    // One transport stream per rung on a pipe of its own: Encore cuts parts and segments itself
    // (media/ts-chunker.ts). The muxer's delay is pinned, since the show clock subtracts it.
    '-muxdelay',
    String(TS_MUX_DELAY_SECONDS),
    '-f',
    'mpegts',
    `pipe:${fd}`,
  ];
}

/** Marks a stream's index ended when no run of its packager is left to do it (End show after a drop). */
export async function markStreamEnded(liveDir: string, slug: string, stream: string): Promise<void> {
  const file = indexFile(liveDir, slug, stream);
  const index = await readLiveIndex(file);
  if (index && !index.ended) await writeLiveIndex(file, { ...index, ended: true });
}

/**
 * One encoder run of one live stream: ffmpeg reads the feed from the RTMP engine and cuts the source
 * (passed through) and each lower rung into MPEG-TS segments on the show clock; each finished
 * segment is encrypted with the stream's AES-128 key (the same CBC scheme as the demo media), given
 * the next sequence number and its program date-time, and added to the stream's index. A new run
 * after an encoder drop continues the numbering with a discontinuity, so players resume without a
 * reload.
 */
export async function startPackager(opts: PackagerOptions): Promise<Packager> {
  const now = opts.now ?? Date.now;
  const streamDir = path.join(opts.liveDir, opts.slug, opts.stream);
  const runDir = path.join(streamDir, `.run-${now()}`);
  activeRuns.add(runDir);
  // A run killed with its process leaves clear segments behind: never keep unencrypted media at rest.
  const stale = await readdir(streamDir).catch(() => [] as string[]);
  await Promise.all(
    stale
      // Not a run of this process still finishing its last segments (an encoder that came back fast).
      .filter((d) => d.startsWith('.run-') && !activeRuns.has(path.join(streamDir, d)))
      .map((d) => rm(path.join(streamDir, d), { recursive: true, force: true })),
  );
  const rungNames = ['source', ...opts.ladder.map((r) => r.name)];
  await Promise.all(rungNames.map((n) => mkdir(path.join(runDir, n), { recursive: true })));
  const file = indexFile(opts.liveDir, opts.slug, opts.stream);
  const runId = Symbol(runDir);
  let markIndexed = () => {};
  const indexed = new Promise<void>((resolve) => {
    markIndexed = resolve;
  });
  const before = newestRun.get(file);
  newestRun.set(file, { id: runId, indexed });
  // Bounded, so a run that failed before it could say so never holds the next one for good.
  if (before) await Promise.race([before.indexed, new Promise((r) => setTimeout(r, 15_000))]);
  const index: LiveStreamIndex = (await readLiveIndex(file)) ?? { version: 1, ended: false, rungs: [] };
  index.ended = false;
  for (const name of rungNames) {
    if (!index.rungs.some((r) => r.name === name)) {
      index.rungs.push({
        name,
        width: null,
        height: null,
        codecs: null,
        frameRate: null,
        bandwidth: 0,
        segments: [],
      });
    }
  }
  index.rungs = index.rungs.filter((r) => rungNames.includes(r.name));

  const figures: FeedFigures = {
    connected: true,
    connectedSince: now(),
    videoCodec: null,
    audioCodec: null,
    width: null,
    height: null,
    frameRate: null,
    bitrateKbps: null,
    keyframeInterval: null,
    lastFrameAt: null,
    droppedFrames: null,
    receivedFps: null,
    speed: null,
    behindMs: null,
    bitrateHistory: [],
    audioPresent: null,
    audioLevelDb: null,
    thumbnail: null,
    thumbnailAt: null,
  };
  let problem: FeedProblem | null = null;
  let ending = false;
  const clock: ShowClock = showClock(opts.publishedAt);
  // The show clock is set by the run's first segment (its start); the meter only reads it after.
  let clockSet = false;
  const meter = createFeedMeter(now, (seconds) => (clockSet ? clock.dateOf(seconds) : null));
  let lastFrames = 0;

  const args = [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'info',
    '-stats_period',
    '0.5',
    '-progress',
    'pipe:1',
    '-rw_timeout',
    '10000000',
    // The encoder's own timestamps, unshifted: the show clock reads them (show-clock.ts), so a
    // packager that joins the publish a moment late still dates every frame from the publish.
    '-copyts',
    '-i',
    opts.input,
    ...rungNames.flatMap((_, i) => rungArgs(i === 0 ? null : (opts.ladder[i - 1] ?? null), 3 + i)),
  ];
  const child: ChildProcess = spawn('ffmpeg', args, {
    stdio: [opts.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe', ...rungNames.map(() => 'pipe' as const)],
  });
  if (opts.stdin && child.stdin) {
    child.stdin.on('error', () => {});
    opts.stdin.pipe(child.stdin);
  }

  let stderrTail = '';
  let inputChecked = false;
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-8000);
    if (!inputChecked && /Stream mapping:|Output #0|matches no streams/.test(stderrTail)) {
      inputChecked = true;
      const input = parseInputStreams(stderrTail);
      figures.videoCodec = input.video?.codec ?? null;
      figures.audioCodec = input.audio?.codec ?? null;
      figures.audioPresent = input.audio !== null;
      if (input.video) {
        figures.width = input.video.width;
        figures.height = input.video.height;
        figures.frameRate = input.video.fps;
      }
      if (!input.video) problem = input.audio ? 'audio_only' : 'unsupported_codec';
      else if (!SUPPORTED_VIDEO.has(input.video.codec)) problem = 'unsupported_codec';
      else if (input.audio && !SUPPORTED_AUDIO.has(input.audio.codec)) problem = 'unsupported_codec';
      if (problem) child.kill('SIGKILL');
    }
  });

  let progressBuf = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    progressBuf += chunk;
    let end = progressBuf.indexOf('progress=');
    while (end >= 0) {
      const lineEnd = progressBuf.indexOf('\n', end);
      if (lineEnd < 0) break;
      const report = parseProgress(progressBuf.slice(0, lineEnd));
      progressBuf = progressBuf.slice(lineEnd + 1);
      const t = now();
      if (report.frames !== null && report.frames > lastFrames) {
        lastFrames = report.frames;
        figures.lastFrameAt = t;
      }
      if (report.droppedFrames !== null) figures.droppedFrames = report.droppedFrames;
      meter.progress(report.frames, report.outTimeMs);
      end = progressBuf.indexOf('progress=');
    }
  });

  async function addSegment(rung: LiveRung, seg: FinishedSegment): Promise<void> {
    const isSource = rung.name === 'source';
    // The clear segment on disk for ffprobe and the DASH remux, then removed: never kept at rest.
    const clearFile = path.join(runDir, rung.name, `${seg.sn}.ts`);
    await writeFile(clearFile, seg.clear);
    const audio = () => firstAudioPts(seg.clear) !== null;
    const probe = async () => {
      const probe = await probeSegment(clearFile);
      // ffprobe can answer a size of 0x0 for a segment whose picture it could not decode yet (a
      // copied source's first segment, seen in CI): that is no size, and the next segment is asked.
      if (probe?.width && probe.height) {
        rung.width = probe.width;
        rung.height = probe.height;
        rung.frameRate = probe.frameRate;
        if (isSource) {
          figures.width = probe.width;
          figures.height = probe.height;
          figures.frameRate = probe.frameRate ?? figures.frameRate;
          figures.keyframeInterval = probe.keyframeInterval ?? figures.keyframeInterval;
        }
      }
    };
    // The codec string from the SPS itself (the multivariant playlist names it from the first segment).
    rung.codecs = hlsCodecs(seg.codec ? avcCodecOf(seg.codec) : null, audio()) ?? rung.codecs;
    // A run's first segment is probed before it is listed (the multivariant playlist names its
    // picture); some of the source's later ones after, for the health figures, off the latency path.
    // Until a probe has read the picture's size, each next segment is probed before it is listed too.
    if (seg.first || !rung.width) await probe();
    const out = liveSegmentFile(opts.liveDir, opts.slug, opts.stream, rung.name, seg.sn);
    await writeFile(`${out}.tmp`, encrypt(seg.clear, opts.mediaKey, opts.iv));
    await rename(`${out}.tmp`, out);
    const bits = seg.clear.length * 8;
    rung.bandwidth = Math.max(rung.bandwidth, Math.round(bits / seg.dur));
    if (isSource) meter.segment(seg.clear.length, seg.dur);
    const pdt = clock.dateOf(seg.pts / 90_000 - TS_MUX_SHIFT_SECONDS);
    rung.segments.push({
      sn: seg.sn,
      dur: seg.dur,
      pdt,
      disc: seg.first && rung.segments.length > 0,
      bytes: seg.clear.length,
      // Live captions place their cues on this segment's own timestamps (X-TIMESTAMP-MAP).
      pts: seg.pts,
      parts: seg.parts,
    });
    await saveIndex();
    // The DASH remux and the health probe run behind the listing: the rung's next parts do not wait.
    const packaged = {
      rung: rung.name,
      sn: seg.sn,
      pdt,
      dur: seg.dur,
      first: seg.first,
      independent: seg.parts[0]?.ind ?? true,
      clearFile,
    };
    // Its failures are logged, never thrown: an unhandled rejection here used to end the server.
    const after = (async () => {
      await opts
        .onSegment?.(packaged)
        .catch((err: unknown) => opts.log.warn({ err }, 'live DASH segment not packaged'));
      // Every few seconds is enough for the health figures: an ffprobe per 1 s segment costs a core's
      // tenth. A picture size the first probe did not get (a busy machine) is asked again.
      if ((isSource && !seg.first && seg.sn % PROBE_EVERY === 0) || rung.width === null) {
        await probe();
        if (rung.width !== null && newestRun.get(file)?.id === runId) await saveIndex();
      }
      // The host's thumbnail and the audio level: the run's second segment (soon after the publish),
      // then every PROBE_EVERY (feed-probe.ts snapshotSegment).
      if (isSource && !seg.first && (figures.thumbnailAt === null || seg.sn % PROBE_EVERY === 0)) {
        const shot = await snapshotSegment(clearFile, figures.audioPresent === true);
        if (shot.jpeg) {
          figures.thumbnail = shot.jpeg;
          figures.thumbnailAt = now();
        }
        if (shot.meanDb !== null) figures.audioLevelDb = shot.meanDb;
      }
      await rm(clearFile, { force: true });
    })().catch((err: unknown) => opts.log.warn({ err }, 'live segment follow-up failed'));
    background.add(after);
    void after.finally(() => background.delete(after));
  }

  // One index file per stream: one write at a time, each with every rung's segments so far.
  let saving: Promise<void> = Promise.resolve();
  let unsaved = false;
  function saveIndex(): Promise<void> {
    if (unsaved) return saving;
    unsaved = true;
    saving = saving.then(async () => {
      unsaved = false;
      await writeLiveIndex(file, index);
    });
    return saving;
  }
  const background = new Set<Promise<void>>();
  const openParts = createOpenPartsFile(opts.liveDir, opts.slug, opts.stream);
  const writers = rungNames.map((name, i) => {
    const rung = index.rungs.find((r) => r.name === name) as LiveRung;
    const writer = createRungWriter({
      liveDir: opts.liveDir,
      slug: opts.slug,
      stream: opts.stream,
      rung: name,
      key: opts.mediaKey,
      iv: opts.iv,
      firstSn: (rung.segments.at(-1)?.sn ?? -1) + 1,
      continues: rung.segments.length > 0,
      dateOf: (pts) => {
        const date = clock.dateOf(pts / 90_000 - TS_MUX_SHIFT_SECONDS);
        clockSet = true;
        return date;
      },
      openParts,
      finish: (seg) =>
        addSegment(rung, seg).catch((err: unknown) =>
          opts.log.warn({ err, rung: name }, 'live segment not packaged'),
        ),
      onError: (err) => opts.log.warn({ err, rung: name }, 'live part not packaged'),
    });
    const chunker = createTsChunker({
      partTarget: LIVE_PART_SECONDS,
      segmentTarget: LIVE_TARGET,
      onPart: (part) => void writer.part(part),
    });
    const pipe = child.stdio[3 + i] as Readable | null;
    pipe?.on('data', (chunk: Buffer) => chunker.push(chunk));
    pipe?.on('error', () => {});
    const drained = new Promise<void>((resolve) => {
      if (!pipe) resolve();
      pipe?.on('close', () => resolve());
    });
    return { writer, chunker, drained };
  });

  // A feed that never brings a frame (the publish did not happen, or the engine stalls) ends the run.
  const watchdog = setTimeout(() => {
    if (lastFrames === 0) {
      problem = problem ?? 'packager_failed';
      child.kill('SIGKILL');
    }
  }, NO_FRAME_TIMEOUT_MS);

  const done = new Promise<void>((resolve) => {
    child.on('exit', (code) => {
      clearTimeout(watchdog);
      figures.connected = false;
      Promise.all(writers.map((w) => w.drained))
        .then(async () => {
          for (const w of writers) w.chunker.end();
          await Promise.all(writers.map((w) => w.writer.end()));
          await saving;
          if (ending) {
            index.ended = true;
            await writeLiveIndex(file, index);
          }
        })
        .catch((err: unknown) => opts.log.warn({ err }, 'live segments not packaged at the end'))
        .finally(async () => {
          markIndexed();
          if (newestRun.get(file)?.id === runId) newestRun.delete(file);
          await Promise.all(background);
          await rm(runDir, { recursive: true, force: true });
          activeRuns.delete(runDir);
          if (!problem && code !== 0 && !ending && lastFrames === 0) problem = 'packager_failed';
          if (code !== 0 && code !== null && problem === 'packager_failed') {
            opts.log.warn(
              { stream: opts.stream, code, tail: stderrTail.slice(-600) },
              'live packager failed',
            );
          }
          opts.onExit?.(problem);
          resolve();
        });
    });
  });

  return {
    figures: () => {
      const m = meter.measure();
      return {
        ...figures,
        receivedFps: m.receivedFps,
        speed: m.speed,
        behindMs: m.behindMs,
        bitrateKbps: m.bitrateKbps,
        bitrateHistory: m.history,
      };
    },
    async stop({ end }) {
      ending = ending || end;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      const timeout = setTimeout(() => child.kill('SIGKILL'), 5000);
      await done;
      clearTimeout(timeout);
    },
    done,
  };
}
