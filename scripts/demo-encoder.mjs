// `npm run demo:encoder -- <show slug> [--angles N] [--url http://localhost:8080] [--rtmp rtmp://host:1935/live/]
//  [--seconds S] [--drop-angle 1 --drop-after 20 --drop-for 10] [--captions] [--reconnect]
//  [--size 426x240 --fps 30 --kbps 600] [--gop-seconds 2] [--preset ultrafast] [--first-size 1280x720 --first-fps 15 --first-kbps 2500]
//  [--uhd [--uhd-fps 5]]` (or signals: USR1 drops, USR2 restores)
//
// A synthetic broadcast truck (README "Live ingest"): signs in as the demo host, turns live ingest on
// for the show (idempotent), takes each angle's stream key (made now, or rotated: a key is shown
// only once) and pushes one RTMP feed per angle with ffmpeg: a test picture with the wall clock
// burned in (text, and a 24-bit barcode of the milliseconds that bench/glass-to-glass.mjs reads), and
// a tone of its own pitch. --drop-angle makes one encoder drop and come back (encoder faults).
// --captions plays the captioning service too: a line in each of the show's caption languages every
// 3 s, with the clock in it, through the host's live-caption API (what a fan's caption menu shows).
// --first-* give angle 1 its own picture (the one a fan starts on: a 720p source under the show's
// ladder gives the demo's quality menu); --uhd also pushes the show's 4K view (`stream4k`, 3840x2160
// at --uhd-fps), which costs a core at any real frame rate, so only when asked.
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    angles: { type: 'string', default: '2' },
    url: {
      type: 'string',
      default: process.env.ENCORE_URL ?? `http://localhost:${process.env.PORT ?? 8080}`,
    },
    rtmp: { type: 'string' },
    email: { type: 'string', default: 'host@encore.test' },
    password: { type: 'string', default: process.env.DEMO_PASSWORD ?? 'encore-demo' },
    seconds: { type: 'string', default: '0' },
    'drop-angle': { type: 'string' },
    'drop-after': { type: 'string', default: '0' },
    'drop-for': { type: 'string', default: '10' },
    size: { type: 'string', default: '426x240' },
    fps: { type: 'string', default: '30' },
    kbps: { type: 'string', default: '600' },
    // A keyframe every 2 s, as OBS, Twitch and YouTube recommend (issue 24); 1 for the old 1 s GOP.
    'gop-seconds': { type: 'string', default: '2' },
    preset: { type: 'string', default: 'ultrafast' },
    'first-size': { type: 'string' },
    'first-fps': { type: 'string' },
    'first-kbps': { type: 'string' },
    uhd: { type: 'boolean', default: false },
    'uhd-fps': { type: 'string', default: '5' },
    captions: { type: 'boolean', default: false },
    reconnect: { type: 'boolean', default: false },
  },
});
const slug = positionals[0];
if (!slug) {
  console.error('usage: npm run demo:encoder -- <show slug> [--angles N] [--url URL] [--rtmp URL]');
  process.exit(2);
}
const base = values.url.replace(/\/$/, '');
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const LOOKS = ['testsrc2', 'smptebars', 'rgbtestsrc', 'testsrc', 'pal100bars', 'yuvtestsrc'];
const BITS = 24;

