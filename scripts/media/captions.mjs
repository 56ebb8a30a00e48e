// Captions of the demo show: a short stage banter in the four caption languages of the spec (en, ko,
// ja, zh-cn), timed to the show loop. Written twice: one whole-loop WebVTT file per language (a sidecar
// for tools and on-demand use) and one small WebVTT segment per media segment, which the origin lists
// in a live subtitle playlist windowed exactly like the video.

export const CAPTION_LANGUAGES = [
  { lang: 'en', name: 'English' },
  { lang: 'ko', name: '한국어' },
  { lang: 'ja', name: '日本語' },
  { lang: 'zh-cn', name: '简体中文' },
];

/** [start s, end s, en, ko, ja, zh-cn]; the loop is 20 s, so cues sit inside 0..20. */
const CUES = [
  [
    0.5,
    3,
    'Good evening, everyone! Can you hear me?',
    '안녕하세요, 여러분! 제 목소리 들리세요?',
    '皆さん、こんばんは！聞こえますか？',
    '大家晚上好！听得到我吗？',
  ],
  [
    3.5,
    6.5,
    'Thank you for joining us from all over the world.',
    '전 세계에서 함께해 주셔서 감사합니다.',
    '世界中から参加してくれてありがとう。',
    '感谢来自世界各地的你们一起观看。',
  ],
  [
    7,
    10,
    'This next song is for our fans watching online.',
    '다음 곡은 온라인으로 보고 계신 팬 여러분을 위한 곡이에요.',
    '次の曲はオンラインで見てくれているファンのみんなに贈ります。',
    '下一首歌献给在线观看的粉丝们。',
  ],
  [
    10.5,
    13.5,
    'Switch cameras any time: we are all live together.',
    '언제든 카메라를 바꿔 보세요. 우리 모두 함께 라이브 중이에요.',
    'いつでもカメラを切り替えてね。みんな一緒にライブ中です。',
    '随时切换机位吧，我们一起在直播现场。',
  ],
  [
    14,
    17,
    'Light sticks up! Let us cheer as one!',
    '응원봉을 들어 주세요! 다 같이 응원해요!',
    'ペンライトを掲げて！みんなで一緒に応援しよう！',
    '举起应援棒！大家一起加油吧！',
  ],
  [
    17.5,
    19.8,
    'Here we go: one, two, three!',
    '갑니다, 하나, 둘, 셋!',
    'いくよ、いち、に、さん！',
    '准备好了吗：一、二、三！',
  ],
];

const LANG_COLUMN = { en: 2, ko: 3, ja: 4, 'zh-cn': 5 };

/** 00:00:04.000 (hours always present: hls.js and browsers both accept it). */
export function vttTime(seconds) {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  const pad = (v, n = 2) => String(v).padStart(n, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

function cueBlock(id, cue, lang) {
  return `${id}\n${vttTime(cue[0])} --> ${vttTime(cue[1])}\n${cue[LANG_COLUMN[lang]]}\n`;
}

export function cueCount() {
  return CUES.length;
}

/** The whole loop as one WebVTT file. */
export function fullVtt(lang) {
  return `WEBVTT\n\n${CUES.map((c, i) => cueBlock(`cue-${i + 1}`, c, lang)).join('\n')}`;
}

/**
 * The WebVTT segment for media segment `index`: every cue overlapping it, with X-TIMESTAMP-MAP tying
 * loop time 0 to the MPEG-TS presentation time of the first video frame, so hls.js places the cues on
 * the video's timeline in every loop iteration (each iteration restarts the same timestamps after a
 * discontinuity).
 */
export function segmentVtt(lang, index, segmentSeconds, mpegtsOffset) {
  const from = index * segmentSeconds;
  const to = from + segmentSeconds;
  const cues = CUES.map((c, i) => [c, i]).filter(([c]) => c[0] < to && c[1] > from);
  const header = `WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:${mpegtsOffset},LOCAL:00:00:00.000\n`;
  return `${header}\n${cues.map(([c, i]) => cueBlock(`cue-${i + 1}`, c, lang)).join('\n')}`;
}
