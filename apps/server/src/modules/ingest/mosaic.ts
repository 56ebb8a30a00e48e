import { type ChildProcess, spawn } from 'node:child_process';
import type { MultiviewBox, Show } from '@encore/contract';
import { markStreamEnded, type Packager, type PackagerOptions, startPackager } from './packager.ts';

/** An angle on air: the stream, where the engine plays it, and whether it brings sound. */
export type OnAirFeed = { stream: string; input: string; audio: boolean };

/** The live mosaic's picture: small and 15 fps, so composing it costs little (docs/benchmarks.md). */
export const MOSAIC = { width: 640, height: 360, fps: 15, kbps: 500 } as const;
const REFERENCE = { width: 1920, height: 1080 };
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
/** A dropped input ends after this without data: its tile then shows the slate (overlay eof pass). */
const INPUT_TIMEOUT_US = 3_000_000;
/**
 * How each angle is opened: ffmpeg opens inputs one after the other, and by default probes an RTMP
 * feed for about 4 s (its frame rate from 20-odd frames); six angles then took longer than the
 * packager waits for a first frame (20 s), and the six-angle mosaic never started. Without the frame
 * rate probe (the fps filter sets the mosaic's) an angle opens as its first keyframe arrives, about
 * 1 s; the cap is above a 2 s GOP, since the engine sends a new player's video from a keyframe
 * (0.5 s found the audio alone, and the graph's video input then matched no stream).
 */