async function api(method, path, token, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Token ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.code ?? ''} ${json.message ?? ''}`);
  return json;
}

/**
 * The picture of one angle: its look, "CAM n", the wall clock (UTC, milliseconds) and the barcode:
 * BITS boxes, white for a 1, of (wall-clock ms mod 2^BITS), least significant bit on the left.
 * The clock is the encoder's own reading of the wall clock when it makes its first frame (setpts's
 * RTCSTART, in ms), plus each frame's time: a camera's honest capture time, whatever ffmpeg's start-up
 * took. The frames' timestamps start at zero again after the drawing (what the RTMP feed carries).
 */
export function angleFilter(n, startMs, size, label = `CAM ${n}`) {
  const [w, h] = size.split('x').map(Number);
  // Text in proportion to the picture (28 px on 240 lines), so a 4K frame's label reads as a 240p one's.
  const scale = Math.max(1, h / 240);
  const box = Math.max(6, Math.floor((w - 20) / BITS));
  const midnight = Math.floor(startMs / 86_400_000) * 86_400;
  const bars = Array.from({ length: BITS }, (_, i) => {
    const on = `eq(mod(floor(t*1000/${2 ** i})\\,2)\\,1)`;
    return `drawbox=x=${10 + i * box}:y=4:w=${box - 2}:h=${box - 2}:color=white:t=fill:enable='${on}'`;
  });
  return [
    'settb=1/1000',
    "setpts='PTS+RTCSTART/1000'",
    `drawbox=x=6:y=0:w=${BITS * box + 8}:h=${box + 6}:color=black:t=fill`,
    ...bars,
    `drawtext=fontfile=${FONT}:text='${label}':fontsize=${Math.round(28 * scale)}:fontcolor=white:borderw=2:bordercolor=black:x=12:y=${box + 14}`,
    `drawtext=fontfile=${FONT}:text='%{pts\\:hms\\:-${midnight}} UTC':fontsize=${Math.round(22 * scale)}:fontcolor=yellow:box=1:boxcolor=black@0.7:boxborderw=4:x=12:y=h-${Math.round(34 * scale)}`,
    'setpts=PTS-STARTPTS',
  ].join(',');
}

/** What one feed pushes: angle n's picture, or the 4K view's. */
function pictureOf(n, stream) {
  if (stream === 'stream4k') {
    // Drawn small and scaled up (as the demo media's low-res looks): a 4K test pattern costs too much.
    const fps = values['uhd-fps'];
    return {
      label: '4K',
      size: '3840x2160',
      fps,
      kbps: '4000',
      cbr: false,
      source: `testsrc2=size=480x270:rate=${fps},scale=3840:2160:flags=neighbor`,
    };
  }
  const first = n === 1;
  const size = (first && values['first-size']) || values.size;
  const fps = (first && values['first-fps']) || values.fps;
  // A rate of its own is held steady (CBR, as broadcast encoders send): the player's low-bandwidth
  // check compares the measured link with the rung's bandwidth, which a near-still test picture would
  // otherwise leave far under its nominal rate.
  const own = first && values['first-kbps'];
  const look = LOOKS[(n - 1) % LOOKS.length];
  return {
    label: `CAM ${n}`,
    size,
    fps,
    kbps: own || values.kbps,
    cbr: Boolean(own),
    source: `${look}=size=${size}:rate=${fps}`,
  };
}

function encoderArgs(n, url, picture) {
  const startMs = Date.now();
  const kbps = Number(picture.kbps);
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-re',
    '-f',
    'lavfi',
    '-i',
    picture.source,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${220 * (n + 1)}:sample_rate=48000`,
    '-vf',
    angleFilter(n, startMs, picture.size, picture.label),
    '-c:v',
    'libx264',
    '-preset',
    values.preset,
    '-tune',
    'zerolatency',
    // A keyframe every --gop-seconds at any frame rate, and only there (no scene-cut keyframes): an
    // encoder's keyframe interval is what the packager's segments can be.
    '-g',
    String(Math.round(Number(picture.fps) * Number(values['gop-seconds']))),
    '-keyint_min',
    String(Math.round(Number(picture.fps) * Number(values['gop-seconds']))),
    '-sc_threshold',
    '0',
    '-b:v',
    `${kbps}k`,
    ...(picture.cbr
      ? [
          '-minrate',
          `${kbps}k`,
          '-maxrate',
          `${kbps}k`,
          '-bufsize',
          `${kbps}k`,
          '-x264-params',
          'nal-hrd=cbr',
        ]
      : []),
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    ...(Number(values.seconds) > 0 ? ['-t', values.seconds] : []),
    '-f',
    'flv',
    url,
  ];
}

const login = await api('POST', '/thor/auth/email_login/', null, {
  email: values.email,
  password: values.password,
});
const token = login.key;
// Turn ingest on (idempotent; it also points the show's streams at the live origin again after the
// demo seed re-timed the show), keeping a ladder the host configured.
const current = await api('GET', `/thor/host/shows/${slug}/ingest/`, token).catch(() => null);
const enabled = await api(
  'PUT',
  `/thor/host/shows/${slug}/ingest/`,
  token,
  current ? { ladder: current.ladder } : {},
);
const fresh = new Map(enabled.new_keys.map((k) => [k.stream, k.key]));
const streams = enabled.status.keys.map((k) => k.stream);
const angles = streams.filter((s) => s.startsWith('mix-stream'));
const count = Math.min(Number(values.angles), angles.length);
// The 4K view, when asked for and the show has one, is fed last (number count + 1).
const feeds = angles.slice(0, count);
if (values.uhd && streams.includes('stream4k')) feeds.push('stream4k');
else if (values.uhd) console.error(`--uhd: ${slug} has no 4K view (stream4k); pushing the angles only.`);
const rtmpBase = (values.rtmp ?? enabled.status.rtmp_url).replace(/\/?$/, '/');
const children = new Set();
let stopping = false;
let dropping = false;

