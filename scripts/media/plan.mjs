// What the demo media generator produces: the streams of spec section 7 (viewing), their ABR ladders and
// the lavfi filter graphs that draw them. Everything here feeds the fingerprint, so editing it
// regenerates the cache on the next run.

export const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
export const SEGMENT_SECONDS = 2;
/** The show loop: every angle, mosaic and the fan wall repeat after this, so one clock fits them all. */
export const LOOP_SECONDS = 20;
export const FPS = 25;
/** The 4K rendition is costly to encode, so it is a short loop at a lower frame rate. */
export const LOOP_4K_SECONDS = 6;
export const FPS_4K = 15;
export const ANGLES = 6;
/** The reference frame of the multiview overlay (spec section 9, multiview). */
export const REFERENCE = { width: 1920, height: 1080 };

// Main profile for the SD/HD rungs so that older decoders play them; High where the size needs it.
const MAIN = { profile: 'main', idc: '4d40' };
const HIGH = { profile: 'high', idc: '6400' };
const rung = (name, width, height, kbps, p, level) => ({ name, width, height, kbps, ...p, level });

// Each camera is drawn at 1080p and offered from 1080p down to 360p: the landing's system requirements
// promise "360p to 1080p, or auto" (CAPQ-17), and the quality menu lists what the stream really has.
const ANGLE_LADDER = [
  rung('1080p', 1920, 1080, 4000, HIGH, '4.0'),
  rung('720p', 1280, 720, 2500, MAIN, '3.1'),
  rung('480p', 854, 480, 1200, MAIN, '3.0'),
  rung('360p', 640, 360, 700, MAIN, '3.0'),
];
const MOSAIC_LADDER = [
  rung('1080p', 1920, 1080, 4500, HIGH, '4.0'),
  rung('540p', 960, 540, 1500, MAIN, '3.1'),
];

/** One look per camera so that a switch is obvious; low-res sources are scaled up because they are costly. */
const ANGLE_LOOKS = [
  { tone: 440, source: (w, h) => `testsrc2=s=${w}x${h}:r=${FPS}` },
  { tone: 494, source: (w, h) => `smptehdbars=s=${w}x${h}:r=${FPS}` },
  {
    tone: 523,
    source: (w, h) =>
      `mandelbrot=s=320x180:r=${FPS}:maxiter=128:end_scale=0.5,scale=${w}:${h}:flags=bicubic,hue=s=1.4`,
  },
  {
    tone: 587,
    source: (w, h) => `gradients=s=320x180:r=${FPS}:speed=0.03:seed=7,scale=${w}:${h}:flags=bilinear`,
  },
  {
    tone: 659,
    source: (w, h) => `rgbtestsrc=s=320x180:r=${FPS},hue=h=t*45,scale=${w}:${h}:flags=neighbor`,
  },
  {
    tone: 698,
    source: (w, h) =>
      `life=s=128x72:mold=10:r=${FPS}:ratio=0.1:seed=42:death_color=#1d3557:life_color=#f1faee,` +
      `scale=${w}:${h}:flags=neighbor`,
  },
];

const boxed = (h) => `:box=1:boxcolor=black@0.5:boxborderw=${Math.max(4, Math.round(h / 60))}`;
const text = (t, size, x, y, extra = '') =>
  `drawtext=fontfile=${FONT}:text='${t}':fontsize=${size}:fontcolor=white:borderw=3:bordercolor=black@0.8:x=${x}:y=${y}${extra}`;

/** The burned-in loop clock: identical on every angle and tile, so a switch visibly keeps the moment. */
const clock = (h) => text('%{pts\\:hms}', Math.round(h / 12), '(w-tw)/2', `h-th-${Math.round(h / 24)}`);

/** One camera drawn at w x h with its label and the clock; used full-size and as a mosaic tile. */
export function angleGraph(n, w, h) {
  const look = ANGLE_LOOKS[n - 1];
  return [
    look.source(w, h),
    'format=yuv420p',
    // drawtext's own box: a full-width translucent drawbox costs more than the whole label.
    text(`CAM ${n}`, Math.round(h / 7), '(w-tw)/2', `${Math.round(h / 40)}`, boxed(h)),
    clock(h),
    'setsar=1',
  ].join(',');
}

const tone = (hz, seconds) => `sine=frequency=${hz}:beep_factor=2:sample_rate=48000:duration=${seconds}`;