export const INPUT_PROBE = ['-analyzeduration', '2500000', '-fpsprobesize', '0'];
/** A mosaic run that failed is composed again after this, while its angles are on air. */
const RETRY_MS = 5000;

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
/** A label as drawtext takes it inside quotes: letters, digits, spaces and a few marks, nothing to escape. */
const safeText = (s: string) => s.replace(/[^\p{L}\p{N} #._-]/gu, '').slice(0, 40);

/** Where a box of the 1920x1080 reference frame (pips.mview) lies on the mosaic's picture. */
export function tileOf(box: MultiviewBox) {
  const sx = MOSAIC.width / REFERENCE.width;
  const sy = MOSAIC.height / REFERENCE.height;
  return {
    x: Math.round(box.x * sx),
    y: Math.round(box.y * sy),
    w: even(box.width * sx),
    h: even(box.height * sy),
  };
}

/**
 * ffmpeg's arguments composing one mosaic from the angles on air (`inputs[i]` is box i's, or null):
 * a dark frame with a "we'll be right back" slate in every box, each live angle scaled into its box
 * over it (an input that ends leaves its slate showing, the mosaic goes on), the boxes' labels on top
 * like the demo's mosaics, and the sound of the first angle that has any (else silence). MPEG-TS on
 * stdout, keyframes every second, for a packager like an angle's.
 */
export function mosaicArgs(
  boxes: MultiviewBox[],
  inputs: (OnAirFeed | null)[],
  startMs: number = Date.now(),
): string[] {
  const { width, height, fps, kbps } = MOSAIC;
  // One clock for every tile: each frame is timed by when it reached Encore (the show clock, as the
  // angles' program dates), counted from `startMs`; the encoders' own timestamps start anywhere.
  const since = `${(startMs / 1000).toFixed(3)}/TB`;
  const rtc = `(RTCTIME-${Math.round(startMs * 1000)})/(TB*1000000)`;
  // -copyts: ffmpeg would otherwise start every input at 0 again, losing the arrival times.
  const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-copyts'];
  args.push('-re', '-f', 'lavfi', '-i', `color=c=0x15151f:s=${width}x${height}:r=${fps}`);
  args.push('-re', '-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=stereo');
  const filters: string[] = [];
  const slate = boxes.map((b) => {
    const t = tileOf(b);
    // Nineteen characters across the box, whatever its shape.
    const size = Math.max(8, Math.round(Math.min(t.h / 10, t.w / 15)));
    return `drawtext=fontfile=${FONT}:text='WE’LL BE RIGHT BACK':fontsize=${size}:fontcolor=white@0.75:x=${t.x}+(${t.w}-tw)/2:y=${t.y}+(${t.h}-th)/2`;
  });
  filters.push(`[0:v]setpts=${rtc},${slate.join(',') || 'null'}[base]`);
  let last = 'base';
  let audio: number | null = null;
  let next = 2;
  boxes.forEach((b, i) => {
    const feed = inputs[i];
    if (!feed) return;
    const t = tileOf(b);
    const k = next++;
    args.push('-use_wallclock_as_timestamps', '1', '-rw_timeout', String(INPUT_TIMEOUT_US), ...INPUT_PROBE);
    args.push('-i', feed.input);
    if (feed.audio && audio === null) audio = k;
    filters.push(
      `[${k}:v]setpts=PTS-${since},fps=${fps},scale=${t.w}:${t.h}:force_original_aspect_ratio=decrease,` +
        `pad=${t.w}:${t.h}:(ow-iw)/2:(oh-ih)/2,setsar=1[t${i}]`,
      `[${last}][t${i}]overlay=x=${t.x}:y=${t.y}:eof_action=pass:repeatlast=0[o${i}]`,
    );
    last = `o${i}`;
  });
  const labels = boxes.map((b) => {
    const t = tileOf(b);
    const size = Math.max(10, Math.round(t.h / 9));
    return `drawtext=fontfile=${FONT}:text='${safeText(b.label)}':fontsize=${size}:fontcolor=white:box=1:boxcolor=black@0.5:boxborderw=4:x=${t.x}+8:y=${t.y}+8`;
  });
  filters.push(`[${last}]${[...labels, 'format=yuv420p'].join(',')}[v]`);
  filters.push(
    audio === null
      ? `[1:a]asetpts=${rtc},aresample=async=1000[a]`
      : `[1:a]asetpts=${rtc},aresample=async=1000[s];[${audio}:a]asetpts=PTS-${since},aresample=async=1000[m];` +
          '[s][m]amix=inputs=2:duration=first:dropout_transition=0:normalize=0[a]',
  );
  args.push('-filter_complex', filters.join(';'), '-map', '[v]', '-map', '[a]');
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-r', String(fps));
  args.push('-g', String(fps), '-b:v', `${kbps}k`, '-maxrate', `${kbps}k`, '-bufsize', `${kbps * 2}k`);
  args.push('-c:a', 'aac', '-b:a', '96k', '-f', 'mpegts', 'pipe:1');
  return args;
}

type Running = { inputs: string[]; compositor: ChildProcess; packager: Packager | null };

export type MosaicDeps = {
  liveDir: string;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  showOf: (slug: string) => Promise<Show | null>;
  /** The mosaic stream's AES-128 key (its ingest_streams row, made when ingest was turned on). */
  keyOf: (slug: string, stream: string) => Promise<{ id: string; key: string; iv: string } | null>;
  /** A DASH show's mosaics are also CENC DASH (the angles' hook). */
  segmentHook?: (feed: {
    slug: string;
    stream: string;
    mediaKeyId: string;
    mediaKey: string;
  }) => Promise<PackagerOptions['onSegment'] | undefined>;
  startPackager?: (opts: PackagerOptions) => Promise<Packager>;
  /** Angles come and go in bursts (an encoder's reconnect): wait this long before recomposing. */
  settleMs?: number;
  /** A failed run is composed again after this (RETRY_MS). */
  retryMs?: number;
};

/**
 * The live multiview mosaics of ingest shows (streampips4/6, docs/media.md section 9.2): one ffmpeg
 * per mosaic composes the angles on air, piped into a packager like an angle's (same AES-128 HLS, and
 * CENC DASH for a DASH show). An angle that drops leaves its slate tile; an angle that comes (or comes
 * back) is a new input, so the mosaic is recomposed: a new packager run, a discontinuity for players.
 */
export function createMosaics(deps: MosaicDeps) {
  const start = deps.startPackager ?? startPackager;
  const running = new Map<string, Running>();
  const chains = new Map<string, Promise<void>>();
  const timers = new Map<string, NodeJS.Timeout>();
  const ended = new Set<string>();
  /** Each show's latest reading of its angles on air, for a retry. */
  const onAirOf = new Map<string, () => OnAirFeed[]>();
  let closed = false;
  const id = (slug: string, stream: string) => `${slug}/${stream}`;

  function serial(key: string, step: () => Promise<void>): Promise<void> {
    const next = (chains.get(key) ?? Promise.resolve()).then(step).catch((err: unknown) => {
      deps.log.warn({ err, mosaic: key }, 'live mosaic not composed');
    });
    chains.set(key, next);
    return next;
  }

  async function stop(key: string, end: boolean): Promise<void> {
    const r = running.get(key);
    if (!r) return;
    running.delete(key);
    await r.packager?.stop({ end });
    r.compositor.kill('SIGKILL');
  }

  async function compose(slug: string, stream: string, boxes: MultiviewBox[], onAir: OnAirFeed[]) {
    const key = id(slug, stream);
    if (ended.has(slug) || closed) return;
    const inputs = boxes.map((b) => onAir.find((f) => f.stream === `mix-stream${b.id}`) ?? null);
    const urls = inputs.flatMap((f) => (f ? [f.input] : []));
    const current = running.get(key);
    // Nothing on air: no mosaic. A dropped angle alone changes nothing: its slate shows.
    if (urls.length === 0) return stop(key, false);
    if (current && urls.every((u) => current.inputs.includes(u))) return;
    await stop(key, false);
    const media = await deps.keyOf(slug, stream);
    if (!media) return;
    // The compositor's timeline starts at 0 at `startMs`: the packager's show clock reads it from there.
    const startMs = Date.now();
    const compositor = spawn('ffmpeg', mosaicArgs(boxes, inputs, startMs), {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let tail = '';
    compositor.stderr?.setEncoding('utf8');
    compositor.stderr?.on('data', (c: string) => {
      tail = (tail + c).slice(-2000);
    });
    const entry: Running = { inputs: urls, compositor, packager: null };
    running.set(key, entry);
    const onSegment = await deps.segmentHook?.({ slug, stream, mediaKeyId: media.id, mediaKey: media.key });
    entry.packager = await start({
      input: 'pipe:0',
      stdin: compositor.stdout ?? undefined,
      publishedAt: startMs,
      liveDir: deps.liveDir,
      slug,
      stream,
      ladder: [],
      mediaKey: Buffer.from(media.key, 'hex'),
      iv: Buffer.from(media.iv.replace(/^0x/, ''), 'hex'),
      log: deps.log,
      onSegment,
      onExit: (problem) => {
        compositor.kill('SIGKILL');
        if (problem) deps.log.warn({ slug, stream, problem, tail: tail.slice(-600) }, 'live mosaic stopped');
        if (running.get(key) !== entry) return;
        running.delete(key);
        // A run that failed by itself (not stopped here) is tried again while its angles are on air;
        // otherwise the mosaic would stay off until an angle came or went.
        if (problem) schedule(slug, deps.retryMs ?? RETRY_MS);
      },
    });
    deps.log.info({ slug, stream, angles: urls.length }, 'live mosaic composed');
  }

  async function update(slug: string, onAir: OnAirFeed[]): Promise<void> {
    const show = await deps.showOf(slug);
    if (!show) return;
    for (const mode of [4, 6] as const) {
      const stream = `streampips${mode}`;
      const boxes = show.pips.mview?.[mode];
      if (!show.streams[stream] || !boxes) continue;
      await serial(id(slug, stream), () => compose(slug, stream, boxes, onAir));
    }
  }

  function schedule(slug: string, ms: number): void {
    const onAir = onAirOf.get(slug);
    if (closed || ended.has(slug) || !onAir) return;
    clearTimeout(timers.get(slug));
    timers.set(
      slug,
      setTimeout(() => {
        timers.delete(slug);
        void update(slug, onAir());
      }, ms),
    );
  }

  return {
    /** The angles on air of a show changed: recompose its mosaics once they settle. */
    changed(slug: string, onAir: () => OnAirFeed[]): void {
      onAirOf.set(slug, onAir);
      schedule(slug, deps.settleMs ?? 1500);
    },

    /** End show: every mosaic closes its last segment and its playlists end. */
    async endShow(slug: string): Promise<void> {
      ended.add(slug);
      clearTimeout(timers.get(slug));
      for (const stream of ['streampips4', 'streampips6']) {
        const key = id(slug, stream);
        await serial(key, () => stop(key, true));
        await markStreamEnded(deps.liveDir, slug, stream);
      }
    },

    async close(): Promise<void> {
      closed = true;
      for (const t of timers.values()) clearTimeout(t);
      await Promise.all([...running.keys()].map((k) => stop(k, false)));
    },
  };
}

export type Mosaics = ReturnType<typeof createMosaics>;
