import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { BitratePoint } from '@encore/contract';

const run = promisify(execFile);

/** What the health panel shows of one feed (AngleHealth, in the units the packager sees). */
export type FeedFigures = {
  connected: boolean;
  connectedSince: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
  width: number | null;
  height: number | null;
  frameRate: number | null;
  bitrateKbps: number | null;
  keyframeInterval: number | null;
  /** Wall clock of the last progress report whose frame count advanced. */
  lastFrameAt: number | null;
  droppedFrames: number | null;
  /** Measured over the last seconds (feed-health.ts): what arrives, not what the stream declares. */
  receivedFps: number | null;
  speed: number | null;
  behindMs: number | null;
  bitrateHistory: BitratePoint[];
  /** null until the input is read; false: no audio track. */
  audioPresent: boolean | null;
  audioLevelDb: number | null;
  /** A recent picture (JPEG) and when it was taken, for the host's panel only. */
  thumbnail: Buffer | null;
  thumbnailAt: number | null;
};

type InputStream = { codec: string; width: number | null; height: number | null; fps: number | null };

/** The input's streams from ffmpeg's banner (`Stream #0:0: Video: h264 (High), ..., 426x240, 30 fps`). */
export function parseInputStreams(stderr: string): { video: InputStream | null; audio: InputStream | null } {
  const head = stderr.split(/Output #0|Stream mapping:/)[0] ?? '';
  let video: InputStream | null = null;
  let audio: InputStream | null = null;
  for (const m of head.matchAll(/Stream #0:\d+[^:]*: (Video|Audio): ([\w-]+)([^\n]*)/g)) {
    const rest = m[3] ?? '';
    const size = /\b(\d{2,5})x(\d{2,5})\b/.exec(rest);
    const fps = /([\d.]+) fps/.exec(rest);
    const s: InputStream = {
      codec: m[2] ?? '',
      width: size ? Number(size[1]) : null,
      height: size ? Number(size[2]) : null,
      fps: fps ? Number(fps[1]) : null,
    };
    if (m[1] === 'Video' && !video) video = s;
    if (m[1] === 'Audio' && !audio) audio = s;
  }
  return { video, audio };
}

/** One block of `-progress` output (key=value lines ending with `progress=`). */
export function parseProgress(block: string): {
  frames: number | null;
  droppedFrames: number | null;
  outTimeMs: number | null;
} {
  const values = new Map<string, string>();
  for (const line of block.split('\n')) {
    const i = line.indexOf('=');
    if (i > 0) values.set(line.slice(0, i).trim(), line.slice(i + 1).trim());
  }
  const num = (k: string) => {
    const v = Number(values.get(k));
    return values.has(k) && Number.isFinite(v) ? v : null;
  };
  const us = num('out_time_us') ?? num('out_time_ms');
  return {
    frames: num('frame'),
    droppedFrames: num('drop_frames'),
    outTimeMs: us === null ? null : us / 1000,
  };
}

export type SegmentProbe = {
  width: number | null;
  height: number | null;
  frameRate: number | null;
  profile: string | null;
  level: number | null;
  hasAudio: boolean;
  /**
   * Seconds between keyframes: their median distance, or with one keyframe (segments are cut at
   * keyframes, so it opens a whole GOP) the pictures from it to the segment's end. Not the segment's
   * length: a run's first segment opens with sound before its first picture. Null without a keyframe.
   */
  keyframeInterval: number | null;
  keyframes: number;
};

const ratio = (r: string | undefined) => {
  const [a, b] = (r ?? '').split('/').map(Number);
  return a && b ? Math.round((a / b) * 1000) / 1000 : null;
};

/** ffprobe of a finished clear segment: its picture, codec profile and keyframe spacing. */
export async function probeSegment(file: string): Promise<SegmentProbe | null> {
  try {
    const { stdout } = await run(
      'ffprobe',
      [
        '-v',
        'error',
        '-show_entries',
        'stream=codec_type,width,height,avg_frame_rate,profile,level:packet=stream_index,pts_time,flags',
        '-of',
        'json',
        file,
      ],
      { timeout: 10_000, maxBuffer: 4 * 1024 * 1024 },
    );
    const json = JSON.parse(stdout) as {
      streams?: {
        codec_type: string;
        width?: number;
        height?: number;
        avg_frame_rate?: string;
        profile?: string;
        level?: number;
      }[];
      packets?: { stream_index: number; pts_time?: string; flags?: string }[];
    };
    const streams = json.streams ?? [];
    const videoIndex = streams.findIndex((s) => s.codec_type === 'video');
    const v = streams[videoIndex];
    if (!v) return null;
    const keys = (json.packets ?? [])
      .filter((p) => p.stream_index === videoIndex && p.flags?.startsWith('K') && p.pts_time !== undefined)
      .map((p) => Number(p.pts_time))
      .sort((a, b) => a - b);
    const gaps = keys.slice(1).map((k, i) => k - (keys[i] ?? k));
    gaps.sort((a, b) => a - b);
    let median = gaps.length > 0 ? (gaps[Math.floor(gaps.length / 2)] ?? null) : null;
    const frameRate = ratio(v.avg_frame_rate);
    const firstKey = keys[0];
    if (median === null && firstKey !== undefined && frameRate) {
      const last = Math.max(
        ...(json.packets ?? [])
          .filter((p) => p.stream_index === videoIndex && p.pts_time !== undefined)
          .map((p) => Number(p.pts_time)),
      );
      median = last - firstKey + 1 / frameRate;
    }
    return {
      width: v.width ?? null,
      height: v.height ?? null,
      frameRate,
      profile: v.profile ?? null,
      level: v.level ?? null,
      hasAudio: streams.some((s) => s.codec_type === 'audio'),
      keyframeInterval: median === null ? null : Math.round(median * 1000) / 1000,
      keyframes: keys.length,
    };
  } catch {
    return null;
  }
}

/**
 * A picture of a finished clear segment (a small JPEG for the host's panel) and, with `audio`, its
 * mean audio level in dBFS (ffmpeg's volumedetect): one short decode every few seconds.
 */
export async function snapshotSegment(
  file: string,
  audio: boolean,
): Promise<{ jpeg: Buffer | null; meanDb: number | null }> {
  const args = ['-hide_banner', '-nostdin', '-nostats', '-i', file];
  args.push('-map', '0:v:0', '-frames:v', '1', '-vf', 'scale=-2:180', '-c:v', 'mjpeg', '-q:v', '6');
  args.push('-f', 'image2pipe', 'pipe:1');
  if (audio) args.push('-map', '0:a:0', '-af', 'volumedetect', '-f', 'null', '-');
  try {
    const { stdout, stderr } = await run('ffmpeg', args, {
      encoding: 'buffer',
      timeout: 10_000,
      maxBuffer: 4 * 1024 * 1024,
    });
    const mean = /mean_volume:\s*(-?[\d.]+|-inf) dB/.exec(stderr.toString('utf8'))?.[1];
    const meanDb = mean === undefined ? null : mean === '-inf' ? -120 : Number(mean);
    return { jpeg: stdout.length > 0 ? stdout : null, meanDb };
  } catch {
    return { jpeg: null, meanDb: null };
  }
}