async function keyOf(stream) {
  return (
    fresh.get(stream) ??
    (await api('POST', `/thor/host/shows/${slug}/ingest/keys/${stream}/rotate/`, token)).key
  );
}

function start(n, key) {
  const picture = pictureOf(n, feeds[n - 1]);
  const child = spawn('ffmpeg', encoderArgs(n, `${rtmpBase}${key}`, picture), {
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  // ffmpeg names its output URL in errors: keys never reach a terminal or a log.
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text) =>
    process.stderr.write(`angle ${n}: ${text.replace(/live_[0-9a-f]{16}_[A-Za-z0-9_-]+/g, '<stream key>')}`),
  );
  children.add(child);
  child.on('exit', (code) => {
    children.delete(child);
    const lost = !stopping && code !== 0 && code !== 255 && code !== null;
    if (lost) {
      console.error(`angle ${n}: the encoder stopped (exit ${code}: dropped by Encore, or the show ended)`);
    }
    // --reconnect: as OBS's "automatically reconnect", a feed Encore dropped comes back by itself
    // (not one this script dropped on purpose: that one ends with SIGKILL, no exit code).
    if (lost && values.reconnect && running[n - 1] === child) {
      setTimeout(() => {
        if (stopping || running[n - 1] !== child) return;
        console.log(`angle ${n}: reconnecting`);
        running[n - 1] = start(n, keys[n - 1]);
      }, 2000);
      return;
    }
    if (children.size === 0 && !stopping && !dropping) {
      clearInterval(keepAlive);
      process.exit(code ?? 0);
    }
  });
  return child;
}

const keys = [];
for (const stream of feeds) keys.push(await keyOf(stream));
const uhd = feeds.length > count ? ' and its 4K view' : '';
console.log(`Pushing ${count} angle(s)${uhd} of ${slug} to ${rtmpBase}<key> (Ctrl-C stops).`);
const running = keys.map((k, i) => start(i + 1, k));

// SIGUSR1 drops the encoder of --drop-angle (default 1), SIGUSR2 brings it back: the e2e journey
// and anyone trying the "we'll be right back" slate decide when.
const dropped = Number(values['drop-angle'] ?? 1);
process.on('SIGUSR1', () => {
  if (!running[dropped - 1]) return;
  console.log(`angle ${dropped}: dropping the encoder`);
  dropping = true;
  running[dropped - 1]?.kill('SIGKILL');
  running[dropped - 1] = null;
});
process.on('SIGUSR2', () => {
  if (running[dropped - 1]) return;
  console.log(`angle ${dropped}: the encoder is back`);
  dropping = false;
  running[dropped - 1] = start(dropped, keys[dropped - 1]);
});

const drop = Number(values['drop-angle']);
if (drop >= 1 && drop <= count && values['drop-after'] !== '0') {
  setTimeout(() => {
    console.log(`angle ${drop}: dropping the encoder for ${values['drop-for']} s`);
    dropping = true;
    running[drop - 1]?.kill('SIGKILL');
    setTimeout(() => {
      dropping = false;
      console.log(`angle ${drop}: the encoder is back`);
      running[drop - 1] = start(drop, keys[drop - 1]);
    }, Number(values['drop-for']) * 1000);
  }, Number(values['drop-after']) * 1000);
}

// The captioning service: one line per language every 3 s, each shown 4 s, so a cue is always on.
const CAPTION_WORDS = {
  en: 'Live captions',
  ko: '실시간 자막',
  ja: 'ライブ字幕',
  'zh-cn': '实时字幕',
};
let captioner = null;
if (values.captions) {
  const active = await api('GET', '/thor/channels/active/', token);
  const show = active.results.find((s) => s.slug === slug);
  const languages = (show?.caption_files ?? []).map((c) => c.language);
  console.log(`Posting live captions in ${languages.join(', ') || 'no language (the show has none)'}.`);
  const post = () => {
    const clock = new Date().toISOString().slice(11, 19);
    for (const lang of languages) {
      const text = `${CAPTION_WORDS[lang] ?? `Live captions (${lang})`} ${clock} UTC`;
      api('POST', `/thor/host/shows/${slug}/captions`, token, { lang, text, duration_ms: 4000 }).catch(
        (err) => console.error(`captions (${lang}): ${err.message}`),
      );
    }
  };
  if (languages.length > 0) {
    post();
    captioner = setInterval(post, 3000);
  }
}

// Signal listeners do not keep Node running: while the only angle is dropped, this does.
const keepAlive = setInterval(() => {}, 60_000);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    clearInterval(keepAlive);
    if (captioner) clearInterval(captioner);
    for (const c of children) c.kill('SIGINT');
    setTimeout(() => process.exit(0), 2000).unref();
  });
}
