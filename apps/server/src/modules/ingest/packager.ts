import { type ChildProcess, spawn } from 'node:child_process';
import { createCipheriv } from 'node:crypto';
import { type FSWatcher, watch } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FeedProblem, LadderRung } from '@encore/contract';
import {
  indexFile,
  type LiveRung,
  type LiveStreamIndex,
  liveSegmentFile,
  readLiveIndex,
  writeLiveIndex,
} from '../../media/live-index.ts';
import { firstVideoPts } from '../../media/ts-pts.ts';
import { createFeedMeter } from './feed-health.ts';
import {
  type FeedFigures,
  parseInputStreams,
  parseProgress,
  probeSegment,
  snapshotSegment,
} from './feed-probe.ts';
import { type ShowClock, showClock } from './show-clock.ts';

/**
 * Segment length: a segment ends at the encoder's first keyframe this long after its start (a 2 s GOP
 * makes 2 s segments). Short segments are most of the glass-to-glass budget (docs/benchmarks.md).
 */
export const LIVE_SEGMENT_SECONDS = 1;
/** Segments are taken as ffmpeg lists them (fs.watch); this poll only backs the watch up. */
const POLL_MS = 1000;
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

function rungArgs(rung: LadderRung | null, runDir: string): string[] {
  const name = rung ? rung.name : 'source';
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
    '-f',
    'segment',
    '-segment_format',
    'mpegts',
    // Cut at the first keyframe a segment's length after the last cut, on the feed's own timeline:
    // with a 1 s GOP every segment is 1 s. (Cutting on the wall clock, -segment_atclocktime, made
    // 1 to 3 s segments under load: the cut waited for the packager's reading of the clock, and one
    // long segment raises the playlist's target duration, which sets the player's distance.)
    '-segment_time',
    String(LIVE_SEGMENT_SECONDS),
    '-segment_time_delta',
    '0.05',
    '-reset_timestamps',
    '0',
    '-segment_list',
    path.join(runDir, `${name}.csv`),
    '-segment_list_type',
    'csv',
    path.join(runDir, name, '%06d.ts'),
  ];
}

function encrypt(clear: Buffer, key: Buffer, iv: Buffer): Buffer {
  const cipher = createCipheriv('aes-128-cbc', key, iv);
  return Buffer.concat([cipher.update(clear), cipher.final()]);
}

/** Marks a stream's index ended when no run of its packager is left to do it (End show after a drop). */
export async function markStreamEnded(liveDir: string, slug: string, stream: string): Promise<void> {
  const file = indexFile(liveDir, slug, stream);
  const index = await readLiveIndex(file);
  if (index && !index.ended) await writeLiveIndex(file, { ...index, ended: true });
}