/**
 * Tiles of the mosaic on the 1920x1080 reference frame: 2x2 of 960x540 for four angles, 3x2 of 640x540
 * for six (the boxes the demo show's pips.mview lists). Each tile is drawn at its own size, so it fills
 * its box and the overlay's boxes match the picture exactly.
 */
function mosaicTiles(mode) {
  const cols = mode === 4 ? 2 : 3;
  const width = REFERENCE.width / cols;
  const height = REFERENCE.height / 2;
  return Array.from({ length: mode }, (_, i) => ({
    id: i + 1,
    x: (i % cols) * width,
    y: Math.floor(i / cols) * height,
    width,
    height,
  }));
}

function mosaic(mode) {
  const tiles = mosaicTiles(mode);
  const chains = tiles.map((t, i) => `${angleGraph(t.id, t.width, t.height)}[t${i}]`);
  const layout = tiles.map((t) => `${t.x}_${t.y}`).join('|');
  const inputs = tiles.map((_, i) => `[t${i}]`).join('');
  return {
    name: `streampips${mode}`,
    kind: 'mosaic',
    label: `MULTIVIEW ${mode}`,
    seconds: LOOP_SECONDS,
    fps: FPS,
    ladder: MOSAIC_LADDER,
    video: `${chains.join(';')};${inputs}xstack=inputs=${tiles.length}:layout=${layout},setsar=1`,
    audio: tone(330, LOOP_SECONDS),
    layout: {
      stream: `streampips${mode}`,
      width: REFERENCE.width,
      height: REFERENCE.height,
      boxes: tiles.map((t) => ({
        id: t.id,
        label: `CAM ${t.id}`,
        x: t.x,
        y: t.y,
        width: t.width,
        height: t.height,
      })),
    },
  };
}

/** Colourful tiles shimmering like a wall of fans' screens, from a tiny expression source scaled up. */
function fanwall() {
  const cells =
    'nullsrc=s=16x9:r=25,geq=' +
    "r='128+127*sin(X*1.3+Y*2.1+T*3)':g='128+127*sin(X*2.7+Y*0.9+T*2)':b='128+127*sin(X*0.5+Y*3.3+T*4)'";
  return {
    name: 'fanwall-stream',
    kind: 'fanwall',
    label: 'FAN WALL',
    seconds: LOOP_SECONDS,
    fps: FPS,
    ladder: [rung('720p', 1280, 720, 2000, MAIN, '3.1'), rung('360p', 640, 360, 700, MAIN, '3.0')],
    video: [
      cells,
      'scale=1280:720:flags=neighbor',
      'format=yuv420p',
      'drawgrid=w=80:h=80:t=6:color=black',
      text('FAN WALL', 120, '(w-tw)/2', '(h-th)/2', boxed(720)),
      clock(720),
      'setsar=1',
    ].join(','),
    // Pink noise sounds like a crowd.
    audio: `anoisesrc=color=pink:amplitude=0.15:sample_rate=48000:duration=${LOOP_SECONDS}`,
  };
}

function uhd() {
  return {
    name: 'stream4k',
    kind: '4k',
    label: '4K',
    seconds: LOOP_4K_SECONDS,
    fps: FPS_4K,
    ladder: [rung('2160p', 3840, 2160, 12000, HIGH, '5.1')],
    video: [
      `testsrc2=s=3840x2160:r=${FPS_4K}`,
      'format=yuv420p',
      text('4K  UHD', 360, '(w-tw)/2', '(h-th)/2'),
      clock(2160),
      'setsar=1',
    ].join(','),
    audio: tone(392, LOOP_4K_SECONDS),
  };
}

/** Every stream to produce, in encode order (the costly 4K first so the pool overlaps it with the rest). */
export function streamPlan() {
  const angles = Array.from({ length: ANGLES }, (_, i) => ({
    name: `mix-stream${i + 1}`,
    kind: 'angle',
    label: `CAM ${i + 1}`,
    seconds: LOOP_SECONDS,
    fps: FPS,
    ladder: ANGLE_LADDER,
    video: angleGraph(i + 1, 1920, 1080),
    audio: tone(ANGLE_LOOKS[i].tone, LOOP_SECONDS),
  }));
  return [uhd(), mosaic(6), mosaic(4), ...angles, fanwall()];
}

/** RFC 6381 codec string of an H.264 rung with AAC-LC audio. */
export function codecsOf(r) {
  const level = Math.round(Number(r.level) * 10)
    .toString(16)
    .padStart(2, '0');
  return `avc1.${r.idc}${level},mp4a.40.2`;
}