/** RFC 6381 codec string of an H.264 rung and its audio, for the multivariant playlist. */
export function codecsOf(profile: string | null, level: number | null, audio: boolean): string | null {
  if (!profile || !level) return null;
  const idc = /high/i.test(profile) ? '6400' : /main/i.test(profile) ? '4d40' : '42e0';
  const video = `avc1.${idc}${level.toString(16).padStart(2, '0')}`;
  return audio ? `${video},mp4a.40.2` : video;
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
  // A run killed with its process leaves clear segments behind: never keep unencrypted media at rest.
  const stale = await readdir(streamDir).catch(() => [] as string[]);
  await Promise.all(
    stale
      .filter((d) => d.startsWith('.run-'))
      .map((d) => rm(path.join(streamDir, d), { recursive: true, force: true })),
  );
  const rungNames = ['source', ...opts.ladder.map((r) => r.name)];
  await Promise.all(rungNames.map((n) => mkdir(path.join(runDir, n), { recursive: true })));
  const file = indexFile(opts.liveDir, opts.slug, opts.stream);
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
  const seen = new Map<string, number>();
  const firstOfRun = new Set(rungNames);

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
    ...rungArgs(null, runDir),
    ...opts.ladder.flatMap((r) => rungArgs(r, runDir)),
  ];
  const child: ChildProcess = spawn('ffmpeg', args, {
    stdio: [opts.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
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

  let chain: Promise<void> = Promise.resolve();
  async function collect(): Promise<void> {
    for (const rung of index.rungs) {
      let csv: string;
      try {
        csv = await readFile(path.join(runDir, `${rung.name}.csv`), 'utf8');
      } catch {
        continue;
      }
      // Only whole lines: ffmpeg may be writing the next one as the watch fires.
      const lines = csv.split('\n').slice(0, -1);
      const done = seen.get(rung.name) ?? 0;
      for (const line of lines.slice(done)) {
        const [name, start, end] = line.split(',');
        if (!name || start === undefined || end === undefined) continue;
        await addSegment(rung, path.join(runDir, rung.name, name), Number(start), Number(end));
      }
      seen.set(rung.name, lines.length);
    }
  }

  async function addSegment(rung: LiveRung, clearFile: string, start: number, end: number): Promise<void> {
    const dur = end - start;
    if (!(dur > 0)) return;
    let clear: Buffer;
    try {
      clear = await readFile(clearFile);
    } catch {
      return;
    }
    const isSource = rung.name === 'source';
    const first = firstOfRun.delete(rung.name);
    // A run's first segment is probed before it is listed (the multivariant playlist names its codecs
    // and picture); some of the source's later ones after, for the health figures, off the latency path.
    const probe = async () => {
      const probe = await probeSegment(clearFile);
      if (probe) {
        rung.width = probe.width;
        rung.height = probe.height;
        rung.frameRate = probe.frameRate;
        rung.codecs = codecsOf(probe.profile, probe.level, probe.hasAudio);
        if (isSource) {
          figures.width = probe.width;
          figures.height = probe.height;
          figures.frameRate = probe.frameRate ?? figures.frameRate;
          figures.keyframeInterval = probe.keyframeInterval ?? figures.keyframeInterval;
        }
      }
    };
    if (first) await probe();
    const sn = (rung.segments.at(-1)?.sn ?? -1) + 1;
    const out = liveSegmentFile(opts.liveDir, opts.slug, opts.stream, rung.name, sn);
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(`${out}.tmp`, encrypt(clear, opts.mediaKey, opts.iv));
    await rename(`${out}.tmp`, out);
    const bits = clear.length * 8;
    rung.bandwidth = Math.max(rung.bandwidth, Math.round(bits / dur));
    if (isSource) meter.segment(clear.length, dur);
    // Live captions place their cues on this segment's own timestamps (X-TIMESTAMP-MAP).
    const pts = firstVideoPts(clear);
    const pdt = clock.dateOf(start);
    clockSet = true;
    rung.segments.push({
      sn,
      dur: Math.round(dur * 1000) / 1000,
      pdt,
      disc: first && rung.segments.length > 0,
      bytes: clear.length,
      ...(pts === null ? {} : { pts }),
    });
    await writeLiveIndex(file, index);
    const seg = { rung: rung.name, sn, pdt: rung.segments.at(-1)?.pdt ?? 0, dur, first, clearFile };
    await opts
      .onSegment?.(seg)
      .catch((err: unknown) => opts.log.warn({ err }, 'live DASH segment not packaged'));
    // Every few seconds is enough for the health figures: an ffprobe per 1 s segment costs a core's tenth.
    if (isSource && !first && sn % PROBE_EVERY === 0) await probe();
    // The host's thumbnail and the audio level: the run's second segment (soon after the publish),
    // then every PROBE_EVERY (feed-probe.ts snapshotSegment).
    if (isSource && !first && (figures.thumbnailAt === null || sn % PROBE_EVERY === 0)) {
      const shot = await snapshotSegment(clearFile, figures.audioPresent === true);
      if (shot.jpeg) {
        figures.thumbnail = shot.jpeg;
        figures.thumbnailAt = now();
      }
      if (shot.meanDb !== null) figures.audioLevelDb = shot.meanDb;
    }
    await rm(clearFile, { force: true });
  }

  // A feed that never brings a frame (the publish did not happen, or the engine stalls) ends the run.
  const watchdog = setTimeout(() => {
    if (lastFrames === 0) {
      problem = problem ?? 'packager_failed';
      child.kill('SIGKILL');
    }
  }, NO_FRAME_TIMEOUT_MS);

  // One collect at a time, and one more queued at most: a burst of events makes one pass.
  let queued = false;
  const kick = () => {
    if (queued) return;
    queued = true;
    chain = chain
      .then(() => {
        queued = false;
        return collect();
      })
      .catch((err: unknown) => opts.log.warn({ err }, 'live segment not packaged'));
  };
  // ffmpeg appends a segment's line to its list as it closes the segment: package it at once.
  let watcher: FSWatcher | null = null;
  try {
    watcher = watch(runDir, (_event, name) => {
      if (name?.toString().endsWith('.csv')) kick();
    });
    watcher.on('error', () => watcher?.close());
  } catch {
    watcher = null;
  }
  const timer = setInterval(kick, POLL_MS);

  const done = new Promise<void>((resolve) => {
    child.on('exit', (code) => {
      clearInterval(timer);
      watcher?.close();
      clearTimeout(watchdog);
      figures.connected = false;
      chain = chain
        .then(collect)
        .then(async () => {
          if (ending) {
            index.ended = true;
            await writeLiveIndex(file, index);
          }
        })
        .catch((err: unknown) => opts.log.warn({ err }, 'live segments not packaged at the end'))
        .finally(async () => {
          await rm(runDir, { recursive: true, force: true });
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
